"""The read side: views and event logs as a given caller may see them."""

from __future__ import annotations

from typing import Any

from flask import Response, json

from domain import table as tables
from domain.engine import Seat
from events.envelope import Envelope


def links(game_id: str) -> dict[str, str]:
    """Where to go next from a game."""
    base = f"/v1/games/{game_id}"
    return {
        "self": base,
        "commands": f"{base}/commands",
        "events": f"{base}/events",
        "stream": f"{base}/events/stream",
        "audit": f"{base}/audit",
    }


def game_view(game_id: str, table: tables.Table, version: int, seat: Seat, playable: bool = True) -> dict[str, Any]:
    """The game as ``seat`` sees it, with its legal moves as bodies ready to POST (none if not ``playable``)."""
    moves = tables.legal_moves(table, seat) if playable else []
    return {
        "id": game_id,
        "version": version,
        **tables.view(table, seat),
        "you": seat,
        "legal_moves": [{"command": move, "expected_version": version} for move in moves],
        "links": links(game_id),
    }


def visible_event(game_type: str, envelope: Envelope, seat: Seat) -> dict[str, Any]:
    """An envelope as ``seat`` may see it.

    The hash and command id are left out on purpose: a hash covers the unredacted event, so
    publishing it during play would let a seat test guesses of a hidden card against it.
    """
    shown = tables.redact(game_type, {"type": envelope["type"], "data": envelope["data"]}, seat)
    return {
        "version": envelope["version"],
        "type": shown["type"],
        "data": shown["data"],
        "actor": envelope["actor"],
        "time": envelope["time"],
    }


def json_response(body: dict[str, Any], status: int = 200) -> Response:
    """A body the read side built already in its documented shape, sent without a schema dump (the hot paths)."""
    return Response(json.dumps(body), status, mimetype="application/json")
