"""What the server tells a player who is away: notifications, queued for the notifications worker.

A notification names its player, its kind and, where it has one, its game and the game's version. The notifications
worker (``workers/notifications.py``) sends it by each channel the player has (Web Push, notification webhooks),
only if the player is away, in the player's language. Queuing one is all the command path and the API do: a slow
push service never delays a command.
"""

from __future__ import annotations

import contextlib
import hashlib
from datetime import datetime
from typing import Any

from redis import Redis
from rq import Queue
from rq.exceptions import DuplicateJobError

from events.envelope import canonical_bytes
from service.core.config import Settings

#: What a notification may tell: the player's turn, an invitation to a seat, a challenge from a named player and its
#: answer (accepted, declined, or withdrawn by its challenger) or its expiry unanswered, a game that ended, a clock
#: running out, a rematch offered or started, a seat found by quick play.
KINDS = (
    "turn",
    "invited",
    "challenged",
    "challenge_accepted",
    "challenge_declined",
    "challenge_withdrawn",
    "challenge_expired",
    "game_over",
    "clock",
    "rematch",
    "seated",
)
#: A notifications job's limits: failures are kept a day, results an hour.
NOTIFY_JOB = {"job_timeout": 60, "result_ttl": 3600, "failure_ttl": 86_400}


def notifications_queue(settings: Settings, connection: Redis) -> Queue:
    """The queue of notifications, which the notifications worker serves: the deployment's queue's name and
    -notifications."""
    return Queue(f"{settings.queue}-notifications", connection=connection)


def scope(game: str | None, data: dict[str, Any]) -> str:
    """What a notification is about: its game, or for one of no game (a challenge) a digest of what it says."""
    return game if game is not None else hashlib.sha256(canonical_bytes(data)).hexdigest()[:16]


class Notifications:
    """The queue of notifications: ``send`` queues one for the notifications worker."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    def send(
        self,
        player: str,
        kind: str,
        game: str | None = None,
        version: int | None = None,
        at: datetime | None = None,
        **data: Any,
    ) -> None:
        """Queue a notification of ``kind`` for ``player`` (or hold it until ``at``); the same (player, kind, game,
        version) is queued once.

        A notification of no game (a challenge) is told apart by what it says instead: two challenges to one player
        are two notifications, one challenge told twice is one. One held until ``at`` has an id of its own, for the
        job that holds it may still be running under the first.
        """
        if kind not in KINDS:
            raise ValueError(f"{kind!r} is not a kind of notification")
        job_id = f"notify-{player}-{kind}-{scope(game, data)}-{'' if version is None else version}"
        arguments: tuple[Any, ...] = ("workers.notifications.deliver", player, kind, game, version, data)
        if at is not None:
            self.queue.enqueue_at(at, *arguments, job_id=f"{job_id}-at", **NOTIFY_JOB)
            return
        with contextlib.suppress(DuplicateJobError):
            self.queue.enqueue(*arguments, job_id=job_id, unique=True, **NOTIFY_JOB)
