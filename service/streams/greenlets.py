"""Greenlets or threads: under gunicorn's gevent worker gevent has patched threads into greenlets of one thread, and a
stream may hand its client's socket to the deliverer; under a plain WSGI server they are threads."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from typing import Any


def under_gevent() -> bool:
    """True when gevent has patched threading: the process's threads are greenlets."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return bool(monkey.is_module_patched("threading"))


def client_socket(environ: dict[str, Any]) -> socket.socket | None:
    """The client's socket of a streamed response, when the deliverer may write the stream's chunks to it itself:
    under gunicorn's gevent worker (the deliverer is a greenlet of the stream's own thread), for a GET in HTTP/1.1
    (gunicorn frames the body in chunks, as Batch.chunk does). None otherwise: the stream writes what it is handed."""
    if environ.get("REQUEST_METHOD") != "GET" or environ.get("SERVER_PROTOCOL") != "HTTP/1.1" or not under_gevent():
        return None
    return environ.get("gunicorn.socket")


def run_apart(work: Callable[[], None], name: str) -> None:
    """Run ``work`` apart from the caller: in a greenlet of its own under gevent, else in a daemon thread ``name``."""
    if under_gevent():
        import gevent

        gevent.spawn(work)
    else:
        threading.Thread(target=work, name=name, daemon=True).start()
