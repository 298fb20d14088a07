"""A receiver of notification webhooks for the tests: on 127.0.0.1, it records every call and answers each with the
next status of its script (the last one over and over)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Handler(BaseHTTPRequestHandler):
    """Records a call (its headers, its raw body, when it came) and answers the script's next status."""

    protocol_version = "HTTP/1.1"
    server: Receiver

    def do_POST(self) -> None:
        """One call."""
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with self.server.lock:
            self.server.calls.append({"headers": dict(self.headers), "raw": raw, "received": time.time()})
            status = self.server.statuses[min(len(self.server.calls), len(self.server.statuses)) - 1]
        data = b"{}"
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


class Receiver(ThreadingHTTPServer):
    """The receiver: its script of statuses and the calls it got."""

    def __init__(self, statuses: tuple[int, ...]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.statuses = statuses
        self.calls: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        """Where it listens."""
        return f"http://127.0.0.1:{self.server_address[1]}/hook"

    def bodies(self) -> list[dict[str, Any]]:
        """The calls' bodies, parsed."""
        return [json.loads(call["raw"]) for call in self.calls]


@contextmanager
def receiving(*statuses: int) -> Iterator[Receiver]:
    """A receiver answering ``statuses`` in turn (200 if none), served in a thread until the block ends."""
    receiver = Receiver(statuses or (200,))
    thread = threading.Thread(target=receiver.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        receiver.shutdown()
        receiver.server_close()
        thread.join()
