"""RedisStore, the event store on Redis (it keeps the contract of events/contract.py): each game in one stream.

Every key of a game shares the Cluster hash tag ``{<id>}`` so that one Lua script may touch them all:

- ``game:{id}:events`` the stream; entry ``0-<version>`` holds one envelope as JSON in field ``e``; never trimmed
- ``game:{id}:cmds``   hash command id -> ``{"first": v1, "last": vN}``, kept forever so a retry is always recognised;
  its empty field holds the game's head, ``"<version> <hash of that event>"``, which an append checks the previous
  hash against without reading the stream's last entry (a log without it, written before, is read as it was)
- ``game:{id}:snap``   hash snapshot tag -> ``{"version": v, "state": ...}``, the newest snapshot of each tag
- ``game:{id}:past``   sorted set of the snapshots kept for replays (one every DOGPARK_SNAPSHOT_KEEP_EVERY versions):
  member ``<tag> {"version": v, "state": ...}``, score ``v`` (a game stored before it was kept has none: a replay
  starts from the newest snapshot if it is old enough, else from the first event)
- ``game:{id}:meta``, ``game:{id}:tokens``, ``game:{id}:commands`` hashes the service owns, written with an append
  through ``extra`` (game facts, seat token hashes, and each command as sent, for the audit)

An append may also write keys outside the game through ``index`` (HSET or ZADD, e.g. a player's list of games, and
PUBLISH, to announce the change). On one Redis they are written in the same atomic step. On a Cluster they sit in
other hash slots, so they are written right after the append, one script per slot (``_INDEX_LUA``), and a field
is only ever replaced by one written at a later version of the game (kept in ``<key>:versions``): the writes of two
appends of a game may arrive in either order. A process that dies between the two steps leaves those fields one
change behind until they next change (docs/reliability.md, "Redis Cluster").

Each append waits for what DOGPARK_DURABILITY asks (events/durability.py) before it returns, so every writer (the
API, the workers) acknowledges a command only once it is as durable as asked.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.crc import key_slot

from events.connect import is_cluster, on_node
from events.contract import (
    EXTRA_KEYS,
    AppendResult,
    BrokenChain,
    Conflict,
    Extra,
    IndexWrite,
    Store,
    check_command_id,
    check_extra,
    check_index,
    check_service_key,
    command_record,
    snapshot_json,
)
from events.durability import Durability
from events.envelope import Actor, Envelope, parse, seal

#: The suffixes of every key a game has: the store's own, then the service's (its invitations: events/invitations.py;
#: its chat and the tombstones of its deleted messages: events/chat.py).
GAME_KEYS = ("events", "cmds", "snap", "past", *EXTRA_KEYS, "invitations", "chat", "chat-deleted")
#: A key with a Cluster hash tag: the first "{" followed by at least one character before the next "}".
HASH_TAG = re.compile(r"[^{]*\{[^}]+\}")


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

# The game up to a version, from the nearest snapshot at or before it, in one round trip: the newest snapshot if it
# is old enough, else the nearest kept one of the tag (a page at a time: kept snapshots of an older tag may lie
# between), then the events after it up to the version.
# KEYS: the newest snapshots, the kept ones, the stream; ARGV: the tag, the version.
_LOAD_AT_LUA = """
local version, prefix = tonumber(ARGV[2]), ARGV[1] .. " "
local function at(snapshot)
  return tonumber(string.match(snapshot, '^{"version":(%d+),'))
end
local snapshot = redis.call("HGET", KEYS[1], ARGV[1])
if not snapshot or at(snapshot) > version then
  snapshot = false
  local offset, page = 0, {}
  repeat
    page = redis.call("ZREVRANGEBYSCORE", KEYS[2], version, "-inf", "LIMIT", offset, 8)
    for _, member in ipairs(page) do
      if string.sub(member, 1, #prefix) == prefix then
        snapshot = string.sub(member, #prefix + 1)
        break
      end
    end
    offset = offset + #page
  until snapshot or #page < 8
end
local after = snapshot and at(snapshot) or 0
if after >= version then
  return {snapshot, {}}
end
return {snapshot, redis.call("XRANGE", KEYS[3], "0-" .. (after + 1), "0-" .. version)}
"""

# On a Cluster, an append's writes outside its game, in one slot, right after the append (see the module's doc).
# KEYS: pairs (a key the writes name, the hash of the game version each of its fields was written at)
# ARGV[1] the game's version after the append; ARGV[2..] the writes as the append script takes them.
# A publish after hsets that changed nothing (older, or the same entry again) is left out: nothing to announce.
_INDEX_LUA = """
local version, quiet, ours = tonumber(ARGV[1]), false, {}
for i = 2, #ARGV, 4 do
  local at = tonumber(ARGV[i + 1])
  local target, versions, field, value = KEYS[at], KEYS[at + 1], ARGV[i + 2], ARGV[i + 3]
  if ARGV[i] == "hset" then
    quiet = true
    -- A later write of a field in this same call wins, as it would written one by one.
    if ours[at .. " " .. field] or version > tonumber(redis.call("HGET", versions, field) or "0") then
      ours[at .. " " .. field] = true
      redis.call("HSET", versions, field, version)
      if redis.call("HGET", target, field) ~= value then
        redis.call("HSET", target, field, value)
        quiet = false
      end
    end
  elseif ARGV[i] == "zadd" then
    redis.call("ZADD", target, value, field)
  else
    if not quiet then
      redis.call("PUBLISH", target, field)
    end
    quiet = false
  end
end
"""


def key(game_id: str, suffix: str) -> str:
    """The Redis key of one of a game's structures, e.g. ``key("g1", "events") == "game:{g1}:events"``."""
    return f"game:{{{game_id}}}:{suffix}"


def check_tagged(index: list[IndexWrite]) -> None:
    """On a Cluster, refuse an index key without a hash tag: its versions hash must share its slot."""
    for write in index:
        if not HASH_TAG.match(write.key):
            raise ValueError(
                f"on a Redis Cluster an index key carries a hash tag, as player:{{<pid>}}:games does: not {write.key!r}"
            )


def versions_key(index_key: str) -> str:
    """On a Cluster, the hash of the game version each field of ``index_key`` was last written at."""
    return f"{index_key}:versions"


def script_writes(writes: list[IndexWrite], args: list[Any], before: int) -> list[str]:
    """Add ``writes`` to the append script's ``args`` as it takes them, and return the keys they name, which follow
    the script's ``before`` keys of its own.

    Every write names its key by its position in KEYS, so each key is passed once however many fields it gets; a
    run of hsets (or zadds) to one key is one command, since each command a script calls costs Redis as much as a
    few fields more (the handler writes three fields of a game's meta on every command).
    """
    position: dict[str, int] = {}
    run, count_at = None, 0
    for write in writes:
        at = position.setdefault(write.key, before + 1 + len(position))
        if write.command == "publish":
            args += ["publish", at, 1, write.field]
            run = None
            continue
        if (write.command, write.key) != run:
            args += [write.command, at, 0]
            run, count_at = (write.command, write.key), len(args) - 1
        args[count_at] += 2
        args += [write.value, write.field] if write.command == "zadd" else [write.field, write.value]
    return list(position)


def as_text(value: object) -> str:
    """A reply from Redis as str, whether or not the client decodes responses; TypeError for a reply that is no text
    (redis-py types a reply by every shape its command may take, e.g. a ZRANGE's as pairs with scores too)."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, str):
        return value
    raise TypeError(f"a Redis reply of text, not {value!r}")


def _envelopes(entries: list[Any]) -> list[Envelope]:
    """Envelopes from stream entries, as redis-py parses them ((id, {field: value})) or Lua returns them."""
    out = []
    for _, values in entries:
        # Field "e" is an entry's only field, so its value is the last item however the pairs are shaped.
        raw = next(reversed(values.values())) if isinstance(values, dict) else values[-1]
        out.append(parse(raw))
    return out


class RedisStore:
    """The event store on Redis: one stream per game, appends made atomic and idempotent by one Lua script."""

    def __init__(
        self,
        client: redis.Redis | RedisCluster,
        clock: Callable[[], float] = time.time,
        durability: Durability | None = None,
    ) -> None:
        self.redis = client
        self.clock = clock
        self.durability = durability or Durability()
        #: True on a Cluster, where an append's index writes are made right after it (see the module's doc).
        self.index_apart = is_cluster(client)
        self._append = client.register_script(resources.files("events").joinpath("append.lua").read_text())
        self._load = client.register_script(_LOAD_LUA)
        self._load_at = client.register_script(_LOAD_AT_LUA)
        self._index = client.register_script(_INDEX_LUA)

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
        index: list[IndexWrite] | None = None,
    ) -> AppendResult:
        """Seal and append ``events`` if the game is at ``expected_version``, at most once per ``command_id``.

        ``at`` is the server time the events were decided at (default: now), sealed into each envelope so that a
        replay decides them with the same time. ``extra`` and ``index`` are written with the events, or not at all
        (on a Cluster, ``index`` right after them). Raises NotDurable (a redis.TimeoutError) when the append, or
        the first append of a repeated command id, is not confirmed as DOGPARK_DURABILITY asks.
        """
        extra, index = check_extra(extra), check_index(index)
        if self.index_apart:
            check_tagged(index)
        check_command_id(command_id)
        sealed = seal(events, expected_version + 1, prev_hash, actor, command_id, self.clock() if at is None else at)
        envelopes = [s.envelope for s in sealed]
        first, last = expected_version + 1, expected_version + len(envelopes)
        head = envelopes[-1]["hash"] if envelopes else prev_hash
        keys = [key(game_id, "events"), key(game_id, "cmds")]
        args: list[Any] = [command_id, expected_version, prev_hash, command_record(first, last), f"{last} {head}"]
        args.append(len(sealed))
        args += [s.text for s in sealed]
        writes = [IndexWrite("hset", key(game_id, suffix), field, value) for suffix, field, value in extra]
        writes += [] if self.index_apart else index
        if writes:
            keys += script_writes(writes, args, len(keys))
        reply, confirmation = self._send_append(keys, args)
        if isinstance(reply, int):
            # The game's version after the append: it is made.
            if self.index_apart and index:
                self.write_index(index, last)
            self._confirm(confirmation, command_id)
            return AppendResult(first, last, False, envelopes)
        status = as_text(reply[0])
        if status == "conflict":
            raise Conflict(expected_version, int(reply[1]))
        if status == "badprev":
            raise BrokenChain(f"{game_id} ends with hash {as_text(reply[1])}, not {prev_hash}")
        self._confirm(confirmation, command_id)
        span = json.loads(reply[1])
        return AppendResult(span["first"], span["last"], True, _envelopes(reply[2]))

    def _send_append(self, keys: list[str], args: list[Any]) -> tuple[Any, Any]:
        """The append script's reply, and the reply of the confirmation DOGPARK_DURABILITY sends right after it on
        the same connection (None when the mode sends none)."""
        if self.durability.mode == "ack":
            return self._run_append(self.redis, keys, args), None
        return on_node(self.redis, keys[0], lambda node: self._append_confirmed(node, keys, args))

    def _run_append(self, client: Any, keys: list[str], args: list[Any]) -> Any:
        """The append script's reply from ``client``: EVALSHA as is (an append is the command path's hottest call,
        and redis-py's Script wrapper costs a few microseconds), loading the script where the server lacks it (a
        restart, a SCRIPT FLUSH, a promoted replica) and sending it again."""
        try:
            return client.execute_command("EVALSHA", self._append.sha, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            client.script_load(self._append.script)
            return client.execute_command("EVALSHA", self._append.sha, len(keys), *keys, *args)

    def _append_confirmed(self, node: redis.Redis, keys: list[str], args: list[Any]) -> tuple[Any, Any]:
        """The append and its confirmation in one pipeline on ``node``, the server holding the game."""
        confirmation = self.durability.confirmation(node)
        if confirmation is None:
            return self._run_append(node, keys, args), None
        reply, confirmed = self._pipelined(node, keys, args, confirmation)
        if isinstance(reply, redis.exceptions.NoScriptError):
            # A server that has not run the script yet (a replica promoted since): load it there and send again.
            node.script_load(self._append.script)
            reply, confirmed = self._pipelined(node, keys, args, confirmation)
        for answer in (reply, confirmed):
            if isinstance(answer, Exception):
                raise answer
        return reply, confirmed

    def _pipelined(self, node: redis.Redis, keys: list[str], args: list[Any], confirmation: tuple) -> list[Any]:
        pipe = node.pipeline(transaction=False)
        pipe.evalsha(self._append.sha, len(keys), *keys, *args)
        pipe.execute_command(*confirmation)
        return pipe.execute(raise_on_error=False)

    def _confirm(self, confirmation: Any, command_id: str) -> None:
        if confirmation is not None:
            self.durability.confirm(confirmation, command_id)

    def write_index(self, index: list[IndexWrite], version: int) -> None:
        """On a Cluster, an append's index writes right after it: one script per hash slot, stamped with the game's
        ``version``, so that an older append's writes arriving later change nothing."""
        by_slot: dict[int, list[IndexWrite]] = {}
        for write in index:
            # The slot as the cluster client computes it (RedisCluster.keyslot), from the key as it encodes it.
            by_slot.setdefault(key_slot(self.redis.get_encoder().encode(write.key)), []).append(write)
        for writes in by_slot.values():
            names = list(dict.fromkeys(write.key for write in writes))
            keys = [name for target in names for name in (target, versions_key(target))]
            args: list[Any] = [version]
            for write in writes:
                args += [write.command, 2 * names.index(write.key) + 1, write.field, write.value]
            self._index(keys=keys, args=args)

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Envelope]:
        """The game's envelopes after version ``after``, oldest first, at most ``limit`` of them."""
        return _envelopes(self.redis.xrange(key(game_id, "events"), f"0-{after + 1}", "+", count=limit) or [])

    def read_back(self, game_id: str, through: int, limit: int) -> list[Envelope]:
        """The game's envelopes up to version ``through``, newest first, at most ``limit`` of them."""
        return _envelopes(self.redis.xrevrange(key(game_id, "events"), f"0-{through}", "-", count=limit) or [])

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
        """What the append of ``command_id`` wrote, if it was ever appended; NotDurable if that append is not yet
        as durable as DOGPARK_DURABILITY asks (its first try may have been answered 503 for that)."""
        check_command_id(command_id)
        record = self.redis.hget(key(game_id, "cmds"), command_id)
        if record is None:
            return None
        self._reconfirm(game_id, command_id, record)
        span = json.loads(record)
        written = (
            self.read(game_id, span["first"] - 1, span["last"] - span["first"] + 1)
            if span["last"] >= span["first"]
            else []
        )
        return AppendResult(span["first"], span["last"], True, written)

    def _reconfirm(self, game_id: str, command_id: str, record: bytes | str) -> None:
        """Confirm a recorded command as its append is confirmed: its record written again, unchanged (a write of
        this connection's, which the confirmation covers along with everything before it), then WAIT or WAITAOF."""
        if self.durability.mode == "ack":
            return

        def rewrite(node: redis.Redis) -> Any:
            confirmation = self.durability.confirmation(node)
            if confirmation is None:
                return None
            pipe = node.pipeline(transaction=False)
            pipe.hset(key(game_id, "cmds"), command_id, record)
            pipe.execute_command(*confirmation)
            return pipe.execute()[1]

        self._confirm(on_node(self.redis, key(game_id, "cmds"), rewrite), command_id)

    def exists(self, game_id: str) -> bool:
        """True once the game has at least one event."""
        return bool(self.redis.exists(key(game_id, "events")))

    def read_hash(self, game_id: str, suffix: str) -> dict[str, str]:
        """All fields of one of the game's service hashes (``meta``, ``tokens`` or ``commands``)."""
        fields = self.redis.hgetall(key(game_id, check_service_key(suffix)))
        return {as_text(field): as_text(value) for field, value in fields.items()}

    def read_field(self, game_id: str, suffix: str, field: str) -> str | None:
        """One field of one of the game's service hashes, or None if it has none such."""
        value = self.redis.hget(key(game_id, check_service_key(suffix)), field)
        return None if value is None else as_text(value)

    def save_snapshot(self, game_id: str, tag: str, version: int, state: Any, keep: bool = False) -> None:
        """Keep ``state`` as of ``version`` under ``tag`` ("<game type>:<state_version>"), replacing the newest one;
        with ``keep``, also among the game's past snapshots, in the same round trip."""
        snapshot = snapshot_json(version, state)
        if not keep:
            self.redis.hset(key(game_id, "snap"), tag, snapshot)
            return
        pipe = self.redis.pipeline(transaction=False)
        pipe.hset(key(game_id, "snap"), tag, snapshot)
        pipe.zadd(key(game_id, "past"), {tag.encode() + b" " + snapshot: version})
        pipe.execute()

    def load_snapshot(self, game_id: str, tag: str) -> tuple[int, Any] | None:
        """The newest (version, state) saved under ``tag``, or None."""
        raw = self.redis.hget(key(game_id, "snap"), tag)
        if raw is None:
            return None
        snapshot = parse(raw)
        return snapshot["version"], snapshot["state"]

    def load(self, game_id: str, tag: str) -> tuple[int, Any, list[Envelope]]:
        """(snapshot version, snapshot state or None, the envelopes after it), read in one round trip."""
        raw, entries = self._load(keys=[key(game_id, "snap"), key(game_id, "events")], args=[tag])
        if raw is None:
            return 0, None, _envelopes(entries)
        snapshot = parse(raw)
        return snapshot["version"], snapshot["state"], _envelopes(entries)

    def load_at(self, game_id: str, tag: str, version: int) -> tuple[int, Any, list[Envelope]]:
        """The nearest snapshot at or before ``version`` (or none) and the envelopes after it up to ``version``, read
        in one round trip."""
        keys = [key(game_id, "snap"), key(game_id, "past"), key(game_id, "events")]
        raw, entries = self._load_at(keys=keys, args=[tag, version])
        if raw is None:
            return 0, None, _envelopes(entries)
        snapshot = parse(raw)
        return snapshot["version"], snapshot["state"], _envelopes(entries)


# RedisStore keeps the contract: mypy checks this assignment against the protocol, method by method.
_KEEPS_THE_CONTRACT: type[Store] = RedisStore
