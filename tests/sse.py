"""Reading Server-Sent Events in tests: messages parsed from a stream's text, and a stream read on a thread."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass
class Message:
    """One SSE message: its event name, id (None if it has none) and decoded data."""

    event: str
    id: str | None
    data: Any


def parse(text: str) -> list[Message]:
    """The complete messages in ``text`` (comments, the retry field and a trailing partial message left out)."""
    out = []
    for block in text.split("\n\n")[:-1]:
        fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line and not line.startswith(":"))
        if "data" in fields:
            out.append(Message(fields.get("event", "message"), fields.get("id"), json.loads(fields["data"])))
    return out


#: How a reader opens its stream, on its own thread: (the status, the chunks of the body, how to hang up).
Opened = tuple[int, Iterable[bytes | str], Callable[[], None]]


class Reader:
    """Opens one stream and reads its chunks on a thread of its own until told to stop or the stream ends.

    The stream is opened on that thread too: a Flask test client's streamed response keeps its request context
    on the thread that opened it.
    """

    def __init__(self, start: Callable[[], Opened]) -> None:
        self.text = ""
        #: When each chunk came (time.monotonic()), from the opening on.
        self.arrivals: list[float] = []
        self.status: int | None = None
        #: True once the server ended the stream; the error if the connection broke instead.
        self.ended = False
        self.error: Exception | None = None
        self._start = start
        self._opened = threading.Event()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self._opened.wait(30)

    def _read(self) -> None:
        try:
            self.status, chunks, close = self._start()
        finally:
            self._opened.set()
        try:
            for chunk in chunks:
                self.arrivals.append(time.monotonic())
                self.text += chunk.decode() if isinstance(chunk, bytes) else chunk
                if self._stop.is_set():
                    return
            self.ended = True
        except Exception as error:  # noqa: BLE001 - kept for the test to look at: the server went away
            self.error = error
        finally:
            close()

    def messages(self, event: str | None = None) -> list[Message]:
        """The messages so far (of one event name, if given)."""
        return [m for m in parse(self.text) if event is None or m.event == event]

    def versions(self) -> list[int]:
        """The ids of the event messages so far, in the order they came."""
        return [int(m.id) for m in self.messages() if m.id is not None]

    def longest_silence(self) -> float:
        """The longest time so far with no chunk, counting the time since the last one."""
        times = [*self.arrivals, time.monotonic()]
        return max(later - earlier for earlier, later in itertools.pairwise(times))

    def wait(self, check: Callable[[Reader], Any], what: str, timeout: float = 15) -> None:
        """Poll until ``check(self)`` is true; fail with ``what`` after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not check(self):
            assert time.monotonic() < deadline, f"timed out waiting for {what}: {self.text[-500:]!r}"
            time.sleep(0.02)

    def stop(self) -> None:
        """Hang up after the next chunk (a keep-alive at the latest)."""
        self._stop.set()
        self.thread.join(30)
