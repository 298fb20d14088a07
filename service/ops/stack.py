"""The whole stack as child processes: a private Redis (unless given one), gunicorn, RQ workers, the webhook worker,
the search worker, the notifications worker, the sweeper.

`make run` uses it, and so do the end-to-end tests, so what they test is what a newcomer runs. While it serves,
it restarts a child that exits, with a log line; a child that dies more than ``max_restarts`` times within
``restart_window`` seconds stops the whole stack with a non-zero exit, for a supervisor to see.

Each child runs in a session of its own, so a Ctrl-C in the terminal reaches the stack alone, which stops its
children in order: the web server, the workers, the sweeper, then Redis. A stack that cannot start (its port
taken, a child that does not come up) stops whatever it started.

Its children call webhook bots at public addresses only, as any server does, unless DOGPARK_WEBHOOK_ALLOW says
otherwise: `DOGPARK_WEBHOOK_ALLOW=loopback` lets them call bots on this machine, as the tests and the examples do.

Its parts: ``processes`` (a free port, waiting for a child, ending children), ``private_redis`` (its own
redis-server, on a Unix socket), ``web_server`` (where gunicorn listens and the app it serves).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO

from service.core import logs
from service.core.config import Settings
from service.ops import web_server
from service.ops.private_redis import TRANSPORTS, PrivateRedis
from service.ops.processes import GRACE, StartFailed, end, kill_session, wait_until

ROOT = Path(__file__).resolve().parents[2]


class Crashing(Exception):
    """A child of the stack keeps dying: more restarts within the window than the stack allows."""


class Stack:
    """Starts, watches and stops the processes of one dogpark deployment on this machine."""

    def __init__(
        self,
        port: int = 8000,
        workers: int = 2,
        redis_url: str | None = None,
        data_dir: Path | None = None,
        quiet: bool = False,
        extra_env: dict[str, str] | None = None,
        log_path: Path | None = None,
        max_restarts: int = 5,
        restart_window: float = 60.0,
        host: str = "127.0.0.1",
    ) -> None:
        self.host = host
        self.port = port
        self.worker_count = workers
        self.redis_url = redis_url
        self.data_dir = data_dir or ROOT / "var"
        self.quiet = quiet
        #: Where the children's output and the stack's own lines are appended (None: the terminal, or nowhere
        #: when quiet).
        self.log_path = log_path
        self.extra_env = extra_env or {}
        self.max_restarts = max_restarts
        self.restart_window = restart_window
        #: The stack's own Redis, unless given a redis_url (placed by its first start, removed by stop()).
        self.private_redis: PrivateRedis | None = None
        self.redis_process: subprocess.Popen | None = None
        self.web: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.sweeper: subprocess.Popen | None = None
        #: The process that calls registered webhook bots (workers/webhooks.py).
        self.webhooks: subprocess.Popen | None = None
        #: The process that plays the bot levels that think (workers/search.py).
        self.search: subprocess.Popen | None = None
        #: The process that tells players who are away (workers/notifications.py).
        self.notifications: subprocess.Popen | None = None
        self._instance = secrets.token_hex(8)
        # Read here, so that a bad DOGPARK_LOG_FORMAT stops the stack before anything starts.
        self._json_lines = logs.line_format({**os.environ, **self.extra_env}) == "json"
        #: The folder every child writes its metrics to, which /metrics sums (made by start(), removed by stop()).
        self.metrics_dir: Path | None = None
        self._log: IO[str] | None = None
        self._deaths: dict[str, deque[float]] = {}
        #: Set once start() has seen the API answer: the stack is up and its children may be supervised.
        self.up = threading.Event()
        self._lock = threading.Lock()
        self._stopping = False

    @property
    def bind(self) -> str:
        """The address the web server listens on, as gunicorn takes it."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def url(self) -> str:
        """The API's base URL (on loopback when the server listens on every address)."""
        host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    def start(self) -> Stack:
        """Start everything and wait until the API answers; raise StartFailed, all stopped again, if it cannot."""
        self._check_settings()
        web_server.check_port(self.host, self.port, self.bind)
        if self.log_path is not None:
            self._log = open(self.log_path, "a", buffering=1)  # noqa: SIM115 - open until stop()
        self.metrics_dir = Path(tempfile.mkdtemp(prefix="dogpark-metrics-"))
        try:
            if self.redis_url is None:
                self.redis_process = self._start_redis()
                self.redis_url = self._private_redis().url
            self.web = self._start_web()
            for _ in range(self.worker_count):
                self.add_worker()
            self.webhooks = self._start_webhooks()
            self.search = self._start_search()
            self.notifications = self._start_notifications()
            self.sweeper = self._start_sweeper()
            wait_until(lambda: web_server.answers(self.web, self.url, self.bind, self._instance), 30, "the API")
        except BaseException:
            self.stop()
            raise
        self.up.set()
        return self

    def add_worker(self) -> subprocess.Popen:
        """Start one more RQ worker process."""
        process = self._start_worker()
        self.workers.append(process)
        return process

    def watch(self) -> None:
        """Restart every child that has exited, saying so; raise Crashing if one keeps dying."""
        with self._lock:
            if self._stopping:
                return
            if self.redis_process is not None and self.redis_process.poll() is not None:
                self._died("redis-server", self.redis_process)
                self.redis_process = self._start_redis()
            if self.web is not None and self.web.poll() is not None:
                self._died("web server", self.web)
                self.web = self._start_web()
            if self.sweeper is not None and self.sweeper.poll() is not None:
                self._died("sweeper", self.sweeper)
                self.sweeper = self._start_sweeper()
            if self.webhooks is not None and self.webhooks.poll() is not None:
                self._died("webhook worker", self.webhooks)
                self.webhooks = self._start_webhooks()
            if self.search is not None and self.search.poll() is not None:
                self._died("search worker", self.search)
                self.search = self._start_search()
            if self.notifications is not None and self.notifications.poll() is not None:
                self._died("notifications worker", self.notifications)
                self.notifications = self._start_notifications()
            for i, process in enumerate(self.workers):
                if process.poll() is not None:
                    self._died("worker", process)
                    self.workers[i] = self._start_worker()

    def supervise(self, stopped: Callable[[], bool], every: float = 0.5) -> None:
        """Watch the children every ``every`` seconds until ``stopped()``; raise Crashing if one keeps dying."""
        while True:
            time.sleep(every)
            if stopped():
                return
            self.watch()

    def stop(self) -> None:
        """Stop every process this stack started, in order: the web server, the workers, the sweeper, Redis."""
        with self._lock:
            if self._stopping:
                return
            self._stopping = True
        children = [self.web, *self.workers, self.webhooks, self.search, self.notifications]
        if any([*children, self.sweeper, self.redis_process]):
            self._say("stopping: the web server, the workers, the sweeper, Redis")
            end([self.web], web_server.WEB_GRACE)
            end([*self.workers, self.webhooks, self.search, self.notifications], GRACE)
            end([self.sweeper], GRACE)
            end([self.redis_process], GRACE)
            self._say("stopped")
        if self.metrics_dir is not None:
            shutil.rmtree(self.metrics_dir, ignore_errors=True)
        if self.private_redis is not None:
            self.private_redis.remove()
        if self._log is not None:
            self._log.close()
            self._log = None

    def serve(self) -> int:
        """Start, print how to use it, and restart children that die until Ctrl-C, SIGTERM or SIGHUP; the exit status.

        0 when stopped by a signal; 1 when a child kept dying, so that a supervisor restarts the whole stack; 2 when
        the stack could not start (one line says why on stderr).
        """
        previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
        # A closed terminal (SIGHUP) stops the stack too: its children, in sessions of their own, would outlive it.
        signal.signal(signal.SIGTERM, _exit_quietly)
        signal.signal(signal.SIGHUP, _exit_quietly)
        status = 0
        try:
            self.start()
            print(BANNER.format(url=self.url, redis=self._redis_for_people()), flush=True)
            # From here a signal only asks the loop to end. Raised as an exception, it could land as watch() takes
            # the stack's lock and leave it held, and stop() would then wait for it forever, saying nothing.
            signalled: list[int] = []
            for sig in previous:
                signal.signal(sig, lambda signum, frame: signalled.append(signum))
            self.supervise(lambda: bool(signalled))
        except StartFailed as failure:
            print(f"dogpark: {failure}", file=sys.stderr, flush=True)
            status = 2
        except Crashing as crash:
            self._say(f"{crash}; stopping the stack")
            status = 1
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            # A second Ctrl-C must not cut the stop short and leave children behind: it ends within WEB_GRACE.
            for sig in previous:
                signal.signal(sig, signal.SIG_IGN)
            self.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return status

    def _check_settings(self) -> None:
        """Refuse at once, before anything starts, settings every child would refuse (e.g. a Cluster REDIS_URL
        without DOGPARK_QUEUE_URL)."""
        # Without a REDIS_URL the stack starts a Redis of its own: one server, not a Cluster.
        env = {**os.environ, **self.extra_env, "REDIS_URL": self.redis_url or "redis://127.0.0.1:6379/0"}
        try:
            Settings.from_env(env)
        except ValueError as error:
            raise StartFailed(f"cannot start: {error}") from None
        if self._transport() not in TRANSPORTS:
            raise StartFailed(
                f"cannot start: DOGPARK_PRIVATE_REDIS is one of {', '.join(TRANSPORTS)}, not {self._transport()!r}"
            )

    def _died(self, role: str, process: subprocess.Popen) -> None:
        # Whatever it left in its session (gunicorn's workers, RQ's scheduler) goes with it.
        kill_session(process)
        now = time.monotonic()
        deaths = self._deaths.setdefault(role, deque())
        deaths.append(now)
        while deaths and deaths[0] < now - self.restart_window:
            deaths.popleft()
        if len(deaths) > self.max_restarts:
            raise Crashing(f"the {role} died {len(deaths)} times within {self.restart_window:.0f} s")
        self._say(f"the {role} (pid {process.pid}) exited with status {process.returncode}; restarting it")

    def _start_web(self) -> subprocess.Popen:
        conf = str(ROOT / "service" / "gunicorn" / "conf.py")
        argv = [sys.executable, "-m", "gunicorn", "-c", conf, web_server.APP]
        return self._spawn("the web server", argv)

    def _start_worker(self) -> subprocess.Popen:
        return self._spawn("a worker", [sys.executable, "-m", "service.ops.cli", "worker"])

    def _start_webhooks(self) -> subprocess.Popen:
        return self._spawn("the webhook worker", [sys.executable, "-m", "workers.webhooks"])

    def _start_search(self) -> subprocess.Popen:
        return self._spawn("the search worker", [sys.executable, "-m", "workers.search"])

    def _start_notifications(self) -> subprocess.Popen:
        return self._spawn("the notifications worker", [sys.executable, "-m", "workers.notifications"])

    def _start_sweeper(self) -> subprocess.Popen:
        return self._spawn("the sweeper", [sys.executable, "-m", "service.ops.cli", "sweep"])

    def child_env(self) -> dict[str, str]:
        """The environment of the stack's children: this process's, the stack's settings, and where things are."""
        return {
            **os.environ,
            **self.extra_env,
            "REDIS_URL": self.redis_url or "",
            "DOGPARK_BIND": self.bind,
            web_server.INSTANCE_VARIABLE: self._instance,
            "PROMETHEUS_MULTIPROC_DIR": str(self.metrics_dir),
            # Lines reach the log as they are written, so that it reads in order.
            "PYTHONUNBUFFERED": "1",
        }

    def _spawn(self, role: str, argv: list[str]) -> subprocess.Popen:
        out = self._output()
        process = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.child_env(),
            stdout=out,
            stderr=subprocess.STDOUT if self._log else out,
            start_new_session=True,
        )
        self._say(f"started {role} (pid {process.pid})")
        return process

    def _transport(self) -> str:
        """How the children reach the private Redis: DOGPARK_PRIVATE_REDIS, by default its socket."""
        return self._env("DOGPARK_PRIVATE_REDIS") or TRANSPORTS[0]

    def _private_redis(self) -> PrivateRedis:
        """The private Redis, placed once in the data folder: a restarted Redis comes back at the same place."""
        if self.private_redis is None:
            self.private_redis = PrivateRedis(self.data_dir / "redis", self._transport(), self._say)
        return self.private_redis

    def _start_redis(self) -> subprocess.Popen:
        # DOGPARK_DURABILITY=fsync: each write is on disk before Redis answers it.
        return self._private_redis().start(fsync=self._env("DOGPARK_DURABILITY") == "fsync")

    def _redis_for_people(self) -> str:
        """The Redis the stack uses, for the banner: its URL, and for the private one the redis-cli that opens it."""
        if self.private_redis is None:
            return str(self.redis_url)
        return f"{self.redis_url}  ({self.private_redis.redis_cli})"

    def _env(self, name: str) -> str | None:
        """A variable as the children see it."""
        return self.extra_env.get(name, os.environ.get(name))

    def _output(self) -> IO[str] | int | None:
        if self._log is not None:
            return self._log
        return subprocess.DEVNULL if self.quiet else None

    def _say(self, line: str) -> None:
        # In the format the children write theirs in.
        text = logs.one_line("dogpark.stack", line, self._json_lines)
        if self._log is not None:
            self._log.write(f"{text}\n")
        elif not self.quiet:
            print(text, file=sys.stderr, flush=True)


def _exit_quietly(signum: int, frame: object) -> None:
    """Stop serving as Ctrl-C does, without KeyboardInterrupt's traceback should one escape."""
    raise SystemExit(0)


BANNER = """
dogpark is up.
  API docs:  {url}/docs
  Redis:     {redis}

Watch an all-bot game of Felix finish by itself:
  curl -s -X POST {url}/v1/games -H 'Content-Type: application/json' \\
    -d '{{"type": "felix", "seats": [{{"bot": "greedy"}}, {{"bot": "random"}}, {{"bot": "random"}},
          {{"bot": "random"}}]}}'
  curl -N {url}/v1/games/<id>/events/stream

Play a seat yourself: create with {{"human": true}} in a seat, then
  curl -s -X POST {url}/v1/games/<id>/seats/0        # returns your token
  curl -s {url}/v1/games/<id> -H 'Authorization: Bearer <token>'   # your view and legal moves

Ctrl-C stops everything.
"""
