"""The Prometheus metrics of a stack's processes: every metric is defined here (docs/operations.md lists them).

In a stack, ``PROMETHEUS_MULTIPROC_DIR`` names one folder for the web server's workers, the RQ workers and the
sweeper alike (service/ops/stack.py makes it, or service/gunicorn/conf.py when gunicorn runs alone): each process
writes its figures to files there, and ``/metrics`` (service/http/metrics.py) on any web worker reads them all
(prometheus_client's multiprocess mode).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import redis
from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import start_wsgi_server
from rq import Queue, get_current_job
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry

#: Seconds: a request, from a millisecond to a slow one.
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Seconds: one Redis round trip running the append script.
APPEND_BUCKETS = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: Seconds a job starts after it was due: RQ's scheduler moves a scheduled job to the queue within a second.
LATENESS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
#: Seconds: a bot's move (a greedy bot may run playouts), or a webhook bot's answer.
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
#: Events in a finished game's log: a few dozen (a short Felix game) to the 50,000 events limit.
EVENT_BUCKETS = (10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000)

#: The methods a request is counted under by name; any other is counted as OTHER_METHOD, and a request no route
#: matched as UNMATCHED: a client names the method and the path, and each name would be series of its own.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER_METHOD = "other"
UNMATCHED = "unmatched"

REQUESTS = Counter(
    "dogpark_http_requests",
    "HTTP requests answered, by route (the URL rule, or 'unmatched'), method (GET, HEAD, POST, PUT, PATCH, DELETE, "
    "OPTIONS, or 'other') and status.",
    ["route", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "dogpark_http_request_seconds",
    "Seconds from a request's arrival in the app to its response's headers (a stream: until it opens).",
    ["route", "method"],
    buckets=REQUEST_BUCKETS,
)
COMMANDS = Counter(
    "dogpark_commands",
    "Commands decided, by game type, actor kind and outcome (appended, refused).",
    ["game_type", "actor", "outcome"],
)
CONFLICTS = Counter(
    "dogpark_command_conflicts",
    "Appends refused by the version check because another append came first (retried, or a 409 when the "
    "client gave expected_version).",
    ["game_type"],
)
DUPLICATES = Counter(
    "dogpark_command_duplicates",
    "Commands whose id was already recorded, answered as first answered.",
    ["game_type"],
)
APPEND_SECONDS = Histogram(
    "dogpark_append_seconds", "Seconds of one append: the Lua script's round trip to Redis.", buckets=APPEND_BUCKETS
)
GAMES = Counter("dogpark_games", "Games entering a status (open, running, finished).", ["game_type", "status"])
GAME_EVENTS = Histogram(
    "dogpark_game_events", "Events in a game's log when it finished.", ["game_type"], buckets=EVENT_BUCKETS
)
CLOCK_EXPIRIES = Counter("dogpark_clock_expiries", "Turn clocks that ran out (ClockExpired appended).", ["game_type"])
JOBS = Counter("dogpark_jobs", "Worker jobs run (bot turns, automatic steps), by outcome (ok, failed).", ["outcome"])
JOB_LATENESS = Histogram(
    "dogpark_job_lateness_seconds",
    "Seconds from when a job was due to when a worker started it.",
    buckets=LATENESS_BUCKETS,
)
JOB_SECONDS = Histogram("dogpark_job_seconds", "Seconds a worker spent on one job.", buckets=MOVE_BUCKETS)
BOT_MOVE_SECONDS = Histogram(
    "dogpark_bot_move_seconds",
    "Seconds of a built-in bot's move in a worker: its choice, the command's decision and the append.",
    ["game_type", "bot"],
    buckets=MOVE_BUCKETS,
)
WEBHOOK_SECONDS = Histogram(
    "dogpark_webhook_seconds",
    "Seconds a registered webhook bot took to answer a call, by kind and outcome.",
    ["kind", "outcome"],
    buckets=MOVE_BUCKETS,
)
WEBHOOK_SUSPENSIONS = Counter(
    "dogpark_webhook_suspensions",
    "Registered bots suspended for new games because DOGPARK_WEBHOOK_SUSPEND_AFTER of their calls in a row timed out.",
)
STEPS_REENQUEUED = Counter(
    "dogpark_steps_reenqueued", "Overdue steps the sweeper queued again (a job lost with a worker or an outage)."
)
# Each web worker sets its own count; the live processes' counts are summed.
OPEN_STREAMS = Gauge(
    "dogpark_open_streams", "Event streams open now (seat, spectator and player streams).", multiprocess_mode="livesum"
)


def committed(before: str | None, after: Mapping[str, Any], actor: Mapping[str, Any], events: list[dict]) -> None:
    """Count an appended command: by its actor, the clocks it expired, the status it moved the game to.

    ``after`` is the game after it; a game that finished with it has its log's length observed.
    """
    game_type = after["type"]
    COMMANDS.labels(game_type, actor["kind"], "appended").inc()
    expiries = sum(event["type"] == "ClockExpired" for event in events)
    if expiries:
        CLOCK_EXPIRIES.labels(game_type).inc(expiries)
    if after["status"] != before:
        GAMES.labels(game_type, after["status"]).inc()
        if after["status"] == "finished":
            GAME_EVENTS.labels(game_type).observe(after["version"])


def job_meta() -> dict[str, Any]:
    """The running RQ job's meta (when it was due, the request that caused it); empty outside a job."""
    job = get_current_job()
    return job.meta if job is not None else {}


@contextmanager
def job(due: float | None) -> Iterator[None]:
    """Measure the job run inside: how late it started (``due``: when it was due), how long it took, its outcome."""
    started = time.time()
    if due is not None:
        JOB_LATENESS.observe(max(0.0, started - due))
    outcome = "failed"
    try:
        yield
        outcome = "ok"
    finally:
        JOBS.labels(outcome).inc()
        JOB_SECONDS.observe(time.time() - started)


def bot_moved(game_type: str, actor: Mapping[str, Any], seconds: float) -> None:
    """Observe a system move's time when a built-in bot made it."""
    if actor.get("kind") == "bot":
        BOT_MOVE_SECONDS.labels(game_type, actor["name"]).observe(seconds)


def method_label(method: str) -> str:
    """The label a request's method is counted under: its name if it is one of METHODS, else OTHER_METHOD."""
    return method if method in METHODS else OTHER_METHOD


def exposition(queues: list[Queue]) -> bytes:
    """Every process's metrics in Prometheus's text format, and ``queues``' depth now."""
    scrape = CollectorRegistry()
    scrape.register(QueueDepth(queues))
    return generate_latest(processes()) + generate_latest(scrape)


def serve_apart(host: str, port: int, queues: list[Queue]) -> None:
    """Serve what ``exposition`` gives at http://host:port/metrics until the process ends (in multiprocess mode,
    which reads every process's files): the server of DOGPARK_METRICS_BIND. OSError if the address is taken."""
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    registry.register(QueueDepth(queues))
    _, serving = start_wsgi_server(port, host, registry)
    serving.join()


def processes() -> CollectorRegistry:
    """The registry to read: every process's files in multiprocess mode, else this process's own metrics."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return registry


class QueueDepth:
    """The RQ queues' jobs by state, read from their Redis at each scrape; reachable 0 when it does not answer."""

    def __init__(self, queues: list[Queue]) -> None:
        self.queues = queues

    def collect(self) -> Iterator[Metric]:
        """dogpark_queue_jobs{queue, state} and dogpark_queue_reachable."""
        pipe = self.queues[0].connection.pipeline(transaction=False)
        for queue in self.queues:
            scheduled = ScheduledJobRegistry(queue=queue).key
            pipe.llen(queue.key)
            pipe.zcard(scheduled)
            pipe.zcard(StartedJobRegistry(queue=queue).key)
            pipe.zcard(FailedJobRegistry(queue=queue).key)
            # A scheduled job whose time has come is moved to the queue by a worker's scheduler within a second or
            # so: many of them mean no scheduler runs.
            pipe.zcount(scheduled, 0, time.time())
        reachable = GaugeMetricFamily("dogpark_queue_reachable", "1 when the queues' Redis answered this scrape.")
        try:
            counts = pipe.execute()
        except redis.RedisError:
            reachable.add_metric([], 0)
            yield reachable
            return
        reachable.add_metric([], 1)
        yield reachable
        jobs = GaugeMetricFamily(
            "dogpark_queue_jobs",
            "Jobs in each queue by state: queued (ready to run), scheduled (due later), overdue (scheduled, due "
            "already), started (running), failed (kept a day).",
            labels=["queue", "state"],
        )
        states = ("queued", "scheduled", "started", "failed", "overdue")
        for i, queue in enumerate(self.queues):
            for state, count in zip(states, counts[i * len(states) : (i + 1) * len(states)], strict=True):
                jobs.add_metric([queue.name, state], count)
        yield jobs
