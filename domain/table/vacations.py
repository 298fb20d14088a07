"""Vacations: a seat's clock paused while its player is away, never for longer than the table allows.

A table's ``vacation_days`` setting is the most days its clock may pause for each seat, over the whole game (0: no
vacation at this table). Given none, a table whose clock gives a decision a day or more (a turn of a day, or a bank
of a day) allows ``DEFAULT_DAYS``: such a game is played over days, and a week away need not lose it. A faster clock
allows none: its seats play at the table together, and a pause would hold the others for days.

The system's ``StartVacation {seat, until}`` (the service sends it for a player who went on vacation) records
``VacationStarted {seat, since, until, remaining}``: ``until`` is the player's return, cut to what the table still
allows the seat; ``remaining`` the seat's bank as it stops. While it lasts the seat's clock neither runs nor expires,
whether or not the seat may act (its moves are still taken). The system's ``EndVacation {seat}`` records
``VacationEnded {seat, paused}`` (the seconds the seat's clock was paused in all): sent at ``until`` by the schedule,
or before, when the player comes back early. The seat's clock then runs again if it may act: a turn clock with a full
turn, a Fischer clock with the bank it stopped with.
"""

from __future__ import annotations

from typing import Any

from domain.engine import BadOptions, Event, event, require
from domain.table.state import Table

#: A vacation day, in seconds (the server's time is seconds since the epoch).
DAY = 86400
#: The most days a table may let each seat's clock pause for.
MAX_DAYS = 60
#: The days a table allows when its setting is not given and its clock gives a decision a day or more.
DEFAULT_DAYS = 7


def vacation_setting(days: Any) -> float:
    """A table's ``vacation_days`` as given (days, fractions of one too); raise BadOptions naming it."""
    if isinstance(days, bool) or not isinstance(days, int | float) or not 0 <= days <= MAX_DAYS:
        raise BadOptions("vacation_days", f"a number of days from 0 to {MAX_DAYS}")
    return days


def vacation_days(table: Table) -> float:
    """The most days the table's clock may pause for each seat (0: none, or no clock)."""
    setting = table["clock"]
    if setting is None:
        return 0
    if table.get("vacation_days") is not None:
        return float(table["vacation_days"])
    decision = setting.get("turn_seconds", setting.get("initial_seconds", 0))
    return DEFAULT_DAYS if decision >= DAY else 0


def seconds_left(table: Table, seat: int) -> float:
    """How many seconds more the table lets ``seat``'s clock pause (a vacation that runs counts up to now too)."""
    return max(0.0, vacation_days(table) * DAY - table["clocks"][seat]["vacation_seconds"])


def start_vacation(table: Table, seat: int, until: float, now: float) -> list[Event]:
    """Pause ``seat``'s clock until ``until`` or the end of what the table still allows, whichever comes first."""
    clock, spec = table["clocks"][seat], table["seats"][seat]
    require(spec["kind"] == "human", "BotSeat", f"seat {seat} is a bot's")
    require(not clock["resigned"], "SeatResigned", f"seat {seat} resigned; its bot plays for it")
    require(not clock["forfeited"], "SeatForfeited", f"seat {seat} forfeited; its bot plays for it")
    require(clock["vacation_until"] is None, "OnVacation", f"seat {seat} is on vacation already")
    left = seconds_left(table, seat)
    require(left > 0, "NoVacation", f"this table lets seat {seat}'s clock pause no more")
    require(until > now, "BadArgument", "until: a time after now")
    running = clock["deadline"] is not None
    remaining = round(max(0.0, clock["deadline"] - now), 3) if running else clock["remaining"]
    end = round(min(until, now + left), 3)
    return [event("VacationStarted", seat=seat, since=round(now, 3), until=end, remaining=remaining)]


def end_vacation(table: Table, seat: int, now: float) -> list[Event]:
    """Run ``seat``'s clock again: at the vacation's end, or before it."""
    clock = table["clocks"][seat]
    require(clock["vacation_until"] is not None, "NotOnVacation", f"seat {seat} is not on vacation")
    # Never more than the table allows, however late the system came to end it.
    paused = min(vacation_days(table) * DAY, clock["vacation_seconds"] + max(0.0, now - clock["vacation_since"]))
    return [event("VacationEnded", seat=seat, paused=round(paused, 3))]

