"""An HTTP proxy on 127.0.0.1 in front of a test server that plays a few faults, each once: a 429 of its own, a
connection reset before the request reaches the server, or a reset after the server answered (the answer lost); and
that cuts the streams it relays when told to (``cut_streams``), as a network change does.

Everything else is relayed as it is, streams included (their bytes as they come). The proxy keeps the ids of the
games the server created through it, so that a test can tell a game created twice.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import struct
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from urllib.parse import urlsplit

#: Headers that belong to one connection, not to the request or answer relayed.
HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "date", "server"}
#: A 429 of the proxy's own: what dogpark's rate limit answers, asking for a second's wait.
TOO_MANY = json.dumps({"type": "about:blank#rate-limited", "title": "Too Many Requests", "status": 429}).encode()


@dataclass
class Fault:
    """What to do to the first request of ``method`` whose path matches ``path``: ``"429"``, ``"reset"`` (before
    the server sees it) or ``"lose-answer"`` (the server does it; the answer never comes back)."""

    method: str
    path: str
    action: str
    #: How many requests it is played on (None: every one).
    times: int | None = 1


class FaultyProxy:
    """The proxy, started by ``with``; ``url`` is its address, ``played`` the faults played as (action, path)."""

    def __init__(self, upstream: str, faults: list[Fault]) -> None:
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.faults = faults
        self.played: list[tuple[str, str]] = []
        #: The ids of the games the server created through the proxy, answers lost included.
        self.created: list[str] = []
        self._lock = threading.Lock()
        self._streams: set[socket.socket] = set()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Relay)
        self._server.daemon_threads = True
        self._server.proxy = self  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def unplayed(self) -> list[Fault]:
        """The faults still waiting for their request."""
        return [fault for fault in self.faults if fault.times]

    def take(self, method: str, path: str) -> str | None:
        """The action for this request, if a fault waits for it (which is then spent once)."""
        with self._lock:
            for fault in self.faults:
                if fault.times != 0 and fault.method == method and re.fullmatch(fault.path, path.split("?")[0]):
                    if fault.times is not None:
                        fault.times -= 1
                    self.played.append((fault.action, path))
                    return fault.action
        return None

    def cut_streams(self) -> None:
        """Close the client's side of every stream relayed now."""
        with self._lock:
            for connection in self._streams:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)

    def streaming(self, connection: socket.socket, open: bool) -> None:
        """Keep (``open``) or forget a client's connection that carries a stream."""
        with self._lock:
            if open:
                self._streams.add(connection)
            else:
                self._streams.discard(connection)

    def note(self, method: str, path: str, status: int, body: bytes) -> None:
        """Keep the id of a game the server created."""
        if method == "POST" and path == "/v1/games" and status == 201:
            with self._lock:
                self.created.append(json.loads(body)["id"])

    def __enter__(self) -> FaultyProxy:
        threading.Thread(target=self._server.serve_forever, daemon=True, name="faulty-proxy").start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._server.shutdown()
        self._server.server_close()


class _Relay(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - the standard library's names
        self._relay()

    do_POST = do_DELETE = do_PUT = do_PATCH = do_GET  # noqa: N815

    def log_message(self, *args: object) -> None:
        """Quiet."""

    def _relay(self) -> None:
        proxy: FaultyProxy = self.server.proxy  # type: ignore[attr-defined]
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        action = proxy.take(self.command, self.path)
        if action == "429":
            self.send_response(429)
            self.send_header("Content-Type", "application/problem+json")
            self.send_header("Retry-After", "1")
            self.send_header("Content-Length", str(len(TOO_MANY)))
            self.end_headers()
            self.wfile.write(TOO_MANY)
            return
        if action == "reset":
            self._reset()
            return
        upstream = http.client.HTTPConnection(*proxy.upstream, timeout=120)
        try:
            headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP}
            upstream.request(self.command, self.path, body=body or None, headers=headers)
            answer = upstream.getresponse()
            if answer.getheader("Content-Length") is not None or action == "lose-answer":
                content = answer.read()
                proxy.note(self.command, self.path, answer.status, content)
                if action == "lose-answer":
                    self._reset()
                    return
                self._head(answer, {"Content-Length": str(len(content))})
                self.wfile.write(content)
                return
            # A stream: its bytes as they come, chunked again on this connection.
            self._head(answer, {"Transfer-Encoding": "chunked"})
            proxy.streaming(self.connection, True)
            try:
                while chunk := answer.read1(65536):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
            finally:
                proxy.streaming(self.connection, False)
        except OSError:
            self.close_connection = True
        finally:
            upstream.close()

    def _head(self, answer: http.client.HTTPResponse, framing: dict[str, str]) -> None:
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in HOP:
                self.send_header(name, value)
        for name, value in framing.items():
            self.send_header(name, value)
        self.end_headers()

    def _reset(self) -> None:
        """Close the client's connection with a reset (RST), nothing answered."""
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()
        self.close_connection = True
