"""The sweeper: re-enqueues steps that are overdue, so a worker killed mid-job loses no turn."""

from __future__ import annotations

import logging
import time

from events.store import key
from service.wiring import Services, enqueue_advance

log = logging.getLogger("dogpark.sweeper")


def sweep(svc: Services, now: float) -> int:
    """Enqueue every running game whose system step is overdue by more than stall_seconds; return how many."""
    running = svc.lobby.list(status="running", limit=100_000)
    if not running:
        return 0
    pipe = svc.redis.pipeline(transaction=False)
    for game_id in running:
        pipe.hget(key(game_id, "meta"), "due_at")
    stalled = 0
    bucket = int(now // max(svc.settings.stall_seconds, 1))
    for game_id, due in zip(running, pipe.execute(), strict=True):
        if due and now - float(due) > svc.settings.stall_seconds:
            # A fresh job id per sweep period: the lost job's id may still be held by RQ.
            enqueue_advance(svc.queue, game_id, None, now, job_id=f"sweep-{game_id}-{bucket}")
            stalled += 1
    if stalled:
        log.warning("re-enqueued %d overdue game(s)", stalled)
    return stalled


def run(svc: Services, once: bool = False) -> None:
    """Sweep every sweep_seconds until stopped."""
    while True:
        sweep(svc, time.time())
        if once:
            return
        time.sleep(svc.settings.sweep_seconds)
