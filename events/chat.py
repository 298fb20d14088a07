"""Games' chat on Redis: each game's messages in a stream of their own, players' mutes, and the operator's reports.

Keys::

    game:{<game id>}:chat          stream of the game's messages, entry id = the message's id, field ``m`` its JSON
                                   record {"room", "player", "seat", "name", "text" or "phrase", "at"}; trimmed to
                                   about MAX_KEPT messages; deleted with the game (events/store.py GAME_KEYS)
    game:{<game id>}:chat-deleted  hash message id -> its tombstone's JSON {"room", "player", "seat", "name", "at",
                                   "deleted", "deleted_at"}: what is left of a message the operator deleted
    player:{<player id>}:mutes     set of the player ids the player muted
    chat:reports                   stream of reports (the operator's), entry id = the report's id, field ``r`` its JSON

A message's stream sits in its game's hash slot (tag ``{<game id>}``) but is no part of the game's hash chain:
the log records what was played, the chat what was said. Each posted message is PUBLISHed on
``game:{<game id>}:chatted`` (its id and record) for the event streams (service/streams/reader.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import redis

from events.store import as_text, key

#: Messages a game's chat keeps, about (older ones are trimmed away as new ones come).
MAX_KEPT = 5000
#: The stream of reports, global: the operator reads them across games.
REPORTS = "chat:reports"
#: Reports kept, about.
MAX_REPORTS = 10_000


def chat_key(game_id: str) -> str:
    """The stream of a game's messages."""
    return key(game_id, "chat")


def deleted_key(game_id: str) -> str:
    """The hash of a game's deleted messages' tombstones."""
    return key(game_id, "chat-deleted")


def chatted_channel(game_id: str) -> str:
    """The channel a game's new messages are announced on."""
    return key(game_id, "chatted")


def mutes_key(pid: str) -> str:
    """The set of the players a player muted."""
    return f"player:{{{pid}}}:mutes"


def _order(message_id: str) -> tuple[int, int]:
    """A stream id as numbers, so that ids compare as the stream orders them."""
    ms, _, seq = message_id.partition("-")
    return int(ms), int(seq or 0)


def _entries(client: redis.Redis, stream: str, start: str, end: str, limit: int) -> list[dict[str, Any]]:
    """Up to ``limit`` entries of ``stream`` from ``start`` to ``end``: each one's record (its only field's JSON) with
    its id."""
    found: list[Any] = client.xrange(stream, start, end, count=limit) or []
    return [{"id": as_text(entry_id), **json.loads(next(iter(fields.values())))} for entry_id, fields in found]


class Chat:
    """The chat of games on one Redis."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock

    def post(self, game_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """Keep a message (``record`` without ``at``) in the game's chat and announce it: the message with its id."""
        message = {**record, "at": self.clock()}
        body = json.dumps(message, separators=(",", ":"))
        message_id = as_text(self.redis.xadd(chat_key(game_id), {"m": body}, maxlen=MAX_KEPT, approximate=True))
        stored = {"id": message_id, **message}
        self.redis.publish(chatted_channel(game_id), json.dumps(stored, separators=(",", ":")))
        return stored

    def page(self, game_id: str, after: str | None, limit: int, rooms: set[str]) -> list[dict[str, Any]]:
        """Up to ``limit`` messages of ``rooms`` after the id ``after`` (None: from the oldest kept), oldest first,
        a deleted one as its tombstone."""
        start = "-" if after is None else f"({after}"
        found: list[dict[str, Any]] = []
        tombstones = self._tombstones(game_id, after)
        while len(found) < limit:
            entries = _entries(self.redis, chat_key(game_id), start, "+", limit)
            found += [message for message in entries if message["room"] in rooms]
            if len(entries) < limit:
                break
            start = f"({entries[-1]['id']}"
        # A tombstone sits where its message was: up to the last message read, or anywhere once the chat is read out.
        reached = found[-1]["id"] if len(found) >= limit else None
        found += [
            stone
            for stone in tombstones
            if stone["room"] in rooms and (reached is None or _order(stone["id"]) < _order(reached))
        ]
        found.sort(key=lambda message: _order(message["id"]))
        return found[:limit]

    def _tombstones(self, game_id: str, after: str | None) -> list[dict[str, Any]]:
        """The game's tombstones after the id ``after``."""
        stones = [
            {"id": as_text(message_id), **json.loads(record)}
            for message_id, record in self.redis.hgetall(deleted_key(game_id)).items()
        ]
        return [stone for stone in stones if after is None or _order(stone["id"]) > _order(after)]

    def get(self, game_id: str, message_id: str) -> dict[str, Any] | None:
        """A kept message by its id, or None (unknown, trimmed or deleted)."""
        entries = _entries(self.redis, chat_key(game_id), message_id, message_id, 1)
        return entries[0] if entries else None

    def delete(self, game_id: str, message_id: str, by: str) -> bool:
        """Delete a message, leaving its tombstone (who sent it, in which room, when; never its words); False if
        there is no such message."""
        message = self.get(game_id, message_id)
        if message is None:
            return False
        kept = {name: message.get(name) for name in ("room", "player", "seat", "name", "at")}
        stone = {**kept, "deleted": True, "deleted_by": by, "deleted_at": self.clock()}
        with self.redis.pipeline(transaction=True) as tx:
            tx.hset(deleted_key(game_id), message_id, json.dumps(stone, separators=(",", ":")))
            tx.xdel(chat_key(game_id), message_id)
            tx.execute()
        return True

    def mute(self, pid: str, muted: str) -> None:
        """Player ``pid`` no longer reads player ``muted``."""
        self.redis.sadd(mutes_key(pid), muted)

    def unmute(self, pid: str, muted: str) -> bool:
        """Player ``pid`` reads player ``muted`` again; False if ``muted`` was not muted."""
        return bool(self.redis.srem(mutes_key(pid), muted))

    def muted(self, pid: str | None) -> set[str]:
        """The players ``pid`` muted (None: nobody's reader, nobody muted)."""
        return set() if pid is None else {as_text(member) for member in self.redis.smembers(mutes_key(pid))}

    def report(self, record: dict[str, Any]) -> dict[str, Any]:
        """Keep a report for the operator (``record`` without ``at``): it as kept, with its id."""
        report = {**record, "at": self.clock()}
        body = json.dumps(report, separators=(",", ":"))
        return {"id": as_text(self.redis.xadd(REPORTS, {"r": body}, maxlen=MAX_REPORTS, approximate=True)), **report}

    def reports(self, limit: int, after: str | None = None) -> list[dict[str, Any]]:
        """Up to ``limit`` reports after the id ``after``, oldest first; without ``after``, the newest ``limit``."""
        if after is not None:
            return _entries(self.redis, REPORTS, f"({after}", "+", limit)
        newest: list[Any] = self.redis.xrevrange(REPORTS, "+", "-", count=limit) or []
        last = as_text(newest[-1][0]) if newest else "+"
        return _entries(self.redis, REPORTS, last, "+", limit)
