"""The composition root: one place that builds the store, the handler and the queue from settings."""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from datetime import UTC, datetime

from redis import Redis
from rq import Queue
from rq.exceptions import DuplicateJobError

from domain import table as tables
from events.bots import Bots
from events.challenges import Challenges
from events.chat import Chat
from events.connect import connect
from events.durability import Durability
from events.invitations import Invitations
from events.lobby import Lobby
from events.notification_hooks import NotificationHooks
from events.players import Players
from events.ratings import Ratings, rates
from events.store import RedisStore
from events.vacations import Vacations
from service.core import logs
from service.core.config import Settings
from service.core.handler import CommandHandler
from service.core.notify import Notifications, notifications_queue
from service.core.repository import Repository
from service.core.steps import JOB_FAILURE_TTL, JOB_RESULT_TTL, Steps
from service.core.vacations import pause_arrivals

#: A webhook queue's job: two calls of at most 30 s each and an append fit its time; failures are kept a day.
WEBHOOK_JOB = {"job_timeout": 120, "result_ttl": JOB_RESULT_TTL, "failure_ttl": JOB_FAILURE_TTL}
#: Seconds a search's job has beyond DOGPARK_SEARCH_DEADLINE, at which its search gives up and plays greedy's move
#: instead: room for the load, the fallback and the append.
SEARCH_JOB_SLACK = 30
#: Redis connections a process's requests share at most (its streams' reader has one more of its own).
REQUEST_CONNECTIONS = 50


@dataclass
class Services:
    """Everything a request, a job or a CLI command needs."""

    settings: Settings
    #: The client of requests and jobs: a Redis that does not answer within redis_timeout is an error at once.
    redis: Redis
    store: RedisStore
    repo: Repository
    lobby: Lobby
    #: The queue of the steps of games with a person in a seat, which a worker serves first.
    queue: Queue
    handler: CommandHandler
    #: The client RQ's worker blocks on while it waits for a job.
    worker_redis: Redis
    #: Players, their tokens and their lists of games.
    players: Players
    #: Registered webhook bots.
    bots: Bots
    #: The queue's jobs of games' system steps.
    steps: Steps
    #: The webhook worker's queue of calls to registered bots.
    calls: WebhookCalls
    #: The search worker's queue of the turns of bot levels that think.
    searches: Searches
    #: The notifications worker's queue: what players who are away are told.
    notifications: Notifications
    #: Players' notification webhooks: where a mobile app's backend is told what its player missed.
    hooks: NotificationHooks
    #: Each game type's ratings of players and bots, and its leaderboard.
    ratings: Ratings
    #: The invitations to games' seats.
    invitations: Invitations
    #: The challenges between players.
    challenges: Challenges
    #: Games' chat, players' mutes and the operator's reports.
    chat: Chat
    #: Players' vacation days and the vacation each is on.
    vacations: Vacations

    def worker_queues(self) -> list[Queue]:
        """The queues an RQ worker serves, in the order it takes their jobs: the steps of games with a person in a
        seat, then those of all-bot games, which wait while there are any of the first."""
        return [self.steps.queue, self.steps.bots]


class WebhookCalls:
    """The queue of calls to registered bots, which the webhook worker serves: their turns, a finished game's ends."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    def turn(self, game_id: str, version: int) -> None:
        """Queue the call of the registered bot whose turn is due at ``version``: the webhook worker makes it."""
        meta = {"due": datetime.now(UTC).timestamp(), "request_id": logs.REQUEST_ID.get()}
        self.queue.enqueue("workers.webhooks.turn", game_id, version, meta=meta, **WEBHOOK_JOB)

    def announce(self, game_id: str, table: tables.Table) -> None:
        """After a game's status changed: a finished game's registered bots get their end calls, and a finished game
        that rates anyone (events.ratings.rates) is taken into its type's ratings, off the command's path."""
        if table["status"] == "finished" and any("webhook" in seat for seat in table["seats"]):
            with contextlib.suppress(DuplicateJobError):
                self.queue.enqueue("workers.webhooks.end", game_id, job_id=f"end-{game_id}", unique=True, **WEBHOOK_JOB)
        if rates(table):
            # The job's id keeps a second one out of the queue; the ratings themselves take a game in once.
            with contextlib.suppress(DuplicateJobError):
                self.queue.enqueue(
                    "workers.ratings.rate", game_id, job_id=f"rate-{game_id}", unique=True, **WEBHOOK_JOB
                )


class Searches:
    """The queue of the turns of bot levels that think (medium, hard), which the search worker serves
    (workers/search.py): a search may take a second, and the workers of the other bot turns never wait for one."""

    def __init__(self, queue: Queue, deadline: float) -> None:
        self.queue = queue
        self.job = {
            "job_timeout": math.ceil(deadline) + SEARCH_JOB_SLACK,
            "result_ttl": JOB_RESULT_TTL,
            "failure_ttl": JOB_FAILURE_TTL,
        }

    def think(self, game_id: str, version: int) -> None:
        """Queue the search of the level whose turn is due at ``version``."""
        meta = {"due": datetime.now(UTC).timestamp(), "request_id": logs.REQUEST_ID.get()}
        self.queue.enqueue("workers.search.think", game_id, version, meta=meta, **self.job)


def search_queue(settings: Settings, connection: Redis) -> Queue:
    """The queue of thinking levels' turns, which the search worker serves: the deployment's queue's name and
    -search."""
    return Queue(f"{settings.queue}-search", connection=connection)


def webhook_queue(settings: Settings, connection: Redis) -> Queue:
    """The queue of webhook calls, which the webhook worker serves: the deployment's queue's name and -webhooks."""
    return Queue(f"{settings.queue}-webhooks", connection=connection)


def bots_queue(settings: Settings, connection: Redis) -> Queue:
    """The queue of all-bot games' steps, which a worker serves only while the queue of games with a person in a seat
    is empty: the deployment's queue's name and -bots."""
    return Queue(f"{settings.queue}-bots", connection=connection)


def queues(settings: Settings, connection: Redis) -> list[Queue]:
    """Every queue of the deployment: games with a person, all-bot games (the workers'), webhook calls, searches,
    notifications."""
    return [
        Queue(settings.queue, connection=connection),
        bots_queue(settings, connection),
        webhook_queue(settings, connection),
        search_queue(settings, connection),
        notifications_queue(settings, connection),
    ]


def build(settings: Settings) -> Services:
    """Connect to Redis and wire the services."""
    # A fixed number of connections, whatever the number of requests and streams in flight: a request waits its
    # turn for one (up to the Redis timeout, then 503) instead of opening another.
    timeout = settings.redis_timeout
    pooled = {"max_connections": REQUEST_CONNECTIONS, "health_check_interval": 30}
    client = connect(settings.redis_url, timeout, **pooled)
    # RQ's queues live on a Redis of their own when DOGPARK_QUEUE_URL names one (RQ has no Cluster support).
    queue_redis = client if settings.queue_url is None else connect(settings.queue_url, timeout, **pooled)
    # RQ's worker blocks for minutes waiting for a job, and gives the connections it makes a socket timeout
    # longer than that; one made beforehand with the requests' short timeout would end every wait in an error.
    worker_redis = connect(settings.queue_redis_url, None, timeout)
    store = RedisStore(client, durability=Durability(settings.durability, settings.durability_wait_ms))
    repo = Repository(store, settings.game_cache)
    lobby = Lobby(client)
    queue = Queue(settings.queue, connection=queue_redis)
    bots = Bots(client)
    steps = Steps(queue, bots_queue(settings, queue_redis))
    calls = WebhookCalls(webhook_queue(settings, queue_redis))
    searches = Searches(search_queue(settings, queue_redis), settings.search_deadline)
    notifications = Notifications(notifications_queue(settings, queue_redis))
    vacations = Vacations(client)

    def announce(game_id: str, table: tables.Table) -> None:
        calls.announce(game_id, table)
        # A game that starts while one of its players is on vacation is paused for that player as it starts.
        pause_arrivals(handler, vacations, game_id, table)

    handler = CommandHandler(
        settings, store, repo, lobby, steps.enqueue, announce, bots, calls.turn, notifications.send
    )
    players = Players(client)
    hooks = NotificationHooks(client)
    return Services(
        settings,
        client,
        store,
        repo,
        lobby,
        queue,
        handler,
        worker_redis,
        players,
        bots,
        steps,
        calls,
        searches,
        notifications,
        hooks,
        Ratings(client),
        Invitations(client),
        Challenges(client),
        Chat(client),
        vacations,
    )
