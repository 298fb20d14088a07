"""The text of Server-Sent Events messages: a game's events as a seat sees them, `turn` and `chat` messages,
keep-alives.

Their words are in the stream's language, chosen as it opens (``?lang=``, else Accept-Language), and call the players
by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import table as tables
from domain.engine import Seat
from events.envelope import Envelope
from service.core import chat
from service.core.json_bodies import dumps
from service.core.reads import Times, game_view, visible_event

#: The first message of every stream: how long a client waits before it reconnects.
RETRY = "retry: 2000\n\n"
KEEPALIVE = ": keep-alive\n\n"


def chunk(text: str) -> bytes:
    """``text`` as one chunk of an HTTP/1.1 chunked body, ready for a socket (what gunicorn makes of a write)."""
    data = text.encode()
    return b"%X\r\n%s\r\n" % (len(data), data)


#: A keep-alive comment as a chunk, made once.
KEEPALIVE_CHUNK = chunk(KEEPALIVE)


def text(data: Any) -> str:
    """``data`` as one line of compact JSON (orjson, as the API's bodies: a turn's view is most of a move's fan-out)."""
    return dumps(data).decode()


def event_message(
    game_type: str,
    envelope: Envelope,
    seat: Seat,
    language: str,
    names: Sequence[str],
    game_id: str | None = None,
) -> str:
    """One event as ``seat`` sees it, in ``language``, its players called by ``names``: a game's stream gives its
    version as the id; a player's names the game."""
    shown = visible_event(game_type, envelope, seat, language, names)
    if game_id is None:
        return f"id: {envelope['version']}\nevent: {envelope['type']}\ndata: {text(shown)}\n\n"
    return f"event: {envelope['type']}\ndata: {text({'game': game_id, **shown})}\n\n"


def chat_message(kept: dict[str, Any], language: str) -> str:
    """``event: chat``: a message as its reader reads it in ``language`` (no id: the log's versions are the ids)."""
    return f"event: chat\ndata: {text(chat.shown(kept, language))}\n\n"


def may_act(table: tables.Table, seat: Seat) -> bool:
    """True when ``seat``'s own player is to decide now (not while a bot decides for an absent or late seat)."""
    return seat is not None and tables.turn(table, seat).may_act


def turn_message(game_id: str, table: tables.Table, version: int, seat: Seat, times: Times, language: str) -> str:
    """``event: turn``: the seat's view as GET gives it in ``language`` (legal moves included) and its own
    deadline, if any."""
    view = game_view(game_id, table, version, seat, times, language=language)
    deadline = next((d["at"] for d in view["deadlines"] if d["seat"] == seat), None)
    data: dict[str, Any] = {"game": game_id, "version": version, "view": view, "deadline": deadline}
    return f"event: turn\ndata: {text(data)}\n\n"
