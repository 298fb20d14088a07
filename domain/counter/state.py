"""Counter's state: the shared total, each seat's part of it, the moves made and the seat on turn; and ``evolve``.

The shape (domain/rules/counter.md, Components and Play): ``{"moves", "made", "total", "counts": [seat 0's,
seat 1's], "turn": the seat on turn (None once over), "over"}``.
"""

from __future__ import annotations

from typing import Any

from domain.engine import Event, State


def evolve(state: State | None, event: Event) -> State:
    """Apply one event to the state (in place)."""
    data = event["data"]
    if event["type"] == "GameStarted":
        return _started(data)
    if state is None:
        raise ValueError(f"{event['type']} before GameStarted")
    match event["type"]:
        case "Incremented":
            _incremented(state, data)
        case "GameEnded":
            state.update(over=True, turn=None)
    return state


def _started(data: dict[str, Any]) -> State:
    return {"moves": data["moves"], "made": 0, "total": 0, "counts": [0, 0], "turn": 0, "over": False}


def _incremented(state: State, data: dict[str, Any]) -> None:
    seat = data["seat"]
    state["made"] += 1
    state["total"] += data["by"]
    state["counts"][seat] += data["by"]
    state["turn"] = 1 - seat
