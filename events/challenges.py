"""Challenges: one player asks another to a private game; the challenged accepts or declines before it expires.

Keys (each challenge's own hash tagged by its id; each player's list in the player's slot, beside its other keys)::

    challenge:{<id>}             hash: record (JSON: from, to, type, options, seat, settings, created, expires),
                                 answer (accepted | declined | expired, set once), game (the game an acceptance made)
    player:{<pid>}:challenges    sorted set: the ids of the challenges the player sent or received, by expiry
    challenges:expiring          sorted set: the ids of every challenge not yet seen expired, by expiry

A challenge is shown until it expires; its hash is kept KEPT_SECONDS longer, so that the sweeper, which marks each
expired one that nobody answered and tells its challenger, finds what it was. A player's list drops expired ids as
it is read. The answer is written with HSETNX, so a challenge is answered once, whoever answers it at the same moment
(the sweeper's "expired" included).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Any

import redis

from events.store import as_text

#: The answers a challenge takes, once.
ANSWERS = ("accepted", "declined")
#: A challenge's hash's fields, as ``get`` reads them.
FIELDS = ("record", "answer", "game")
#: The challenges not yet seen expired, by expiry (one key: read by the sweeper only).
EXPIRING_KEY = "challenges:expiring"
#: The most expired challenges one look marks: a backlog (the sweeper stopped for hours) is taken a slice a look.
LOOK_LIMIT = 500
#: How long a challenge's hash outlives its expiry: the sweeper's time to find it (it looks every few seconds).
KEPT_SECONDS = 3600
#: Mark a challenge expired unless it was answered (or its hash is gone): its record if so marked, else nil.
_EXPIRE_LUA = """
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('HSETNX', KEYS[1], 'answer', 'expired') == 0 then
    return false
end
return redis.call('HGET', KEYS[1], 'record')
"""


def challenge_key(challenge_id: str) -> str:
    """The hash of one challenge."""
    return f"challenge:{{{challenge_id}}}"


def player_challenges_key(pid: str) -> str:
    """The sorted set of the challenges a player sent or received, by expiry."""
    return f"player:{{{pid}}}:challenges"


class Challenges:
    """The challenges between players on one Redis."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock
        self._expire = client.register_script(_EXPIRE_LUA)

    def create(self, record: dict[str, Any], seconds: float) -> dict[str, Any]:
        """Store a challenge (``record`` holds from, to, type, options, seat, settings) for ``seconds``: as shown."""
        challenge_id = secrets.token_hex(8)
        now = self.clock()
        stored = {**record, "created": now, "expires": now + seconds}
        # Four slots on a Cluster, so no transaction: the challenge first, so that a list never names nothing new.
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(challenge_key(challenge_id), "record", json.dumps(stored))
            pipe.expireat(challenge_key(challenge_id), int(stored["expires"]) + KEPT_SECONDS)
            for pid in (record["from"], record["to"]):
                pipe.zadd(player_challenges_key(pid), {challenge_id: stored["expires"]})
            pipe.zadd(EXPIRING_KEY, {challenge_id: stored["expires"]})
            pipe.execute()
        return {"id": challenge_id, **stored, "answer": None, "game": None}

    def get(self, challenge_id: str) -> dict[str, Any] | None:
        """A challenge as stored, with its answer and game (None each until answered); None if unknown or expired."""
        return self._shown(challenge_id, self.redis.hmget(challenge_key(challenge_id), *FIELDS))

    def of_player(self, pid: str) -> list[dict[str, Any]]:
        """The player's challenges, sent and received, that have not expired, soonest to expire first."""
        listed = player_challenges_key(pid)
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(listed, "-inf", self.clock())
            pipe.zrange(listed, 0, -1)
            _, ids = pipe.execute()
        with self.redis.pipeline(transaction=False) as pipe:
            for challenge_id in ids:
                pipe.hmget(challenge_key(as_text(challenge_id)), *FIELDS)
            found = pipe.execute()
        shown = [self._shown(as_text(challenge_id), values) for challenge_id, values in zip(ids, found, strict=True)]
        return [challenge for challenge in shown if challenge is not None]

    def _shown(self, challenge_id: str, values: list[Any]) -> dict[str, Any] | None:
        """A challenge from its hash's FIELDS; None if it is unknown or expired."""
        record, answer, game = values
        if record is None:
            return None
        challenge = json.loads(record)
        if challenge["expires"] <= self.clock():
            return None
        return {
            "id": challenge_id,
            **challenge,
            "answer": None if answer is None else as_text(answer),
            "game": None if game is None else as_text(game),
        }

    def answer(self, challenge_id: str, answer: str) -> bool:
        """Record the challenge's answer; False if it was answered already (the first answer stands)."""
        if answer not in ANSWERS:
            raise ValueError(f"an answer is one of {ANSWERS}, not {answer!r}")
        return bool(self.redis.hsetnx(challenge_key(challenge_id), "answer", answer))

    def expired_unanswered(self) -> list[dict[str, Any]]:
        """Mark each challenge that expired unanswered "expired" (once, however many look at once), at most
        LOOK_LIMIT a look (the next look takes the rest): those marked."""
        due = [as_text(member) for member in
               self.redis.zrangebyscore(EXPIRING_KEY, "-inf", self.clock(), start=0, num=LOOK_LIMIT)]
        marked = []
        for challenge_id in due:
            record = self._expire(keys=[challenge_key(challenge_id)])
            if record is not None:
                marked.append({"id": challenge_id, **json.loads(record), "answer": "expired", "game": None})
        # Dropped once marked: a look that stops before this leaves them to the next, which finds them answered
        # ("expired") and tells nobody twice.
        if due:
            self.redis.zrem(EXPIRING_KEY, *due)
        return marked

    def started(self, challenge_id: str, game_id: str) -> None:
        """Record the game an acceptance made."""
        self.redis.hset(challenge_key(challenge_id), "game", game_id)
