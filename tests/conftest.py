"""Session fixtures: the Redis every integration and end-to-end test talks to.

REDIS_URL when set; otherwise a private redis-server on a free port, started for
the session and stopped after it, so tests never touch anyone else's data.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis as redis_py

from service.ops.private_redis import redis_binary
from service.ops.processes import free_port, wait_until


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The Redis the tests use."""
    with tests_redis() as url:
        yield url


@contextmanager
def tests_redis() -> Iterator[str]:
    """REDIS_URL when set; else a private redis-server, stopped on leaving."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    with private_redis() as url:
        yield url


@contextmanager
def private_redis() -> Iterator[str]:
    """A redis-server of the caller's own on a free port, keeping nothing on disk, stopped on leaving: for tests
    that change what every game in a Redis is (an archive of all finished games), which would take other files'
    games from under them."""
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [
                redis_binary(),
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                data,
            ],
            stdout=subprocess.DEVNULL,
        )
        url = f"redis://127.0.0.1:{port}/0"
        try:
            wait_until(lambda: redis_py.Redis.from_url(url).ping(), 10, "the test redis-server")
            yield url
        finally:
            server.terminate()
            server.wait(10)


@pytest.fixture(autouse=True)
def _signal_handlers_as_found() -> Iterator[None]:
    """Each test leaves the process's stop signals handled as it found them: RQ's worker, run in-process, installs
    its own and keeps them after a burst, and a later test's forked children would inherit them."""
    found = {number: signal.getsignal(number) for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    yield
    for number, handler in found.items():
        if signal.getsignal(number) is not handler:
            signal.signal(number, handler)
