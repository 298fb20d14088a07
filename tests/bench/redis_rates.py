"""Sequential single-client rates against Redis: raw XADD round trips and RedisStore.append, paired."""

from __future__ import annotations

import statistics
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


class Appender:
    """RedisStore.append of one event per call onto one game, each on the head the previous returned."""

    def __init__(self, store: RedisStore, game_id: str = "bench-appends") -> None:
        self.store = store
        self.game_id = game_id
        self.version, self.head = 0, GENESIS

    def rate(self, seconds: float) -> Rate:
        """Append for ``seconds``."""
        actor = {"kind": "seat", "seat": 0}
        first = self.version
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            command_id = f"c{self.version}"
            result = self.store.append(self.game_id, self.version, self.head, command_id, [TICKED], actor)
            self.version, self.head = result.last, result.envelopes[-1]["hash"]
        return Rate(self.version - first, time.perf_counter() - start)


#: The one event each bench append writes.
TICKED = {"type": "Ticked", "data": {}}


def paired_rates(
    client: redis.Redis, store: RedisStore, seconds: float, payload: str, slices: int = 6
) -> tuple[Rate, Rate, float]:
    """Raw XADD and store appends in alternating slices over ``seconds`` in all: (XADD rate, append rate, median of
    each slice pair's appends/s ÷ XADD/s), so that a busy moment of the machine weighs on both alike."""
    appender = Appender(store)
    pairs = [(xadd_rate(client, seconds / slices / 2, payload), appender.rate(seconds / slices / 2))
             for _ in range(slices)]
    xadds = Rate(sum(x.count for x, _ in pairs), sum(x.seconds for x, _ in pairs))
    appends = Rate(sum(a.count for _, a in pairs), sum(a.seconds for _, a in pairs))
    return xadds, appends, statistics.median(a.per_second / x.per_second for x, a in pairs)
