"""Counter's options and the event that starts a game (domain/rules/counter.md, Options)."""

from __future__ import annotations

from typing import Any

from domain.counter.content import DEFAULT_MOVES, MAX_MOVES, PLAYERS
from domain.engine import BadOptions, Event, event

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "moves": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_MOVES,
            "default": DEFAULT_MOVES,
            "description": "The game ends after this many moves, both seats' together.",
        }
    },
    "additionalProperties": False,
}


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Two players; ``moves`` from 1 to MAX_MOVES (default DEFAULT_MOVES)."""
    if players != PLAYERS:
        raise BadOptions("players", "Counter is for 2 players")
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    unknown = sorted(set(options) - {"moves"})
    if unknown:
        raise BadOptions(unknown[0], "Counter has no such option")
    moves = options.get("moves", DEFAULT_MOVES)
    if not isinstance(moves, int) or isinstance(moves, bool) or not 1 <= moves <= MAX_MOVES:
        raise BadOptions("moves", f"must be an integer from 1 to {MAX_MOVES}")
    return {"moves": moves}


def setup(players: int, options: dict[str, Any]) -> list[Event]:
    """The one event that starts a game: no chance at all, seat 0 moves first."""
    return [event("GameStarted", moves=normalize_options(options, players)["moves"])]
