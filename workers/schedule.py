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


def due_at(table: tables.Table, event_time: EventTime) -> float | None:
    """When the next system action is due (0.0 = at once), or None if only humans can move it on."""
    times = [at for at, _ in _pending(table, event_time)]
    return min(times) if times else None


def next_action(table: tables.Table, event_time: EventTime, now: float, rng: random.Random) -> Action | None:
    """The system action due at ``now``, if any; a bot's choice is made here."""
    for at, make in sorted(_pending(table, event_time), key=lambda pair: pair[0]):
        if at <= now:
            return make(rng)
    return None


def _pending(table: tables.Table, event_time: EventTime) -> list[tuple[float, Callable[[random.Random], Action]]]:
    if table["status"] != "running":
        return []
    rules = tables.rules_of(table)
    game = table["game"]
    out: list[tuple[float, Callable[[random.Random], Action]]] = []
    for step in rules.automatic(game):
        at = 0.0 if step["delay"] == 0 else event_time(tables.game_version(table, step["since"])) + step["delay"]
        out.append((at, lambda _rng, command=step["command"]: Action(None, {"kind": "system"}, command)))
    for seat in rules.to_act(game):
        spec = table["seats"][seat]
        if spec["kind"] == "bot":
            out.append((0.0, lambda rng, seat=seat, name=spec["bot"]: _bot_action(table, seat, name, rng)))
    # Immediate automatic steps come before bots, as in domain.playout.next_actor.
    return out


def _bot_action(table: tables.Table, seat: int, name: str, rng: random.Random) -> Action:
    rules = tables.rules_of(table)
    game = table["game"]
    command = rules.bots[name](rules.view(game, seat), rules.legal_moves(game, seat), rng)
    return Action(seat, {"kind": "bot", "seat": seat, "name": name}, command)
