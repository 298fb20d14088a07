"""The composition root: one place that builds the store, the handler and the queue from settings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import redis
from flask import current_app
from rq import Queue
from rq.exceptions import DuplicateJobError

from events.lobby import Lobby
from events.store import RedisStore
from service.config import Settings
from service.handler import CommandHandler
from service.repository import Repository

#: How long a finished job's id is kept, so a duplicate enqueue of the same step collapses into it.
JOB_RESULT_TTL = 600


@dataclass
class Services:
    """Everything a request, a job or a CLI command needs."""

    settings: Settings
    #: The client of requests and jobs: a Redis that does not answer within redis_timeout is an error at once.
    redis: redis.Redis
    store: RedisStore
    repo: Repository
    lobby: Lobby
    queue: Queue
    handler: CommandHandler
    #: The connections event streams block on, apart from ``redis``'s, so that viewers never starve a command.
    streams: redis.ConnectionPool
    #: The client RQ's worker blocks on while it waits for a job.
    worker_redis: redis.Redis

    def stream_connection(self) -> redis.Connection:
        """A stream's own connection, until it is released; MaxConnectionsError when every one is taken."""
        return self.streams.get_connection()

    def enqueue(self, game_id: str, version: int, at: float) -> None:
        """Queue the game's next system step (a bot turn or an automatic step), due at ``at``."""
        enqueue_advance(self.queue, game_id, version, at)


def enqueue_advance(queue: Queue, game_id: str, version: int | None, at: float, job_id: str | None = None) -> None:
    """Queue workers.jobs.advance; duplicates of one step collapse by job id.

    A step due now is tied to the version it was due at: a job that finds the
    game moved on does nothing. A step due later (a deadline, a timed end) is
    not, because other events may come first; the job re-checks what is due.
    """
    now = datetime.now(UTC).timestamp()
    if at > now:
        version = None
    # RQ job ids take letters, digits, "_" and "-" only.
    job_id = job_id or (f"advance-{game_id}-{version}" if version is not None else f"due-{game_id}-{int(at * 1000)}")
    kwargs = {"job_id": job_id, "unique": True, "result_ttl": JOB_RESULT_TTL, "failure_ttl": 86400}
    try:
        if at <= now:
            queue.enqueue("workers.jobs.advance", game_id, version, **kwargs)
        else:
            when = datetime.fromtimestamp(at, UTC)
            queue.enqueue_at(when, "workers.jobs.advance", game_id, version, **kwargs)
    except DuplicateJobError:
        pass


def build(settings: Settings) -> Services:
    """Connect to Redis and wire the services."""
    client = redis.Redis.from_url(
        settings.redis_url,
        socket_timeout=settings.redis_timeout,
        socket_connect_timeout=settings.redis_timeout,
        health_check_interval=30,
    )
    # A stream waits on its connection for a block and then this timeout (RedisStore.wait), so a frozen Redis
    # ends the stream one timeout after its block; connecting is a request like any other.
    streams = redis.ConnectionPool.from_url(
        settings.redis_url,
        max_connections=settings.stream_connections,
        socket_timeout=settings.redis_timeout,
        socket_connect_timeout=settings.redis_timeout,
    )
    # RQ's worker blocks for minutes waiting for a job, and gives the connections it makes a socket timeout
    # longer than that; one made beforehand with the requests' short timeout would end every wait in an error.
    worker_redis = redis.Redis.from_url(
        settings.redis_url, socket_timeout=None, socket_connect_timeout=settings.redis_timeout
    )
    store = RedisStore(client)
    repo = Repository(store, settings.game_cache)
    lobby = Lobby(client)
    queue = Queue(settings.queue, connection=client)
    services = Services(settings, client, store, repo, lobby, queue, None, streams, worker_redis)  # type: ignore[arg-type]
    services.handler = CommandHandler(settings, store, repo, lobby, services.enqueue)
    return services


def services() -> Services:
    """The current app's services."""
    return current_app.extensions["dogpark"]
