"""The fault storm's client processes take SIGTERM's default action, whatever handler the test process holds: an
in-process RQ worker leaves one behind that raises or only takes note, and a CI run once hung in the storm's
Pool.__exit__ when a client so signalled died holding the pool's queue lock while another lived on."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from tests.faults.storm import client_pool


def sigterm_disposition(pid: int) -> str:
    """How process ``pid`` takes SIGTERM, from the kernel's own masks."""
    status = Path(f"/proc/{pid}/status").read_text()
    masks = dict(line.split(":\t") for line in status.splitlines() if ":\t" in line)
    bit = 1 << (signal.SIGTERM - 1)
    if int(masks["SigCgt"], 16) & bit:
        return "caught"
    return "ignored" if int(masks["SigIgn"], 16) & bit else "default"


def _takes_note(signum, frame) -> None:
    """A handler like RQ's when its worker is busy: the signal is noted, and nothing ends."""


def _square(n: int) -> int:
    return n * n


def test_the_storm_clients_take_sigterm_s_default_action_though_their_parent_catches_it():
    before = signal.signal(signal.SIGTERM, _takes_note)
    try:
        with client_pool(3) as pool:
            squares = pool.map(_square, range(6))
            clients = [process.pid for process in pool._pool]
            # A client sets its handlers as it starts, before its first task: one not yet started shows its parent's.
            deadline = time.monotonic() + 10
            while (seen := [sigterm_disposition(pid) for pid in clients]) != ["default"] * 3:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
    finally:
        signal.signal(signal.SIGTERM, before)

    assert squares == [0, 1, 4, 9, 16, 25] and len(clients) == 3
    assert seen == ["default"] * 3
