"""``/metrics``: every process's metrics (service/core/metrics.py) summed, and each request counted and timed.

Without ``PROMETHEUS_MULTIPROC_DIR``, ``/metrics`` serves this process's own figures. Queue depth is read from the
queue's Redis at each scrape.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import redis
from flask import Flask, Response, g, request
from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from rq import Queue
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry

from service.core.metrics import REQUEST_SECONDS, REQUESTS
from service.core.wiring import webhook_queue
from service.http.context import services


def instrument(app: Flask) -> None:
    """Count and time every request of ``app`` by its route, and serve ``/metrics`` (not part of the /v1 API)."""
    # Each (route, method, status)'s counter and histogram, looked up once per process: labels() takes a lock and
    # checks its values on every call, a measurable share of a request that does nothing else (/livez).
    series: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}

    @app.before_request
    def _start_clock() -> None:
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response: Response) -> Response:
        # The URL rule, not the path: one series per route, whatever ids the paths hold.
        rule = request.url_rule
        route, method, status = rule.rule if rule is not None else "unmatched", request.method, response.status_code
        found = series.get((route, method, status))
        if found is None:
            found = REQUESTS.labels(route, method, str(status)), REQUEST_SECONDS.labels(route, method)
            series[route, method, status] = found
        requests, seconds = found
        requests.inc()
        started = g.get("metrics_started")
        if started is not None:
            seconds.observe(time.perf_counter() - started)
        return response

    app.add_url_rule("/metrics", "metrics", exposition)


def exposition() -> Response:
    """Every process's metrics in Prometheus's text format, and the queues' depth now."""
    svc = services()
    scrape = CollectorRegistry()
    scrape.register(QueueDepth([svc.queue, webhook_queue(svc.settings, svc.queue.connection)]))
    body = generate_latest(processes()) + generate_latest(scrape)
    return Response(body, mimetype=None, content_type=CONTENT_TYPE_LATEST)


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
