"""The clocks: a table's clock setting, the clock events that end a batch, and a clock's expiry.

Time is data: ``apply`` gets the server time a command is decided at, and each deadline is fixed in an
event, so a replay decides as the live game did. With a clock, every seat that no built-in bot plays has one:

- ``ClockStarted {seat, deadline, remaining}`` as it starts a decision (it just became able to act, or just acted
  and can still act): ``remaining`` is ``turn_seconds`` with a turn clock, the seat's bank with a Fischer clock;
- ``ClockStopped {seat, remaining}`` as its decision ends and it cannot act any more (by its move, or by another's
  that took its turn away): the bank it keeps. design.md names no such event; without it a bank would be lost
  between turns;
- ``ClockExpired {seat, deadline}`` by the system's ``ExpireClock``, refused before the deadline (``NotDue``, so
  an audit that replays shows each expiry came after its deadline). The seat's fallback bot (``on_timeout``) then
  plays that decision and the seat's next decision is its own again. After ``absent_after`` expiries in a row (no
  decision of the seat in time between them) the same batch holds ``SeatAbsent``: the bot plays on at once, with
  no clock, until the seat sends any command (``Return``, or a move, which is then preceded by ``SeatReturned``).
  With ``on_timeout: forfeit`` the first expiry is followed by ``SeatForfeited`` instead, and the random bot plays
  on for the seat;
- ``Resign`` (a seat's command, at any time of a running game) records ``SeatResigned``: its bot plays on for it;
- ``VacationStarted`` and ``VacationEnded`` pause a seat's clock and run it again (``vacations``).

A Fischer bank loses the time the seat took and gains the increment after each of the seat's moves, its fallback
bot's included (so a bank that ran out comes back by the increment); never below 0.

How these events change a seat's clock is the table's fold (``state``).
"""

from __future__ import annotations

from typing import Any

from domain.engine import BadOptions, Event, Seat, event, require
from domain.table.seats import played_by_bot, to_act
from domain.table.state import Table

#: The longest clock setting, in seconds (a week).
MAX_SECONDS = 7 * 24 * 3600


def clock_setting(clock: Any) -> dict[str, float]:
    """A clock as given: {turn_seconds} or {initial_seconds, increment_seconds}; raise BadOptions naming the field."""
    shapes = ({"turn_seconds"}, {"initial_seconds", "increment_seconds"})
    if not isinstance(clock, dict) or set(clock) not in shapes:
        raise BadOptions("clock", "either {turn_seconds} or {initial_seconds, increment_seconds}")
    for name, value in clock.items():
        least = 0 if name == "increment_seconds" else 1
        if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= MAX_SECONDS:
            raise BadOptions(f"clock.{name}", f"a number of seconds from {least} to {MAX_SECONDS}")
    return dict(clock)


def expire_clock(table: Table, seat: int, now: float) -> list[Event]:
    """The system ends a seat's decision whose clock ran out; refused before its deadline."""
    clock = table["clocks"][seat]
    deadline = clock["deadline"]
    require(deadline is not None, "NoClock", f"no clock runs for seat {seat}")
    require(now >= deadline, "NotDue", f"seat {seat}'s clock runs until {deadline}")
    events = [event("ClockExpired", seat=seat, deadline=deadline)]
    if table["on_timeout"] == "forfeit":
        return [*events, event("SeatForfeited", seat=seat)]
    if clock["expiries"] + 1 >= table["absent_after"]:
        events.append(event("SeatAbsent", seat=seat, expiries=clock["expiries"] + 1))
    return events


def clock_events(table: Table, deciding_seat: Seat, now: float) -> list[Event]:
    """The clock events that end a batch: each clocked seat's decision that starts, goes on after a move, or stops."""
    acting = set(to_act(table))
    setting = table["clock"]
    turn_seconds = setting.get("turn_seconds")
    events: list[Event] = []
    for seat, clock in enumerate(table["clocks"]):
        # A seat on vacation keeps its clock stopped, whatever it does (vacations.py).
        if played_by_bot(table, seat) or clock["vacation_until"] is not None:
            continue
        running = clock["deadline"] is not None
        # A running clock's bank is what is left of it now; a stopped one's is what it kept.
        bank = max(0.0, clock["deadline"] - now) if running else clock["remaining"]
        if seat == deciding_seat:
            bank += setting.get("increment_seconds", 0)
        elif (running or clock["expired"]) == (seat in acting):
            continue  # a decision still running, or still waiting for its fallback move; or no decision at all
        remaining = round(turn_seconds if turn_seconds is not None else bank, 3)
        if seat in acting:
            events.append(event("ClockStarted", seat=seat, deadline=round(now + remaining, 3), remaining=remaining))
        else:
            events.append(event("ClockStopped", seat=seat, remaining=remaining))
    return events
