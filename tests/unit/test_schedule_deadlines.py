"""The schedule's deadlines: the pending system steps that wait for a time, with the seat each waits on.

A step due at once and a bot's turn are due (due_at says 0.0) but are no deadlines: nobody waits for them.
"""

from __future__ import annotations

from domain import table as tables
from domain.engine import Command, Seat, rng_for
from domain.schedule import Step, deadlines, due_at

SEED = "d" * 64


def opened(
    game: str, seats: list[dict], options: dict | None = None, open_seconds: float | None = 60.0
) -> tables.Table:
    """A table just opened (open_seconds None: it never expires)."""
    command = tables.create(game, options or {}, seats, SEED, open_seconds=open_seconds)
    return tables.fold(tables.decide(None, None, command, rng_for(SEED, 1), SEED))


def sent(table: tables.Table, seat: Seat, command: Command) -> tables.Table:
    _, after = tables.apply(table, seat, command, rng_for(SEED, table["version"] + 1), SEED)
    return after


def running_dogslife(**options: object) -> tables.Table:
    table = opened("dogslife", [{"human": True}, {"human": True}], dict(options))
    for seat in (0, 1):
        table = sent(table, seat, {"type": "ClaimSeat", "seat": seat})
    return table


def test_an_open_tables_expiry_is_a_deadline_counted_from_the_table_opening_and_waiting_on_no_seat():
    table = sent(opened("felix", [{"human": True}] * 3), 0, {"type": "ClaimSeat", "seat": 0})

    assert deadlines(table) == [Step({"type": "ExpireGame"}, 60.0, 1, None)]
    assert deadlines(opened("felix", [{"human": True}] * 3, open_seconds=None)) == []


def test_the_action_deadline_waits_on_the_active_seat_from_the_start_of_its_action_phase():
    table = running_dogslife(action_deadline_seconds=90)
    game = table["game"]

    assert deadlines(table) == [
        Step({"type": "TimeOutActions"}, 90, tables.game_version(table, game["actions_since"]), game["active"])
    ]


def test_a_step_due_at_once_is_due_but_no_deadline():
    table = running_dogslife()
    table = sent(table, table["game"]["active"], {"type": "EndActions"})  # the truck's roll is due at once

    assert due_at(table, lambda version: 1000.0) == 0.0
    assert deadlines(table) == []


def test_a_bots_turn_is_due_but_no_deadline():
    table = opened("felix", [{"bot": "random"}] * 3)  # bots only: the game starts at once

    assert table["status"] == "running"
    assert due_at(table, lambda version: 1000.0) == 0.0
    assert deadlines(table) == []


def test_a_timed_end_waits_on_no_seat_and_counts_from_the_games_first_event():
    table = running_dogslife(timed_minutes=5)

    assert Step({"type": "ExpireTime"}, 300, tables.game_version(table, 1), None) in deadlines(table)
