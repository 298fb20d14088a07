"""The table in words: one line for each of the table's own events, the game's rules for the rest."""

from __future__ import annotations

from domain.catalogue import GAMES
from domain.engine import Event


def describe(table_type: str, ev: Event) -> str:
    """One readable line for an event: the table's own, or the game's by its rules.

    Give it the event as redacted for its reader: a line says all its event holds.
    """
    data = ev["data"]
    match ev["type"]:
        case "TableOpened":
            bots = sum(1 for spec in data["seats"] if spec["kind"] == "bot")
            return f"A new table of {GAMES[data['game']].name} opens with {len(data['seats'])} seats ({bots} bots)."
        case "SeatClaimed":
            return f"Seat {data['seat']} is taken" + (f" by {data['name']}." if data.get("name") else ".")
        case "GameAbandoned" if data["reason"] == "expired":
            return f"Nobody filled the table within {data['seconds']:g} seconds: the game is abandoned."
        case "GameAbandoned":
            return f"The game reached {data['limit']} events and is abandoned."
        case "SeedRevealed":
            return "The secret seed is revealed: anyone can now verify the game."
        case "ClockStarted":
            return f"Seat {data['seat']}'s clock runs: {data['remaining']:g} seconds to decide."
        case "ClockStopped":
            return f"Seat {data['seat']}'s clock stops with {data['remaining']:g} seconds kept."
        case "ClockExpired":
            return f"Seat {data['seat']} ran out of time: a bot decides for it."
        case "SeatAbsent":
            times = f"{data['expiries']} times in a row" if data["expiries"] > 1 else "once"
            return f"Seat {data['seat']} timed out {times}: it is absent, and a bot plays for it until it returns."
        case "SeatReturned":
            return f"Seat {data['seat']} is back."
        case "SeatResigned":
            return f"Seat {data['seat']} resigns: a bot plays on for it, and it ranks last."
        case "SeatForfeited":
            return f"Seat {data['seat']} forfeits on time: a bot plays on for it, and it cannot win."
        case "BotReplaced":
            return (
                f"Seat {data['seat']}'s bot {data['bot']} failed {data['failures']} times in a row ({data['reason']}): "
                f"{data['fallback']} plays for it from now on."
            )
    return GAMES[table_type].describe(ev)
