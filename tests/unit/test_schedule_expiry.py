"""An open table's expiry is a deadline like any other: due its open_seconds after TableOpened, issued by the system."""

from __future__ import annotations

from domain import table as tables
from domain.engine import rng_for
from domain.schedule import Action, due_at, next_action

SEED = "e" * 64
#: TableOpened at 1000 s, then a claim every 10 s.
TIMES = {1: 1000.0, 2: 1010.0, 3: 1020.0, 4: 1030.0}


def event_time(version: int) -> float:
    return TIMES[version]


def opened(seats: list[dict], open_seconds: float | None = 60.0) -> tables.Table:
    command = tables.create("felix", {}, seats, SEED, open_seconds=open_seconds)
    return tables.fold(tables.decide(None, None, command, rng_for(SEED, 1), SEED))


def claimed(table: tables.Table, seat: int) -> tables.Table:
    events = tables.decide(table, seat, {"type": "ClaimSeat", "seat": seat}, rng_for(SEED, table["version"] + 1), SEED)
    return tables.fold(events, table)


def test_an_open_table_is_due_to_expire_its_open_seconds_after_it_opened_whatever_the_claims():
    table = claimed(claimed(opened([{"human": True}] * 3), 0), 1)

    assert table["status"] == "open"
    assert due_at(table, event_time) == 1060.0


def test_the_system_expires_the_table_once_due_and_not_before():
    table = opened([{"human": True}] * 3)

    early = next_action(table, event_time, 1059.9, SEED)
    due = next_action(table, event_time, 1060.0, SEED)

    assert early is None
    assert due == Action(None, {"kind": "system"}, {"type": "ExpireGame"})
    assert tables.decide(table, due.seat, due.command, rng_for(SEED, 2), SEED)[0]["type"] == "GameAbandoned"


def test_the_start_of_the_game_ends_the_deadline():
    table = claimed(claimed(claimed(opened([{"human": True}] * 3), 0), 1), 2)

    assert table["status"] == "running"
    assert due_at(table, event_time) is None and next_action(table, event_time, 10**9, SEED) is None


def test_an_expired_table_has_nothing_more_due():
    table = opened([{"human": True}] * 3)
    table = tables.fold(tables.decide(table, None, tables.EXPIRE, rng_for(SEED, 2), SEED), table)

    assert table["status"] == "finished" and due_at(table, event_time) is None


def test_a_table_without_an_expiry_waits_for_its_players_for_ever():
    assert due_at(opened([{"human": True}] * 3, open_seconds=None), event_time) is None
