"""What a list of games says of each: who sits, and once it is over its result, read from the games' meta hashes.

Each append keeps these fields of its game's meta hash current (service/core/handler.py), so a list of games needs
one round trip, not a load of each game; a game last written before they were kept is loaded instead.
"""

from __future__ import annotations

import json
from typing import Any

from redis import Redis

from domain import table as tables
from domain.catalogue import GAMES
from events.store import key
from service.core.repository import Repository

#: The meta hash's fields a summary is read from.
FIELDS = ("type", "seats", "result", "rated")


def summary_fields(table: tables.Table) -> list[tuple[str, str]]:
    """The meta hash's fields (name, value) that a summary of ``table`` is read from."""
    seats = tables.public_seats(table)
    if tables.spectator_delay(table) and table["status"] != "finished":
        # A bot's replacement is news of a move a delayed game's spectators may not see yet: listed once it is over.
        seats = [{**seat, "replaced_by": None} if "replaced_by" in seat else seat for seat in seats]
    return [
        ("seats", json.dumps(seats)),
        ("result", json.dumps(tables.result(table))),
        ("rated", "1" if table["rated"] else ""),
    ]


def summaries(redis: Redis, repo: Repository, game_ids: list[str], language: str) -> dict[str, dict[str, Any]]:
    """Each game's ``players`` (its seats as its view shows them, bots named in ``language``), ``result`` and
    ``rated``."""
    pipe = redis.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.hmget(key(game_id, "meta"), *FIELDS)
    told = {}
    for game_id, values in zip(game_ids, pipe.execute(), strict=True):
        game_type, seats, result, rated = (value.decode() if value is not None else None for value in values)
        if seats is None and game_type in GAMES:
            table = repo.load(game_id).table
            game_type, seats, result, rated = table["type"], *(value for _, value in summary_fields(table))
        shown = json.loads(seats or "[]")
        # A game of a type this server no longer offers is listed with its seats as stored.
        offered = game_type in GAMES
        names = tables.names({"type": game_type, "seats": shown}, language) if offered else [None] * len(shown)
        told[game_id] = {
            "players": [
                {**seat, "name": seat["name"] if seat["kind"] == "human" else name}
                for seat, name in zip(shown, names, strict=True)
            ],
            "result": json.loads(result or "null"),
            "rated": bool(rated),
        }
    return told
