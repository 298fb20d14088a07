"""A bench client that takes its next view from the pushed `turn` messages of each seat's event stream.

Each seat of the game holds one stream (a raw socket speaking HTTP/1.1, as a browser's EventSource does, so the
server takes the path a browser's stream takes: chunks the deliverer writes to the socket itself). After a
command, the client keeps the view its response holds while that seat may go on acting (a Spots turn's many
decisions); otherwise it waits for the `turn` message that the stream of the seat to act next pushes, as a
player's client does (docs/web.md), instead of GETting that seat's view. Streams are read as they fill, so the
server never waits on a full socket.
"""

from __future__ import annotations

import json
import random
import re
import select
import socket
import time
from typing import Any

from tests.bench.http_load import Client, Table, Tally

#: A turn message's data begins with the game and its version: read without decoding the view behind it.
TURN_VERSION = re.compile(rb'"version": ?(\d+)')
#: Seconds a client waits for a turn before it counts an error and starts a new game.
TURN_TIMEOUT = 30.0


class SeatStream:
    """One seat's event stream, keeping the newest `turn` it pushed (undecoded) and dropping the rest."""

    def __init__(self, port: int, game_id: str, token: str, after: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TURN_TIMEOUT)
        request = (
            f"GET /v1/games/{game_id}/events/stream?after={after} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        #: Bytes read and not yet unframed (chunk sizes included), and the event stream's text not yet parsed.
        self.raw = b""
        self.buffer = b""
        self.headers_done = False
        self.chunked = False
        #: (version, data) of the newest turn not yet taken.
        self.turn: tuple[int, bytes] | None = None
        self.ended = False

    def fileno(self) -> int:
        """The socket's descriptor, for select."""
        return self.sock.fileno()

    def read(self) -> None:
        """Read what the socket holds (it is readable) and keep the newest turn in it."""
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            self.ended = True
            return
        self.raw += chunk
        if not self.headers_done:
            head, found, rest = self.raw.partition(b"\r\n\r\n")
            if not found:
                return
            if not head.startswith((b"HTTP/1.0 200", b"HTTP/1.1 200")):
                raise OSError(f"stream refused: {head.splitlines()[0]!r}")
            self.headers_done, self.raw = True, rest
            self.chunked = b"transfer-encoding: chunked" in head.lower()
        self.unframe()
        *messages, self.buffer = self.buffer.split(b"\n\n")
        for message in messages:
            if message.startswith(b"event: turn\ndata: "):
                data = message[len(b"event: turn\ndata: ") :]
                version = int(TURN_VERSION.search(data).group(1))
                if self.turn is None or version >= self.turn[0]:
                    self.turn = (version, data)

    def unframe(self) -> None:
        """Move the complete chunks read so far (or everything, for a body not sent in chunks) to the text buffer."""
        if not self.chunked:
            self.buffer, self.raw = self.buffer + self.raw, b""
            return
        while (line_end := self.raw.find(b"\r\n")) >= 0:
            size = int(self.raw[:line_end].split(b";")[0], 16)
            if size == 0:
                self.ended = True
                return
            start = line_end + 2
            if len(self.raw) < start + size + 2:
                return
            self.buffer += self.raw[start : start + size]
            self.raw = self.raw[start + size + 2 :]

    def close(self) -> None:
        """Hang up."""
        self.sock.close()


class Pushed(Table):
    """http_load's table, with every seat's stream open and the next view taken from the pushed turns."""

    def __init__(self, game: str, client: Client, tally: Tally, rng: random.Random, phones: bool = False) -> None:
        super().__init__(game, client, tally, rng, phones)
        self.streams: list[SeatStream] = []

    def open(self) -> bool:
        """Hang up the last game's streams, set up a new game, open a stream per seat."""
        self.close()
        if not super().open():
            return False
        after = self.view["version"]
        self.streams = [SeatStream(self.client.port, self.game_id, token, after) for token in self.tokens]
        return True

    def close(self) -> None:
        """Hang up every stream."""
        for stream in self.streams:
            stream.close()
        self.streams = []

    def move(self) -> bool:
        """One random legal move, from the view in hand or the turn pushed to the seat to act next."""
        self.drain(0)
        view = self.view
        if view["status"] == "finished":
            return self.open()
        if not (view["you"] in view["to_act"] and view["legal_moves"]):
            view = self.pushed_turn(view["version"])
            if view is None:
                self.tally.errors["turn not pushed"] = self.tally.errors.get("turn not pushed", 0) + 1
                return False
        body = self.rng.choice(view["legal_moves"])
        path = f"/v1/games/{self.game_id}/commands"
        status, reply, seconds = self.connection(view["you"]).call("POST", path, body, token=self.tokens[view["you"]])
        if not self.tally.record("command", status, 200, seconds):
            return False
        self.view = reply["game"]
        return True

    def pushed_turn(self, version: int) -> dict[str, Any] | None:
        """The view of the first turn pushed at ``version`` or later to any seat (None after TURN_TIMEOUT)."""
        deadline = time.monotonic() + TURN_TIMEOUT
        while True:
            for stream in self.streams:
                if stream.turn is not None and stream.turn[0] >= version:
                    data, stream.turn = stream.turn[1], None
                    view = json.loads(data)["view"]
                    if view["legal_moves"]:
                        return view
            left = deadline - time.monotonic()
            if left <= 0 or all(stream.ended for stream in self.streams):
                return None
            self.drain(left)

    def drain(self, timeout: float) -> None:
        """Read every stream that has data, waiting up to ``timeout`` seconds for the first."""
        live = [stream for stream in self.streams if not stream.ended]
        if not live:
            return
        ready, _, _ = select.select(live, [], [], timeout)
        for stream in ready:
            stream.read()
