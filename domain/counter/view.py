"""Counter's hidden information (domain/rules/counter.md, Hidden information): none, so all see everything."""

from __future__ import annotations

from domain.counter.scoring import result
from domain.engine import Event, Seat, Secret, State, View


def view(state: State, seat: Seat) -> View:
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


def redact(event: Event, seat: Seat) -> Event:
    """The event as it is: nothing is hidden."""
    return event


def secrets(state: State, seat: Seat) -> list[Secret]:
    """None: nothing is hidden."""
    return []
