"""Counter in words: one English line per event, a label per move, the table as a line."""

from __future__ import annotations

from domain.counter.view import view
from domain.engine import Command, Event, Seat, State


def describe(event: Event) -> str:
    """One English line for an event."""
    data = event["data"]
    match event["type"]:
        case "GameStarted":
            return f"A game of counter starts: {data['moves']} moves, seat 0 first."
        case "Incremented":
            return f"Seat {data['seat']} adds {data['by']}: the total is {data['total']}."
        case "GameEnded":
            scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(data["scores"]))
            return f"Game over: {scores}. Winner(s): {', '.join(map(str, data['winners']))}."
    return event["type"]


def label(move: Command) -> str:
    """A move as a player says it: "Add 2"."""
    return f"Add {move['by']}"


def render(state: State, seat: Seat) -> str:
    """The total, each seat's part and the moves left, as one line, as ``seat`` sees them."""
    shown = view(state, seat)
    parts = ", ".join(f"seat {number} {count}" for number, count in enumerate(shown["counts"]))
    turn = "over" if shown["turn"] is None else f"seat {shown['turn']} to move"
    return f"Total {shown['total']} ({parts}); move {shown['made']} of {shown['moves']}; {turn}"
