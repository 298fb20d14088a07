"""Turn clocks, Fischer banks, absent seats, forfeits and resignations at the table, on every game, with the clock
as data: each command is decided at the time the test sets (tests/unit/clocked.py), and the system's actions come
from the schedule as the worker's do."""

from __future__ import annotations

import json

import pytest

from domain import table as tables
from domain.engine import IllegalMove, rng_for
from domain.language import render
from service.core.reads import game_view, rfc3339
from tests.unit.clocked import PEOPLE, SEED, Clocked, types

GAMES = sorted(PEOPLE)
TURN = {"clock": {"turn_seconds": 30}}
FISCHER = {"clock": {"initial_seconds": 60, "increment_seconds": 5}}


def started(game: str, **settings) -> tuple[Clocked, int]:
    """A clocked game of people, its opening steps done, and the first seat to decide."""
    clocked = Clocked.of_people(game, **settings)
    clocked.settle()
    return clocked, tables.to_act(clocked.table)[0]


def seat_events(events: list[dict], seat: int) -> list[dict]:
    """The table's events about ``seat`` among ``events``."""
    return [e for e in events if e["type"] in tables.SEAT_EVENTS and e["data"]["seat"] == seat]


def game_events(events: list[dict]) -> list[dict]:
    return [e for e in events if e["type"] not in tables.TABLE_EVENTS]


def clock(clocked: Clocked, seat: int) -> dict:
    return clocked.table["clocks"][seat]


def expire(clocked: Clocked, seat: int) -> list[dict]:
    """Let the seat's clock run out, and the system expire it."""
    clocked.now = clock(clocked, seat)["deadline"]
    return clocked.system()


def next_decision(clocked: Clocked, seat: int) -> dict:
    """The clock event that closes a seat's decision at the end of ``clocked``'s last batch: the next one starts
    (the seat can still act) or its clock stops."""
    [event] = [e for e in seat_events(clocked.batches()[-1][1], seat) if e["type"] in ("ClockStarted", "ClockStopped")]
    return event


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_to_act_has_its_clock_running_with_the_deadline_fixed_in_its_event(game):
    clocked, seat = started(game, **TURN)

    deadline = clock(clocked, seat)["deadline"]
    opened = next(e for e in reversed(clocked.envelopes) if e["type"] == "ClockStarted")

    assert opened["data"] == {"seat": seat, "deadline": opened["time"] + 30, "remaining": 30}
    assert deadline == opened["data"]["deadline"]
    assert clocked.due() == deadline
    assert tables.turn(clocked.table, seat) == (True, deadline)


@pytest.mark.parametrize("game", GAMES)
def test_the_system_cannot_expire_a_clock_before_its_deadline_and_the_schedule_waits_for_it(game):
    clocked, seat = started(game, **TURN)
    deadline = clock(clocked, seat)["deadline"]
    expire_clock = {"type": "ExpireClock", "seat": seat}
    rng = rng_for(SEED, clocked.table["version"] + 1)
    clocked.now = deadline - 0.001

    with pytest.raises(IllegalMove) as early:
        tables.decide(clocked.table, None, expire_clock, rng, SEED, clocked.now)
    with pytest.raises(IllegalMove) as by_a_seat:
        tables.decide(clocked.table, seat, expire_clock, rng, SEED, deadline)

    assert early.value.reason == "NotDue" and by_a_seat.value.reason == "SystemOnly"
    assert clocked.system() is None
    assert tables.decide(clocked.table, None, expire_clock, rng, SEED, deadline)[0]["type"] == "ClockExpired"


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_clock_that_runs_out_is_followed_by_the_fallback_bots_move_then_the_seats_next_decision(game):
    clocked, seat = started(game, **TURN)
    deadline = clock(clocked, seat)["deadline"]

    expired = expire(clocked, seat)
    timed_out = json.loads(json.dumps(clocked.table))
    move = tables.bot_move(timed_out, seat, "random", SEED)
    played = clocked.system()
    actor = clocked.envelopes[-1]["actor"]

    assert expired == [{"type": "ClockExpired", "data": {"seat": seat, "deadline": deadline}}]
    assert tables.controller(timed_out, seat) == "random" and tables.standing(timed_out, seat) == "timeout"
    assert tables.turn(timed_out, seat) == (False, None)
    assert actor == {"kind": "bot", "seat": seat, "name": "random", "for": "timeout"}
    rng = rng_for(SEED, timed_out["version"] + 1)
    assert game_events(played) == tables.rules_of(timed_out).decide(timed_out["game"], seat, move, rng)
    assert "SeatReturned" not in types(played)
    assert next_decision(clocked, seat) in (
        {"type": "ClockStarted", "data": {"seat": seat, "deadline": clocked.now + 30, "remaining": 30}},
        {"type": "ClockStopped", "data": {"seat": seat, "remaining": 30}},
    )
    assert tables.controller(clocked.table, seat) is None and clock(clocked, seat)["expiries"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_late_move_before_the_fallback_bots_is_the_seats_own_and_still_counts_as_run_out(game):
    clocked, seat = started(game, **TURN)
    expire(clocked, seat)

    late = clocked.move(seat)

    assert "SeatReturned" not in types(late) and game_events(late)
    assert next_decision(clocked, seat)["type"] in ("ClockStarted", "ClockStopped")
    assert clocked.system() is None or clocked.envelopes[-1]["actor"].get("for") != "timeout"
    assert clock(clocked, seat)["expiries"] == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_fischer_bank_loses_the_time_the_seat_took_and_gains_the_increment_after_its_move(game):
    clocked, seat = started(game, **FISCHER)
    assert clock(clocked, seat)["remaining"] == 60

    clocked.now += 10
    clocked.move(seat)
    after_move = next_decision(clocked, seat)
    clocked.play(lambda s: s != seat, until=lambda: clock(clocked, seat)["deadline"] is not None)

    assert after_move["data"]["remaining"] == 55
    assert clock(clocked, seat)["remaining"] == 55
    assert clock(clocked, seat)["deadline"] == clocked.envelopes[-1]["time"] + 55


@pytest.mark.parametrize("game", GAMES)
def test_a_fischer_bank_that_ran_out_comes_back_by_the_increment_after_the_fallback_move(game):
    clocked, seat = started(game, **FISCHER)

    expire(clocked, seat)
    assert clock(clocked, seat)["remaining"] == 0
    clocked.system()

    assert next_decision(clocked, seat)["data"]["remaining"] == 5


@pytest.mark.parametrize("game", GAMES)
def test_k_expiries_in_a_row_make_a_seat_absent_and_its_bot_then_plays_at_once_with_no_clock(game):
    clocked, seat = started(game, **TURN, absent_after=2)

    clocked.play(lambda s: s != seat, until=lambda: clock(clocked, seat)["absent"])
    expiries = [e for _, e in clocked.batches() if e[0]["type"] == "ClockExpired" and e[0]["data"]["seat"] == seat]
    clocked.play(lambda s: s != seat, until=lambda: seat in tables.to_act(clocked.table))
    due_when_absent = clocked.due()
    played = clocked.system()

    assert [types(events) for events in expiries] == [["ClockExpired"], ["ClockExpired", "SeatAbsent"]]
    assert expiries[1][1]["data"] == {"seat": seat, "expiries": 2}
    assert due_when_absent == 0.0
    assert clocked.envelopes[-1]["actor"] == {"kind": "bot", "seat": seat, "name": "random", "for": "absent"}
    assert not seat_events(played, seat) and clock(clocked, seat)["deadline"] is None


@pytest.mark.parametrize("game", GAMES)
def test_return_takes_an_absent_seat_back_and_its_clock_runs_again_when_it_is_to_act(game):
    clocked, seat = started(game, **TURN, absent_after=1)
    expire(clocked, seat)
    assert tables.standing(clocked.table, seat) == "absent"

    back = clocked.send(seat, {"type": "Return"})

    assert back[0] == {"type": "SeatReturned", "data": {"seat": seat}}
    assert tables.controller(clocked.table, seat) is None and clock(clocked, seat)["expiries"] == 0
    if seat in tables.to_act(clocked.table):
        assert back[1:] == [
            {"type": "ClockStarted", "data": {"seat": seat, "deadline": clocked.now + 30, "remaining": 30}}
        ]
    with pytest.raises(IllegalMove) as again:
        clocked.send(seat, {"type": "Return"})
    assert again.value.reason == "NotAbsent"


@pytest.mark.parametrize("game", GAMES)
def test_any_move_of_an_absent_seat_takes_it_back_first_in_the_same_batch(game):
    clocked, seat = started(game, **TURN, absent_after=1)
    expire(clocked, seat)
    assert seat in tables.to_act(clocked.table)

    moved = clocked.move(seat)

    assert moved[0] == {"type": "SeatReturned", "data": {"seat": seat}}
    assert game_events(moved) and next_decision(clocked, seat)["type"] in ("ClockStarted", "ClockStopped")
    assert tables.controller(clocked.table, seat) is None


@pytest.mark.parametrize("game", GAMES)
def test_on_timeout_forfeit_hands_the_seat_to_the_random_bot_and_takes_it_out_of_the_winners(game):
    clocked, seat = started(game, **TURN, on_timeout="forfeit")

    expired = expire(clocked, seat)
    with pytest.raises(IllegalMove) as refused:
        clocked.move(seat)
    clocked.play(lambda s: s != seat)
    result = tables.result(clocked.table)
    fallbacks = {actor.get("for") for actor, _ in clocked.batches() if actor["kind"] == "bot"}

    assert types(expired) == ["ClockExpired", "SeatForfeited"]
    assert refused.value.reason == "SeatForfeited"
    assert result["forfeited"] == [seat] and result["resigned"] == []
    assert seat not in result["winners"]
    assert fallbacks == {"forfeited"}


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_may_resign_at_any_time_and_its_bot_plays_on_for_it(game):
    clocked, first = started(game, **TURN)
    seat = (first + 1) % len(clocked.table["seats"])  # not the seat to act

    resigned = clocked.send(seat, {"type": "Resign"})
    clocked.play(lambda s: s != seat)
    result = tables.result(clocked.table)
    fallbacks = {actor.get("for") for actor, _ in clocked.batches() if actor["kind"] == "bot"}

    assert resigned == [{"type": "SeatResigned", "data": {"seat": seat}}]
    assert result["resigned"] == [seat] and seat not in result["winners"]
    assert fallbacks == {"resigned"}
    assert not [e for e in clocked.envelopes if e["type"] == "ClockStarted" and e["data"]["seat"] == seat][1:]


@pytest.mark.parametrize("game", GAMES)
def test_a_resigned_seat_ranks_below_every_other_even_when_it_scored_best(game):
    clocked, _ = started(game)
    clocked.play(lambda s: True)
    log = [{"type": e["type"], "data": e["data"]} for e in clocked.envelopes]
    winner = tables.result(clocked.table)["winners"][0]
    # The winner resigns before the last move: its bot's score stands, its rank does not.
    log.insert(len(log) - len(clocked.batches()[-1][1]), {"type": "SeatResigned", "data": {"seat": winner}})

    result = tables.result(tables.fold(log))
    others = {s["seat"]: s["total"] for s in result["scores"] if s["seat"] != winner}

    assert result["resigned"] == [winner] and winner not in result["winners"]
    assert result["winners"] and all(others[s] == max(others.values()) for s in result["winners"])


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_of_a_clocked_game_folds_to_the_live_table_and_every_game_event_keeps_its_number(game):
    clocked, seat = started(game, **TURN, absent_after=2)
    clocked.play(lambda s: s != seat, until=lambda: clock(clocked, seat)["absent"])
    clocked.send(seat, {"type": "Return"})
    clocked.send((seat + 1) % len(clocked.table["seats"]), {"type": "Resign"})
    clocked.play(lambda s: True)

    log = [{"type": e["type"], "data": e["data"]} for e in clocked.envelopes]
    offset = clocked.table["offset"]
    played = [e["version"] for e in clocked.envelopes[offset:] if e["type"] not in tables.TABLE_EVENTS]

    assert tables.fold(log) == clocked.table
    assert [tables.game_version(clocked.table, n) for n in range(1, len(played) + 1)] == played


@pytest.mark.parametrize("game", GAMES)
def test_a_table_without_a_clock_logs_no_clock_event_and_shows_no_clocks(game):
    clocked, _ = started(game)
    clocked.play(lambda s: True)

    assert not {e["type"] for e in clocked.envelopes} & tables.SEAT_EVENTS
    assert not set(tables.SETTINGS) & set(clocked.envelopes[0]["data"])
    assert "clocks" not in tables.view(clocked.table, 0)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_shows_each_seats_clock_and_the_clocks_deadline_is_a_dated_expire_clock(game):
    clocked, seat = started(game, **TURN)
    deadline = clock(clocked, seat)["deadline"]

    times = lambda versions: {v: clocked.event_time(v) for v in versions}  # noqa: E731
    view = game_view("g", clocked.table, clocked.table["version"], seat, times)

    assert view["clocks"][seat] == {
        "seat": seat, "remaining": 30, "deadline": deadline, "expiries": 0,
        "absent": False, "resigned": False, "forfeited": False, "vacation_until": None,
    }
    assert {"at": rfc3339(deadline), "seat": seat, "what": "ExpireClock"} in view["deadlines"]


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"type": "ClockStarted", "data": {"seat": 1, "deadline": 1e9, "remaining": 30}}, "Bruno's clock runs: 30 "),
        ({"type": "ClockStopped", "data": {"seat": 1, "remaining": 12.5}}, "Bruno's clock stops with 12 seconds"),
        ({"type": "ClockExpired", "data": {"seat": 1, "deadline": 1e9}}, "Bruno ran out of time"),
        ({"type": "SeatAbsent", "data": {"seat": 1, "expiries": 3}}, "Bruno timed out 3 times in a row"),
        ({"type": "SeatReturned", "data": {"seat": 1}}, "Bruno is back."),
        ({"type": "SeatResigned", "data": {"seat": 1}}, "Bruno resigns"),
        ({"type": "SeatForfeited", "data": {"seat": 1}}, "Bruno forfeits on time"),
    ],
)
def test_every_seat_event_reads_as_one_line_about_its_seat(event, line):
    assert render(tables.describe("felix", event), "en", ["Ana", "Bruno"]).startswith(line)
    assert tables.redact("felix", event, 0) == event
