"""``/metrics``: every process's metrics (service/core/metrics.py) summed, and each request counted and timed.

Without ``PROMETHEUS_MULTIPROC_DIR``, ``/metrics`` serves this process's own figures. Queue depth is read from the
queues' Redis at each scrape. With DOGPARK_METRICS_BIND, the app serves no ``/metrics``: a process gunicorn's master
starts serves it on that address alone (service/gunicorn/metrics_server.py), off the API's.
"""

from __future__ import annotations

import time

from flask import Flask, Response, g, request
from prometheus_client import Counter, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from service.core.metrics import REQUEST_SECONDS, REQUESTS, UNMATCHED, exposition, method_label
from service.core.wiring import queues
from service.http.context import services


def instrument(app: Flask, serve: bool = True) -> None:
    """Count and time every request of ``app`` by its route, and serve ``/metrics`` unless not to ``serve`` it (it is
    no part of the /v1 API)."""
    # Each (route, method, status)'s counter and histogram, looked up once per process: labels() takes a lock and
    # checks its values on every call, a measurable share of a request that does nothing else (/livez).
    series: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}

    @app.before_request
    def _start_clock() -> None:
        g.metrics_started = time.perf_counter()

    @app.after_request
    def _count(response: Response) -> Response:
        # The URL rule, not the path: one series per route, whatever ids the paths hold; and a method only by a name
        # of METHODS, whatever a client sends.
        rule = request.url_rule
        route = rule.rule if rule is not None else UNMATCHED
        method, status = method_label(request.method), response.status_code
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

    if serve:
        app.add_url_rule("/metrics", "metrics", metrics_page)


def metrics_page() -> Response:
    """Every process's metrics in Prometheus's text format, and the queues' depth now."""
    svc = services()
    body = exposition(queues(svc.settings, svc.queue.connection))
    return Response(body, mimetype=None, content_type=CONTENT_TYPE_LATEST)
