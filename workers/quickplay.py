"""The RQ job of quick play: once a player's wait for bots is over, seat it with bots (service/core/quickplay.py)."""

from __future__ import annotations

import time

from service.core import quickplay
from workers import jobs


def fill(queue: str, due: float) -> list[str]:
    """Seat every player of ``queue`` whose wait for bots is over (the one that queued this job at ``due``), bots in
    the other seats; the games formed."""
    early = due - time.time()
    if 0 < early <= jobs.EARLY:
        time.sleep(early)
    return quickplay.fill(jobs.services(), queue)
