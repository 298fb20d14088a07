"""Vacations: a player's days per year, and the clocks of its games paused while it is away (docs/players.md).

A vacation begins in the player's account (events/vacations.py: one script, so days are never spent twice), then
pauses the player's seats in each of its running games whose table allows it (the system's StartVacation, through
the command handler, so each game's log holds its pause; domain/table/vacations.py cuts each to what its table still
allows). Each game's pause ends by itself, by the schedule's EndVacation at the time its VacationStarted fixed: at
the vacation's end, or sooner where the table allows less. A game that starts while its player is on vacation is
paused as it starts (``pause_arrivals``). Ending a vacation early charges the days it began and runs the clocks of
the seats still paused again.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from domain import table as tables
from domain.engine import IllegalMove
from events.vacations import Account, Vacations, utc_year
from service.core.handler import CommandHandler
from service.core.player_entries import held_seats
from service.core.problems import NO_VACATION_DAYS, NOT_ON_VACATION, ON_VACATION, Problem
from service.core.reads import rfc3339

if TYPE_CHECKING:
    # The wiring hands pause_arrivals to the command handler it builds, so it imports this module.
    from service.core.wiring import Services

log = logging.getLogger("dogpark.vacations")

#: The actor of a pause and of its early end: the system, on the player's word.
SYSTEM = {"kind": "system"}
#: The most running games of a player a vacation pauses (a player's list holds them newest first).
MAX_GAMES = 1000


def shown(account: Account, allowance: int, now: float) -> dict[str, Any]:
    """A player's vacation days as the API shows them: this year's allowance and what is left, the vacation on."""
    year, current = utc_year(now), account.current
    vacation = None
    if current is not None:
        vacation = {"since": rfc3339(current.since), "until": rfc3339(current.until), "days": current.days}
    return {"days_per_year": allowance, "year": year, "days_left": account.left(year, allowance), "vacation": vacation}


def status(svc: Services, pid: str) -> dict[str, Any]:
    """The player's vacation days this year, and the vacation it is on (None: none)."""
    now = time.time()
    return shown(svc.vacations.read(pid, now), svc.settings.vacation_days, now)


def start(svc: Services, pid: str, days: int) -> dict[str, Any]:
    """Begin the player's vacation of ``days`` days and pause its games; 409 when on one, or short of days."""
    now, allowance = time.time(), svc.settings.vacation_days
    account = svc.vacations.start(pid, days, allowance, now)
    if account.outcome == "on":
        on = shown(account, allowance, now)["vacation"]
        raise Problem(ON_VACATION, f"the player is on vacation until {on['until']}", vacation=on)
    if account.outcome == "short":
        left = account.left(utc_year(now), allowance)
        raise Problem(NO_VACATION_DAYS, f"{days} days asked, {left} left this year", days_left=left)
    assert account.current is not None
    until = account.current.until
    paused = [
        found
        for game_id, seats in _running(svc, pid)
        for found in pause(svc.handler, game_id, seats, until)
    ]
    return {**shown(account, allowance, now), "games": paused}


def end(svc: Services, pid: str) -> dict[str, Any]:
    """End the player's vacation now, a day charged for each day it began, and run its paused clocks again."""
    now = time.time()
    account = svc.vacations.end(pid, now)
    if account.outcome == "none":
        raise Problem(NOT_ON_VACATION, "the player is not on vacation")
    resumed = []
    for game_id, seats in _running(svc, pid):
        table = svc.repo.load(game_id).table
        for seat in seats:
            if table["clocks"][seat]["vacation_until"] is not None and _sent(svc.handler, game_id, "EndVacation", seat):
                resumed.append({"game": game_id, "seat": seat})
    return {**shown(account, svc.settings.vacation_days, now), "games": resumed}


def pause(handler: CommandHandler, game_id: str, seats: list[int], until: float) -> list[dict[str, Any]]:
    """Pause each of ``seats``' clocks in the game until ``until`` or what its table allows: those it paused."""
    if tables.vacation_days(handler.repo.load(game_id).table) <= 0:
        return []
    paused = []
    for seat in seats:
        outcome = _sent(handler, game_id, "StartVacation", seat, until=until)
        started = [e for e in outcome.envelopes if e["type"] == "VacationStarted"] if outcome is not None else []
        paused += [{"game": game_id, "seat": seat, "until": rfc3339(e["data"]["until"])} for e in started]
    return paused


def pause_arrivals(handler: CommandHandler, vacations: Vacations, game_id: str, table: tables.Table) -> None:
    """A game that starts: pause the seats of its players who are on vacation, as their other games are."""
    if table["status"] != "running" or tables.vacation_days(table) <= 0:
        return
    now = time.time()
    for pid, seats in held_seats(table).items():
        current = vacations.read(pid, now).current
        if current is not None:
            pause(handler, game_id, seats, current.until)


def _running(svc: Services, pid: str) -> list[tuple[str, list[int]]]:
    """The player's running games and its seats in each."""
    return [(entry["game"], entry["seats"]) for entry in svc.players.games(pid, "running", MAX_GAMES)]


def _sent(handler: CommandHandler, game_id: str, kind: str, seat: int, **fields: Any) -> Any:
    """The outcome of the system's ``kind`` for ``seat``, or None where the table refuses it (its reason logged)."""
    try:
        return handler.execute(game_id, None, dict(SYSTEM), {"type": kind, "seat": seat, **fields})
    except (IllegalMove, Problem) as refused:
        # A game that ended meanwhile, a seat that resigned, a table that lets its clock pause no more.
        log.info("game %s: %s for seat %d refused: %s", game_id, kind, seat, refused)
        return None
