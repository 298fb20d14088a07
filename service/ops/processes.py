"""The stack's child processes, whichever they are: a free port to give one, waiting until one is up, ending them.

Each child runs in a session of its own (``start_new_session``), so that ending it ends whatever it started too
(gunicorn's workers, RQ's scheduler).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable

import redis

#: Seconds a worker (finishing the job in hand), the sweeper or Redis (writing its append-only file) is given.
GRACE = 15.0


class StartFailed(RuntimeError):
    """The stack could not start: its port is taken, or a process did not come up in time."""


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


def end(processes: list[subprocess.Popen | None], grace: float) -> None:
    """SIGTERM each process, give them ``grace`` seconds together, then SIGKILL whatever is left of their sessions."""
    started = [process for process in processes if process is not None]
    for process in started:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + grace
    for process in started:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(max(0.0, deadline - time.monotonic()))
        kill_session(process)
        process.wait()


def kill_session(process: subprocess.Popen) -> None:
    """SIGKILL every process left in the child's session (its process group): the child, if alive, and its own."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
