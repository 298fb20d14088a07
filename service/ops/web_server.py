"""The stack's web server: where it listens (DOGPARK_BIND), the app gunicorn serves there, and how the stack knows
that app for its own.

The app's health check answers with the nonce of the stack's start, so a stack tells its own server from one
somebody else runs on the port.
"""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import urllib.request
from typing import TYPE_CHECKING

from service.ops.processes import StartFailed

if TYPE_CHECKING:
    from flask import Flask

#: The app as gunicorn loads it.
APP = "service.ops.web_server:served_app()"
#: The header the stack's web server answers its health check with, holding the nonce of the stack's start: a
#: server on the port that does not send it is somebody else's.
INSTANCE_HEADER = "X-Dogpark-Instance"
INSTANCE_VARIABLE = "DOGPARK_STACK_INSTANCE"
#: Seconds the web server is given to stop: longer than gunicorn's graceful_timeout (10 s), which it grants requests
#: in flight before it ends its workers itself (event streams end at once: service/gunicorn/conf.py).
WEB_GRACE = 20.0


def parse_bind(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``[IPv6]:PORT``), as DOGPARK_BIND holds it; ValueError for anything else."""
    host, colon, port = address.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not (colon and host and port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"DOGPARK_BIND must be HOST:PORT, such as 127.0.0.1:8000, not {address!r}")
    return host, int(port)


def check_port(host: str, port: int, bind: str) -> None:
    """Raise StartFailed if another program listens on ``host``'s ``port`` (``bind``: both, as gunicorn takes them)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as probe:
        # As gunicorn binds: a port whose last connections are in TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise StartFailed(
                    f"cannot listen on {bind}: another program is using port {port}; pick another port "
                    f"with `dogpark run --port N` or `DOGPARK_BIND={host}:N make run`"
                ) from None
            raise StartFailed(f"cannot listen on {bind}: {error.strerror}") from None


def served_app() -> Flask:
    """The API as the stack serves it: its health check names the stack's start, so start() knows its own server."""
    from flask import Response, request

    from service.http.app import create_app

    app = create_app()
    nonce = os.environ.get(INSTANCE_VARIABLE, "")

    @app.after_request
    def name_the_instance(response: Response) -> Response:
        if request.path == "/healthz":
            response.headers[INSTANCE_HEADER] = nonce
        return response

    return app


def answers(server: subprocess.Popen | None, url: str, bind: str, instance: str) -> bool:
    """True once ``server``, started with ``instance`` as its nonce, answers its health check at ``url``; StartFailed
    if it has exited."""
    if server is not None and server.poll() is not None:
        raise StartFailed(
            f"the web server exited with status {server.returncode} before it answered on {bind} "
            "(its log above says why)"
        )
    with urllib.request.urlopen(f"{url}/healthz", timeout=1) as answer:  # noqa: S310 - our own URL
        return answer.status == 200 and answer.headers.get(INSTANCE_HEADER) == instance
