"""Leased places under a limit, in Redis: a sorted set whose members are scored with when their lease ends.

A place is taken only while the set holds fewer than its limit, after the places whose leases have ended are
dropped; so a holder that dies without giving its place back (a worker or a web process killed) holds it until its
lease ends, never for ever. The bots' calls in flight (events/bots.py) and the open event streams
(service/streams/places.py) are counted this way.
"""

from __future__ import annotations

import time

import redis

# KEYS[1] the set; ARGV: now, the lease's end, the limit, the place. Answers 0 when full, else 1.
_TAKE_LUA = """
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", ARGV[1])
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[4])
redis.call("EXPIREAT", KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""


class Leases:
    """Takes places in the leased sets of one Redis (one script call a place)."""

    def __init__(self, client: redis.Redis) -> None:
        self._take = client.register_script(_TAKE_LUA)

    def take(self, key: str, place: str, limit: int, seconds: float) -> bool:
        """Hold ``place`` in ``key`` for ``seconds`` if the set has fewer than ``limit`` live places; False if not."""
        now = time.time()
        return bool(self._take(keys=[key], args=[now, now + seconds, limit, place]))
