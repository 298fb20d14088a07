"""Connections spread evenly over gunicorn's gevent workers: a worker holding more than the least loaded accepts none.

Left to the kernel, a new connection goes to whichever worker takes it. On one shared listening socket, one busy
gevent worker took every keep-alive connection in 3 of 12 bench runs while the other idled; with a socket per worker
(SO_REUSEPORT) the kernel spreads connections by a hash of their addresses, and a handful of long-lived ones (a
proxy's pool, the bench's eight clients) lands 6 to 2 or worse in about a run out of four (docs/benchmarks.md).

So the gevent workers share one socket, and each publishes how many connections it holds in a table the master makes
before it forks them (shared memory, one slot per worker, handed out and taken back by the master as workers come and
go). A worker's pool of connection greenlets counts as full while it holds more than the least loaded live worker:
gevent's server then stops accepting there, and the sibling takes the connection. A worker over its share that has
seen a connection wait for GRACE seconds takes it anyway, so a sibling that hangs or died is never waited on longer.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import time
from functools import partial
from typing import Any

from gevent.pool import Pool
from gunicorn.workers import ggevent

#: Seconds a worker over its share leaves a waiting connection to its siblings before it takes it itself.
GRACE = 0.05
#: Seconds between two accept attempts that make them one episode of waiting connections (gevent tries again on every
#: turn of the event loop while a connection waits and the pool says it is full).
EPISODE_GAP = 0.01


class Table:
    """Each live worker's connections, in memory shared by the master and the workers it forks: per slot, the
    worker's age (gunicorn numbers the workers it spawns; 0: a free slot; negative: given to a worker still starting,
    which counts for nothing until it serves) and its count of connections."""

    def __init__(self, slots: int = 64) -> None:
        self.slots = slots
        self._cells = multiprocessing.RawArray(ctypes.c_long, 2 * slots)

    def assign(self, age: int) -> int | None:
        """In the master, before a fork: a free slot for the worker of ``age``, or None when every slot is taken."""
        for slot in range(self.slots):
            if self._cells[2 * slot] == 0:
                self._cells[2 * slot], self._cells[2 * slot + 1] = -age, 0
                return slot
        return None

    def start(self, slot: int, age: int) -> None:
        """In a worker about to serve: count its slot from now on (while it loads the app, its siblings would
        otherwise leave new connections to a worker that takes none yet)."""
        self._cells[2 * slot] = age

    def release(self, slot: int | None, age: int) -> None:
        """In the master, once a worker exited: free its slot, unless a later worker holds it already."""
        if slot is not None and abs(self._cells[2 * slot]) == age:
            self._cells[2 * slot], self._cells[2 * slot + 1] = 0, 0

    def publish(self, slot: int, connections: int) -> None:
        """In a worker: how many connections it holds now."""
        self._cells[2 * slot + 1] = connections

    def over_share(self, slot: int) -> bool:
        """Whether the worker in ``slot`` holds more connections than the least loaded live worker."""
        cells = self._cells[:]
        serving = [cells[2 * other + 1] for other in range(self.slots) if cells[2 * other] > 0]
        return bool(serving) and cells[2 * slot + 1] > min(serving)


class BalancedPool(Pool):
    """A gevent worker's pool of connection greenlets that publishes its size and is full while over its share."""

    def __init__(self, size: int | None, table: Table, slot: int) -> None:
        super().__init__(size)
        self.table, self.slot = table, slot
        self._waiting_since: float | None = None
        self._last_asked = 0.0

    def add(self, greenlet: Any, *args: Any, **kwargs: Any) -> None:
        """Add a connection's greenlet, and publish the new count."""
        super().add(greenlet, *args, **kwargs)
        self.table.publish(self.slot, len(self))

    def _discard(self, greenlet: Any) -> None:
        super()._discard(greenlet)
        self.table.publish(self.slot, len(self))

    def full(self) -> bool:
        """Full as gevent's pool is, or while over the worker's share and a waiting connection is younger than GRACE."""
        if super().full():
            return True
        now = time.monotonic()
        if now - self._last_asked > EPISODE_GAP:
            self._waiting_since = None
        self._last_asked = now
        if not self.table.over_share(self.slot):
            self._waiting_since = None
            return False
        if self._waiting_since is None:
            self._waiting_since = now
        return now - self._waiting_since < GRACE


def install(table: Table, worker: Any) -> None:
    """In a gevent worker that holds a slot of ``table`` and shares its listening socket: build its connection pool as
    a BalancedPool. (With a socket of its own, SO_REUSEPORT, a connection the kernel queued there waits for it.)"""
    slot = getattr(worker, "balance_slot", None)
    if slot is not None and isinstance(worker, ggevent.GeventWorker) and not worker.cfg.reuse_port:
        # GeventWorker.run builds its pool by this module global's name; gunicorn has no setting for the pool.
        ggevent.Pool = partial(BalancedPool, table=table, slot=slot)
        table.start(slot, worker.age)
