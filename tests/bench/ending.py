"""A bench ended by SIGTERM (`timeout`, a cancelled job, `kill`) stops what it started, as Ctrl-C does."""

from __future__ import annotations

import signal


def end_on_sigterm() -> None:
    """Make SIGTERM end this process by SystemExit, so that the bench's ``finally`` blocks stop its stacks and servers
    (Python's default action ends it at once, leaving gunicorn and redis-server running)."""
    signal.signal(signal.SIGTERM, _end)


def _end(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
