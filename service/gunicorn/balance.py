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

An event stream holds its connection for as long as it is open and carries no request, so a worker's load is two
counts, compared in order: the connections that carry requests (those it holds, less its streams), then its streams.
Counted as one, a client's command connection and its streams weighed the same: the bench's 24 connections lay 12
and 12 while its 8 command connections lay 6 and 2, and one worker answered 63-71% of the requests. A connection is
counted with the requests until it becomes a stream (the process's stream registry, service/streams/registry.py, says
when).
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


#: Cells a slot has in the table: the worker's age, its connections, its streams.
CELLS = 3


class Table:
    """Each live worker's connections, in memory shared by the master and the workers it forks: per slot, the
    worker's age (gunicorn numbers the workers it spawns; 0: a free slot; negative: given to a worker still starting,
    which counts for nothing until it serves), its count of connections and how many of them are event streams."""

    def __init__(self, slots: int = 64) -> None:
        self.slots = slots
        self._cells = multiprocessing.RawArray(ctypes.c_long, CELLS * slots)

    def assign(self, age: int) -> int | None:
        """In the master, before a fork: a free slot for the worker of ``age``, or None when every slot is taken."""
        for slot in range(self.slots):
            if self._cells[CELLS * slot] == 0:
                self._cells[CELLS * slot : CELLS * slot + CELLS] = [-age, 0, 0]
                return slot
        return None

    def start(self, slot: int, age: int) -> None:
        """In a worker about to serve: count its slot from now on (while it loads the app, its siblings would
        otherwise leave new connections to a worker that takes none yet)."""
        self._cells[CELLS * slot] = age

    def release(self, slot: int | None, age: int) -> None:
        """In the master, once a worker exited: free its slot, unless a later worker holds it already."""
        if slot is not None and abs(self._cells[CELLS * slot]) == age:
            self._cells[CELLS * slot : CELLS * slot + CELLS] = [0, 0, 0]

    def publish(self, slot: int, connections: int, streams: int = 0) -> None:
        """In a worker: how many connections it holds now, and how many of those are event streams."""
        self._cells[CELLS * slot + 1 : CELLS * slot + CELLS] = [connections, streams]

    def over_share(self, slot: int) -> bool:
        """Whether the worker in ``slot`` is more loaded than the least loaded live worker: more connections that
        carry requests, or as many and more streams."""
        cells = self._cells[:]

        def load(one: int) -> tuple[int, int]:
            connections, streams = cells[CELLS * one + 1], cells[CELLS * one + 2]
            return connections - streams, streams

        serving = [load(other) for other in range(self.slots) if cells[CELLS * other] > 0]
        return bool(serving) and load(slot) > min(serving)


class BalancedPool(Pool):
    """A gevent worker's pool of connection greenlets that publishes its size and is full while over its share."""

    def __init__(self, size: int | None, table: Table, slot: int) -> None:
        super().__init__(size)
        self.table, self.slot = table, slot
        self._streams = 0
        self._waiting_since: float | None = None
        self._last_asked = 0.0

    def add(self, greenlet: Any, *args: Any, **kwargs: Any) -> None:
        """Add a connection's greenlet, and publish the new count."""
        super().add(greenlet, *args, **kwargs)
        self.table.publish(self.slot, len(self), self._streams)

    def _discard(self, greenlet: Any) -> None:
        super()._discard(greenlet)
        self.table.publish(self.slot, len(self), self._streams)

    def count_streams(self, streams: int) -> None:
        """The process now holds ``streams`` event streams (each on one of the pool's connections): publish it."""
        self._streams = streams
        self.table.publish(self.slot, len(self), streams)

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
        ggevent.Pool = partial(_listening_pool, table=table, slot=slot)
        table.start(slot, worker.age)


def _listening_pool(size: int | None, table: Table, slot: int) -> BalancedPool:
    """The worker's pool, told by the process's stream registry how many of its connections are streams."""
    # Imported here, in the worker once it has loaded the app: the master that reads this module never loads it.
    from service.streams import registry

    pool = BalancedPool(size, table, slot)
    registry.STREAM_COUNT_LISTENERS.append(pool.count_streams)
    return pool
