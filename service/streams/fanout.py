"""The fan-out a web process's streams open, follow games in and close: its registry of streams, and its one reader."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

import redis

from domain import table as tables
from domain.engine import Seat
from domain.language import FALLBACK, LANGUAGES
from events.contract import Store
from service.core.config import Settings
from service.core.repository import Loaded, Repository
from service.core.spectator_delay import Moves, latest_moves
from service.streams import greenlets
from service.streams.batches import Batch, batches
from service.streams.crowds import Answering
from service.streams.places import Cap, Places
from service.streams.reader import Reader
from service.streams.registry import Opening, Registry, Stopping, Watched
from service.streams.subscription import Subscription

#: Where a Flask app keeps its fan-out (service/http/context.py), and where gunicorn's worker finds it
#: (service/gunicorn/conf.py).
EXTENSION = "dogpark.fanout"


class Fanout:
    """The process's reader and the registry of its open streams."""

    def __init__(self, settings: Settings, client: redis.Redis, store: Store, repo: Repository) -> None:
        self.repo = repo
        self.timeout = settings.redis_timeout
        self.registry = Registry(settings.stream_connections)
        #: The streams' places under the caps counted across processes (service/streams/places.py).
        self.places = Places(client, settings.keepalive_seconds)
        #: The requests this process is answering, counted by the app under gevent (service/http/context.py).
        self.answering = Answering()
        self.reader = Reader(settings, client, store, repo, self.registry, self.answering, self.places)

    def subscribe(self, player: str | None = None, caps: Iterable[Cap] = (), language: str = FALLBACK) -> Subscription:
        """A new stream's subscription (a player's: told when the player's games change, by Joined), in ``language``,
        holding a place under each of ``caps`` until it closes.

        TooManyStreams past one of ``caps``, StreamsFull past the process's limit, Stopping once the process stops;
        redis.ConnectionError if the reader is not up.
        """
        if self.reader.stopping.is_set():
            raise Stopping("this server process is stopping; open the stream again")
        self.reader.start()
        if not self.reader.subscribed.wait(self.timeout):
            raise redis.ConnectionError("the process's event reader is not subscribed: Redis is unavailable")
        places = self.places.take(caps)
        try:
            subscription = self.registry.add(player, language)
        except BaseException:
            self.places.give_back(places)
            raise
        subscription.places = places
        return subscription

    def follow(self, subscription: Subscription, game_id: str, seats: tuple[Seat, ...], after: int) -> Opening:
        """Add a game to a stream: batches after the returned version reach it, with turns from ``after`` on."""
        times = partial(self.repo.event_times, game_id)
        while True:
            # The game's last stream may have left (or Redis gone away) since it was watched: watch it afresh.
            opening = self.registry.follow(subscription, self._watch(game_id), seats, after, times)
            if opening is not None:
                return opening

    def _watch(self, game_id: str) -> Watched:
        """The game as this process follows it: loaded by the first stream that asks, which the others wait for."""
        watched, loader = self.registry.watch(game_id)
        if not loader:
            if not watched.loaded.wait(3 * self.timeout) or watched.table is None:
                raise redis.ConnectionError(f"game {game_id} could not be loaded for its streams")
            return watched
        try:
            loaded = self.repo.load(game_id)
        except BaseException:
            self.registry.unwatch(watched)
            watched.loaded.set()
            raise
        moves, held = self._held_back(loaded)
        self.registry.start(watched, loaded.rules_type, loaded.table, loaded.version, moves, held)
        watched.loaded.set()
        # An announcement made before the game was loaded went unheeded: look again.
        self.reader.nudge(game_id)
        return watched

    def _held_back(self, loaded: Loaded) -> tuple[Moves | None, list[Batch]]:
        """A delayed game's latest moves, and the batches its spectators may not be handed yet (none: no delay)."""
        moves = latest_moves(self.repo.store, loaded.game_id, loaded.table, loaded.version)
        shown = loaded.version if moves is None else moves.horizon(loaded.table, loaded.version)
        if shown == loaded.version:
            return moves, []
        # Every language: a spectator in any may open before they are handed out (Watched.names).
        names = {language: tables.names(loaded.table, language) for language in LANGUAGES}
        envelopes = self.repo.store.read(loaded.game_id, shown, loaded.version - shown)
        return moves, [Batch(loaded.game_id, loaded.rules_type, appended, {}, names) for appended in batches(envelopes)]

    def unfollow(self, subscription: Subscription, game_id: str) -> None:
        """Stop sending a game's batches to a stream."""
        self.registry.unfollow(subscription, game_id)

    def close(self, subscription: Subscription) -> None:
        """A stream ended: forget it and every game it followed, and give back its places (again: no-op)."""
        self.registry.close(subscription)
        places, subscription.places = subscription.places, []
        self.places.give_back(places)

    def streams(self) -> int:
        """How many streams are open in this process."""
        return self.registry.count()

    def stop(self) -> None:
        """End every stream at once and stop the reader: the process is stopping (service/gunicorn/conf.py, on
        SIGTERM)."""
        self.reader.stop()

    def stop_soon(self) -> None:
        """``stop``, from a signal handler: the code it interrupted may hold the lock that ending the streams takes, and
        under gevent a handler runs in the event loop, where nothing may wait (a thread's start does); so in a greenlet
        of its own, or a thread."""
        greenlets.run_apart(self.stop, "dogpark-streams-ending")
