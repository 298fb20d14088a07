"""Sequential single-client rates against Redis: raw XADD round trips and RedisStore.append."""

from __future__ import annotations

import time
from dataclasses import dataclass

import redis

from events.envelope import GENESIS
from events.store import RedisStore


@dataclass(frozen=True)
class Rate:
    """``count`` operations done in ``seconds`` of wall time."""

    count: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Operations per second."""
        return self.count / self.seconds


def xadd_rate(client: redis.Redis, seconds: float, payload: str) -> Rate:
    """Plain XADD of one field, one command per round trip, for ``seconds``."""
    stream = "bench:raw-xadd"
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        client.xadd(stream, {"e": payload})
        count += 1
    return Rate(count, time.perf_counter() - start)


def append_rate(store: RedisStore, seconds: float) -> Rate:
    """RedisStore.append of one event per call onto one game, each on the head the previous returned."""
    game_id = "bench-appends"
    version, head = 0, GENESIS
    actor = {"kind": "seat", "seat": 0}
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        result = store.append(game_id, version, head, f"c{version}", [{"type": "Ticked", "data": {}}], actor)
        version, head = result.last, result.envelopes[-1]["hash"]
    return Rate(version, time.perf_counter() - start)
