"""What the system must do next for a game, and when: bot turns and automatic steps.

One place decides this for the command handler (which records when the next
step is due and enqueues it), the RQ job (which performs it) and the sweeper
(which re-enqueues a step a killed worker lost).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from domain.engine import Command, Seat

#: The stream version -> server time of that event.
EventTime = Callable[[int], float]


@dataclass(frozen=True)
class Action:
    """A command the system issues for a game: a bot's move or an automatic step."""

    seat: Seat
    actor: dict[str, Any]
    command: Command


#: What goes first among actions due at the same moment: a deadline that has passed is late already,
#: then a step due at once (as in domain.playout.next_actor), then a bot's turn.
OVERDUE, IMMEDIATE, BOT = 0, 1, 2

Pending = tuple[float, int, Callable[[random.Random], Action]]


def due_at(table: tables.Table, event_time: EventTime) -> float | None:
    """When the next system action is due (0.0 = at once), or None if only humans can move it on."""
    times = [at for at, _, _ in _pending(table, event_time)]
    return min(times) if times else None


def next_action(table: tables.Table, event_time: EventTime, now: float, rng: random.Random) -> Action | None:
    """The system action due at ``now``, if any; a bot's choice is made here."""
    due = [(at, rank, make) for at, rank, make in _pending(table, event_time) if at <= now]
    if not due:
        return None
    _, _, make = min(due, key=lambda pending: (pending[1], pending[0]))
    return make(rng)


def _pending(table: tables.Table, event_time: EventTime) -> list[Pending]:
    if table["status"] != "running":
        return []
    rules = tables.rules_of(table)
    game = table["game"]
    out: list[Pending] = []
    for step in rules.automatic(game):
        make = _system_action(step["command"])
        if step["delay"] == 0:
            out.append((0.0, IMMEDIATE, make))
        else:
            out.append((event_time(tables.game_version(table, step["since"])) + step["delay"], OVERDUE, make))
    for seat in rules.to_act(game):
        spec = table["seats"][seat]
        if spec["kind"] == "bot":
            out.append((0.0, BOT, lambda rng, seat=seat, name=spec["bot"]: _bot_action(table, seat, name, rng)))
    return out


def _system_action(command: Command) -> Callable[[random.Random], Action]:
    return lambda _rng: Action(None, {"kind": "system"}, command)


def _bot_action(table: tables.Table, seat: int, name: str, rng: random.Random) -> Action:
    rules = tables.rules_of(table)
    game = table["game"]
    command = rules.bots[name](rules.view(game, seat), rules.legal_moves(game, seat), rng)
    return Action(seat, {"kind": "bot", "seat": seat, "name": name}, command)
