"""A bench ended by SIGTERM stops the stack it started (a `timeout` or a cancelled job once left gunicorn and
redis-server running)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.e2e.test_make_run import children_of, gone


def descendants(pid: int) -> list[int]:
    """Every live process below ``pid``."""
    found = []
    for child in children_of(pid):
        found += [child, *descendants(child)]
    return found


def command_line(pid: int) -> str:
    """A process's command line, or "" once it is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_a_bench_ended_by_sigterm_stops_the_stack_it_started():
    bench = subprocess.Popen(
        [sys.executable, "-m", "tests.bench.run", "--games", "counter", "--micro-seconds", "60", "--fanout-streams",
         "0", "--capacity-seconds", "0", "--webhook-games", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not any("gunicorn" in command_line(pid) for pid in descendants(bench.pid)):
            assert time.monotonic() < deadline and bench.poll() is None, "the bench's stack never started"
            time.sleep(0.2)
        time.sleep(1)
        started = descendants(bench.pid)
        bench.send_signal(signal.SIGTERM)
        status = bench.wait(60)
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
    time.sleep(0.5)

    assert len(started) >= 4  # redis-server, gunicorn's master and two workers, the sweeper, ...
    assert [command_line(pid) for pid in started if not gone(pid)] == []
    assert status == 128 + signal.SIGTERM
