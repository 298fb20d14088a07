"""Server-Sent Events: the messages of a ``text/event-stream`` body, read as its bytes arrive."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Message:
    """One message of a game's stream.

    ``event`` is the event's type (``CardPlayed``), or ``turn`` for a server's note that the seat may act
    (``data["view"]`` is then its view). ``data`` is the message's JSON; ``id`` the game's version after the
    event, None for a message that is not an event of the log.
    """

    event: str
    data: Any
    id: int | None = None


def lines(chunks: Iterable[bytes]) -> Iterator[str]:
    """The lines of a byte stream as they complete, whichever of CRLF, LF or CR ends them."""
    pending = b""
    for chunk in chunks:
        pending += chunk
        # A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
        while True:
            cut = _line_end(pending)
            if cut is None:
                break
            end, after = cut
            yield pending[:end].decode("utf-8", errors="replace")
            pending = pending[after:]
    if pending:
        yield pending.decode("utf-8", errors="replace")


def _line_end(buffer: bytes) -> tuple[int, int] | None:
    """Where the first complete line of ``buffer`` ends, and where the next one starts; None if none is complete."""
    lf, cr = buffer.find(b"\n"), buffer.find(b"\r")
    if cr != -1 and (lf == -1 or cr < lf):
        if cr + 1 == len(buffer):
            return None
        return cr, cr + 2 if buffer[cr + 1 : cr + 2] == b"\n" else cr + 1
    return (lf, lf + 1) if lf != -1 else None


class Parser:
    """The SSE field rules (WHATWG HTML, 9.2.6): data lines joined, comments skipped, ``retry`` remembered."""

    def __init__(self) -> None:
        #: The reconnection delay the server asked for, in seconds (None: it did not say).
        self.retry: float | None = None
        self._event = ""
        self._data: list[str] = []
        self._id: str | None = None

    def messages(self, stream: Iterable[str]) -> Iterator[Message]:
        """The messages of a stream of lines."""
        for line in stream:
            if not line:
                message = self._dispatch()
                if message is not None:
                    yield message
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            self._field(name, value.removeprefix(" "))

    def _field(self, name: str, value: str) -> None:
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            self.retry = int(value) / 1000

    def _dispatch(self) -> Message | None:
        event, data, ident = self._event or "message", self._data, self._id
        self._event, self._data, self._id = "", [], None
        if not data:
            return None
        text = "\n".join(data)
        try:
            payload: Any = json.loads(text)
        except ValueError:
            payload = text
        return Message(event, payload, int(ident) if ident is not None and ident.isdigit() else None)
