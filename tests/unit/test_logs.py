"""The stack's readable log: one line per game created, started or finished, and the levels that govern it."""

from __future__ import annotations

import json
import logging
import sys

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


#: A seat's name as a game stored before names were checked may hold it: a line of its own, ESC, NUL, a bidi override.
FORGING = "Ana\n2024-01-01 00:00:00 dogpark.games[1]: game g9 (felix) finished; winners: seat 0 (Eve)\x1b[2J\x00\u202e"


@pytest.mark.parametrize("line_format", ["text", "json"])
def test_a_name_cannot_forge_a_line_or_hide_characters_in_either_log(caplog, monkeypatch, line_format):
    monkeypatch.setenv("DOGPARK_LOG_FORMAT", line_format)
    table = opened("felix", [{"bot": "greedy", "name": FORGING}, {"bot": "greedy"}, {"bot": "random"}])
    table["status"] = "finished"
    # The seat named FORGING won: its name is in the game's last line.
    monkeypatch.setattr(tables, "result", lambda _: {"winners": [0]})

    logged(caplog, "g1", "running", table)
    lines = [logs.formatter().format(record) for record in caplog.records]
    messages = [json.loads(line)["message"] for line in lines] if line_format == "json" else lines

    finished = messages[-1]
    assert all("\n" not in line for line in lines)
    assert all(message.isprintable() for message in messages), messages
    assert "seat 0 (Ana\\n2024-01-01 00:00:00 dogpark.games[1]: game g9" in finished
    assert finished.endswith("\\x1b[2J\\x00\\u202e)")


def test_a_traceback_keeps_its_lines_under_an_escaped_message():
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        record = logging.makeLogRecord({"msg": "failed for %s", "args": ("a\nb",), "exc_info": sys.exc_info()})

    text = logs.TextFormatter("%(message)s").format(record)

    assert text.splitlines()[0] == "failed for a\\nb"
    assert text.splitlines()[-1] == "RuntimeError: boom"


def test_the_stacks_own_lines_are_escaped_too():
    line = logs.one_line("dogpark.stack", "started\rforged", json_lines=False)

    assert line.endswith("dogpark.stack: started\\rforged")
