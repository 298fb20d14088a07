"""What each DOGPARK_DURABILITY mode costs an append, on redis-servers of this script's own.

``ack`` and ``fsync`` on one server with an append-only file (appendfsync everysec, then always: Redis 7.0 has
no WAITAOF, so fsync mode is appendfsync always); ``replica`` on a master with one replica (WAIT 1 after each
append). Each mode appends ``count`` one-event batches to fresh games from one client and prints p50 / p99 / max.

    python -m tests.faults.durability [count]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import redis

from events.durability import Durability
from events.envelope import GENESIS
from events.store import RedisStore
from service.ops.processes import wait_until
from tests.faults.redis_server import RedisServer

EVENT = [{"type": "CardPlayed", "data": {"card": 7, "note": "x" * 200}}]


def timed_appends(store: RedisStore, count: int) -> list[float]:
    """Milliseconds of each of ``count`` appends, each the first of a fresh game."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        store.append(f"bench-{uuid.uuid4()}", 0, GENESIS, "c1", EVENT, {"kind": "system"})
        times.append((time.perf_counter() - started) * 1000)
    return times


def line(mode: str, times: list[float]) -> str:
    """p50 / p99 / max of the times."""
    cut = statistics.quantiles(times, n=100)
    return f"{mode:<40} p50 {cut[49]:6.2f} ms   p99 {cut[98]:6.2f} ms   max {max(times):6.2f} ms"


def main(count: int = 2000) -> None:
    """Measure each mode and print a line each."""
    with tempfile.TemporaryDirectory() as data:
        for appendfsync, mode in (("everysec", "ack"), ("always", "fsync")):
            server = RedisServer(Path(data) / appendfsync, fsync=appendfsync).start()
            try:
                store = RedisStore(redis.Redis(port=server.port), durability=Durability(mode, 500))
                print(line(f"{mode} (appendfsync {appendfsync})", timed_appends(store, count)), flush=True)
            finally:
                server.stop()
        master = RedisServer(Path(data) / "master").start()
        replica = RedisServer(Path(data) / "replica", replica_of=master.port).start()
        try:
            link = redis.Redis(port=replica.port)
            wait_until(lambda: link.info("replication")["master_link_status"] == "up", 10, "the replica's link")
            store = RedisStore(redis.Redis(port=master.port), durability=Durability("replica", 500))
            print(line("replica (WAIT 1, one replica, everysec)", timed_appends(store, count)), flush=True)
        finally:
            replica.stop()
            master.stop()


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
