"""Gunicorn settings for dogpark.

The worker class is gevent: a Server-Sent Events client waiting on its game's
stream holds a greenlet, not a worker process nor a Redis connection (the
process's one reader feeds all its streams: service/streams/; at most
DOGPARK_STREAM_CONNECTIONS of them per process), so a few processes serve open
streams and ordinary requests alike. DOGPARK_WORKER_CLASS names another (the
bench compares gthread, whose threads each hold one connection: DOGPARK_WEB_THREADS).

The gevent workers share one listening socket and spread the connections evenly
between them: a worker holding more than the least loaded accepts none, counting
the connections that carry requests first and its event streams second
(service/gunicorn/balance.py). Left to the kernel, one gevent worker could accept
every keep-alive connection while the other idled (docs/benchmarks.md). Other
worker classes listen on a socket each (SO_REUSEPORT), spread by the kernel.
"""

from __future__ import annotations

import ctypes
import gc
import logging
import multiprocessing
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from gunicorn import glogging

from service.core import logs
from service.core.config import Settings, parse_bind
from service.gunicorn import balance, send

if TYPE_CHECKING:
    from gunicorn.arbiter import Arbiter
    from gunicorn.config import Config
    from gunicorn.workers.base import Worker

# Metrics: each worker writes its figures to files in one folder, which /metrics reads (prometheus_client's
# multiprocess mode). A stack names the folder its workers and sweeper share; gunicorn run alone gets a temporary
# one, set here in the master before any worker imports prometheus_client.
_own_metrics = not os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if _own_metrics:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="dogpark-metrics-")

#: prctl's option that has the kernel signal a process when its parent dies.
PR_SET_PDEATHSIG = 1
#: The process serving /metrics on DOGPARK_METRICS_BIND, when it is set.
_metrics_server: subprocess.Popen | None = None

bind = os.environ.get("DOGPARK_BIND", "127.0.0.1:8000")
worker_class = os.environ.get("DOGPARK_WORKER_CLASS") or "gevent"
# gevent: one socket, the connections balanced by the table. Otherwise gunicorn opens one listener in each worker
# and none in the master (a Unix socket cannot be shared that way).
reuse_port = worker_class != "gevent" and not bind.startswith(("unix:", "fd://"))
_balance = balance.Table()
threads = int(os.environ.get("DOGPARK_WEB_THREADS") or 32)
workers = int(os.environ.get("DOGPARK_WEB_WORKERS", multiprocessing.cpu_count()))
# Room for requests beside the most streams a process may hold.
_streams = Settings.from_env().stream_connections
worker_connections = max(2000, _streams + 1000)
# A client's socket is a file, and so is each Redis connection (a fixed few per process): lift the soft limit on
# open files (often 1024) towards what those limits need, as far as the hard limit allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_needed = worker_connections + 256
if _soft != resource.RLIM_INFINITY and _soft < _needed:
    _lifted = _needed if _hard == resource.RLIM_INFINITY else min(_needed, _hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (_lifted, _hard))
# An SSE response streams for as long as the game runs; keep-alive comments keep it alive.
timeout = 60
graceful_timeout = 10
# gunicorn's own limits, spelled out because it refuses a request past them itself (414, 431) with an HTML
# page the API cannot turn into a problem document; the OpenAPI document's info names them.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# gunicorn's C request parser (gunicorn_h1c, a dependency), within those limits: a sixth less CPU per move than
# its Python parser. "fast" rather than "auto", so that a missing parser fails loudly instead of costing CPU.
http_parser = "fast"
# Off unless asked for ("-": the terminal, or a file): a line per request floods a terminal watching a game.
# The default format logs the request line, never headers, so seat tokens stay out of the log.
accesslog = os.environ.get("DOGPARK_ACCESS_LOG") or None
errorlog = "-"
# gunicorn's own lines follow the libraries' level (service/core/logs.py); the app's lines go through the root logger,
# set up here in the master so that every worker forked from it inherits it.
loglevel = logging.getLevelName(logs.library_level()).lower()
logs.configure()


class _Lines(glogging.Logger):
    """gunicorn's own lines and its access lines as dogpark's are written: JSON when DOGPARK_LOG_FORMAT=json, else in
    gunicorn's own formats; either way escaped (service/core/logs.py), since a request's path is the client's."""

    def setup(self, cfg: Config) -> None:
        """gunicorn's set-up, then each of its handlers writes dogpark's lines."""
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.setFormatter(logs.formatter(self.error_fmt, self.datefmt))
        for handler in self.access_log.handlers:
            handler.setFormatter(logs.formatter(self.access_fmt))


logger_class = _Lines


def on_starting(server: Arbiter) -> None:
    """Stop if the address is taken; forget the open streams of workers a previous web server left when it died
    (killed, they never exited); serve /metrics on DOGPARK_METRICS_BIND if it is set."""
    from prometheus_client import multiprocess

    _address_free(server)
    for path in Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).glob("gauge_live*.db"):
        pid = int(path.stem.rpartition("_")[2])
        if not _alive(pid):
            multiprocess.mark_process_dead(pid)
    _serve_metrics_apart(server)


def _serve_metrics_apart(server: Arbiter) -> None:
    """With DOGPARK_METRICS_BIND, start the process that serves /metrics on that address (the app then serves none on
    the API's): every process's figures and the queues' depth, as the app's /metrics would. Exit with status 1 when
    the address is taken, as for the API's."""
    global _metrics_server
    settings = Settings.from_env()
    if settings.metrics_bind is None:
        return
    host, port = parse_bind(settings.metrics_bind, "DOGPARK_METRICS_BIND")
    _address_free(server, [(host, port)])
    # It dies with the master (PR_SET_PDEATHSIG), even one killed outright, so that no orphan holds the address.
    _metrics_server = subprocess.Popen(
        [sys.executable, "-m", "service.gunicorn.metrics_server"], preexec_fn=_die_with_parent
    )
    server.log.info("Serving /metrics at http://%s/metrics (pid: %s)", settings.metrics_bind, _metrics_server.pid)


def _die_with_parent() -> None:
    """In the child, before it runs: be sent SIGTERM when the parent dies (Linux's prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def pre_fork(server: Arbiter, worker: Worker) -> None:
    """Give the worker about to be forked a slot of the connection table."""
    worker.balance_slot = _balance.assign(worker.age)


def child_exit(server: Arbiter, worker: Worker) -> None:
    """A worker that exits takes its open streams along: drop its live gauges (its counters still count), and free
    its slot of the connection table."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
    _balance.release(getattr(worker, "balance_slot", None), worker.age)


def on_exit(server: Arbiter) -> None:
    """Stop the /metrics server of DOGPARK_METRICS_BIND; remove the metrics folder gunicorn made for itself."""
    if _metrics_server is not None:
        _metrics_server.terminate()
        _metrics_server.wait(10)
    if _own_metrics:
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)


def post_worker_init(worker: Worker) -> None:
    """Send each plain response in one send, dated once a second (service/gunicorn/send.py); take connections only
    while not over the worker's share (service/gunicorn/balance.py); leave the loaded app out
    of the garbage collector's full passes, which paused a worker holding thousands of streams for hundreds of
    milliseconds (docs/benchmarks.md, "Fan-out")."""
    send.install()
    balance.install(_balance, worker)
    _end_streams_on_sigterm(worker)
    if os.environ.get("DOGPARK_GC_FREEZE", "1") == "1":
        gc.freeze()


def _end_streams_on_sigterm(worker: Worker) -> None:
    """On SIGTERM (a stop, or a reload's old workers) end the worker's event streams at once, as when Redis goes away,
    so that clients resume with Last-Event-ID now, on a process that stays, instead of being cut off after
    graceful_timeout; requests in flight still finish within it."""
    # Imported here, in the worker once it has loaded the app: the master that reads this module never loads it.
    from service.streams.fanout import EXTENSION

    graceful = worker.handle_exit
    fanout = getattr(worker.wsgi, "extensions", {}).get(EXTENSION)

    def handle_exit(sig: int, frame: FrameType | None) -> None:
        graceful(sig, frame)
        if fanout is not None:
            fanout.stop_soon()

    signal.signal(signal.SIGTERM, handle_exit)


def _address_free(server: Arbiter, addresses: list[tuple[str, int]] | None = None) -> None:
    """Exit with status 1 at once when another program holds a TCP address (gunicorn's own, or ``addresses``): the
    master's own bind would try again for five seconds first, and with a listener per worker it binds none, leaving its
    workers failing to bind over and over (and a second server started on the port would otherwise share it,
    SO_REUSEPORT letting it join)."""
    for address in server.cfg.address if addresses is None else addresses:
        if not isinstance(address, tuple):
            continue
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # As gunicorn binds: a port whose last connections are in TIME_WAIT is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address[:2])
            except OSError as error:
                # gunicorn's own words for it, as its bind in the master logs them.
                server.log.error("Connection in use: %s (%s)", str(address), error.strerror)
                sys.exit(1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True
