"""MemoryStore: the event store's contract (events/contract.py) kept in one Python process."""

from __future__ import annotations

import json
import threading
import time
from bisect import insort
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from events.contract import (
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
from events.envelope import GENESIS, Actor, Envelope, seal


@dataclass
class _Game:
    # Everything is kept as the JSON Redis would hold, so no caller can alter stored data through a shared dict.
    events: list[bytes] = field(default_factory=list)
    cmds: dict[str, str] = field(default_factory=dict)
    snap: dict[str, bytes] = field(default_factory=dict)
    #: The snapshots kept for replays: (version, tag, snapshot), in the order of their versions.
    past: list[tuple[int, str, bytes]] = field(default_factory=list)
    hashes: defaultdict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))


class MemoryStore:
    """The event store in a dict of games, with RedisStore's semantics; safe to share between threads."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._games: defaultdict[str, _Game] = defaultdict(_Game)
        # The keys outside the games that appends wrote through ``index``: hashes and sorted sets, by key (nobody
        # subscribes to a memory store, so its publishes go nowhere).
        self._hashes: defaultdict[str, dict[str, str]] = defaultdict(dict)
        self._sorted: defaultdict[str, dict[str, float]] = defaultdict(dict)
        self._lock = threading.RLock()

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
        """Seal and append ``events`` if the game is at ``expected_version``, at most once per ``command_id``."""
        extra, index = check_extra(extra), check_index(index)
        check_command_id(command_id)
        sealed = seal(events, expected_version + 1, prev_hash, actor, command_id, self.clock() if at is None else at)
        envelopes = [s.envelope for s in sealed]
        with self._lock:
            game = self._games[game_id]
            if command_id in game.cmds:
                span = json.loads(game.cmds[command_id])
                written = [json.loads(raw) for raw in game.events[span["first"] - 1 : span["last"]]]
                return AppendResult(span["first"], span["last"], True, written)
            if len(game.events) != expected_version:
                raise Conflict(expected_version, len(game.events))
            head = json.loads(game.events[-1])["hash"] if game.events else GENESIS
            if head != prev_hash:
                raise BrokenChain(f"{game_id} ends with hash {head}, not {prev_hash}")
            game.events += [s.text for s in sealed]
            game.cmds[command_id] = command_record(expected_version + 1, expected_version + len(envelopes))
            for suffix, name, value in extra:
                game.hashes[suffix][name] = value
            for write in index:
                if write.command == "zadd":
                    self._sorted[write.key][write.field] = float(write.value)
                elif write.command == "hset":
                    self._hashes[write.key][write.field] = write.value
        return AppendResult(expected_version + 1, expected_version + len(envelopes), False, envelopes)

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Envelope]:
        """The game's envelopes after version ``after``, oldest first, at most ``limit`` of them."""
        with self._lock:
            raws = self._games[game_id].events[after:] if game_id in self._games else []
        return [json.loads(raw) for raw in raws[:limit]]

    def read_back(self, game_id: str, through: int, limit: int) -> list[Envelope]:
        """The game's envelopes up to version ``through``, newest first, at most ``limit`` of them."""
        with self._lock:
            raws = self._games[game_id].events[:through] if game_id in self._games else []
        return [json.loads(raw) for raw in reversed(raws[-limit:])] if limit > 0 else []

    def event_times(self, game_id: str, versions: list[int]) -> dict[int, float]:
        """The server times of the game's events at ``versions``; a version the game has no event at is left out."""
        with self._lock:
            raws = self._games[game_id].events if game_id in self._games else []
            return {version: json.loads(raws[version - 1])["time"] for version in versions if 0 < version <= len(raws)}

    def version(self, game_id: str) -> int:
        """The number of events the game has (0 for an unknown game)."""
        with self._lock:
            return len(self._games[game_id].events) if game_id in self._games else 0

    def recorded(self, game_id: str, command_id: str) -> AppendResult | None:
        """What the append of ``command_id`` wrote, if it was ever appended."""
        check_command_id(command_id)
        with self._lock:
            record = self._games[game_id].cmds.get(command_id) if game_id in self._games else None
        if record is None:
            return None
        span = json.loads(record)
        return AppendResult(
            span["first"], span["last"], True, self.read(game_id, span["first"] - 1, span["last"] - span["first"] + 1)
        )

    def exists(self, game_id: str) -> bool:
        """True once the game has at least one event."""
        return self.version(game_id) > 0

    def read_hash(self, game_id: str, suffix: str) -> dict[str, str]:
        """All fields of one of the game's service hashes (``meta``, ``tokens`` or ``commands``)."""
        check_service_key(suffix)
        with self._lock:
            return dict(self._games[game_id].hashes.get(suffix, {})) if game_id in self._games else {}

    def read_field(self, game_id: str, suffix: str, field: str) -> str | None:
        """One field of one of the game's service hashes, or None if it has none such."""
        check_service_key(suffix)
        with self._lock:
            return self._games[game_id].hashes.get(suffix, {}).get(field) if game_id in self._games else None

    def save_snapshot(self, game_id: str, tag: str, version: int, state: Any, keep: bool = False) -> None:
        """Keep ``state`` as of ``version`` under ``tag`` ("<game type>:<state_version>"), replacing the newest one;
        with ``keep``, also among the game's past snapshots."""
        snapshot = snapshot_json(version, state)
        with self._lock:
            game = self._games[game_id]
            game.snap[tag] = snapshot
            if keep:
                # As a sorted set would: one entry per (tag, snapshot), ordered by version.
                game.past = [kept for kept in game.past if kept[1:] != (tag, snapshot)]
                insort(game.past, (version, tag, snapshot))

    def load_snapshot(self, game_id: str, tag: str) -> tuple[int, Any] | None:
        """The newest (version, state) saved under ``tag``, or None."""
        with self._lock:
            raw = self._games[game_id].snap.get(tag) if game_id in self._games else None
        if raw is None:
            return None
        snapshot = json.loads(raw)
        return snapshot["version"], snapshot["state"]

    def load(self, game_id: str, tag: str) -> tuple[int, Any, list[Envelope]]:
        """(snapshot version, snapshot state or None, the envelopes after it), read under one lock."""
        with self._lock:
            snapshot = self.load_snapshot(game_id, tag)
            if snapshot is None:
                return 0, None, self.read(game_id)
            return snapshot[0], snapshot[1], self.read(game_id, after=snapshot[0])

    def load_at(self, game_id: str, tag: str, version: int) -> tuple[int, Any, list[Envelope]]:
        """The nearest snapshot at or before ``version`` (or none) and the envelopes after it up to ``version``, read
        under one lock."""
        with self._lock:
            game = self._games.get(game_id) or _Game()
            candidates = [game.snap[tag]] if tag in game.snap else []
            candidates += [raw for at, kept, raw in reversed(game.past) if kept == tag and at <= version]
            for raw in candidates:
                snapshot = json.loads(raw)
                if snapshot["version"] <= version:
                    after = snapshot["version"]
                    return after, snapshot["state"], self.read(game_id, after, max(0, version - after))
            return 0, None, self.read(game_id, 0, version)


# MemoryStore keeps the contract: mypy checks this assignment against the protocol, method by method.
_KEEPS_THE_CONTRACT: type[Store] = MemoryStore
