"""One reader of Redis per web process, feeding every open event stream of the process.

An append PUBLISHes the game's new version on ``game:{id}:appended``, followed by the appended envelopes themselves
while they are small (events/append.lua), and, when a player's entry in the game changes, the game's id on the player's
channel (events/players.py). Each web process holds one connection subscribed to both kinds (one PSUBSCRIBE of
``game:{*}:appended`` and ``player:{*}:games``, and of the release before's ``game:{*}:events``, so that streams coming
and going never change the subscription of a connection another greenlet reads; a process filters out the games nobody
follows there) and one delivering greenlet. The listener keeps the envelopes announced for a game the process follows,
unparsed. On news of such a game the deliverer takes them, or, when the announcements did not carry them all (a big
batch, a lost announcement), reads the new envelopes once (XRANGE, on the requests' pooled client); it cuts them into
batches (one append's envelopes share a command id), folds each batch into the game's table, makes the `turn` message of
every followed seat that may act after it, and hands the batch to every stream of the game. A stream's greenlet waits
for what it is handed and writes it. So the streams of a process use one Redis connection of their own however many
there are, plus the requests' bounded pool; DOGPARK_STREAM_CONNECTIONS caps how many streams it holds.

Under gunicorn's gevent worker a seat's stream goes further once it is live: it lends the deliverer its client's
socket, and the deliverer writes each batch itself, as one HTTP/1.1 chunk made once per seat (and once for every
spectator) and shared by every stream of that seat, without waking the stream's greenlet. That greenlet only wakes
to write what a socket could not take at once (everything a slow client has not taken yet, in one write) and to
end the stream. The deliverer lets the event loop run after every HAND_OUT_SLICE of writing, and the requests
being answered finish (Answering), so that a command's request waits behind a slice of the crowd, never behind the
whole crowd; it holds a crowded game's fresh news for DOGPARK_FANOUT_HOLD_MS after its announcement, so that
the command that appended it is answered before the crowd's writes begin; and any game's news waits for the game's
requests being answered to finish (at most ANSWER_WAIT), since Redis sends an append's announcement before the
appending command's reply.

Pub/sub delivers at most once, so nothing here trusts an announcement to arrive: on every (re)subscription and
four times a keep-alive period the deliverer compares the length of every followed game (one pipelined XLEN for
all of them) with what it has handed out and reads what it missed, and the players' streams read their games again
on every (re)subscription. If the reader's connection drops, it subscribes again at once; if Redis does not answer
that (or a read fails), every stream ends cleanly, as a stream always has when Redis goes away, and clients resume
with Last-Event-ID; the reader keeps trying with backoff, logging once when Redis goes away and once when it is back.

The reader starts with the first stream of a process (after gunicorn has forked it, in the worker, where gevent
has patched threads into greenlets; under a plain WSGI server they are threads).
"""

from __future__ import annotations

import logging
import os
import queue
import socket
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

import redis

from domain import table as tables
from domain.engine import Seat
from events.connect import subscriber_connections
from events.contract import Store
from events.envelope import Envelope, parse
from events.store import as_text, key
from service import metrics
from service.config import Settings
from service.reads import Times, logged_times
from service.repository import Repository, domain_event
from service.sse import KEEPALIVE_CHUNK, chunk, event_message, may_act, turn_message

log = logging.getLogger("dogpark.fanout")

#: Every game's announcements, and every player's (an entry of the player's index changed: events/players.py).
#: Braces are plain characters in a Redis glob.
GAMES, PLAYERS = "game:{*}:appended", "player:{*}:games"
#: Where the release before announced a game's new version alone. Kept for one release: appenders of that release
#: still announce there during a rolling deploy.
OLD_GAMES = "game:{*}:events"
#: Envelope texts a game's announcements may leave waiting for the deliverer; past it they are dropped, and the
#: deliverer reads the game's news instead (a deliverer far behind).
MAX_HEARD = 1_000
#: Batches (or writes) a stream may have waiting before it is cut (a client that stopped reading); it resumes by
#: Last-Event-ID.
MAX_PENDING = 10_000
#: Seconds the deliverer hands out (writes to sockets) before it lets everything else that is ready run (_pause), so
#: that a request ready meanwhile (a command) runs between slices rather than after a whole crowd of streams: under
#: overload the streams lag, not the commands.
HAND_OUT_SLICE = 0.0003
#: Seconds a hand-out waits at most, between two slices, for the requests being answered to finish (Answering).
ANSWER_WAIT = 0.005
#: How many of the process's streams make a game crowded: its news waits for the hold (Settings.fanout_hold_ms)
#: after its announcement before the deliverer reads it and hands it out. The command that appended the news is
#: being answered meanwhile (by this process or another): held, the crowd's writes (and the clients they wake, on
#: the same CPUs) start after that answer instead of beside it, and what else is appended during the hold goes out
#: with it. Only fresh news waits: a deliverer that fell behind finds the hold already over. A game of a few streams
#: is not held: its writes take less time than a hold.
HOLD_CROWD = 100
#: Looks the deliverer takes each keep-alive period: at each it compares every followed game's length with what it
#: handed out, and sends a keep-alive to each stream it has handed nothing for (KEEPALIVE_LOOKS - 1) / KEEPALIVE_LOOKS
#: of a period. So no stream is silent for a whole period, an idle one hears every three quarters of one, and a
#: stream that news keeps busy (a crowded game's, whose keep-alives would be a crowd's writes at once) gets none.
KEEPALIVE_LOOKS = 4
#: Seconds the listener waits on its socket before it looks whether it was asked to stop or reconnect.
LISTEN_SLICE = 1.0
#: Backoff between attempts to subscribe again while Redis is away: first, doubling, at most.
FIRST_BACKOFF, MAX_BACKOFF = 0.1, 2.0
#: Each is called with the process's count of open streams whenever it changes (the gevent worker's balanced pool of
#: connections, service/gunicorn_balance.py: a stream's connection carries no request).
STREAM_COUNT_LISTENERS: list[Callable[[int], None]] = []
#: What a stream is handed once it must end, and when it is owed a keep-alive.
END, TICK = object(), object()
_RECHECK, _STOP = object(), object()


@dataclass(frozen=True)
class Joined:
    """Handed to a player's stream: the player's entry in ``game_id`` changed (a claim, a turn, an end), or, for
    None, a change may have gone unannounced while the reader was away. The stream reads the player's games."""

    game_id: str | None


class StreamsFull(Exception):
    """The process holds as many streams as DOGPARK_STREAM_CONNECTIONS allows."""

    #: Seconds the client is told to wait: streams end as games do.
    retry_after = 10


class Stopping(StreamsFull):
    """The process is stopping (a restart or a deploy): it opens no more streams."""

    retry_after = 1


@dataclass
class Batch:
    """The envelopes of one append, and the `turn` of each watched seat that may act after it.

    Every stream of the game gets the same object; the text of its events for a seat is made once, by whichever
    stream asks first.
    """

    game_id: str
    game_type: str
    envelopes: list[Envelope]
    turns: dict[Seat, str]
    _texts: dict[tuple[Seat, bool], list[tuple[int, str]]] = field(default_factory=dict, repr=False)
    _whole: dict[tuple[Seat, bool], str] = field(default_factory=dict, repr=False)
    _chunks: dict[Seat, bytes] = field(default_factory=dict, repr=False)
    #: The versions of its first and last events (read for every stream: kept, not looked up).
    first: int = field(init=False)
    last: int = field(init=False)
    #: True for the batch that ends the game (the seed is revealed in it).
    ends_game: bool = field(init=False)

    def __post_init__(self) -> None:
        self.first, self.last = self.envelopes[0]["version"], self.envelopes[-1]["version"]
        self.ends_game = self.envelopes[-1]["type"] == "SeedRevealed"

    def events(self, seat: Seat, after: int, named: bool = False) -> str:
        """Its events after version ``after`` as ``seat`` sees them (``named``: with the game's id, no SSE id)."""
        texts = self._texts.get((seat, named))
        if texts is None:
            game = self.game_id if named else None
            texts = [(e["version"], event_message(self.game_type, e, seat, game)) for e in self.envelopes]
            self._texts[seat, named] = texts
            self._whole[seat, named] = "".join(text for _, text in texts)
        if after < self.first:
            return self._whole[seat, named]
        return "".join(text for version, text in texts if version > after)

    def chunk(self, seat: Seat, after: int) -> bytes:
        """Its events after ``after`` as ``seat`` sees them, then the seat's turn if it may act after them, as one
        HTTP/1.1 chunk: made once per seat and shared by every stream of the seat that had every earlier event.

        For a stream of one seat that opened at or before ``after`` (a turn older than that is never due here).
        """
        if after >= self.first:
            return chunk(self.events(seat, after) + self.turns.get(seat, ""))
        made = self._chunks.get(seat)
        if made is None:
            made = self._chunks[seat] = chunk(self.events(seat, after) + self.turns.get(seat, ""))
        return made


def batches(envelopes: list[Envelope]) -> list[list[Envelope]]:
    """The envelopes cut into appends: one append's envelopes share its command id and follow each other."""
    cut: list[list[Envelope]] = []
    for envelope in envelopes:
        if cut and cut[-1][-1]["command_id"] == envelope["command_id"]:
            cut[-1].append(envelope)
        else:
            cut.append([envelope])
    return cut


class Position(Protocol):
    """Where a seat's stream is: the seat it shows the game to, and the last version it sent."""

    seat: Seat
    after: int


def client_socket(environ: dict[str, Any]) -> socket.socket | None:
    """The client's socket of a streamed response, when the deliverer may write the stream's chunks to it itself:
    under gunicorn's gevent worker (the deliverer is a greenlet of the stream's own thread), for a GET in HTTP/1.1
    (gunicorn frames the body in chunks, as Batch.chunk does). None otherwise: the stream writes what it is handed."""
    if environ.get("REQUEST_METHOD") != "GET" or environ.get("SERVER_PROTOCOL") != "HTTP/1.1" or not _greenlets():
        return None
    return environ.get("gunicorn.socket")


def _greenlets() -> bool:
    try:
        from gevent import monkey
    except ImportError:
        return False
    return bool(monkey.is_module_patched("threading"))


class Subscription:
    """One open stream: the seats it follows in each game, and what waits for it (batches, keep-alives, END).

    A stream waits without a timeout of its own: the deliverer sends a keep-alive to every stream it has left
    silent (KEEPALIVE_LOOKS), which costs one timer per process instead of one per stream.
    """

    def __init__(self) -> None:
        #: game id -> the seats followed there (a game's stream follows one seat, or None for a spectator).
        self.seats: dict[str, tuple[Seat, ...]] = {}
        #: game id -> the version the client had when the game was added: a turn older than that is not sent.
        self.since: dict[str, int] = {}
        self._items: deque[Any] = deque()
        #: When the deliverer last handed the stream news or a keep-alive (its opening is written just after this).
        self.spoke = time.monotonic()
        self._ready = threading.Event()
        self._ended = False
        #: Set while the deliverer writes to the client's socket itself (feed): the socket, and the stream's place.
        self._socket: socket.socket | None = None
        self._position: Position | None = None
        #: Bytes the socket did not take at once, which the stream's greenlet writes; while it does (_flushing),
        #: the deliverer adds to them instead of writing, so that the bytes reach the socket in order.
        self._unsent: deque[bytes] = deque()
        self._flushing = False

    def feed(
        self,
        render: Callable[[list[Any]], tuple[str, bool]],
        client: socket.socket | None = None,
        position: Position | None = None,
    ) -> Iterator[str]:
        """The stream's live text: ``render`` makes it of what the stream is handed, until it says the stream ends.

        Given the client's socket (client_socket) and the stream's place, the deliverer writes each batch and
        keep-alive to the socket itself; this greenlet then yields nothing more and only writes what the socket
        could not take at once, until the stream ends.
        """
        # What was handed before the switch goes out the ordinary way, in order.
        while client is None or self._items:
            text, ended = render(self.take())
            if text:
                yield text
            if ended:
                return
        self._socket, self._position = client, position
        try:
            while True:
                while not (self._items or self._unsent):
                    self._ready.wait()
                    self._ready.clear()
                while self._unsent:
                    # A client that fell behind gets all it has not taken in one write; the deliverer adds to
                    # _unsent meanwhile (this write lets other greenlets run until the socket takes it all).
                    data = b"".join(self._unsent)
                    self._unsent.clear()
                    client.sendall(data)
                self._flushing = False
                if self._items:
                    text, ended = render(self.take())
                    if text:
                        client.sendall(chunk(text))
                    if ended:
                        return
        except OSError:
            # The client hung up: the stream ends.
            return
        finally:
            # Never again write to the socket gunicorn closes next (its descriptor may soon be another client's).
            self._socket = self._position = None

    def take(self) -> list[Batch | object]:
        """Everything handed to the stream since it last took (batches, TICK, END), oldest first; waits for one.

        A stream that fell behind catches up in one write instead of one per batch.
        """
        while not self._items:
            self._ready.wait()
            self._ready.clear()
        # One at a time: under threads (not greenlets) the deliverer may hand over more meanwhile.
        taken = []
        while self._items:
            taken.append(self._items.popleft())
        return taken

    def turns(self, batch: Batch) -> str:
        """The `turn` messages of the seats it follows that may act after ``batch`` (if the client is not ahead)."""
        if not batch.turns or batch.last < self.since.get(batch.game_id, 0):
            return ""
        return "".join(batch.turns.get(seat, "") for seat in self.seats.get(batch.game_id, ()))

    def put(self, *items: Batch | object) -> None:
        """Hand the stream batches, TICK or END (after which it takes nothing more)."""
        if self._ended:
            return
        if self._socket is not None:
            self._write(items)
            return
        if len(self._items) >= MAX_PENDING:
            # A client that stopped reading: end its stream (it resumes by Last-Event-ID) rather than hold its
            # batches for ever.
            self._items.clear()
            items = (END,)
        self._ended = any(item is END for item in items)
        self._items.extend(items)
        self._ready.set()

    def _write(self, items: Iterable[Batch | object]) -> None:
        """Write batches and keep-alives to the client's socket (the deliverer does it, not the stream): in one
        write, when the deliverer fell behind and hands several batches at once."""
        position = self._position
        assert position is not None
        data: list[bytes] = []
        for item in items:
            if isinstance(item, Batch):
                if item.last <= position.after:
                    continue
                data.append(item.chunk(position.seat, position.after))
                position.after = item.last
                if item.ends_game:
                    self._send(data)
                    self._queue(END)
                    return
            elif item is TICK:
                data.append(KEEPALIVE_CHUNK)
            else:
                # END, or anything else the stream's own render handles, after the bytes before it.
                self._send(data)
                data = []
                self._queue(item)
        self._send(data)

    def _queue(self, item: object) -> None:
        """Hand ``item`` to the stream's greenlet even while the deliverer writes its socket."""
        self._ended = self._ended or item is END
        self._items.append(item)
        self._ready.set()

    def _send(self, pieces: list[bytes]) -> None:
        """Write ``pieces`` to the client's socket without waiting; what it does not take, the stream writes."""
        if self._ended or not pieces:
            return
        data = pieces[0] if len(pieces) == 1 else b"".join(pieces)
        if self._flushing:
            if len(self._unsent) >= MAX_PENDING:
                # A client that stopped reading: end its stream (it resumes by Last-Event-ID).
                self._unsent.clear()
                self._queue(END)
                return
            self._unsent.append(data)
            return
        assert self._socket is not None
        try:
            # fileno() is -1 once the socket is closed: a write then fails rather than reach another client.
            sent = os.write(self._socket.fileno(), data)
        except BlockingIOError:
            sent = 0
        except OSError:
            # The client hung up: the stream ends.
            self._queue(END)
            return
        if sent < len(data):
            self._flushing = True
            self._unsent.append(data[sent:])
            self._ready.set()


@dataclass
class Opening:
    """Where a stream starts in a game: the version the process has delivered up to, and the turns owed at it."""

    version: int
    turns: str


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
        #: How many of the streams follow each seat.
        self.seats: Counter[Seat] = Counter()
        #: The newest version announced, and the envelope texts announced and not yet taken by the deliverer: those
        #: of versions heard_first on, without a gap.
        self.announced = -1
        self.heard: list[bytes] = []
        self.heard_first = 0

    def start(self, game_type: str, table: tables.Table, version: int) -> None:
        """The game as loaded: the deliverer folds what comes after ``version`` into ``table``."""
        self.game_type, self.table, self.version = game_type, table, version

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

    def turns(self, seats: Iterable[Seat], times: Times) -> dict[Seat, str]:
        """seat -> its `turn` message, for each of ``seats`` that may act now."""
        assert self.table is not None
        return {
            seat: turn_message(self.game_id, self.table, self.version, seat, times)
            for seat in seats
            if may_act(self.table, seat)
        }


class Fanout:
    """The process's reader and the registry of its open streams."""

    def __init__(self, settings: Settings, client: redis.Redis, store: Store, repo: Repository) -> None:
        self.store = store
        self.repo = repo
        self.client = client
        self.limit = settings.stream_connections
        self.keepalive = settings.keepalive_seconds
        self.hold = settings.fanout_hold_ms / 1000
        self.timeout = settings.redis_timeout
        # The listener's own connection, made afresh at each subscription. A reply (the subscription's) is awaited
        # for at most the requests' timeout; the wait for news between replies is the listener's own.
        # On a Cluster, each subscription goes to the next node (a PUBLISH reaches every node): events/connect.py.
        self._connections = subscriber_connections(client, settings.redis_url, self.timeout)
        self._lock = threading.Lock()
        self._games: dict[str, Watched] = {}
        self._subscriptions: set[Subscription] = set()
        #: player id -> the player's streams.
        self._players: dict[str, set[Subscription]] = {}
        self._tasks: queue.Queue[Any] = queue.Queue()
        #: game id -> when the deliverer was first asked to read its news (time.monotonic()), until it reads them.
        self._pending: dict[str, float] = {}
        self._subscribed = threading.Event()
        self._stopping = threading.Event()
        self._reconnect = threading.Event()
        self._away = False
        self._pid: int | None = None
        self._threads: list[threading.Thread] = []
        #: The requests this process is answering, counted by the app under gevent (service/app.py).
        self.answering = Answering()

    def listener_connection(self) -> redis.Connection:
        """A new connection (not yet connected) for the listener to subscribe on."""
        return self._connections.make_connection()

    # The streams' side.

    def subscribe(self, player: str | None = None) -> Subscription:
        """A new stream's subscription (a player's: told when the player's games change, by Joined).

        StreamsFull past the limit, Stopping once the process stops; redis.ConnectionError if the reader is not up.
        """
        if self._stopping.is_set():
            raise Stopping("this server process is stopping; open the stream again")
        self._start()
        if not self._subscribed.wait(self.timeout):
            raise redis.ConnectionError("the process's event reader is not subscribed: Redis is unavailable")
        with self._lock:
            if len(self._subscriptions) >= self.limit:
                raise StreamsFull(f"this server holds its limit of {self.limit} open streams")
            subscription = Subscription()
            self._subscriptions.add(subscription)
            if player is not None:
                self._players.setdefault(player, set()).add(subscription)
            self._counted()
        return subscription

    def follow(self, subscription: Subscription, game_id: str, seats: tuple[Seat, ...], after: int) -> Opening:
        """Add a game to a stream: batches after the returned version reach it, with turns from ``after`` on."""
        while True:
            watched = self._watch(game_id)
            with self._lock:
                # The game's last stream may have left (or Redis gone away) since: watch it afresh.
                if self._games.get(game_id) is not watched:
                    continue
                subscription.seats[game_id] = seats
                subscription.since[game_id] = after
                watched.subscriptions.add(subscription)
                watched.seats.update(seats)
                owed = watched.turns(seats, partial(self.repo.event_times, game_id)) if watched.version >= after else {}
                return Opening(watched.version, "".join(owed.values()))

    def _watch(self, game_id: str) -> Watched:
        """The game as this process follows it: loaded by the first stream that asks, which the others wait for."""
        with self._lock:
            watched = self._games.get(game_id)
            loader = watched is None
            if loader:
                watched = self._games[game_id] = Watched(game_id)
        if not loader:
            if not watched.loaded.wait(3 * self.timeout) or watched.table is None:
                raise redis.ConnectionError(f"game {game_id} could not be loaded for its streams")
            return watched
        try:
            loaded = self.repo.load(game_id)
        except BaseException:
            with self._lock:
                if self._games.get(game_id) is watched:
                    del self._games[game_id]
            watched.loaded.set()
            raise
        with self._lock:
            watched.start(loaded.rules_type, loaded.table, loaded.version)
        watched.loaded.set()
        # An announcement made before the game was loaded went unheeded: look again.
        self._nudge(game_id)
        return watched

    def unfollow(self, subscription: Subscription, game_id: str) -> None:
        """Stop sending a game's batches to a stream."""
        with self._lock:
            self._drop(subscription, game_id)

    def close(self, subscription: Subscription) -> None:
        """A stream ended: forget it and every game it followed (again: no-op)."""
        with self._lock:
            for game_id in list(subscription.seats):
                self._drop(subscription, game_id)
            self._subscriptions.discard(subscription)
            for player, streams in list(self._players.items()):
                streams.discard(subscription)
                if not streams:
                    del self._players[player]
            self._counted()

    def _counted(self) -> None:
        """Tell the metrics and every listener how many streams the process holds now."""
        metrics.OPEN_STREAMS.set(len(self._subscriptions))
        for listener in STREAM_COUNT_LISTENERS:
            listener(len(self._subscriptions))

    def streams(self) -> int:
        """How many streams are open in this process."""
        return len(self._subscriptions)

    def stop(self) -> None:
        """End every stream at once and stop the reader: the process is stopping (gunicorn_conf.py, on SIGTERM)."""
        self._stopping.set()
        self._end_all()
        self._tasks.put(_STOP)
        for thread in self._threads:
            thread.join(LISTEN_SLICE + self.timeout + 1)

    def stop_soon(self) -> None:
        """``stop``, from a signal handler: the code it interrupted may hold the lock that ending the streams takes, and
        under gevent a handler runs in the event loop, where nothing may wait (a thread's start does); so in a greenlet
        of its own, or a thread."""
        if _greenlets():
            import gevent

            gevent.spawn(self.stop)
        else:
            threading.Thread(target=self.stop, name="dogpark-streams-ending", daemon=True).start()

    def _drop(self, subscription: Subscription, game_id: str) -> None:
        seats = subscription.seats.pop(game_id, None)
        subscription.since.pop(game_id, None)
        watched = self._games.get(game_id)
        if seats is None or watched is None:
            return
        watched.subscriptions.discard(subscription)
        watched.seats.subtract(seats)
        # Adding an empty Counter drops the seats no stream follows any more.
        watched.seats += Counter()
        if not watched.subscriptions:
            del self._games[game_id]

    # The reader's side.

    def _start(self) -> None:
        """Start the listener and the deliverer, once per process (a forked child starts its own)."""
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._threads = [
                threading.Thread(target=self._listen, name="dogpark-fanout-listener", daemon=True),
                threading.Thread(target=self._deliver, name="dogpark-fanout-deliverer", daemon=True),
            ]
        for thread in self._threads:
            thread.start()

    def _listen(self) -> None:
        """Hold the subscription: announce each watched game's news to the deliverer; reconnect when it drops."""
        failures = 0
        while not self._stopping.is_set():
            connection = self.listener_connection()
            try:
                connection.connect()
                connection.send_command("PSUBSCRIBE", GAMES, PLAYERS, OLD_GAMES)
                # The connection speaks RESP2 (subscriber_connection in events/connect.py): messages are plain replies.
                for _ in (GAMES, PLAYERS, OLD_GAMES):
                    connection.read_response()
                self._reconnect.clear()
                self._subscribed.set()
                failures = 0
                self._back()
                # Announcements made while no subscription was up are found by comparing lengths, and by each
                # player's stream reading its games again.
                self._tasks.put(_RECHECK)
                self._tell_players(None)
                while not (self._stopping.is_set() or self._reconnect.is_set()):
                    try:
                        # A read that waits, rather than can_read then a read: can_read polls the socket twice (a
                        # wait, then a look for a closed connection), which cost as much as the read itself. A
                        # timeout leaves a message half read in the parser's buffer, for the next read.
                        message = connection.read_response(timeout=LISTEN_SLICE, disconnect_on_error=False)
                    except redis.TimeoutError:
                        continue
                    self._announced(message)
            except (redis.RedisError, OSError) as error:
                self._subscribed.clear()
                failures += 1
                # A dropped connection is tried again at once; Redis not answering that either is an outage.
                if failures > 1:
                    self._away_now(error)
                    self._stopping.wait(min(MAX_BACKOFF, FIRST_BACKOFF * 2 ** (failures - 2)))
            finally:
                connection.disconnect()
        self._subscribed.clear()

    def _announced(self, message: Any) -> None:
        """A pmessage: a game has reached the version it holds (with the envelopes appended, or without: see
        announcement), or a player's entry in the game it names changed."""
        if not isinstance(message, list) or len(message) != 4 or as_text(message[0]) != "pmessage":
            return
        pattern, channel = as_text(message[1]), as_text(message[2])
        # The id sits between the channel's "{" and "}" (the Cluster hash tag).
        named = channel[channel.index("{") + 1 : channel.index("}")]
        if pattern == PLAYERS:
            self._tell_players(as_text(message[3]), named)
            return
        if named not in self._games:
            # Most announcements are of games nobody follows here: dropped before they are parsed.
            return
        # An old appender's announcement (OLD_GAMES) is a version alone, which announcement reads as such.
        version, texts = announcement(message[3])
        with self._lock:
            watched = self._games.get(named)
            if watched is None or version <= watched.version:
                return
            # Kept unparsed: the deliverer parses them, off the listener's path.
            watched.hear(version, texts)
        self._nudge(named)

    def _tell_players(self, game_id: str | None, player: str | None = None) -> None:
        """Hand Joined(game_id) to the streams of ``player`` (None: of every player)."""
        with self._lock:
            if player is None:
                streams = [s for each in self._players.values() for s in each]
            else:
                streams = list(self._players.get(player, ()))
        for subscription in streams:
            subscription.put(Joined(game_id))

    def _nudge(self, game_id: str) -> None:
        """Ask the deliverer to read a game's news (once, however often it is asked before it does)."""
        with self._lock:
            if game_id in self._pending:
                return
            self._pending[game_id] = time.monotonic()
        self._tasks.put(game_id)

    def _deliver(self) -> None:
        """Read and hand out each game's news, one game at a time; look at every game's length and every stream's
        silence KEEPALIVE_LOOKS times a keep-alive period."""
        look = self.keepalive / KEEPALIVE_LOOKS
        next_check = time.monotonic() + look
        while True:
            wait = next_check - time.monotonic()
            try:
                # A look that is due comes first: a deliverer that news keeps busy must not put it off for ever.
                task = _RECHECK if wait <= 0 else self._tasks.get(timeout=wait)
            except queue.Empty:
                task = _RECHECK
            if task is _STOP:
                return
            try:
                if task is _RECHECK:
                    next_check = time.monotonic() + look
                    self._recheck()
                    self._keep_alive()
                else:
                    self._hold(task)
                    self._refresh(task)
            except redis.RedisError as error:
                self._subscribed.clear()
                self._away_now(error)
                # The listener's connection may look healthy to a Redis that has frozen: make it prove it.
                self._reconnect.set()
            except Exception:
                # A bug must not stop every stream of the process: the game's streams end, and resume.
                log.exception("delivering the news of %s failed; its streams end", task)
                if isinstance(task, str):
                    self._end_game(task)

    def _hold(self, game_id: str) -> None:
        """Wait until the hold has passed since the game's news was announced, if HOLD_CROWD streams follow it here;
        then for the requests being answered (Answering)."""
        with self._lock:
            heard = self._pending.get(game_id)
            watched = self._games.get(game_id)
            crowded = watched is not None and len(watched.subscriptions) >= HOLD_CROWD
        wait = heard + self.hold - time.monotonic() if heard is not None and crowded else 0.0
        if wait > 0:
            time.sleep(wait)
        # Redis sends the announcement before the appending command's own reply: a deliverer woken by it would fold
        # and write the news while that command, if this process answers it, waits for its turn to answer. Only the
        # game's own requests are waited for: under a load of other games', the news need not wait for theirs.
        self.answering.wait(f"/games/{game_id}/")

    def _keep_alive(self) -> None:
        """A keep-alive for every stream handed nothing for all but the last look of a period (after any news the
        look at the lengths found): no stream is silent for a whole period."""
        quiet_since = time.monotonic() - self.keepalive * (KEEPALIVE_LOOKS - 1) / KEEPALIVE_LOOKS
        with self._lock:
            streams = [subscription for subscription in self._subscriptions if subscription.spoke <= quiet_since]
        hand_out(streams, TICK, answering=self.answering)

    def _recheck(self) -> None:
        """Read the news of every watched game whose length is past what was delivered (one pipelined XLEN); end the
        streams of a game whose log is shorter."""
        with self._lock:
            known = [(game_id, watched.version) for game_id, watched in self._games.items() if watched.table]
        if not known:
            return
        pipe = self.client.pipeline(transaction=False)
        for game_id, _ in known:
            pipe.xlen(key(game_id, "events"))
        for (game_id, version), length in zip(known, pipe.execute(), strict=True):
            if length > version:
                self._refresh(game_id, length)
            elif length < version:
                # The log lost events this process handed out (Redis lost writes): the game's streams end and its
                # cached copy goes, so that both start again from what the store holds.
                self.repo.forget(game_id)
                self._end_game(game_id)

    def _refresh(self, game_id: str, newest: int = 0) -> None:
        """Take a game's new envelopes as announced, or read them once (if announced without them, or not at all, up
        to ``newest``), fold them batch by batch, and hand each batch to its streams."""
        with self._lock:
            self._pending.pop(game_id, None)
            watched = self._games.get(game_id)
            if watched is None or watched.table is None:
                return
            texts = watched.news(newest)
        envelopes = self.store.read(game_id, watched.version) if texts is None else [parse(text) for text in texts]
        if not envelopes:
            return
        times = logged_times(envelopes, partial(self.repo.event_times, game_id))
        with self._lock:
            if self._games.get(game_id) is not watched or envelopes[0]["version"] != watched.version + 1:
                return
            out = []
            for appended in batches(envelopes):
                for envelope in appended:
                    watched.table = tables.evolve(watched.table, domain_event(envelope))
                watched.version = appended[-1]["version"]
                turns = watched.turns(set(watched.seats), times)
                out.append(Batch(game_id, watched.game_type, appended, turns))
            streams = list(watched.subscriptions)
            # What another process (or a worker) appended is now known here: the game's next command in this process
            # need not read it back, and its deadlines need not ask for these events' times. Kept before the streams
            # hear of it, since their players answer at once.
            self.repo.keep(game_id, watched.table, watched.version, envelopes[-1]["hash"])
            self.repo.note_times(game_id, envelopes)
        hand_out(streams, *out, answering=self.answering)

    def _away_now(self, error: Exception) -> None:
        """Redis went away: every stream ends (clients resume with Last-Event-ID); say so once."""
        if not self._away:
            self._away = True
            log.warning("the event reader lost Redis (%s: %s); open streams end", type(error).__name__, error)
        self._end_all()

    def _back(self) -> None:
        if self._away:
            self._away = False
            log.warning("the event reader is subscribed again; streams may reopen")

    def _end_all(self) -> None:
        with self._lock:
            self._games.clear()
            self._pending.clear()
            ending = list(self._subscriptions)
        for subscription in ending:
            subscription.put(END)

    def _end_game(self, game_id: str) -> None:
        with self._lock:
            watched = self._games.pop(game_id, None)
        for subscription in watched.subscriptions if watched else ():
            subscription.put(END)


def announcement(message: bytes | str) -> tuple[int, list[bytes]]:
    """An append's announcement: the game's new version, and the envelope texts it carries (none: read them)."""
    raw = message.encode() if isinstance(message, str) else message
    version, *texts = raw.split(b"\n")
    return int(version), texts


class Answering:
    """The requests this process is answering, each from the app's call to its return (a stream: while it opens).

    Before it takes a game's news the deliverer lets the game's own finish (the command that appended it may be
    one), and a crowd's hand-out between its slices (at most ANSWER_WAIT at a time), so that a command that came
    during a crowd's writes waits behind one slice of them, not behind a slice at each of its own waits (for its
    request, for Redis). Only the requests already begun are waited for: under a steady load, where some request is
    always being answered, a hand-out does not wait ANSWER_WAIT at every slice. Counted under gevent only, where one
    thread runs every request.
    """

    def __init__(self) -> None:
        self._begun = 0
        #: The tickets of the requests being answered, oldest first (a dict keeps the order they were added in), and
        #: each one's path.
        self._open: dict[int, str] = {}
        self._finished = threading.Event()

    @property
    def count(self) -> int:
        """How many requests are being answered."""
        return len(self._open)

    def wrap(self, wsgi_app: Callable[..., Any]) -> Callable[..., Any]:
        """``wsgi_app``, counted while it runs (unchanged but under gevent)."""
        if not _greenlets():
            return wsgi_app

        def counted(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
            ticket = self._begun
            self._begun += 1
            self._open[ticket] = environ.get("PATH_INFO", "")
            try:
                return wsgi_app(environ, start_response)
            finally:
                del self._open[ticket]
                self._finished.set()

        return counted

    def wait(self, about: str | None = None) -> None:
        """Wait until the requests being answered now (those whose path holds ``about``, if given) have finished, not
        those begun meanwhile, for at most ANSWER_WAIT."""
        if not self._open:
            return
        begun, deadline = self._begun, time.monotonic() + ANSWER_WAIT
        while self._waited_for(begun, about):
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self._finished.clear()
            self._finished.wait(left)

    def _waited_for(self, begun: int, about: str | None) -> bool:
        """Whether a request begun before ticket ``begun`` (whose path holds ``about``, if given) is being answered."""
        if about is None:
            return bool(self._open) and next(iter(self._open)) < begun
        return any(ticket < begun and about in path for ticket, path in list(self._open.items()))


def hand_out(streams: Iterable[Subscription], *items: Batch | object, answering: Answering | None = None) -> None:
    """Hand ``items`` to every stream, letting the event loop run after every HAND_OUT_SLICE seconds of it (and the
    requests being answered finish)."""
    sliced = now = time.monotonic()
    for subscription in streams:
        subscription.put(*items)
        subscription.spoke = now
        now = time.monotonic()
        if now - sliced > HAND_OUT_SLICE:
            _pause(answering)
            sliced = now = time.monotonic()


def _pause(answering: Answering | None = None) -> None:
    """Let every other greenlet that is ready, or whose socket is, run first, and the requests being answered
    finish; then go on at once (threads: yield).

    Not a short sleep: the event loop rounds a timer of less than a millisecond up to one, which left a deliverer
    writing 0.3 ms in every 1.4 and spread a crowd's writes over the next command's time.
    """
    if _greenlets():
        from gevent import idle

        idle()
        if answering is not None:
            answering.wait()
    else:
        time.sleep(0)
