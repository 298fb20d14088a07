"""The server of ``/metrics`` on DOGPARK_METRICS_BIND: a process of its own, which gunicorn's master starts beside its
workers (service/gunicorn/conf.py) and which ends with it.

It serves what the app's ``/metrics`` would (every process's figures, read from PROMETHEUS_MULTIPROC_DIR, and the
queues' depth), on an address apart from the API's. A process rather than a thread of the master: the master must
not import Redis's client (and with it ``ssl``) before it forks its gevent workers, which patch ``ssl`` as they start.

    python -m service.gunicorn.metrics_server
"""

from __future__ import annotations

from events.connect import connect
from service.core.config import Settings, parse_bind
from service.core.metrics import serve_apart
from service.core.wiring import queues


def main() -> None:
    """Serve /metrics on DOGPARK_METRICS_BIND until the process is stopped."""
    settings = Settings.from_env()
    if settings.metrics_bind is None:
        raise SystemExit("DOGPARK_METRICS_BIND is not set: the API's address serves /metrics")
    host, port = parse_bind(settings.metrics_bind, "DOGPARK_METRICS_BIND")
    serve_apart(host, port, queues(settings, connect(settings.queue_redis_url, settings.redis_timeout)))


if __name__ == "__main__":
    main()
