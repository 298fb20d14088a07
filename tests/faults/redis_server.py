"""A redis-server of a fault script's own, on its own port and data folder, to kill, stop, freeze and restart."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import redis

from service.ops.private_redis import redis_binary
from service.ops.processes import free_port, wait_until


class RedisServer:
    """One redis-server with an append-only file; restarted on the same port and folder it keeps its data."""

    def __init__(
        self, data_dir: Path, fsync: str = "everysec", port: int | None = None, replica_of: int | None = None
    ) -> None:
        self.data_dir = data_dir
        self.fsync = fsync
        self.port = port or free_port()
        #: The port of the master this server replicates, if it is a replica.
        self.replica_of = replica_of
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The server's URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start (or restart) the server and wait until it answers."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.data_dir)]
        args += ["--appendonly", "yes", "--appendfsync", self.fsync, "--save", ""]
        args += ["--logfile", str(self.data_dir / "redis.log")]
        if self.replica_of is not None:
            args += ["--replicaof", "127.0.0.1", str(self.replica_of)]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        wait_until(lambda: redis.Redis.from_url(self.url).ping(), 30, "redis-server")
        return self

    def kill(self) -> None:
        """SIGKILL the server: what it had acknowledged must survive in its append-only file."""
        self._signal(signal.SIGKILL)
        self.process.wait(10)

    def freeze(self) -> None:
        """SIGSTOP: connections stay open and nothing answers."""
        self._signal(signal.SIGSTOP)

    def thaw(self) -> None:
        """SIGCONT after a freeze."""
        self._signal(signal.SIGCONT)

    def stop(self) -> None:
        """Stop the server if it runs (thawing it first, so it can exit)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.thaw()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)

    def _signal(self, signum: int) -> None:
        assert self.process is not None and self.process.poll() is None, "redis-server is not running"
        os.kill(self.process.pid, signum)
