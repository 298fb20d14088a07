"""One open stream's side of the fan-out: what it is handed (batches, keep-alives, the end), and, under gunicorn's
gevent worker, the writing of it straight to the client's socket.

A stream's greenlet waits for what it is handed and writes it. Once a seat's stream is live it may lend the
deliverer its client's socket: the deliverer then writes each batch itself, as one HTTP/1.1 chunk made once per seat
and language (Batch.chunk) and shared by every stream reading the game so, without waking the stream's greenlet,
which only wakes to write what a socket could not take at once (everything a slow client has not taken yet, in one
write) and to end the stream.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from domain.engine import Seat
from service.streams.batches import Batch, Reading
from service.streams.sse import KEEPALIVE_CHUNK, chunk

#: Batches (or writes) a stream may have waiting before it is cut (a client that stopped reading); it resumes by
#: Last-Event-ID.
MAX_PENDING = 10_000
#: What a stream is handed once it must end, and when it is owed a keep-alive.
END, TICK = object(), object()


@dataclass(frozen=True)
class Joined:
    """Handed to a player's stream: the player's entry in ``game_id`` changed (a claim, a turn, an end), or, for
    None, a change may have gone unannounced while the reader was away. The stream reads the player's games."""

    game_id: str | None


@dataclass(frozen=True)
class Chatted:
    """Handed to the streams of ``game_id``: a message of its chat (its id and record, events/chat.py), which each
    stream shows or not as its reader may read it."""

    game_id: str
    message: dict[str, Any]


class Position(Protocol):
    """Where a seat's stream is: the seat it shows the game to in its language, and the last version it sent."""

    reading: Reading
    after: int


class Subscription:
    """One open stream: its language, the seats it follows in each game, and what waits for it (batches,
    keep-alives, END).

    A stream waits without a timeout of its own: the deliverer sends a keep-alive to every stream it has left
    silent (KEEPALIVE_LOOKS), which costs one timer per process instead of one per stream.
    """

    def __init__(self, language: str) -> None:
        #: The language its words are in, chosen as it opened (domain/language.py).
        self.language = language
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
        #: Its places under the caps on streams (service/streams/places.py), given back as it closes.
        self.places: list[tuple[str, str]] = []

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

    def readings(self, game_id: str) -> list[Reading]:
        """How it reads a game: each seat it follows there, in its language."""
        return [(seat, self.language) for seat in self.seats.get(game_id, ())]

    def turns(self, batch: Batch) -> str:
        """The `turn` messages of the seats it follows that may act after ``batch`` (if the client is not ahead)."""
        if not batch.turns or batch.last < self.since.get(batch.game_id, 0):
            return ""
        language = self.language
        return "".join(batch.turns.get((seat, language), "") for seat in self.seats.get(batch.game_id, ()))

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
                data.append(item.chunk(position.reading, position.after))
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
