"""The table in words: a message for each of the table's own events, the game's rules for the rest; players' names."""

from __future__ import annotations

import math
from functools import cache

from domain.catalogue import GAMES
from domain.engine import Event
from domain.language import FALLBACK, Message, has, message, render, seat, term
from domain.table.bots import bot_names
from domain.table.state import Table
from domain.table.vacations import DAY

#: The names a built-in bot's seat goes by, one per seat, so that two bots at a table are told apart.
BOT_NAMES = ("Rex", "Bella", "Max", "Luna", "Toby", "Nina")


def describe(table_type: str, ev: Event) -> Message:
    """What an event says: the table's own, or the game's by its rules.

    Give it the event as redacted for its reader: a line says all its event holds.
    """
    data = ev["data"]
    match ev["type"]:
        case "TableOpened":
            bots = sum(1 for spec in data["seats"] if spec["kind"] == "bot")
            key = f"{data['game']}-game-name"
            # A game without catalogues (a benchmark's own) goes by the name its rules give.
            game = term(key) if has(key, FALLBACK) else GAMES[data["game"]].name
            return message("table-opened", game=game, seats=len(data["seats"]), bots=bots)
        case "SeatClaimed":
            return message("table-seat-claimed", player=seat(data["seat"]))
        case "GameAbandoned" if data["reason"] == "expired":
            return message("table-abandoned-unfilled", seconds=data["seconds"])
        case "GameAbandoned":
            return message("table-abandoned-too-long", limit=data["limit"])
        case "SeedRevealed":
            return message("table-seed-revealed")
        case "ClockStarted":
            return message("table-clock-started", player=seat(data["seat"]), seconds=round(data["remaining"]))
        case "ClockStopped":
            return message("table-clock-stopped", player=seat(data["seat"]), seconds=round(data["remaining"]))
        case "ClockExpired":
            return message("table-clock-expired", player=seat(data["seat"]))
        case "SeatAbsent":
            return message("table-seat-absent", player=seat(data["seat"]), times=data["expiries"])
        case "SeatReturned":
            return message("table-seat-returned", player=seat(data["seat"]))
        case "SeatResigned":
            return message("table-seat-resigned", player=seat(data["seat"]))
        case "SeatForfeited":
            return message("table-seat-forfeited", player=seat(data["seat"]))
        case "VacationStarted":
            days = max(1, math.ceil((data["until"] - data["since"]) / DAY))
            return message("table-vacation-started", player=seat(data["seat"]), days=days)
        case "VacationEnded":
            return message("table-vacation-ended", player=seat(data["seat"]))
        case "Undone":
            return message("table-undone", player=seat(data["seat"]), version=data["to_version"])
        case "UndoAsked":
            return message("table-undo-asked", player=seat(data["seat"]), version=data["to_version"])
        case "UndoAccepted":
            return message("table-undo-accepted", player=seat(data["seat"]))
        case "UndoDeclined":
            return message("table-undo-declined", player=seat(data["seat"]))
        case "BotReplaced":
            return message(
                "table-bot-replaced",
                player=seat(data["seat"]),
                failures=data["failures"],
                fallback=term(f"table-bot-{data['fallback']}"),
            )
    return GAMES[table_type].message(ev)


def names(table: Table, language: str) -> list[str]:
    """Each seat's name as players read it: its player's, a registered bot's, or a built-in bot's "Greedy Rex"."""
    rules = GAMES[table["type"]]
    shown: list[str] = []
    for number, spec in enumerate(table["seats"]):
        if spec["kind"] == "bot" and spec.get("bot") in bot_names(rules) and spec.get("name") in (None, spec["bot"]):
            shown.append(bot_name(spec["bot"], number, language))
        else:
            shown.append(spec.get("name") or render(message("table-player-number", number=number + 1), language))
    return shown


@cache
def bot_name(bot: str, number: int, language: str) -> str:
    """A built-in bot's name at seat ``number``: its level and a dog's name ("Greedy Rex")."""
    return render(message("table-bot-name", level=term(f"table-bot-{bot}"), dog=BOT_NAMES[number]), language)
