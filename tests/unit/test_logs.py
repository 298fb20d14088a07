"""The stack's readable log: one line per game created, started or finished, and the levels that govern it."""

from __future__ import annotations

import logging

import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import rng_for
from domain.playout import play
from service.core import logs

SEED = "logs"


def opened(game: str, seats: list[dict]) -> tables.Table:
    """A table just created, as the command handler creates it (started at once when every seat is a bot)."""
    command = tables.create(game, {}, seats, SEED, 50_000, 60.0)
    return tables.apply(None, None, command, rng_for(SEED, 1), SEED)[1]


def logged(caplog: pytest.LogCaptureFixture, game_id: str, before: str | None, table: tables.Table) -> list[str]:
    with caplog.at_level(logging.INFO, logger="dogpark.games"):
        logs.game_changed(game_id, before, table)
    return caplog.messages


def test_an_open_game_is_logged_with_the_seats_it_waits_for(caplog):
    table = opened("felix", [{"human": True}, {"bot": "greedy"}, {"human": True, "name": "Ana"}])

    assert logged(caplog, "g1", None, table) == ["game g1 (felix) created with 3 seats, waiting for 2 to be claimed"]


def test_an_expired_game_is_logged_as_abandoned_with_the_reason(caplog):
    table = opened("felix", [{"human": True}, {"bot": "greedy"}, {"bot": "random"}])
    tables.apply(table, None, tables.EXPIRE, rng_for(SEED, 2), SEED)

    assert logged(caplog, "g2", "open", table) == ["game g2 (felix) abandoned (expired)"]


def test_a_solo_spots_game_pes_won_names_pes_as_the_winner(caplog):
    rules = GAMES["spots"]
    game = play(rules, 1, [rules.bots["greedy"]], "demo")
    table_opened = next(e for e in tables.apply(None, None, tables.create("spots", {}, [{"bot": "greedy"}], SEED),
                                                rng_for(SEED, 1), SEED)[0] if e["type"] == "TableOpened")
    table = tables.fold([table_opened, *game.events])

    assert game.result["winners"] == [] and game.result["pes"]["total"] == 6  # Pes won this one
    assert logged(caplog, "g3", "running", table) == ["game g3 (spots) finished; winners: Pes"]


def test_the_libraries_lines_show_only_at_debug_and_dogparks_follow_its_level(monkeypatch):
    levels = {}
    for name in ("debug", "info", "warning"):
        monkeypatch.setenv("DOGPARK_LOG_LEVEL", name)
        levels[name] = (logs.level(), logs.library_level())

    assert levels == {
        "debug": (logging.DEBUG, logging.DEBUG),
        "info": (logging.INFO, logging.WARNING),
        "warning": (logging.WARNING, logging.WARNING),
    }


def test_an_unknown_log_level_is_refused_with_the_choices(monkeypatch):
    monkeypatch.setenv("DOGPARK_LOG_LEVEL", "chatty")

    with pytest.raises(ValueError, match="DOGPARK_LOG_LEVEL must be one of debug, info, warning, error"):
        logs.level()
