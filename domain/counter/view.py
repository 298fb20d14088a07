"""Counter's views: nothing is hidden, so every seat and a spectator see the whole state."""

from __future__ import annotations

from domain.counter.rules import result
from domain.engine import Seat, State, View


def observe(state: State, seat: Seat) -> View:
    """The state as anyone sees it, with the viewer's seat and the result once over."""
    return {
        "game": "counter",
        "you": seat,
        "moves": state["moves"],
        "made": state["made"],
        "total": state["total"],
        "counts": list(state["counts"]),
        "turn": state["turn"],
        "result": result(state),
    }
