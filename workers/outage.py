"""Riding out a Redis outage: wait with backoff, say once that Redis went away and once that it is back.

The sweeper retries its sweep this way, and the worker process starts RQ's work loop again this way, because
RQ retries a lost connection only while it waits for a job: a Redis error anywhere else (a timeout, or a job
that fails while Redis is away) ends its loop.
"""

from __future__ import annotations

import logging
import time
from types import FrameType

import redis
from rq import Queue, SimpleWorker

#: The errors of a Redis that is down, restarting (still loading its data) or not answering.
REDIS_DOWN = (redis.ConnectionError, redis.TimeoutError)

log = logging.getLogger("dogpark.worker")


class Outage:
    """Backoff between tries while Redis is unreachable: one log line as an outage starts and one as it ends."""

    def __init__(self, log: logging.Logger, first: float = 0.25, cap: float = 2.0) -> None:
        self.log = log
        self.first = first
        self.cap = cap
        self.since: float | None = None
        self.delay = 0.0

    def failed(self, error: Exception) -> float:
        """Note a try that failed on ``error``; return how long to wait before the next one."""
        if self.since is None:
            self.since = time.monotonic()
            self.delay = self.first
            self.log.warning("Redis is unreachable (%s); retrying every %.2g s at most", error, self.cap)
        else:
            # Capped low: once Redis is back, every game must move again within the stall threshold.
            self.delay = min(self.delay * 2, self.cap)
        return self.delay

    def succeeded(self) -> None:
        """Note a try that reached Redis; say so if it ends an outage."""
        if self.since is not None:
            self.log.warning("Redis is back after %.1f s", time.monotonic() - self.since)
            self.since = None

    def wait_for(self, client: redis.Redis) -> None:
        """Return once ``client``'s Redis answers, waiting with backoff meanwhile."""
        while True:
            try:
                client.ping()
            except REDIS_DOWN as error:
                time.sleep(self.failed(error))
            else:
                self.succeeded()
                return


class _OncePerOutage(logging.Filter):
    """Lets one of RQ's "could not connect" lines through a minute: RQ writes one for every retry."""

    def __init__(self) -> None:
        super().__init__()
        self.last: float | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a repeat of the line within a minute."""
        if "could not connect to Redis" not in record.getMessage():
            return True
        now = time.monotonic()
        if self.last is not None and now - self.last < 60:
            return False
        self.last = now
        return True


class _Worker(SimpleWorker):
    """RQ's in-process worker, remembering a stop request: RQ's loop also ends, just as quietly, on an error."""

    #: RQ waits up to a minute between tries to fetch a job while Redis is away; a game waits for that.
    max_connection_wait_time = 2.0
    asked_to_stop = False

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        """Note the request, then let RQ stop as it does (after the job in hand)."""
        self.asked_to_stop = True
        super().request_stop(signum, frame)


def keep_working(queues: list[Queue], client: redis.Redis, burst: bool = False) -> None:
    """Run an RQ worker (with its scheduler) on ``queues``, in order of priority, until it is asked to stop, across
    Redis outages.

    Each time RQ's loop ends without a stop request, a fresh worker (a new name, so RQ's registry of live
    workers does not refuse it) starts once Redis answers. A job lost with the old loop is not retried here:
    the sweeper re-enqueues the game's overdue step.
    """
    logging.getLogger("rq.worker").addFilter(_OncePerOutage())
    outage = Outage(log)
    while True:
        outage.wait_for(client)
        worker: _Worker | None = None
        try:
            # RQ takes a job from the first queue that has one: a later queue waits while an earlier one has jobs.
            worker = _Worker(queues, connection=client)  # which names itself to Redis at once
            worker.work(burst=burst, with_scheduler=True)
            why = "see RQ's log above"
        except REDIS_DOWN as error:
            # RQ's teardown (recording the worker's death) raises while Redis is still away.
            why = str(error)
            if worker is not None:
                _stop_listening(worker)
        if burst or (worker is not None and worker.asked_to_stop):
            return
        log.warning("RQ's work loop ended (%s); a new worker starts once Redis answers", why)
        time.sleep(outage.first)


def _stop_listening(worker: SimpleWorker) -> None:
    """Stop the thread RQ listens for commands on, which its teardown would have stopped had it got that far."""
    if worker.pubsub_thread is not None:
        worker.pubsub_thread.stop()
