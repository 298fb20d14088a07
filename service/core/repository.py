"""Loading games: the newest snapshot plus the events after it, folded through the table; a past version from the
nearest snapshot at or before it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import Event
from events.contract import Store
from events.envelope import GENESIS, Envelope, parse
from service.core.json_bodies import dumps
from service.core.problems import not_found


@dataclass
class Head:
    """Where a game's log ends (its version, its last event's hash), and the game's immutable meta (``secret``: its
    type, seed and creation time); a game about to be created is at version 0, after GENESIS."""

    game_id: str
    version: int
    last_hash: str
    secret: dict[str, str]


@dataclass
class Loaded(Head):
    """A game as of its latest event: where its log ends, and its table."""

    table: tables.Table

    @property
    def rules_type(self) -> str:
        """The game type id."""
        return self.table["type"]


def snapshot_tag(game_type: str) -> str:
    """The snapshot tag: a changed state or table shape never loads an older snapshot."""
    return f"{game_type}:{GAMES[game_type].state_version}:{tables.SHAPE}"


def domain_event(envelope: Envelope) -> dict[str, Any]:
    """The domain event inside an envelope."""
    return {"type": envelope["type"], "data": envelope["data"]}


class Repository:
    """Reads games from the store; the secret seed and type come from the game's meta hash.

    Each process keeps its most recently used games (as JSON, so no caller can alter a cached
    game): a load then reads only the events appended since, instead of a snapshot and its tail.
    The process's event reader keeps the games its streams follow as it folds them (service/streams/reader.py).
    The stream stays the truth; the cache only saves decoding and folding.
    """

    def __init__(self, store: Store, cache_size: int = 1000) -> None:
        self.store = store
        self.cache_size = cache_size
        # A game's type and seed never change, so they are read once per process.
        self._secrets: dict[str, dict[str, str]] = {}
        self._games: OrderedDict[str, tuple[int, str, bytes]] = OrderedDict()
        # Requests and the process's event reader both keep games: under threads (gthread, the webhook worker), one
        # could evict the game another is about to move to the end.
        self._keeping = threading.Lock()
        #: Past versions of games read again and again (a delayed game's spectators all read it at their horizon).
        self._past: OrderedDict[tuple[str, int], tuple[str, bytes]] = OrderedDict()
        self._tokens: dict[str, dict[int, str]] = {}
        self._times: dict[tuple[str, int], float] = {}

    def secret(self, game_id: str) -> dict[str, str]:
        """The game's immutable meta fields (type, seed, created); 404 for an unknown game."""
        found = self._secrets.get(game_id)
        if found is None:
            meta = self.store.read_hash(game_id, "meta")
            if "type" not in meta or meta["type"] not in GAMES:
                raise not_found(f"game {game_id!r}")
            found = {k: meta[k] for k in ("type", "seed", "created")}
            if len(self._secrets) > 10_000:
                self._secrets.clear()
            self._secrets[game_id] = found
        return found

    def load(self, game_id: str, fresh: bool = True) -> Loaded:
        """The game now: the cached game or the newest snapshot, and the events after it (one round trip).

        ``fresh=False`` takes a cached game as it is, with no round trip: for a caller that will find out
        anyway whether it was the latest (an append names the version it expects) and then loads afresh.
        """
        secret = self.secret(game_id)
        cached = self._games.get(game_id)
        if cached is not None:
            version, last_hash, frozen = cached
            if not fresh:
                return Loaded(game_id, version, last_hash, secret, parse(frozen))
            # Read from the cached game's last event on: the log must still end with it or go on from it. A Redis
            # that lost writes (a failover, a restore, a restart with nothing on disk) may hold less, or other
            # events in their place; the game is then loaded as the store holds it.
            envelopes = self.store.read(game_id, version - 1)
            if not envelopes or envelopes[0]["hash"] != last_hash:
                self.forget(game_id)
                return self.load(game_id)
            table, envelopes = parse(frozen), envelopes[1:]
        else:
            version, snapshot, envelopes = self.store.load(game_id, snapshot_tag(secret["type"]))
            table, last_hash = (snapshot["table"], snapshot["hash"]) if snapshot else (None, GENESIS)
        for envelope in envelopes:
            table = tables.evolve(table, domain_event(envelope))
            last_hash = envelope["hash"]
        self.note_times(game_id, envelopes)
        if table is None:
            raise not_found(f"game {game_id!r}")
        loaded = Loaded(game_id, version + len(envelopes), last_hash, secret, table)
        if cached is None or envelopes:
            self.remember(loaded)
        return loaded

    def remember(self, loaded: Loaded) -> None:
        """Cache a game as loaded (or as just appended), unless a newer copy is cached already."""
        self.keep(loaded.game_id, loaded.table, loaded.version, loaded.last_hash)

    def keep(self, game_id: str, table: tables.Table, version: int, last_hash: str) -> None:
        """Cache a game's ``table`` as of ``version`` (whose event has ``last_hash``), unless a newer copy is cached."""
        if self.cache_size <= 0:
            return
        with self._keeping:
            cached = self._games.get(game_id)
            if cached is None or cached[0] < version:
                self._games[game_id] = (version, last_hash, dumps(table))
            self._games.move_to_end(game_id)
            while len(self._games) > self.cache_size:
                self._games.popitem(last=False)

    def forget(self, game_id: str) -> None:
        """Drop all this process knows of a game: the next load reads it from the store alone."""
        with self._keeping:
            self._games.pop(game_id, None)
            for past in [past for past in self._past if past[0] == game_id]:
                del self._past[past]
        self._secrets.pop(game_id, None)
        self._tokens.pop(game_id, None)
        for version in [v for g, v in self._times if g == game_id]:
            self._times.pop((game_id, version), None)

    def seat_hashes(self, game_id: str, refresh: bool) -> dict[int, str]:
        """The token hashes of the claimed seats (cached: a claim never changes; ``refresh`` re-reads them)."""
        if refresh or game_id not in self._tokens:
            if len(self._tokens) > 10 * max(self.cache_size, 1):
                self._tokens.clear()
            stored = self.store.read_hash(game_id, "tokens")
            self._tokens[game_id] = {int(seat): digest for seat, digest in stored.items()}
        return self._tokens[game_id]

    def load_at(self, game_id: str, version: int) -> tuple[Loaded, list[Envelope]]:
        """The game as it was at ``version`` (at most the game's), and the events folded to get it: those after the
        nearest snapshot at or before ``version`` (one round trip), so a replay costs the same early or late."""
        secret = self.secret(game_id)
        after, snapshot, envelopes = self.store.load_at(game_id, snapshot_tag(secret["type"]), version)
        table, last_hash = (snapshot["table"], snapshot["hash"]) if snapshot else (None, GENESIS)
        for envelope in envelopes:
            table = tables.evolve(table, domain_event(envelope))
            last_hash = envelope["hash"]
        if table is None:
            raise not_found(f"game {game_id!r}")
        return Loaded(game_id, after + len(envelopes), last_hash, secret, table), envelopes

    def load_past(self, game_id: str, version: int) -> Loaded:
        """The game as it was at ``version`` (``load_at``), kept for the next reader of that version."""
        kept = self._past.get((game_id, version))
        if kept is not None:
            return Loaded(game_id, version, kept[0], self.secret(game_id), parse(kept[1]))
        loaded, _ = self.load_at(game_id, version)
        if self.cache_size > 0:
            with self._keeping:
                self._past[game_id, version] = (loaded.last_hash, dumps(loaded.table))
                while len(self._past) > self.cache_size:
                    self._past.popitem(last=False)
        return loaded

    def history(self, loaded: Loaded, seat: int) -> list[Event]:
        """``seat``'s redacted log of the game's own events that stand at ``loaded``'s version: what a seat's search
        bot (and a hint) reads beside the seat's view, the log a person at the seat may read."""
        envelopes = self.store.read(loaded.game_id, limit=loaded.version)
        logged = ((envelope["version"], domain_event(envelope)) for envelope in envelopes)
        return tables.game_history(loaded.rules_type, logged, seat)

    def event_time(self, game_id: str, version: int) -> float:
        """The server time of the game's event at ``version`` (deadlines count from it)."""
        return self.event_times(game_id, [version])[version]

    def event_times(self, game_id: str, versions: list[int]) -> dict[int, float]:
        """The server times of the game's events at ``versions``: those this process has not read, in one round trip.

        A logged event's time never changes, so each is read once per process (views read them on every poll).
        """
        self._bound_times()
        missing = [version for version in versions if (game_id, version) not in self._times]
        if missing:
            for version, at in self.store.event_times(game_id, missing).items():
                self._times[game_id, version] = at
        return {version: self._times[game_id, version] for version in versions}

    def note_times(self, game_id: str, envelopes: list[Envelope]) -> None:
        """Keep the server times of envelopes this process appended or read, so ``event_times`` need not ask."""
        self._bound_times()
        for envelope in envelopes:
            self._times[game_id, envelope["version"]] = envelope["time"]

    def _bound_times(self) -> None:
        # Times are cheap to read again: forgetting them all now and then bounds the memory they take.
        if len(self._times) > 10 * max(self.cache_size, 1):
            self._times.clear()

    def save_snapshot(self, loaded: Loaded, keep: bool = False) -> None:
        """Store the loaded game as the snapshot for its type; with ``keep``, also among the ones replays start from."""
        state = {"table": loaded.table, "hash": loaded.last_hash}
        self.store.save_snapshot(loaded.game_id, snapshot_tag(loaded.rules_type), loaded.version, state, keep)
