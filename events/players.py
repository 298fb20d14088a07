"""Players: a name and a bearer token that acts for the player's seats, and the per-player index of their games.

Keys (global, not tagged by game; each player's own keys share the tag ``{<pid>}``, so that on a Cluster players
spread over the masters and one player's keys are one slot)::

    player:{<pid>}            hash: name, token_hash, created
    playertoken:<sha256>      the player id a token belongs to (the token itself is never stored)
    player:{<pid>}:games      hash game id -> the player's entry in that game (JSON, see ``Entry``)
    player:{<pid>}:order      sorted set: game id by the game's creation time

and the channel ``player:{<pid>}:games``, on which each change of an entry is announced (message: the game id).
On a Cluster, ``player:{<pid>}:games:versions`` (hash game id -> the game's version the entry was written at) too.

An entry is ``{"game", "type", "seats": [n, ...], "status", "your_turn", "deadline", "created"}``: the seats the
player holds, whether one of them may act now, the earliest deadline of their clocks (server time, or None).
The command handler writes it with the append that changes it (service/player_entries.py), so the index is
never behind its games, and a player's games are one read. On a Cluster the entries sit in other slots than the
game, so the store writes them right after the append instead (events/store.py): a crash in between leaves an entry
one change behind until it next changes.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import redis

from events.store import IndexWrite, as_text
from events.tokens import new_token, token_hash

#: A player's entry in one game, as the index holds it.
Entry = dict[str, Any]
#: How an entry's JSON separates its items and keys from values: the read finds '"status": "<status>"' in it.
ENTRY_SEPARATORS = (", ", ": ")

# A player's entries newest first, of one status ("" for any), at most ARGV[2]: read a page of the order at a
# time, so that a filter that matches few entries still ends in one round trip. An entry's status is found as the
# text entry_writes writes (ENTRY_SEPARATORS): decoding each entry took 2 to 3 times as long (1,000 entries, one
# status filter: p50 3.8-4.0 ms against 1.2-1.9 ms on a busy 2-core machine).
_GAMES_LUA = """
local order, games = KEYS[1], KEYS[2]
local status, limit = ARGV[1], tonumber(ARGV[2])
local found, start, page = {}, 0, math.max(limit, 100)
local wanted = '"status": "' .. status .. '"'
while #found < limit do
  local ids = redis.call("ZREVRANGE", order, start, start + page - 1)
  if #ids == 0 then
    break
  end
  for _, entry in ipairs(redis.call("HMGET", games, unpack(ids))) do
    if entry and (status == "" or string.find(entry, wanted, 1, true)) then
      found[#found + 1] = entry
      if #found == limit then
        break
      end
    end
  end
  start = start + page
end
return found
"""


def player_key(pid: str) -> str:
    """The hash of a player's name, token hash and creation time."""
    return f"player:{{{pid}}}"


def games_key(pid: str) -> str:
    """The hash of a player's entries, by game id."""
    return f"player:{{{pid}}}:games"


def order_key(pid: str) -> str:
    """The sorted set of a player's game ids by the games' creation time."""
    return f"player:{{{pid}}}:order"


def token_key(digest: str) -> str:
    """The key naming the player a token belongs to, by the token's hash."""
    return f"playertoken:{digest}"


def entry_writes(pid: str, entry: Entry, new: bool = True) -> list[IndexWrite]:
    """The index writes that record ``entry`` as the player's entry in its game, for an append to make.

    A ``new`` entry is also placed in the player's order, by its game's creation time, which never changes after.
    The change is announced on the channel named like the player's games hash (message: the game id), so that the
    player's stream hears at once of a game the player just joined.
    """
    placed = [IndexWrite("zadd", order_key(pid), entry["game"], repr(float(entry["created"])))] if new else []
    return [
        IndexWrite("hset", games_key(pid), entry["game"], json.dumps(entry, separators=ENTRY_SEPARATORS)),
        *placed,
        IndexWrite("publish", games_key(pid), entry["game"], ""),
    ]


class Players:
    """Players on one Redis: their records, their tokens, and reads of their index."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock
        self._games = client.register_script(_GAMES_LUA)
        # A token never changes owner, so a process remembers the owners it has looked up.
        self._owners: dict[str, str] = {}

    def create(self, name: str) -> tuple[str, str]:
        """A new player named ``name``: (its id, its token). The token is shown this once; only its hash is kept."""
        pid, token = secrets.token_hex(8), new_token()
        digest = token_hash(token)
        # Two slots on a Cluster, so no transaction: the player first, so that a token never names nobody.
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(player_key(pid), mapping={"name": name, "token_hash": digest, "created": self.clock()})
            pipe.set(token_key(digest), pid)
            pipe.execute()
        return pid, token

    def by_token(self, token: str) -> str | None:
        """The id of the player ``token`` belongs to, or None if it is no player's."""
        digest = token_hash(token)
        pid = self._owners.get(digest)
        if pid is None:
            found = self.redis.get(token_key(digest))
            if found is None:
                return None
            pid = as_text(found)
            if len(self._owners) > 10_000:
                self._owners.clear()
            self._owners[digest] = pid
        return pid

    def get(self, pid: str) -> dict[str, Any] | None:
        """The player's id, name and creation time, or None for an unknown id."""
        name, created = self.redis.hmget(player_key(pid), "name", "created")
        if name is None or created is None:
            return None
        return {"id": pid, "name": as_text(name), "created": float(created)}

    def names(self, pids: list[str]) -> dict[str, str]:
        """The names of the players among ``pids`` that exist, by id: one round trip (a pipeline)."""
        pipe = self.redis.pipeline(transaction=False)
        for pid in pids:
            pipe.hget(player_key(pid), "name")
        return {pid: as_text(name) for pid, name in zip(pids, pipe.execute(), strict=True) if name is not None}

    def entry(self, pid: str, game_id: str) -> Entry | None:
        """The player's entry in one game, or None if the player holds no seat there."""
        found = self.redis.hget(games_key(pid), game_id)
        return None if found is None else json.loads(found)

    def games(self, pid: str, status: str | None = None, limit: int = 50) -> list[Entry]:
        """The player's entries, newest game first, of ``status`` (None: any), at most ``limit``: one round trip."""
        found = self._games(keys=[order_key(pid), games_key(pid)], args=[status or "", limit])
        return [json.loads(entry) for entry in found]
