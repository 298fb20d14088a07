"""The event store contract (keys, AppendResult, Conflict) and RedisStore, which keeps each game in one Redis stream.

Every key of a game shares the Cluster hash tag ``{<id>}`` so that one Lua script may touch them all:

- ``game:{id}:events`` the stream; entry ``0-<version>`` holds one envelope as JSON in field ``e``; never trimmed
- ``game:{id}:cmds``   hash command id -> ``{"first": v1, "last": vN}``, kept forever so a retry is always recognised
- ``game:{id}:snap``   hash snapshot tag -> ``{"version": v, "state": ...}``
- ``game:{id}:meta``, ``game:{id}:tokens``, ``game:{id}:commands`` hashes the service owns, written with an append
  through ``extra`` (game facts, seat token hashes, and each command as sent, for the audit)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

import redis

from events.envelope import Actor, Envelope, canonical_json, seal

#: The suffixes of every key a game has.
GAME_KEYS = ("events", "cmds", "snap", "meta", "tokens", "commands")
#: The keys an append's extra HSETs may write; the others belong to the store.
EXTRA_KEYS = ("meta", "tokens", "commands")

#: An extra HSET applied with an append: (key suffix, field, value).
Extra = tuple[str, str, str]

# Reads a snapshot and the events after it in one round trip. The snapshot JSON is written with its
# version first so that the script can read the version without decoding a possibly large state.
_LOAD_LUA = """
local snapshot = redis.call("HGET", KEYS[1], ARGV[1])
local after = 0
if snapshot then
  after = tonumber(string.match(snapshot, '^{"version":(%d+),'))
end
return {snapshot or false, redis.call("XRANGE", KEYS[2], "0-" .. (after + 1), "+")}
"""


def key(game_id: str, suffix: str) -> str:
    """The Redis key of one of a game's structures, e.g. ``key("g1", "events") == "game:{g1}:events"``."""
    return f"game:{{{game_id}}}:{suffix}"


class Conflict(Exception):
    """The game moved on: it was at ``actual`` events, not the ``expected`` the command was decided on."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected = expected
        self.actual = actual


class BrokenChain(ValueError):
    """The previous hash given to append is not the hash of the game's last event."""


@dataclass(frozen=True)
class AppendResult:
    """What an append wrote (or, for a repeated command id, what its first append wrote)."""

    first: int
    last: int
    duplicate: bool
    envelopes: list[Envelope]


def check_service_key(suffix: str) -> str:
    """``suffix`` if it names one of the service's hashes, which extra HSETs may write; else ValueError."""
    if suffix not in EXTRA_KEYS:
        raise ValueError(f"only the hashes {EXTRA_KEYS} are the service's, not {suffix!r}")
    return suffix


def check_extra(extra: list[Extra] | None) -> list[Extra]:
    """The extra HSETs as a list, refusing any aimed at the store's own keys."""
    return [(check_service_key(suffix), field, value) for suffix, field, value in extra or []]


def command_record(first: int, last: int) -> str:
    """The JSON kept under a command id: the span of versions its append wrote."""
    return json.dumps({"first": first, "last": last})


def snapshot_json(version: int, state: Any) -> str:
    """A snapshot as stored: version first, so a reader can find it without decoding the state."""
    return f'{{"version":{int(version)},"state":{canonical_json(state)}}}'


def as_text(value: bytes | str) -> str:
    """A reply from Redis as str, whether or not the client decodes responses."""
    return value.decode() if isinstance(value, bytes) else value


def _envelopes(entries: list[Any]) -> list[Envelope]:
    """Envelopes from stream entries, as redis-py parses them ((id, {field: value})) or Lua returns them."""
    out = []
    for _, values in entries:
        # Field "e" is an entry's only field, so its value is the last item however the pairs are shaped.
        raw = next(reversed(values.values())) if isinstance(values, dict) else values[-1]
        out.append(json.loads(raw))
    return out


class RedisStore:
    """The event store on Redis: one stream per game, appends made atomic and idempotent by one Lua script."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock
        self._append = client.register_script(resources.files("events").joinpath("append.lua").read_text())
        self._load = client.register_script(_LOAD_LUA)

    def append(
        self,
        game_id: str,
        expected_version: int,
        prev_hash: str,
        command_id: str,
        events: list[dict[str, Any]],
        actor: Actor,
        extra: list[Extra] | None = None,
        at: float | None = None,
    ) -> AppendResult:
        """Seal and append ``events`` if the game is at ``expected_version``, at most once per ``command_id``.

        ``at`` is the server time the events were decided at (default: now), sealed into each envelope so that a
        replay decides them with the same time.
        """
        extra = check_extra(extra)
        sealed = seal(events, expected_version + 1, prev_hash, actor, command_id, self.clock() if at is None else at)
        envelopes = [s.envelope for s in sealed]
        first, last = expected_version + 1, expected_version + len(envelopes)
        suffixes = list(dict.fromkeys(suffix for suffix, _, _ in extra))
        keys = [key(game_id, "events"), key(game_id, "cmds")] + [key(game_id, suffix) for suffix in suffixes]
        args: list[Any] = [command_id, expected_version, prev_hash, command_record(first, last), len(envelopes)]
        args += [s.text for s in sealed]
        for suffix, field, value in extra:
            args += [suffixes.index(suffix) + 3, field, value]
        reply = self._append(keys=keys, args=args)
        status = as_text(reply[0])
        if status == "dup":
            span = json.loads(reply[1])
            return AppendResult(span["first"], span["last"], True, _envelopes(reply[2]))
        if status == "conflict":
            raise Conflict(expected_version, int(reply[1]))
        if status == "badprev":
            raise BrokenChain(f"{game_id} ends with hash {as_text(reply[1])}, not {prev_hash}")
        return AppendResult(first, last, False, envelopes)

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Envelope]:
        """The game's envelopes after version ``after``, oldest first, at most ``limit`` of them."""
        return _envelopes(self.redis.xrange(key(game_id, "events"), f"0-{after + 1}", "+", count=limit))

    def event_times(self, game_id: str, versions: list[int]) -> dict[int, float]:
        """The server times of the game's events at ``versions``, read in one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        for version in versions:
            pipe.xrange(key(game_id, "events"), f"0-{version}", f"0-{version}")
        return {
            version: envelope["time"]
            for version, entries in zip(versions, pipe.execute(), strict=True)
            for envelope in _envelopes(entries)
        }

    def version(self, game_id: str) -> int:
        """The number of events the game has (0 for an unknown game)."""
        return self.redis.xlen(key(game_id, "events"))

    def recorded(self, game_id: str, command_id: str) -> AppendResult | None:
        """What the append of ``command_id`` wrote, if it was ever appended."""
        record = self.redis.hget(key(game_id, "cmds"), command_id)
        if record is None:
            return None
        span = json.loads(record)
        written = (
            self.read(game_id, span["first"] - 1, span["last"] - span["first"] + 1)
            if span["last"] >= span["first"]
            else []
        )
        return AppendResult(span["first"], span["last"], True, written)

    def exists(self, game_id: str) -> bool:
        """True once the game has at least one event."""
        return bool(self.redis.exists(key(game_id, "events")))

    def read_hash(self, game_id: str, suffix: str) -> dict[str, str]:
        """All fields of one of the game's service hashes (``meta``, ``tokens`` or ``commands``)."""
        fields = self.redis.hgetall(key(game_id, check_service_key(suffix)))
        return {as_text(field): as_text(value) for field, value in fields.items()}

    def save_snapshot(self, game_id: str, tag: str, version: int, state: Any) -> None:
        """Keep ``state`` as of ``version`` under ``tag`` ("<game type>:<state_version>"), replacing the last one."""
        self.redis.hset(key(game_id, "snap"), tag, snapshot_json(version, state))

    def load_snapshot(self, game_id: str, tag: str) -> tuple[int, Any] | None:
        """The (version, state) saved under ``tag``, or None."""
        raw = self.redis.hget(key(game_id, "snap"), tag)
        if raw is None:
            return None
        snapshot = json.loads(raw)
        return snapshot["version"], snapshot["state"]

    def load(self, game_id: str, tag: str) -> tuple[int, Any, list[Envelope]]:
        """(snapshot version, snapshot state or None, the envelopes after it), read in one round trip."""
        raw, entries = self._load(keys=[key(game_id, "snap"), key(game_id, "events")], args=[tag])
        if raw is None:
            return 0, None, _envelopes(entries)
        snapshot = json.loads(raw)
        return snapshot["version"], snapshot["state"], _envelopes(entries)

    def wait(
        self, game_id: str, after: int, timeout_ms: int, connection: redis.Connection | None = None
    ) -> list[Envelope]:
        """The envelopes after version ``after``, blocking up to ``timeout_ms`` (0: for ever) until there are some.

        It blocks on ``connection`` (one the caller holds, as a stream does), else on one of the store's. The
        reply is awaited for the block and then the connection's socket timeout, so a block never ends in a
        socket timeout, and a Redis that stops answering ends the wait (TimeoutError) one socket timeout late.
        """
        if connection is None:
            pool = self.redis.connection_pool
            held = pool.get_connection()
            try:
                return self.wait(game_id, after, timeout_ms, held)
            finally:
                pool.release(held)
        grace = connection.socket_timeout
        patience = None if timeout_ms == 0 or grace is None else timeout_ms / 1000 + grace
        connection.send_command("XREAD", "BLOCK", timeout_ms, "STREAMS", key(game_id, "events"), f"0-{after}")
        reply = connection.read_response(timeout=patience)
        if not reply:
            return []
        # RESP2 gives [[stream, entries]], RESP3 {stream: entries}; either way one stream was asked for.
        entries = next(iter(reply.values())) if isinstance(reply, dict) else reply[0][1]
        return _envelopes(entries)
