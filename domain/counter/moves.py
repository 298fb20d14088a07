"""Counter's play (domain/rules/counter.md, Play): the seat on turn, its two legal moves, and ``decide``.

Seat 0 moves first, then the seats alternate; each move adds 1 or 2 to the total and its mover's count. Every
listed move is legal, and deciding one is a few comparisons.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.counter.content import STEPS
from domain.counter.scoring import final_result, is_last_move
from domain.engine import (
    Automatic,
    Command,
    Event,
    IllegalMove,
    Seat,
    State,
    arg,
    event,
    reject_unknown_fields,
    require,
)


def to_act(state: State) -> list[int]:
    """The seat on turn, none after the end."""
    return [] if state["over"] else [state["turn"]]


def automatic(state: State) -> list[Automatic]:
    """None: the game has no system steps."""
    return []


def legal_moves(state: State, seat: int) -> list[Command]:
    """Both increments for the seat on turn; nothing for the other seat or after the end."""
    if state["over"] or seat != state["turn"]:
        return []
    return [{"type": "Increment", "by": step} for step in STEPS]


def decide(state: State, seat: Seat, command: Command) -> list[Event]:
    """The events of a command from ``seat``, by its type (``COMMANDS``); raise IllegalMove."""
    kind = command.get("type")
    handle = COMMANDS.get(kind) if isinstance(kind, str) else None
    if handle is None:
        raise IllegalMove("UnknownCommand", f"no command {kind!r}")
    return handle(state, seat, command)


def increment(state: State, seat: Seat, command: Command) -> list[Event]:
    """Increment {by: 1|2} from the seat on turn: Incremented, and GameEnded after the last move."""
    reject_unknown_fields(command, ["by"])
    require(not state["over"], "GameOver")
    if seat is None or seat != state["turn"]:
        raise IllegalMove("NotYourTurn")
    step = arg(command, "by", int)
    require(step in STEPS, "BadArgument", "'by' must be 1 or 2")
    counts = list(state["counts"])
    counts[seat] += step
    events = [event("Incremented", seat=seat, by=step, total=state["total"] + step)]
    if is_last_move(state):
        events.append(event("GameEnded", **final_result(counts)))
    return events


#: Command type -> what it does.
COMMANDS: dict[str, Callable[[State, Seat, Command], list[Event]]] = {"Increment": increment}
