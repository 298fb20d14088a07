"""A table records the revision of the built-in bots it opens with, so that a game recorded before a bot changed
still verifies: its bots' moves are recomputed as they were made (A Dog's Life's random bot, uniform before 1)."""

from __future__ import annotations

from typing import Any

import pytest

from domain import table as tables
from domain.dogslife import RULES
from domain.dogslife.bots import uniform_bot
from domain.engine import Command
from domain.table.state import BOTS_REVISION
from service.ops.verify import verify
from tests.unit.clocked import Clocked

SEATS = [{"bot": "random"}, {"bot": "greedy"}]
OPTIONS: dict[str, Any] = {}


class OpenedBefore(Clocked):
    """A table as dogpark opened it before the bots' revisions: its CreateGame records none."""

    def send(self, seat: Any, command: Command, actor: dict[str, Any] | None = None) -> list:
        if command.get("type") == "CreateGame":
            command = {name: value for name, value in command.items() if name != "bots"}
        return super().send(seat, command, actor)


def played_before(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The audit of a game of A Dog's Life played by the code of before: no revision, the uniform random bot."""
    with monkeypatch.context() as then:
        then.setitem(RULES.bots, "random", uniform_bot)
        game = OpenedBefore("dogslife", SEATS, OPTIONS)
        game.play(lambda seat: True)
    return game.audit()


def test_a_new_table_records_the_bots_revision_it_opens_with():
    game = Clocked("dogslife", SEATS, OPTIONS)

    assert game.envelopes[0]["data"]["bots"] == BOTS_REVISION
    assert game.table["bots"] == BOTS_REVISION


def test_a_game_whose_random_dog_played_uniformly_before_the_revision_still_verifies(monkeypatch):
    audit = played_before(monkeypatch)

    verdict = verify(audit)

    assert "bots" not in audit["events"][0]["data"]
    random_dog = {"kind": "bot", "seat": 0, "name": "random"}
    random_moves = {e["command_id"] for e in audit["events"] if e["actor"] == random_dog}
    assert verdict.ok, verdict.problems
    assert len(random_moves) > 20 and verdict.bot_moves >= len(random_moves)


def test_the_same_game_would_not_verify_were_its_random_dog_recomputed_with_todays_bot(monkeypatch):
    audit = played_before(monkeypatch)
    monkeypatch.setattr(type(RULES), "earlier_bots", {})

    assert not verify(audit).ok


def test_a_table_that_records_no_revision_folds_as_it_always_did():
    before, now = OpenedBefore("dogslife", SEATS, OPTIONS).table, Clocked("dogslife", SEATS, OPTIONS).table

    assert "bots" not in before and {**before, "bots": BOTS_REVISION} == now
    assert tables.result(before) is None
