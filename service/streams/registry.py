"""The registry of a process's open streams: the games they follow (each one's table, as the reader folds it), the
seats they show in the languages they speak, the players they are for; DOGPARK_STREAM_CONNECTIONS caps how many
streams it holds.

One lock guards it all. The reader (service/streams/reader.py) reads and folds the followed games, and notes the
games whose news it was asked to read, under that lock too.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domain import table as tables
from domain.engine import Seat
from domain.language import LANGUAGES
from service.core import metrics
from service.core.reads import Times
from service.core.spectator_delay import Moves
from service.streams.batches import Batch, Reading
from service.streams.sse import may_act, turn_message
from service.streams.subscription import END, Subscription

#: Envelope texts a game's announcements may leave waiting for the deliverer; past it they are dropped, and the
#: deliverer reads the game's news instead (a deliverer far behind).
MAX_HEARD = 1_000
#: Each is called with the process's count of open streams whenever it changes (the gevent worker's balanced pool of
#: connections, service/gunicorn/balance.py: a stream's connection carries no request).
STREAM_COUNT_LISTENERS: list[Callable[[int], None]] = []


class StreamsFull(Exception):
    """The process holds as many streams as DOGPARK_STREAM_CONNECTIONS allows."""

    #: Seconds the client is told to wait: streams end as games do.
    retry_after = 10


class Stopping(StreamsFull):
    """The process is stopping (a restart or a deploy): it opens no more streams."""

    retry_after = 1


@dataclass
class Opening:
    """Where a stream starts in a game: the version the process has delivered up to, the turns owed at it, and the
    players' names there in the stream's language (for the events it reads before that version)."""

    version: int
    turns: str
    names: list[str]


class Watched:
    """A game some stream of this process follows: its table as of ``version``, and those streams."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.game_type = ""
        self.table: tables.Table | None = None
        #: What has been handed to the streams: -1 until the game is loaded.
        self.version = -1
        #: Set once the first stream has loaded the game (or failed to).
        self.loaded = threading.Event()
        self.subscriptions: set[Subscription] = set()
        #: Those of its streams that are spectators' (no seat): handed its news at most once a spectators' pace, after
        #: the seats' streams (service/streams/reader.py).
        self.spectators: set[Subscription] = set()
        #: The batches its spectators have not been handed yet, and when they were last handed some.
        self.paced: list[Batch] = []
        self.paced_at = 0.0
        #: A delayed game's latest moves (None: its spectators are not delayed), the last version its spectators may
        #: be handed, and the batches after it, held back until they fall out of the delay.
        self.moves: Moves | None = None
        self.shown = -1
        self.held: list[Batch] = []
        #: How many of the streams follow each seat in each language.
        self.readings: Counter[Reading] = Counter()
        #: The newest version announced, and the envelope texts announced and not yet taken by the deliverer: those
        #: of versions heard_first on, without a gap.
        self.announced = -1
        self.heard: list[bytes] = []
        self.heard_first = 0

    def start(
        self, game_type: str, table: tables.Table, version: int, moves: Moves | None = None, held: Sequence[Batch] = ()
    ) -> None:
        """The game as loaded: the deliverer folds what comes after ``version`` into ``table``; a delayed game's
        spectators are handed nothing past its latest ``moves``' horizon yet, and ``held`` are the batches after it."""
        self.game_type, self.table, self.version = game_type, table, version
        self.moves, self.held = moves, list(held)
        self.shown = version if moves is None else moves.horizon(table, version)

    def release(self, folded: list[Batch]) -> list[Batch]:
        """Of the batches just ``folded`` and those held back, those its spectators may now be handed: a delayed
        game's only once they fall out of the delay (as the game moves on, or ends); every other game's at once."""
        assert self.table is not None
        if self.moves is None:
            self.shown = self.version
            return folded
        for batch in folded:
            self.moves.add(batch.envelopes[0], self.table["offset"])
        self.shown = self.moves.horizon(self.table, self.version)
        self.held += folded
        released = [batch for batch in self.held if batch.last <= self.shown]
        self.held = self.held[len(released) :]
        return released

    def hear(self, version: int, texts: list[bytes]) -> None:
        """Keep an announcement's envelope texts (those of the versions up to ``version``) for the deliverer."""
        self.announced = max(self.announced, version)
        if not texts:
            return
        first = version - len(texts) + 1
        if self.heard and first != self.heard_first + len(self.heard):
            # A lost announcement: what came before it must be read anyway.
            self.heard = []
        if len(self.heard) + len(texts) > MAX_HEARD:
            self.heard = []
            return
        if not self.heard:
            self.heard_first = first
        self.heard += texts

    def news(self, newest: int) -> list[bytes] | None:
        """Take the envelope texts heard: those after ``version``, when they run on without a gap up to the newest
        version announced (or ``newest``); None when the news must be read; [] when there is none."""
        heard, first = self.heard, self.heard_first
        self.heard = []
        newest = max(newest, self.announced)
        if newest <= self.version:
            return []
        skipped = self.version + 1 - first
        if skipped < 0 or first + len(heard) - 1 < newest:
            return None
        return heard[skipped:]

    def turns(self, readings: Iterable[Reading], times: Times) -> dict[Reading, str]:
        """Reading -> its `turn` message in its language, for each of ``readings`` whose seat may act now."""
        assert self.table is not None
        return {
            (seat, language): turn_message(self.game_id, self.table, self.version, seat, times, language)
            for seat, language in readings
            if may_act(self.table, seat)
        }

    def names(self) -> dict[str, list[str]]:
        """language -> each seat's name now, for every language its streams read (a delayed game's: every language,
        since a spectator in another may open before the batch is handed out)."""
        assert self.table is not None
        languages = LANGUAGES if self.moves is not None else {lang for _, lang in self.readings}
        return {language: tables.names(self.table, language) for language in languages}


class Registry:
    """The process's open streams and the games they follow, under one lock."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lock = threading.Lock()
        #: game id -> the game as the process's streams follow it.
        self.games: dict[str, Watched] = {}
        self.subscriptions: set[Subscription] = set()
        #: player id -> the player's streams.
        self.players: dict[str, set[Subscription]] = {}
        #: game id -> when the deliverer was first asked to read its news (time.monotonic()), until it reads them.
        self.pending: dict[str, float] = {}

    def add(self, player: str | None, language: str) -> Subscription:
        """A new stream's subscription (a player's, given one), in ``language``; StreamsFull past the limit."""
        with self.lock:
            if len(self.subscriptions) >= self.limit:
                raise StreamsFull(f"this server holds its limit of {self.limit} open streams")
            subscription = Subscription(language)
            self.subscriptions.add(subscription)
            if player is not None:
                self.players.setdefault(player, set()).add(subscription)
            self._counted()
        return subscription

    def watch(self, game_id: str) -> tuple[Watched, bool]:
        """The game as this process follows it, and whether the caller is the first to follow it (and loads it)."""
        with self.lock:
            watched = self.games.get(game_id)
            if watched is not None:
                return watched, False
            watched = self.games[game_id] = Watched(game_id)
            return watched, True

    def unwatch(self, watched: Watched) -> None:
        """Forget a game its first stream could not load (unless it was forgotten already)."""
        with self.lock:
            if self.games.get(watched.game_id) is watched:
                del self.games[watched.game_id]

    def start(
        self,
        watched: Watched,
        game_type: str,
        table: tables.Table,
        version: int,
        moves: Moves | None = None,
        held: Sequence[Batch] = (),
    ) -> None:
        """The game as its first stream loaded it: the deliverer folds what comes after ``version`` into ``table``
        (a delayed game: see Watched.start)."""
        with self.lock:
            watched.start(game_type, table, version, moves, held)

    def follow(
        self, subscription: Subscription, watched: Watched, seats: tuple[Seat, ...], after: int, times: Times
    ) -> Opening | None:
        """Add a watched game to a stream, with the turns owed from ``after`` on; None if the game's last stream left
        (or Redis went away) since it was watched: the stream must watch it afresh."""
        with self.lock:
            game_id = watched.game_id
            if self.games.get(game_id) is not watched:
                return None
            subscription.seats[game_id] = seats
            subscription.since[game_id] = after
            watched.subscriptions.add(subscription)
            if seats == (None,):
                watched.spectators.add(subscription)
            readings = subscription.readings(game_id)
            watched.readings.update(readings)
            assert watched.table is not None
            owed = watched.turns(readings, times) if watched.version >= after else {}
            # A spectator starts where spectators have been handed the game up to (a delayed game's horizon).
            version = watched.shown if seats == (None,) else watched.version
            return Opening(version, "".join(owed.values()), tables.names(watched.table, subscription.language))

    def unfollow(self, subscription: Subscription, game_id: str) -> None:
        """Stop sending a game's batches to a stream."""
        with self.lock:
            self._drop(subscription, game_id)

    def close(self, subscription: Subscription) -> None:
        """A stream ended: forget it and every game it followed (again: no-op)."""
        with self.lock:
            for game_id in list(subscription.seats):
                self._drop(subscription, game_id)
            self.subscriptions.discard(subscription)
            for player, streams in list(self.players.items()):
                streams.discard(subscription)
                if not streams:
                    del self.players[player]
            self._counted()

    def count(self) -> int:
        """How many streams are open in this process."""
        return len(self.subscriptions)

    def places(self) -> list[tuple[str, str]]:
        """The places every open stream holds under the caps on streams."""
        with self.lock:
            return [place for subscription in self.subscriptions for place in subscription.places]

    def streams_of(self, player: str | None) -> list[Subscription]:
        """The streams of ``player`` (None: of every player)."""
        with self.lock:
            if player is None:
                return [s for each in self.players.values() for s in each]
            return list(self.players.get(player, ()))

    def quiet(self, since: float) -> list[Subscription]:
        """The streams handed nothing since ``since`` (time.monotonic())."""
        with self.lock:
            return [subscription for subscription in self.subscriptions if subscription.spoke <= since]

    def loaded_versions(self) -> list[tuple[str, int]]:
        """Each loaded game's id, and the version handed out to its streams."""
        with self.lock:
            return [(game_id, watched.version) for game_id, watched in self.games.items() if watched.table]

    def end_all(self) -> None:
        """End every stream, and forget every game (Redis went away, or the process stops)."""
        with self.lock:
            self.games.clear()
            self.pending.clear()
            ending = list(self.subscriptions)
        for subscription in ending:
            subscription.put(END)

    def end_game(self, game_id: str) -> None:
        """End the streams of a game, and forget it."""
        with self.lock:
            watched = self.games.pop(game_id, None)
        for subscription in watched.subscriptions if watched else ():
            subscription.put(END)

    def _drop(self, subscription: Subscription, game_id: str) -> None:
        readings = subscription.readings(game_id)
        seats = subscription.seats.pop(game_id, None)
        subscription.since.pop(game_id, None)
        watched = self.games.get(game_id)
        if seats is None or watched is None:
            return
        watched.subscriptions.discard(subscription)
        watched.spectators.discard(subscription)
        watched.readings.subtract(readings)
        # Adding an empty Counter drops the readings no stream follows any more.
        watched.readings += Counter()
        if not watched.subscriptions:
            del self.games[game_id]

    def _counted(self) -> None:
        """Tell the metrics and every listener how many streams the process holds now."""
        metrics.OPEN_STREAMS.set(len(self.subscriptions))
        for listener in STREAM_COUNT_LISTENERS:
            listener(len(self.subscriptions))
