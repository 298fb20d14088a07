"""The requests one client address may have in a web process at once: DOGPARK_CLIENT_CONNECTIONS (0: no cap).

A request counts from the moment the app takes it (its head read) until its answer begins: while its body arrives
(at most DOGPARK_BODY_SECONDS, service/http/body_deadline.py) and while the server works on it. One more from the
same address is answered 429 ``too-many-connections`` at once, and its connection closed without reading its body,
so that an address opening thousands of slow requests holds at most this many of a process's connections (gunicorn's
worker_connections, 2,000 per gevent worker) for more than an instant, and other clients' requests still find one.

An event stream counts only until its answer begins: it then holds its connection for as long as the game runs,
under limits of its own (DOGPARK_STREAM_CONNECTIONS). A keep-alive connection between two requests, or one still
sending its head, counts for nothing: gunicorn closes it after its keep-alive timeout (2 s). The address is the one
the rate limits count by: the TCP peer's, or the client's that DOGPARK_TRUSTED_PROXIES lets X-Forwarded-For name.

Counted per process, in its memory: a connection is one process's, and so is the pool it would exhaust. The gevent
workers spread an address's connections over themselves (service/gunicorn/balance.py), so an address may have about
this many in each.
"""

from __future__ import annotations

import threading

from flask import Flask, Response, request

from service.core.problems import TOO_MANY_CONNECTIONS, Problem
from service.http.body_deadline import close_after

#: Where the app finds a process's count.
EXTENSION = "dogpark.connections"
#: The request's environ key holding the address its place is counted under, until it is given back.
_HELD = "dogpark.connection_address"
#: Seconds a refused client is asked to wait: a request in flight is usually answered within one.
RETRY_AFTER = 1


class Connections:
    """How many requests each client address has in flight in this process, capped at ``cap`` each."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.held: dict[str, int] = {}
        # gthread serves requests on several threads; under gevent this is gevent's lock.
        self._lock = threading.Lock()

    def take(self, address: str) -> bool:
        """Count one more request from ``address``; False (and nothing counted) when it has ``cap`` already."""
        with self._lock:
            count = self.held.get(address, 0)
            if count >= self.cap:
                return False
            self.held[address] = count + 1
            return True

    def give_back(self, address: str) -> None:
        """One request from ``address`` is answered (or gone); an address with none left is forgotten."""
        with self._lock:
            count = self.held.pop(address, 0) - 1
            if count > 0:
                self.held[address] = count


def cap_connections(app: Flask, cap: int) -> None:
    """Refuse a request of ``app`` from an address with ``cap`` in flight in this process (0: no cap)."""
    if cap == 0:
        return
    connections = app.extensions[EXTENSION] = Connections(cap)

    @app.before_request
    def _take() -> None:
        # From the environ (request.remote_addr reads the same key, ProxyFix's when proxies are trusted).
        environ = request.environ
        address = environ.get("REMOTE_ADDR") or ""
        if not connections.take(address):
            close_after(environ)
            detail = f"this address has {cap} requests in flight here already (DOGPARK_CLIENT_CONNECTIONS)"
            raise Problem(TOO_MANY_CONNECTIONS, detail, headers={"Retry-After": str(RETRY_AFTER)})
        environ[_HELD] = address

    @app.after_request
    def _answered(response: Response) -> Response:
        # Before the answer is sent: an event stream's is sent for as long as the stream lasts.
        _give_back()
        return response

    @app.teardown_request
    def _gone(_error: BaseException | None) -> None:
        # A request whose answer failed to be made (after_request did not run) gives its place back all the same.
        _give_back()

    def _give_back() -> None:
        address = request.environ.pop(_HELD, None)
        if address is not None:
            connections.give_back(address)
