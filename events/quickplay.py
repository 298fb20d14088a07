"""Quick play's queues: players waiting for a table of one game type, player count and options, matched in Redis.

A queue is named ``<type>:<players>:<options digest>`` and has two keys that share its hash tag, so that on a
Cluster one queue is one slot and one script forms its tables (``<ns>``: the deployment's DOGPARK_QUEUE, so that two
deployments, or two tests, on one Redis keep their queues apart)::

    quickplay:{<ns>:<queue>}:order     sorted set: player id by arrival time (first in, first seated)
    quickplay:{<ns>:<queue>}:entries   hash player id -> {"since", "rating" (or null), "bots_at" (or null)} as JSON

and, apart (their own slots)::

    quickplay:<ns>:queues              hash queue -> {"type", "players", "options", "joined"} as JSON: every queue
                                       a player joined lately
    quickplay:<ns>:player:{<pid>}      hash queue -> the player's entry in it (``PlayerEntry``): waiting, or the game
                                       formed

A table forms in the script that adds a player (``join``) once the queue holds enough players, or in the one that
finds a player's wait for bots over (``fill``), or in a look that lets waits widen the rating windows (``match``):
the oldest waiting player that can be is seated first, then those nearest its rating within its window (without
ratings, the next oldest). The script takes the seated players out of the queue in the same step,
so two processes never seat one player twice.
"""

from __future__ import annotations

import json
from typing import Any

import redis

from events.store import as_text

#: How many waiting players a script looks at, at most, to form one table (the oldest ones); it tries the oldest 100
#: of them as the table's first player.
LOOKED_AT = 1000

#: A rating window: how far apart two players' ratings may be to sit together, and how much wider it grows for each
#: second the first of them has waited.
Window = tuple[float, float]

# What every script shares. KEYS[1] the order, KEYS[2] the entries; ARGV's last is LOOKED_AT. ``take`` seats an
# anchor with the ``wanted`` candidates nearest its rating (the older first among equals; an unrated one after the
# rated, by arrival), answers them in order of arrival and takes them out of the queue. ``match`` finds the oldest
# player with enough others within its rating window (``base`` plus ``widen`` a second it has waited; a player
# without a rating is within every window) and seats them.
_SHARED = """
local function entry_of(raw)
  local entry = cjson.decode(raw)
  if type(entry.rating) ~= "number" then entry.rating = nil end
  if type(entry.bots_at) ~= "number" then entry.bots_at = nil end
  return entry
end
local function waiting()
  local ids = redis.call("ZRANGE", KEYS[1], 0, tonumber(ARGV[#ARGV]) - 1)
  if #ids == 0 then return {} end
  local raw = redis.call("HMGET", KEYS[2], unpack(ids))
  local found = {}
  for i, id in ipairs(ids) do
    if raw[i] then found[#found + 1] = {id = id, position = i, entry = entry_of(raw[i])} end
  end
  return found
end
local function distance(a, b)
  if a.entry.rating == nil or b.entry.rating == nil then return nil end
  return math.abs(a.entry.rating - b.entry.rating)
end
local function take(anchor, candidates, wanted)
  local function key(c) return distance(anchor, c) or 1e308 end
  table.sort(candidates, function(a, b)
    local da, db = key(a), key(b)
    if da ~= db then return da < db end
    return a.position < b.position
  end)
  local chosen = {anchor}
  for i = 1, math.min(wanted, #candidates) do chosen[#chosen + 1] = candidates[i] end
  table.sort(chosen, function(a, b) return a.position < b.position end)
  local ids = {}
  for i, c in ipairs(chosen) do ids[i] = c.id end
  redis.call("ZREM", KEYS[1], unpack(ids))
  redis.call("HDEL", KEYS[2], unpack(ids))
  return ids
end
local function match(now, players, base, widen)
  local found = waiting()
  if #found < players then return {} end
  for a = 1, math.min(#found, 100) do
    local anchor, candidates = found[a], {}
    local window = base + widen * math.max(0, now - anchor.entry.since)
    for _, c in ipairs(found) do
      local d = distance(anchor, c)
      if c ~= anchor and (d == nil or d <= window) then candidates[#candidates + 1] = c end
    end
    if #candidates >= players - 1 then return take(anchor, candidates, players - 1) end
  end
  return {}
end
"""

# Add a player (kept where it was if it waits already), then form a table if it can. ARGV: player id, now, its entry
# as JSON, the table's player count, the rating window's base and widening, LOOKED_AT. Answers the seated ids, or {}.
_JOIN_LUA = (
    _SHARED
    + """
if redis.call("HEXISTS", KEYS[2], ARGV[1]) == 0 then
  redis.call("ZADD", KEYS[1], ARGV[2], ARGV[1])
end
redis.call("HSET", KEYS[2], ARGV[1], ARGV[3])
return match(tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]))
"""
)

# Form a table if the windows, widened by the wait, now allow one. ARGV: now, the table's player count, the rating
# window's base and widening, LOOKED_AT.
_MATCH_LUA = (
    _SHARED
    + """
return match(tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
"""
)

# Seat the oldest player whose wait for bots is over, with the players nearest its rating among those who accept
# bots too; the caller fills the other seats with bots. ARGV: now, the table's player count, LOOKED_AT.
# Answers the seated ids, or {} when nobody's wait is over.
_FILL_LUA = (
    _SHARED
    + """
local now, players = tonumber(ARGV[1]), tonumber(ARGV[2])
local anchor, candidates = nil, {}
for _, c in ipairs(waiting()) do
  if anchor == nil and c.entry.bots_at ~= nil and c.entry.bots_at <= now then
    anchor = c
  elseif c.entry.bots_at ~= nil then
    candidates[#candidates + 1] = c
  end
end
if anchor == nil then return {} end
return take(anchor, candidates, players - 1)
"""
)

# Take a player out of a queue. ARGV: player id. Answers 1 if it waited there.
_LEAVE_LUA = """
redis.call("ZREM", KEYS[1], ARGV[1])
return redis.call("HDEL", KEYS[2], ARGV[1])
"""

#: A player's entry in one queue, as its own hash keeps it: ``{"queue", "type", "players", "options", "since",
#: "bots_after_seconds", "game"}``, ``game`` the id of the game formed (None while waiting).
PlayerEntry = dict[str, Any]


class Queues:
    """Quick play's queues on one Redis (or Cluster)."""

    def __init__(self, client: redis.Redis, namespace: str) -> None:
        self.redis = client
        self.namespace = namespace
        #: Every queue that had a player, by name.
        self.registry = f"quickplay:{namespace}:queues"
        self._join = client.register_script(_JOIN_LUA)
        self._match = client.register_script(_MATCH_LUA)
        self._fill = client.register_script(_FILL_LUA)
        self._leave = client.register_script(_LEAVE_LUA)

    def order_key(self, queue: str) -> str:
        """The sorted set of a queue's waiting players by arrival."""
        return f"quickplay:{{{self.namespace}:{queue}}}:order"

    def entries_key(self, queue: str) -> str:
        """The hash of a queue's waiting players' entries."""
        return f"quickplay:{{{self.namespace}:{queue}}}:entries"

    def player_key(self, pid: str) -> str:
        """The hash of a player's entries in the queues it joined."""
        return f"quickplay:{self.namespace}:player:{{{pid}}}"

    def join(
        self,
        queue: str,
        about: dict[str, Any],
        pid: str,
        now: float,
        rating: float | None,
        bots_at: float | None,
        window: Window,
    ) -> list[str]:
        """Add ``pid`` to ``queue`` (``about``: its type, players and options) and answer the players of the table it
        forms, in their seat order: every player it seats was taken out of the queue (none formed: [])."""
        self.redis.hset(self.registry, queue, json.dumps({**about, "joined": now}))
        entry = json.dumps({"since": now, "rating": rating, "bots_at": bots_at})
        keys = [self.order_key(queue), self.entries_key(queue)]
        args = [pid, now, entry, about["players"], *window, LOOKED_AT]
        return [as_text(pid) for pid in self._join(keys=keys, args=args)]

    def match(self, queue: str, players: int, now: float, window: Window) -> list[str]:
        """The players of a table that the rating windows, widened by their wait, let form now ([]: none)."""
        keys = [self.order_key(queue), self.entries_key(queue)]
        return [as_text(pid) for pid in self._match(keys=keys, args=[now, players, *window, LOOKED_AT])]

    def fill(self, queue: str, players: int, now: float) -> list[str]:
        """The players of a table that the oldest player whose wait for bots is over now forms, bots to fill the rest
        ([]: nobody's wait is over); they were taken out of the queue."""
        keys = [self.order_key(queue), self.entries_key(queue)]
        return [as_text(pid) for pid in self._fill(keys=keys, args=[now, players, LOOKED_AT])]

    def leave(self, queue: str, pid: str) -> bool:
        """Take ``pid`` out of ``queue``; True if it waited there."""
        return bool(self._leave(keys=[self.order_key(queue), self.entries_key(queue)], args=[pid]))

    def place(self, queue: str, pid: str) -> tuple[int | None, int]:
        """``pid``'s place in ``queue`` (0: next; None: not waiting there) and how many wait there."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrank(self.order_key(queue), pid)
            pipe.zcard(self.order_key(queue))
            rank, size = pipe.execute()
        return rank, int(size)

    def size(self, queue: str) -> int:
        """How many players wait in ``queue``."""
        return int(self.redis.zcard(self.order_key(queue)))

    def forget_queue(self, queue: str) -> None:
        """Drop ``queue`` from the queues the sweeper looks at (it joins them again with its next player)."""
        self.redis.hdel(self.registry, queue)

    def queues(self) -> dict[str, dict[str, Any]]:
        """Every queue that had a player: its type, players, options and the time a player last joined, by name."""
        return {as_text(name): json.loads(about) for name, about in self.redis.hgetall(self.registry).items()}

    def entries(self, pid: str) -> dict[str, PlayerEntry]:
        """The player's entries, by queue."""
        return {as_text(queue): json.loads(raw) for queue, raw in self.redis.hgetall(self.player_key(pid)).items()}

    def note(self, pid: str, entry: PlayerEntry, keep_seconds: int) -> None:
        """Record the player's entry in its queue, kept ``keep_seconds`` after its last change."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(self.player_key(pid), entry["queue"], json.dumps(entry))
            pipe.expire(self.player_key(pid), keep_seconds)
            pipe.execute()

    def forget(self, pid: str, queue: str) -> None:
        """Drop the player's entry in ``queue``."""
        self.redis.hdel(self.player_key(pid), queue)
