"""Counter in words: a message per event and per move (domain/counter/locales), the table as a line."""

from __future__ import annotations

from domain.counter.view import view
from domain.engine import Command, Event, Seat, State
from domain.language import Message, listed, message, seat


def describe(event: Event) -> Message:
    """What an event says."""
    data = event["data"]
    match event["type"]:
        case "GameStarted":
            return message("counter-game-started", moves=data["moves"], first=seat(0))
        case "Incremented":
            return message("counter-incremented", player=seat(data["seat"]), by=data["by"], total=data["total"])
        case "GameEnded":
            winners = data["winners"]
            return message("counter-game-ended", winners=listed([seat(one) for one in winners]), count=len(winners))
    raise ValueError(f"counter has no event {event['type']!r}")


def label(move: Command) -> Message:
    """A move as a player says it: "Add 2"."""
    return message("counter-add", by=move["by"])


def render(state: State, seat: Seat) -> str:
    """The total, each seat's part and the moves left, as one line, as ``seat`` sees them."""
    shown = view(state, seat)
    parts = ", ".join(f"seat {number} {count}" for number, count in enumerate(shown["counts"]))
    turn = "over" if shown["turn"] is None else f"seat {shown['turn']} to move"
    return f"Total {shown['total']} ({parts}); move {shown['made']} of {shown['moves']}; {turn}"
