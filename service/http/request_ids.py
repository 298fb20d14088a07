"""Each request's id: the client's ``X-Request-ID`` when it is a usable one, else a fresh one, sent back in the
response's ``X-Request-ID``. The lines logged while the request is served, and by the jobs it causes, carry it
(service/core/logs.py's REQUEST_ID)."""

from __future__ import annotations

import re
import secrets

from flask import Flask, Response, g, request

from service.core.logs import REQUEST_ID

#: The header a request's id is taken from and returned in.
REQUEST_ID_HEADER = "X-Request-ID"
_REQUEST_ID_ENVIRON = "HTTP_" + REQUEST_ID_HEADER.upper().replace("-", "_")
#: A client's request id is kept when it is 1 to 128 printable ASCII characters, no spaces (a UUID, a trace id);
#: anything else could forge or break a log line, and is replaced by a fresh id.
_USABLE_ID = re.compile(r"[\x21-\x7e]{1,128}")


def request_id_from(header: str | None) -> str:
    """The request id a client sent, when usable; else a fresh one."""
    if header is not None and _USABLE_ID.fullmatch(header):
        return header
    return secrets.token_hex(16)


def trace_requests(app: Flask) -> None:
    """Give each request of ``app`` its id, for its log lines and its jobs, and return it in X-Request-ID."""

    @app.before_request
    def _take_id() -> None:
        # Set afresh by each request: a keep-alive connection's greenlet serves one request after another. Read from
        # the environ, where request.headers would find it, without building the headers' view for it.
        g.request_id = request_id_from(request.environ.get(_REQUEST_ID_ENVIRON))
        g.request_id_token = REQUEST_ID.set(g.request_id)

    @app.after_request
    def _return_id(response: Response) -> Response:
        response.headers[REQUEST_ID_HEADER] = g.get("request_id") or request_id_from(None)
        return response

    @app.teardown_request
    def _forget_id(_error: BaseException | None) -> None:
        # A thread that serves no request next (a test client's, a thread worker's) must not log under this one's id.
        token = g.pop("request_id_token", None)
        if token is not None:
            REQUEST_ID.reset(token)
