"""A game's chat: its two rooms and who reads and writes each, plain text, quick phrases, mutes and reports.

Each game has two rooms: ``seats`` (its players') and ``spectators``. A seat reads and writes both; anyone else
reads the spectators' room, and writes there with a player token unless the table says its spectators may not chat
(``spectator_chat: false``). A message is plain text (control and bidirectional-override characters taken out, at
most MAX_TEXT characters), or a quick phrase (PHRASES), which every reader reads in their own language. Messages are
kept in the game's chat stream (events/chat.py), never in its log. Docs: docs/chat.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from domain.language import message, render
from service.core.problems import CHAT_CLOSED, NOT_YOUR_SEAT, WORDS, Problem, not_found
from service.core.wiring import Services

#: The rooms of a game's chat.
SEATS, SPECTATORS = "seats", "spectators"
ROOMS = (SEATS, SPECTATORS)
#: The longest message, in characters (after its control characters are taken out).
MAX_TEXT = 500
#: The longest reason a report gives, in characters.
MAX_REASON = 500
#: The quick phrases, by id: each is the key ``chat-phrase-<id>`` of the service's catalogues.
PHRASES = ("hello", "good-luck", "your-turn", "one-moment", "thanks", "sorry", "well-played", "gg")
#: What a message never holds: C0 and C1 controls but the line feed, and the characters that reorder text as it is
#: shown (bidirectional embeddings, overrides and isolates), which could make a message look like another's words.
UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Speaker:
    """Who reads or writes: the player (None: a seat token whose seat has no player, or nobody), the seat (None: a
    spectator) and the name the chat shows."""

    player: str | None
    seat: int | None
    name: str | None = None


def plain(text: str) -> str:
    """``text`` as the chat keeps it: without the characters it never holds, and without surrounding blanks."""
    return UNSHOWN.sub("", text).strip()


def phrase_text(phrase: str, language: str) -> str:
    """A quick phrase in ``language``."""
    return render(message(f"chat-phrase-{phrase}"), language, root=WORDS)


def phrases(language: str) -> list[dict[str, str]]:
    """Every quick phrase, with its words in ``language``."""
    return [{"id": phrase, "text": phrase_text(phrase, language)} for phrase in PHRASES]


def rooms_of(seat: int | None) -> set[str]:
    """The rooms a reader reads: a seat both, a spectator theirs."""
    return set(ROOMS) if seat is not None else {SPECTATORS}


def shown(kept: dict[str, Any], language: str) -> dict[str, Any]:
    """A kept message (or tombstone) as a reader reads it: a quick phrase in the reader's language."""
    phrase = kept.get("phrase")
    text = phrase_text(phrase, language) if phrase is not None else kept.get("text")
    return {
        "id": kept["id"],
        "room": kept["room"],
        "player": kept.get("player"),
        "seat": kept.get("seat"),
        "name": kept.get("name"),
        "text": None if kept.get("deleted") else text,
        "phrase": phrase,
        "at": kept["at"],
        "deleted": bool(kept.get("deleted")),
    }


def visible(kept: dict[str, Any], seat: int | None, muted: set[str]) -> bool:
    """Whether a reader at ``seat`` (None: a spectator) who muted ``muted`` reads the message."""
    return kept["room"] in rooms_of(seat) and kept.get("player") not in muted


def post(
    svc: Services, game_id: str, room: str, speaker: Speaker, said: dict[str, str], count: Callable[[], None]
) -> dict[str, Any]:
    """Keep and announce ``speaker``'s message (``said``: ``{"text"}`` or ``{"phrase"}``) in ``room``: it as kept.

    A seats' room message needs a seat (403 not-your-seat); one in the spectators' room, the table's leave (403
    chat-closed). ``count`` counts it against the speaker's rate once it may be written (a refused one is not)."""
    may_write(svc.repo.load(game_id).table, room, speaker)
    count()
    record = {"room": room, "player": speaker.player, "seat": speaker.seat, "name": speaker.name, **said}
    return svc.chat.post(game_id, record)


def may_write(table: tables.Table, room: str, speaker: Speaker) -> None:
    """Refuse a message ``speaker`` may not write in ``room``."""
    if room == SEATS and speaker.seat is None:
        raise Problem(NOT_YOUR_SEAT, "only the game's seats write in the seats' room", seats=[])
    if room == SPECTATORS and not tables.spectator_chat(table):
        raise Problem(CHAT_CLOSED, "this table's spectators may not chat: its spectators' room is closed")


def page(
    svc: Services, game_id: str, reader: Speaker, room: str | None, after: str | None, limit: int, language: str
) -> list[dict[str, Any]]:
    """Up to ``limit`` messages after the id ``after`` that ``reader`` reads (of ``room``, or of every room it
    reads), in ``language``, without its muted players'."""
    svc.repo.secret(game_id)
    readable = rooms_of(reader.seat)
    if room is not None:
        if room not in readable:
            raise Problem(NOT_YOUR_SEAT, "only the game's seats read the seats' room", seats=[])
        readable = {room}
    muted = svc.chat.muted(reader.player)
    found: list[dict[str, Any]] = []
    while len(found) < limit:
        kept = svc.chat.page(game_id, after, limit, readable)
        found += [shown(one, language) for one in kept if one.get("player") not in muted]
        if len(kept) < limit:
            break
        after = kept[-1]["id"]
    return found[:limit]


def report(
    svc: Services, game_id: str, message_id: str, reporter: Speaker, reason: str, count: Callable[[], None]
) -> dict[str, Any]:
    """Keep a seat's report of a message for the operator: the report (its id, and what it holds). ``count`` counts
    it against the reporter's rate once a seat makes it."""
    if reporter.seat is None:
        raise Problem(NOT_YOUR_SEAT, "only the game's seats report a message", seats=[])
    count()
    kept = svc.chat.get(game_id, message_id)
    if kept is None:
        raise not_found(f"message {message_id!r} of game {game_id!r}")
    record = {
        "game": game_id,
        "message": message_id,
        "room": kept["room"],
        "sender": {"player": kept.get("player"), "seat": kept.get("seat"), "name": kept.get("name")},
        "text": kept.get("text") or phrase_text(kept["phrase"], "en"),
        "sent_at": kept["at"],
        "reporter": {"player": reporter.player, "seat": reporter.seat, "name": reporter.name},
        "reason": reason,
    }
    return svc.chat.report(record)
