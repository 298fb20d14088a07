"""The sweeper: re-enqueues steps that are overdue, so a worker killed mid-job, or a job lost to a Redis outage,
loses no turn (nor a quick play wait for bots), and tells each challenger whose challenge expired unanswered. It
rides out Redis outages itself: it retries with backoff, and says once that Redis went away.
"""

from __future__ import annotations

import logging
import time

from events.store import key
from service.core import challenges, metrics, quickplay
from service.core.wiring import Services
from workers.outage import REDIS_DOWN, Outage

log = logging.getLogger("dogpark.sweeper")


def sweep(svc: Services, now: float) -> int:
    """Enqueue every game whose system step is overdue by more than stall_seconds; return how many.

    Running games have bot turns and deadlines; open ones have their expiry. Quick play's waits for bots that are
    over are seated too, should their job have been lost; challengers are told of their expired challenges.
    """
    quickplay.fill_all(svc, now)
    challenges.tell_expired(svc)
    games = [g for status in ("running", "open") for g in svc.lobby.list(status=status, limit=100_000)]
    if not games:
        return 0
    pipe = svc.redis.pipeline(transaction=False)
    for game_id in games:
        pipe.hmget(key(game_id, "meta"), "due_at", "all_bots")
    stalled = 0
    bucket = int(now // max(svc.settings.stall_seconds, 1))
    for game_id, (due, bots) in zip(games, pipe.execute(), strict=True):
        if due and now - float(due) > svc.settings.stall_seconds:
            # A fresh job id per sweep period: the lost job's id may still be held by RQ.
            # Queued now, recorded as due when it was, so that its job's lateness shows the stall; a game created
            # before all_bots was recorded is taken for one with a person in a seat.
            job_id = f"sweep-{game_id}-{bucket}"
            svc.steps.enqueue(game_id, None, float(due), all_bots=bots == b"1", job_id=job_id)
            stalled += 1
    if stalled:
        metrics.STEPS_REENQUEUED.inc(stalled)
        log.warning("re-enqueued %d overdue game(s)", stalled)
    return stalled


def run(svc: Services) -> None:
    """Sweep every sweep_seconds until stopped; while Redis is away, try again with backoff."""
    outage = Outage(log)
    while True:
        try:
            sweep(svc, time.time())
        except REDIS_DOWN as error:
            time.sleep(outage.failed(error))
            continue
        outage.succeeded()
        time.sleep(svc.settings.sweep_seconds)
