"""The job that takes a finished game into its type's ratings (events/ratings.py), served by the webhook worker.

The command that ends a game only queues it (Services.calls.announce), so an update never slows a move. The job may
run twice (a retry, a second announce): the ratings take each game in once.
"""

from __future__ import annotations

from events.ratings import ranked, rates
from service.core.problems import NOT_FOUND, Problem
from workers import jobs
from workers.webhooks import IN_FLIGHT


def rate(game_id: str) -> str:
    """Update the ratings of a finished game's players and bots, once per game."""
    with IN_FLIGHT.job():
        svc = jobs.services()
        try:
            table = svc.repo.load(game_id).table
        except Problem as missing:
            if missing.kind is not NOT_FOUND:
                raise
            # Archived before its turn came (dogpark archive): the audit keeps the result, the ratings miss it.
            return "gone: the game was archived"
        if not rates(table):
            return "not rated: the game is not rated, not over, or abandoned"
        taken = svc.ratings.rate(game_id, table["type"], ranked(table))
        return "rated" if taken else "rated already"
