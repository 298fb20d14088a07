"""A WSGI app for tests/integration/test_gunicorn_send.py: one response of each shape gunicorn writes differently."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gunicorn import util
from gunicorn.http import wsgi

JSON = b'{"status":"ok","redis":"unchecked"}'
#: Larger than a socket's send buffer, so that one sendall takes several writes.
LARGE = bytes(range(256)) * (3 * 4096 + 7)
PIECES = (b"one ", b"two ", b"three")
EVENTS = (b"retry: 2000\n\n", b"event: turn\ndata: {}\n\n", b": keep-alive\n\n")


def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
    """Answer by path: a JSON body, none (204, 304), a large body, a body in pieces, a stream, the Response class."""
    path = environ["PATH_INFO"]
    if path == "/json":
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(JSON)))])
        return [JSON]
    if path == "/no-content":
        start_response("204 No Content", [])
        return []
    if path == "/not-modified":
        start_response("304 Not Modified", [("ETag", '"v1"'), ("Content-Length", str(len(JSON)))])
        return [b""]
    if path == "/large":
        start_response("200 OK", [("Content-Type", "application/octet-stream"), ("Content-Length", str(len(LARGE)))])
        return [LARGE]
    if path == "/pieces":
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(sum(map(len, PIECES))))])
        return iter(PIECES)
    if path == "/stream":
        start_response("200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
        return iter(EVENTS)
    if path == "/response-class":
        # Which class this process's gunicorn builds its responses from, and where its dates come from
        # (service/gunicorn/conf.py installs both in each worker).
        body = f"{wsgi.Response.__name__} {util.http_date.__module__}".encode()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
        return [body]
    start_response("404 Not Found", [("Content-Length", "0")])
    return []
