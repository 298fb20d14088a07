"""A request body's deadline: its last byte must arrive within DOGPARK_BODY_SECONDS of the request's head.

gunicorn gives up on a request's head after its keep-alive timeout (2 s), but waits for a body as long as the client
likes: a POST whose body stopped after one byte still held its connection after 65 s, and 2,100 of them filled a
gevent worker's connections, so that nobody else's /livez was answered (#31). So the app reads a body through
DeadlineInput. Past the deadline the read fails: the request is answered 408 ``body-timeout``, and gunicorn closes
the connection, as it closes every connection whose body read failed (where the next request starts is unknown).

Under gevent (the default worker class) a gevent.Timeout bounds each read as a whole, however slowly its bytes
trickle in. Under another worker class (gthread) each of a read's socket waits is bounded by the time left: a body
that stops is cut at the deadline, but one that trickles a byte at a time, each within it, is not.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import gevent
from gevent import monkey

from service.core.problems import BODY_TIMEOUT, Problem

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: The least a read is given, so that a body already received is read even past the deadline (a request the app
#: took long over): a socket timeout of 0 would make the socket non-blocking, and a gevent.Timeout of 0 fire at once.
LEAST_SECONDS = 0.001


class DeadlineInput:
    """A request's ``wsgi.input`` whose reads fail with a 408 problem once ``ends`` (time.monotonic) has passed."""

    def __init__(self, inner: Any, ends: float, seconds: float, sock: socket.socket | None, green: bool) -> None:
        self.inner, self.ends, self.seconds = inner, ends, seconds
        self._sock, self._green = sock, green

    def read(self, size: int = -1) -> bytes:
        """The inner stream's read, by the deadline."""
        return self._by_deadline(self.inner.read, size)

    def readline(self, size: int = -1) -> bytes:
        """The inner stream's readline, by the deadline."""
        return self._by_deadline(self.inner.readline, size)

    def readlines(self, hint: int = -1) -> list[bytes]:
        """The inner stream's readlines, by the deadline."""
        return self._by_deadline(self.inner.readlines, hint)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def _by_deadline(self, read: Callable[[int], Any], size: int) -> Any:
        left = max(self.ends - time.monotonic(), LEAST_SECONDS)
        try:
            if self._green:
                with gevent.Timeout(left, TimeoutError):
                    return read(size)
            if self._sock is None:
                return read(size)
            waited = self._sock.gettimeout()
            self._sock.settimeout(left)
            try:
                return read(size)
            finally:
                self._sock.settimeout(waited)
        except TimeoutError:
            # Raised inside gunicorn's body reader, which marks the body failed: the connection closes after the 408.
            detail = f"the request's body did not arrive within {self.seconds:g} s (DOGPARK_BODY_SECONDS)"
            raise Problem(BODY_TIMEOUT, detail) from None


def with_body_deadline(app: WSGIApplication, seconds: float) -> WSGIApplication:
    """``app``, its requests' bodies read through DeadlineInput: ``seconds`` from the request's arrival here."""
    green = monkey.is_module_patched("socket")

    def deadline(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        # A request without a body (most: every GET) is left as it is.
        if environ.get("CONTENT_LENGTH", "0") not in ("", "0") or "HTTP_TRANSFER_ENCODING" in environ:
            ends = time.monotonic() + seconds
            environ["wsgi.input"] = DeadlineInput(
                environ["wsgi.input"], ends, seconds, environ.get("gunicorn.socket"), green
            )
        return app(environ, start_response)

    return deadline


def close_after(environ: WSGIEnvironment) -> None:
    """Have gunicorn close the request's connection once it is answered, without reading what is left of its body."""
    stream = environ.get("wsgi.input")
    # gunicorn's body reader (gunicorn.http.body.Body): marked failed, the parser stops rather than drain it for the
    # next request on the connection (a stalled body is drained until the keep-alive timeout, 2 s).
    stream = getattr(stream, "inner", stream)
    if stream is not None:
        stream.failed = True
