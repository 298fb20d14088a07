"""A finished game's rematch: one small hash beside the game's keys (its hash tag, so one slot), never in its log.

``game:{<id>}:rematch`` holds ``state``, the rematch as JSON (service/core/rematch.py gives its shape), and, once the
new game started, ``token:<seat>``: the new game's seat token of each old seat that held a seat token and was not
there to receive it, handed over once to whoever shows the old seat's token. The log of a finished game stays as it
ended (its audit, its hash chain and ``dogpark verify`` are untouched); the hash expires some time after its last
change.
"""

from __future__ import annotations

import redis

from events.store import as_text, key

#: The suffix of a game's rematch hash.
SUFFIX = "rematch"

# Replace the state only if it is still the one the caller decided on (compare and set). KEYS[1] the hash; ARGV: the
# state read ("" for none), the new state, the seconds to keep the hash, then seat, token pairs to hand over.
_SWAP_LUA = """
local now = redis.call("HGET", KEYS[1], "state") or ""
if now ~= ARGV[1] then
  return 0
end
redis.call("HSET", KEYS[1], "state", ARGV[2])
for i = 4, #ARGV, 2 do
  redis.call("HSET", KEYS[1], "token:" .. ARGV[i], ARGV[i + 1])
end
redis.call("EXPIRE", KEYS[1], ARGV[3])
return 1
"""

# Hand over an old seat's new token, once. KEYS[1] the hash; ARGV[1] the old seat.
_TAKE_LUA = """
local token = redis.call("HGET", KEYS[1], "token:" .. ARGV[1])
if token then
  redis.call("HDEL", KEYS[1], "token:" .. ARGV[1])
end
return token
"""


class Rematches:
    """Finished games' rematch records on one Redis (or Cluster)."""

    def __init__(self, client: redis.Redis) -> None:
        self.redis = client
        self._swap = client.register_script(_SWAP_LUA)
        self._take = client.register_script(_TAKE_LUA)

    def read(self, game_id: str) -> str | None:
        """The game's rematch state as stored (JSON), or None if none was offered (or it is long over)."""
        found = self.redis.hget(key(game_id, SUFFIX), "state")
        return None if found is None else as_text(found)

    def swap(
        self, game_id: str, before: str | None, after: str, keep_seconds: int, tokens: dict[int, str] | None = None
    ) -> bool:
        """Store ``after`` if the state is still ``before`` (None: none), with ``tokens`` to hand over by old seat;
        False if another request changed it first."""
        pairs = [item for seat, token in (tokens or {}).items() for item in (seat, token)]
        args = [before or "", after, keep_seconds, *pairs]
        return bool(self._swap(keys=[key(game_id, SUFFIX)], args=args))

    def take_token(self, game_id: str, seat: int) -> str | None:
        """The new game's seat token kept for the old ``seat``, handed over this once (None: none kept)."""
        found = self._take(keys=[key(game_id, SUFFIX)], args=[seat])
        return None if found is None else as_text(found)
