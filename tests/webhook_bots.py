"""Webhook bots for the tests: one that plays well, and ones that answer every turn in one wrong way.

Each answers a ``challenge`` as the kit does (the challenge echoed, signed with SECRET: so that it registers with
SECRET), and ``start`` and ``end`` calls with ``{}`` at once, except ``silent``, which answers nothing in time, ever,
and ``redirect``, which redirects every call. Run one in a thread (``serving``) or as a process::

    python -m tests.webhook_bots <behaviour> --port P [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from dogpark_client import sign

#: The secret the test bots sign their challenge answers with: register them with it.
SECRET = "the-test-bots-own-secret-0123456789abcdef"
#: What each bot does with a turn (``seconds``: how long the slow ones take).
BEHAVIOURS = (
    "first",  # the first legal move, at once
    "sleep",  # the first legal move, ``seconds`` later (past its deadline)
    "status500",  # a 500
    "illegal",  # a move that is not among the legal ones
    "garbage",  # a body that is not JSON
    "huge",  # a JSON answer of 200 KiB
    "flood",  # 200 KiB with no Content-Length, until it closes the connection
    "drip",  # a valid answer, one byte every ``seconds`` / 10
    "status401",  # a 401, as a bot answers a call it finds signed with another secret
    "unsigned",  # the first legal move at once, and the challenge echoed but not signed
    "echo",  # every call sent back as it came, its signature too (a reflector)
    "redirect",  # a 307 (to ``location``, else a path of its own) for every call, the challenge too
    "silent",  # every call, the challenge too, answered ``seconds`` late
)


class Handler(BaseHTTPRequestHandler):
    """Answers calls as the server's behaviour says; records every call it gets."""

    protocol_version = "HTTP/1.1"
    server: BotServer

    def do_POST(self) -> None:
        """One call."""
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        call = json.loads(body)
        self.server.calls.append(
            {**call, "signature": self.headers.get("Dogpark-Signature"), "host": self.headers["Host"]}
        )
        behaviour, seconds = self.server.behaviour, self.server.seconds
        if behaviour == "silent":
            time.sleep(seconds)
        if behaviour == "redirect":
            return self._redirect()
        if behaviour == "echo":
            return self._send(200, body, {"Dogpark-Signature": self.headers.get("Dogpark-Signature", "")})
        if call.get("kind") == "challenge":
            answer = json.dumps({"challenge": call["challenge"]}).encode()
            signature = {} if behaviour == "unsigned" else {"Dogpark-Signature": sign(SECRET, answer)}
            return self._send(200, answer, signature)
        if call.get("kind") != "turn":
            return self._send(200, b"{}")
        first = {"move": call["legal_moves"][0]}
        match behaviour:
            case "sleep":
                time.sleep(seconds)
                self._send(200, json.dumps(first).encode())
            case "status500":
                self._send(500, b'{"error": "the bot fell over"}')
            case "status401":
                self._send(401, b'{"error": "a bad signature"}')
            case "illegal":
                self._send(200, json.dumps({"move": {"type": "NoSuchMove"}}).encode())
            case "garbage":
                self._send(200, b"this is not JSON")
            case "huge":
                self._send(200, json.dumps({"move": first["move"], "pad": "x" * 200_000}).encode())
            case "flood":
                self.send_response(200)
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                self.wfile.write(b"x" * 200_000)
            case "drip":
                self._drip(json.dumps(first).encode(), seconds / 10)
            case _:
                self._send(200, json.dumps(first).encode())

    def _send(self, status: int, data: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _redirect(self) -> None:
        self.send_response(307)
        self.send_header("Location", self.server.location or "/elsewhere")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _drip(self, data: bytes, pause: float) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        for byte in data:
            self.wfile.write(bytes([byte]))
            self.wfile.flush()
            time.sleep(pause)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


class BotServer(ThreadingHTTPServer):
    """A test bot on loopback."""

    daemon_threads = True
    # Closing does not wait for a slow answer to end.
    block_on_close = False

    def __init__(self, behaviour: str, seconds: float = 1.0, port: int = 0, location: str | None = None) -> None:
        assert behaviour in BEHAVIOURS, behaviour
        super().__init__(("127.0.0.1", port), Handler)
        self.behaviour = behaviour
        self.seconds = seconds
        #: Where ``redirect`` sends its calls (by default a path of its own).
        self.location = location
        self.calls: list[dict[str, Any]] = []

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Quiet: the server cuts slow and long answers off on purpose, and the bot's writes then fail."""

    @property
    def url(self) -> str:
        """Where it listens."""
        return f"http://127.0.0.1:{self.server_address[1]}/bot"


@contextmanager
def serving(behaviour: str, seconds: float = 1.0, location: str | None = None) -> Iterator[BotServer]:
    """A test bot answering in a thread of this process until the block ends."""
    server = BotServer(behaviour, seconds, location=location)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("behaviour", choices=BEHAVIOURS)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    BotServer(args.behaviour, args.seconds, args.port).serve_forever()
