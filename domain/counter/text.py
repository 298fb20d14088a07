"""Counter in words: one English line per event, a label per move, the table as a line."""

from __future__ import annotations

from domain.engine import Command, Event, View


def describe(event: Event) -> str:
    """One English line for an event."""
    d = event["data"]
    match event["type"]:
        case "GameStarted":
            return f"A game of counter starts: {d['moves']} moves, seat 0 first."
        case "Incremented":
            return f"Seat {d['seat']} adds {d['by']}: the total is {d['total']}."
        case "GameEnded":
            scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(d["scores"]))
            return f"Game over: {scores}. Winner(s): {', '.join(map(str, d['winners']))}."
    return event["type"]


def label(move: Command) -> str:
    """A move as a player says it: "Add 2"."""
    return f"Add {move['by']}"


def render(v: View) -> str:
    """The total, each seat's part and the moves left, as one line."""
    parts = ", ".join(f"seat {seat} {count}" for seat, count in enumerate(v["counts"]))
    turn = "over" if v["turn"] is None else f"seat {v['turn']} to move"
    return f"Total {v['total']} ({parts}); move {v['made']} of {v['moves']}; {turn}"
