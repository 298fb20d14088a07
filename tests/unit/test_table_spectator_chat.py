"""A table whose spectators may not chat records so in its TableOpened, and only then: every other table opens as
before, and its state reads the default (spectators may chat)."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, rng_for

SEED = "c" * 64
PEOPLE = [{"human": True}] * 3


def opened(**settings) -> tuple[tables.Table, dict]:
    command = tables.create("felix", {}, PEOPLE, SEED, **settings)
    events, table = tables.apply(None, None, command, rng_for(SEED, 1), SEED, 100.0)
    return table, events[0]["data"]


def test_a_table_closed_to_spectators_chat_records_it_and_every_other_table_opens_as_before():
    closed, closed_opened = opened(spectator_chat=False)
    given_open, given_open_opened = opened(spectator_chat=True)
    unsaid, unsaid_opened = opened()

    assert closed_opened["spectator_chat"] is False and tables.spectator_chat(closed) is False
    assert tables.view(closed, None)["spectator_chat"] is False
    assert given_open_opened == unsaid_opened and "spectator_chat" not in unsaid_opened
    assert given_open == unsaid and tables.spectator_chat(unsaid) is True
    assert "spectator_chat" not in tables.view(unsaid, None)


def test_spectator_chat_is_true_or_false():
    with pytest.raises(BadOptions) as refused:
        opened(spectator_chat="no")

    assert refused.value.option == "spectator_chat"
