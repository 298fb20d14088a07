"""The lobby index: which games exist, by type and status, newest first, in Redis sorted sets scored by creation time.

Keys (apart from the games they index; all tagged ``{lobby}``, so that on a Cluster they are one slot and one
transaction moves a game between statuses)::

    {lobby}:<scope>:<status>    scope "type:<game type>" or "all"; status open | running | finished | any

One slot takes every game's status changes: three or four per game, each a transaction of about 30 us of the
server's time, against the tens of milliseconds of its moves' appends; a page of the lobby is one ZRANGE. The
figures are in docs/reliability.md ("What spans games").

The service updates the index right after the append that changes a game's status. The two cannot be one
transaction (the game's keys and the lobby's sit in different hash slots), so a crash in between leaves the
index behind its games: ``Lobby.reindex`` rebuilds it from the games themselves. The event stream stays the truth.
"""

from __future__ import annotations

from collections.abc import Callable

import redis

from events.contract import Store
from events.store import as_text, key

STATUSES = ("open", "running", "finished")
#: A game's (type, status, creation time) as told from its id, or None if it is not one to list.
Describe = Callable[[str], tuple[str, str, float] | None]


class Lobby:
    """The lobby index on one Redis; ``prefix`` keeps separate indexes (e.g. per test) apart."""

    def __init__(self, client: redis.Redis, prefix: str = "lobby") -> None:
        self.redis = client
        self.prefix = prefix

    def _key(self, scope: str, status: str) -> str:
        return f"{{{self.prefix}}}:{scope}:{status}"

    def _scopes(self, type_: str) -> tuple[str, str]:
        return f"type:{type_}", "all"

    def index(self, game_id: str, type: str, status: str, created: float) -> None:
        """List the game under ``status`` (and under any), taking it out of its other statuses in one transaction."""
        if status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        with self.redis.pipeline(transaction=True) as tx:
            for scope in self._scopes(type):
                for other in STATUSES:
                    if other != status:
                        tx.zrem(self._key(scope, other), game_id)
                tx.zadd(self._key(scope, status), {game_id: created})
                tx.zadd(self._key(scope, "any"), {game_id: created})
            tx.execute()

    def list(
        self, type: str | None = None, status: str | None = None, limit: int = 50, before: float | None = None
    ) -> list[str]:
        """Game ids, newest first, of ``type`` and ``status`` (None: all), created strictly before ``before``."""
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
        index = self._key("all" if type is None else f"type:{type}", status or "any")
        newest = "+inf" if before is None else f"({before!r}"
        ids = self.redis.zrange(index, newest, "-inf", byscore=True, desc=True, offset=0, num=limit)
        return [as_text(game_id) for game_id in ids]

    def remove(self, game_id: str, type: str) -> None:
        """Take the game out of the lobby altogether."""
        with self.redis.pipeline(transaction=True) as tx:
            for scope in self._scopes(type):
                for status in (*STATUSES, "any"):
                    tx.zrem(self._key(scope, status), game_id)
            tx.execute()

    def reindex(self, store: Store, describe: Describe) -> int:
        """Repair the index from the games: list every game ``describe`` knows, drop entries of games gone.

        ``store`` is the store of the games (its ``exists`` is asked about indexed ids); returns the
        number of games listed. On a Cluster, the cluster client's SCAN walks every master.
        """
        listed = 0
        for raw in self.redis.scan_iter(match=key("*", "events"), count=1000):
            game_id = as_text(raw)[len("game:{") : -len("}:events")]
            described = describe(game_id)
            if described is not None:
                self.index(game_id, *described)
                listed += 1
        for game_id in map(as_text, self.redis.zrange(self._key("all", "any"), 0, -1)):
            if not store.exists(game_id):
                for type_ in self._types():
                    self.remove(game_id, type_)
        return listed

    def _types(self) -> set[str]:
        """The game types the index has a set for."""
        head = f"{{{self.prefix}}}:type:"
        names = map(as_text, self.redis.scan_iter(match=f"{head}*"))
        return {name[len(head) :].rsplit(":", 1)[0] for name in names}
