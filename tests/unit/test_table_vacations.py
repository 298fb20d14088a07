"""Vacations at the table, with the clock as data (tests/unit/clocked.py): a seat's clock paused by the system's
StartVacation neither runs nor expires, runs again at the vacation's end (the schedule's EndVacation) or before it,
and never pauses for longer than the table's ``vacation_days`` over the whole game."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, rng_for
from domain.language import render
from domain.schedule import system_steps
from domain.table.vacations import DAY, DEFAULT_DAYS
from service.ops.verify import verify
from tests.unit.clocked import PEOPLE, SEED, Clocked

GAMES = sorted(PEOPLE)
TURN = {"clock": {"turn_seconds": 30}, "vacation_days": 1}


def started(game: str, **settings) -> tuple[Clocked, int]:
    """A clocked game of people, its opening steps done, and the first seat to decide."""
    clocked = Clocked.of_people(game, **settings)
    clocked.settle()
    return clocked, tables.to_act(clocked.table)[0]


def pause(clocked: Clocked, seat: int, seconds: float) -> list[dict]:
    """The system pauses the seat's clock for a vacation of ``seconds`` from now."""
    return clocked.send(None, {"type": "StartVacation", "seat": seat, "until": clocked.now + seconds})


def refusal(clocked: Clocked, seat, command: dict) -> str:
    rng = rng_for(SEED, clocked.table["version"] + 1)
    with pytest.raises(IllegalMove) as refused:
        tables.decide(clocked.table, seat, command, rng, SEED, clocked.now)
    return refused.value.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_on_vacation_is_never_timed_out_and_its_clock_runs_again_with_a_full_turn_at_its_end(game):
    clocked, seat = started(game, **TURN)
    clocked.now += 10
    [started_event] = pause(clocked, seat, 3 * 3600)
    until = started_event["data"]["until"]

    steps = [step.command for step in system_steps(clocked.table)]
    clocked.now = until - 1
    meanwhile = [e["type"] for batch in clocked.settle() for e in batch]
    clocked.now = until
    ended = clocked.system()
    acts = seat in tables.to_act(clocked.table)

    assert started_event["data"] == {"seat": seat, "since": clocked.now - 3 * 3600, "until": until, "remaining": 20}
    assert {"type": "EndVacation", "seat": seat} in steps
    assert {"type": "ExpireClock", "seat": seat} not in steps
    assert "ClockExpired" not in meanwhile and "VacationEnded" not in meanwhile
    assert ended[0] == {"type": "VacationEnded", "data": {"seat": seat, "paused": 3 * 3600}}
    # A Dog's Life's timed rounds may have moved the turn on meanwhile: the clock runs only for a seat that acts.
    assert ended[1:] == ([{"type": "ClockStarted", "data": {"seat": seat, "deadline": until + 30, "remaining": 30}}]
                         if acts else [])
    assert tables.view(clocked.table, None)["clocks"][seat]["vacation_until"] is None


@pytest.mark.parametrize("game", GAMES)
def test_a_vacation_is_cut_to_what_the_table_still_allows_the_seat_over_the_whole_game(game):
    clocked, seat = started(game, **TURN)
    [first] = pause(clocked, seat, 5 * DAY)
    clocked.now += 0.25 * DAY
    clocked.send(None, {"type": "EndVacation", "seat": seat})
    [second] = pause(clocked, seat, 5 * DAY)
    clocked.now = second["data"]["until"]
    clocked.settle()

    assert first["data"]["until"] - first["data"]["since"] == DAY
    assert second["data"]["until"] - second["data"]["since"] == 0.75 * DAY
    assert clocked.table["clocks"][seat]["vacation_seconds"] == DAY
    assert refusal(clocked, None, {"type": "StartVacation", "seat": seat, "until": clocked.now + 60}) == "NoVacation"


def test_a_seat_on_vacation_may_still_move_and_its_clock_stays_stopped_until_the_vacation_ends():
    clocked, seat = started("felix", **TURN)
    pause(clocked, seat, 3600)
    clocked.now += 60
    moved = clocked.move(seat)

    assert not [e for e in moved if e["type"] in tables.SEAT_EVENTS and e["data"]["seat"] == seat]
    assert clocked.table["clocks"][seat]["deadline"] is None
    assert clocked.table["clocks"][seat]["vacation_until"] is not None


def test_a_finished_game_shows_no_seat_on_vacation():
    clocked, seat = started("felix", **TURN)
    pause(clocked, seat, 3600)
    on_vacation = tables.view(clocked.table, None)["clocks"][seat]["vacation_until"]
    clocked.play(lambda _: True)

    assert on_vacation is not None and clocked.table["status"] == "finished"
    assert clocked.table["clocks"][seat]["vacation_until"] is not None, "the log still holds the vacation"
    assert [clock["vacation_until"] for clock in tables.view(clocked.table, seat)["clocks"]] == [None] * 3


def test_a_fischer_bank_keeps_what_it_had_when_the_vacation_began():
    clocked, seat = started("felix", clock={"initial_seconds": 60, "increment_seconds": 5}, vacation_days=1)
    clocked.now += 15
    [started_event] = pause(clocked, seat, 600)
    clocked.now += 600
    ended = clocked.system()

    assert started_event["data"]["remaining"] == 45
    assert ended[1]["data"] == {"seat": seat, "deadline": clocked.now + 45, "remaining": 45}


def test_only_the_system_pauses_a_clock_and_never_twice_nor_a_bot_seat_nor_an_end_that_never_began():
    clocked, seat = started("felix", **TURN)
    start = {"type": "StartVacation", "seat": seat, "until": clocked.now + 60}

    assert refusal(clocked, seat, start) == "SystemOnly"
    assert refusal(clocked, None, {**start, "until": clocked.now - 1}) == "BadArgument"
    assert refusal(clocked, None, {**start, "days": 3}) == "BadArgument"
    assert refusal(clocked, None, {"type": "EndVacation", "seat": seat}) == "NotOnVacation"
    pause(clocked, seat, 60)
    assert refusal(clocked, None, start) == "OnVacation"
    bots = Clocked("felix", [{"human": True}, {"bot": "random"}, {"bot": "random"}], **TURN)
    bots.send(0, {"type": "ClaimSeat", "seat": 0})
    assert refusal(bots, None, {"type": "StartVacation", "seat": 1, "until": bots.now + 60}) == "BotSeat"


@pytest.mark.parametrize(
    ("clock", "days"),
    [({"turn_seconds": DAY}, DEFAULT_DAYS), ({"initial_seconds": 3 * DAY, "increment_seconds": 0}, DEFAULT_DAYS),
     ({"turn_seconds": 600}, 0)],
)
def test_a_table_without_the_setting_allows_a_week_only_to_a_clock_of_a_day_or_more(clock, days):
    clocked, seat = started("felix", clock=clock)

    assert tables.vacation_days(clocked.table) == days
    assert "vacation_days" not in clocked.envelopes[0]["data"]
    start = {"type": "StartVacation", "seat": seat, "until": clocked.now + 60}
    if days == 0:
        assert refusal(clocked, None, start) == "NoVacation"


@pytest.mark.parametrize(
    ("settings", "field"),
    [({"vacation_days": 2}, "vacation_days"), ({"clock": {"turn_seconds": 30}, "vacation_days": -1}, "vacation_days"),
     ({"clock": {"turn_seconds": 30}, "vacation_days": 61}, "vacation_days"),
     ({"clock": {"turn_seconds": 30}, "vacation_days": True}, "vacation_days")],
)
def test_a_bad_vacation_setting_or_one_without_a_clock_is_refused_naming_it(settings, field):
    with pytest.raises(BadOptions) as refused:
        tables.create("felix", {}, [{"human": True}] * 3, SEED, **settings)

    assert refused.value.option == field


@pytest.mark.parametrize("game", GAMES)
def test_verify_accepts_a_game_played_through_vacations(game):
    clocked, seat = started(game, clock={"turn_seconds": 20}, vacation_days=1, on_timeout="bot:greedy")
    pause(clocked, seat, 3600)
    clocked.play(lambda s: s != seat, until=lambda: not clocked.table["clocks"][seat]["vacation_until"])
    clocked.play(lambda s: True)
    audit = clocked.audit()

    verdict = verify(audit)

    kinds = [e["type"] for e in audit["events"]]
    assert verdict.ok, verdict.problems
    # A Dog's Life of two timed rounds ends while the vacation lasts: the game ends with the clock paused.
    assert kinds.count("VacationStarted") == 1
    assert kinds.count("VacationEnded") == (0 if game == "dogslife" else 1)


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"type": "VacationStarted", "data": {"seat": 1, "since": 0, "until": 2.5 * DAY, "remaining": 3}},
         "Bruno is on vacation: their clock is paused for up to 3 days."),
        ({"type": "VacationEnded", "data": {"seat": 1, "paused": 60}}, "Bruno is back from vacation"),
    ],
)
def test_a_vacations_events_read_as_one_line_about_its_seat(event, line):
    assert render(tables.describe("felix", event), "en", ["Ana", "Bruno"]).startswith(line)
