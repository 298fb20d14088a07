"""What the system must do next for a game, and when: bot turns, automatic steps, an open table's expiry.

One place decides this for the command handler (which records when the next
step is due and enqueues it), the RQ job (which performs it), the sweeper
(which re-enqueues a step a killed worker lost), `dogpark verify` (which
recomputes every built-in bot's choice once the seed is revealed) and the views
(which show each pending deadline).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from domain.engine import Command, Seat, bot_rng

#: The stream version -> server time of that event.
EventTime = Callable[[int], float]


@dataclass(frozen=True)
class Action:
    """A command the system issues for a game: a bot's move or an automatic step."""

    seat: Seat
    actor: dict[str, Any]
    command: Command


@dataclass(frozen=True)
class Step:
    """A system step pending now: ``command``, due ``delay`` seconds (0: at once) after the event at stream
    version ``since``; ``seat`` is the seat it waits on (None: no seat in particular)."""

    command: Command
    delay: float
    since: int
    seat: Seat


#: What goes first among actions due at the same moment: a deadline that has passed is late already,
#: then a step due at once (as in domain.playout.next_actor), then a bot's turn.
OVERDUE, IMMEDIATE, BOT = 0, 1, 2

#: When an action is due, its rank, and how to make it given the game's secret seed (a bot's choice needs it).
Pending = tuple[float, int, Callable[[str], Action]]


def due_at(table: tables.Table, event_time: EventTime) -> float | None:
    """When the next system action is due (0.0 = at once), or None if only humans can move it on."""
    times = [at for at, _, _ in _pending(table, event_time)]
    return min(times) if times else None


def next_action(table: tables.Table, event_time: EventTime, now: float, seed: str) -> Action | None:
    """The system action due at ``now``, if any; a bot's choice is made here, with its rng from ``seed``."""
    due = [(at, rank, make) for at, rank, make in _pending(table, event_time) if at <= now]
    if not due:
        return None
    _, _, make = min(due, key=lambda pending: (pending[1], pending[0]))
    return make(seed)


def system_steps(table: tables.Table) -> list[Step]:
    """The system steps pending now: an open table's expiry, or the running game's automatic steps."""
    if table["status"] == "open":
        return _expiry(table)
    if table["status"] != "running":
        return []
    return [
        Step(step["command"], step["delay"], tables.game_version(table, step["since"]), step.get("seat"))
        for step in tables.rules_of(table).automatic(table["game"])
    ]


def deadlines(table: tables.Table) -> list[Step]:
    """The pending system steps that wait for a time: a seat's deadline, a timed end, an open table's expiry."""
    return [step for step in system_steps(table) if step.delay > 0]


def _pending(table: tables.Table, event_time: EventTime) -> list[Pending]:
    out: list[Pending] = []
    for step in system_steps(table):
        make = _system_action(step.command)
        if step.delay > 0:
            out.append((event_time(step.since) + step.delay, OVERDUE, make))
        else:
            out.append((0.0, IMMEDIATE, make))
    if table["status"] == "running":
        for seat in tables.to_act(table):
            spec = table["seats"][seat]
            if spec["kind"] == "bot":
                out.append((0.0, BOT, lambda seed, seat=seat, name=spec["bot"]: bot_action(table, seat, name, seed)))
    return out


def _expiry(table: tables.Table) -> list[Step]:
    """An open table's deadline counts from TableOpened (version 1): claims do not move it, only the start ends it."""
    seconds = table["open_seconds"]
    return [] if seconds is None else [Step(dict(tables.EXPIRE), seconds, 1, None)]


def _system_action(command: Command) -> Callable[[str], Action]:
    return lambda _seed: Action(None, {"kind": "system"}, command)


def bot_action(table: tables.Table, seat: int, name: str, seed: str) -> Action:
    """The built-in bot ``name``'s move in ``seat``: from its view, its legal moves and its rng, nothing else."""
    rules = tables.rules_of(table)
    game = table["game"]
    rng = bot_rng(seed, table["version"], seat)
    command = rules.bots[name](rules.view(game, seat), rules.legal_moves(game, seat), rng)
    return Action(seat, {"kind": "bot", "seat": seat, "name": name}, command)
