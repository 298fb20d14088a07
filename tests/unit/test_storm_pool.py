"""The fault storm's client processes take SIGTERM's default action, whatever handler the test process holds: an
in-process RQ worker leaves one behind that raises or only takes note, and a CI run once hung in the storm's
Pool.__exit__ when a client so signalled died holding the pool's queue lock while another lived on."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.faults.storm import client_pool


def _sigterm_disposition(_: int) -> tuple[int, str]:
    """This process's id and how it takes SIGTERM, from the kernel's own masks."""
    status = Path(f"/proc/{os.getpid()}/status").read_text()
    masks = dict(line.split(":\t") for line in status.splitlines() if ":\t" in line)
    bit = 1 << (signal.SIGTERM - 1)
    if int(masks["SigCgt"], 16) & bit:
        return os.getpid(), "caught"
    return os.getpid(), "ignored" if int(masks["SigIgn"], 16) & bit else "default"


def _takes_note(signum, frame) -> None:
    """A handler like RQ's when its worker is busy: the signal is noted, and nothing ends."""


def test_the_storm_clients_take_sigterm_s_default_action_though_their_parent_catches_it():
    before = signal.signal(signal.SIGTERM, _takes_note)
    try:
        with client_pool(3) as pool:
            seen = dict(pool.map(_sigterm_disposition, range(30), chunksize=1))
    finally:
        signal.signal(signal.SIGTERM, before)

    assert len(seen) == 3
    assert set(seen.values()) == {"default"}
