"""One send per plain response: gunicorn's Response, its headers sent with the first piece of a body of known length.

gunicorn 27 sends a response's status line and headers in one ``sendall`` and each piece of its body in another, so
every JSON answer cost two loopback sends, the kernel's work for each charged to the worker: 16-20% of a busy
worker's samples (docs/benchmarks.md, "Server CPU per move"). gunicorn has no setting for it. ``OneSendResponse``
lets gunicorn's own ``write`` run on a stand-in that keeps what it would have sent, then sends that in one
``sendall``: gunicorn still decides every byte (the headers, a HEAD's dropped body, a body cut to Content-Length).
Chunked bodies (the event streams, which under gevent the fan-out may write to the socket itself) and responses
with no body written at all keep gunicorn's own sends.

``install`` puts it in place of ``gunicorn.http.wsgi.Response``, which ``wsgi.create`` builds every HTTP/1 response
from, whichever the worker class; tests/integration/test_gunicorn_send.py fails if what it relies on changes.

``install`` also has gunicorn write each second's Date header once (``http_date``): formatting it was 1% of a busy
worker's samples, every response of a second spelling the same text.
"""

from __future__ import annotations

import socket
import time

from gunicorn import util
from gunicorn.http import wsgi

#: gunicorn's own http_date, which ``http_date`` calls once per second.
_FORMAT = util.http_date


class _Kept:
    """Stands in for the client's socket during one write, keeping what gunicorn sends."""

    __slots__ = ("pieces",)

    def __init__(self) -> None:
        self.pieces: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        """Keep ``data`` instead of sending it."""
        self.pieces.append(data)


class OneSendResponse(wsgi.Response):
    """gunicorn's Response; the first write of a body of known length goes out with the headers, in one send."""

    #: gunicorn's: where the response is written, the client's socket (a _Kept during one write).
    sock: socket.socket | _Kept

    def write(self, arg: bytes) -> None:
        """gunicorn's write, its sends joined into one when the headers go out with it."""
        if self.headers_sent or self.response_length is None:
            super().write(arg)
            return
        sock, kept = self.sock, _Kept()
        self.sock = kept
        try:
            super().write(arg)
        finally:
            # Sent even when the write failed after the headers, as gunicorn would have sent them.
            self.sock = sock
            if kept.pieces:
                sock.sendall(b"".join(kept.pieces))


#: The last second whose date was written, and its text: one tuple, so that threads read the two together.
_last: tuple[int, str] = (-1, "")


def http_date(timestamp: float | None = None) -> str:
    """gunicorn's ``util.http_date``; the current time's text is made once per second (it names whole seconds)."""
    global _last
    if timestamp is not None:
        return _FORMAT(timestamp)
    now, (at, text) = int(time.time()), _last
    if at != now:
        text = _FORMAT(now)
        _last = (now, text)
    return text


def install() -> None:
    """Have this process's gunicorn build its HTTP/1 responses as OneSendResponse, and date them with http_date."""
    wsgi.Response = OneSendResponse
    util.http_date = http_date
