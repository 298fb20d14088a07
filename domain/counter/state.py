"""Counter's state: the shared total, each seat's part of it, the moves made and the seat on turn; and ``evolve``."""

from __future__ import annotations

from domain.engine import Event, State


def evolve(state: State | None, event: Event) -> State:
    """Apply one event to the state (in place)."""
    data = event["data"]
    match event["type"]:
        case "GameStarted":
            return {"moves": data["moves"], "made": 0, "total": 0, "counts": [0, 0], "turn": 0, "over": False}
        case "Incremented":
            seat = data["seat"]
            state["made"] += 1
            state["total"] += data["by"]
            state["counts"][seat] += data["by"]
            state["turn"] = 1 - seat
        case "GameEnded":
            state.update(over=True, turn=None)
    return state
