"""The RQ job of quick play: once a player's wait for bots is over, seat it with bots (service/core/quickplay.py)."""

from __future__ import annotations

from service.core import quickplay
from workers import jobs


def fill(queue: str) -> list[str]:
    """Seat every player of ``queue`` whose wait for bots is over, bots in the other seats; the games formed."""
    return quickplay.fill(jobs.services(), queue)
