"""What every answer of the app carries, whatever it is: no site may frame it, and no browser may read it as a type
other than the one sent. The web client's answers carry a whole policy of their own (service/http/web)."""

from __future__ import annotations

from flask import Flask, Response

#: Each answer's headers unless its blueprint set its own: the API's JSON, its problem documents, the docs page.
HEADERS = (("Content-Security-Policy", "frame-ancestors 'none'"), ("X-Content-Type-Options", "nosniff"))


def never_framed(app: Flask) -> None:
    """Give every answer of ``app`` HEADERS, but one whose blueprint set its own policy (the web client's)."""

    @app.after_request
    def _headers(response: Response) -> Response:
        # One test and one extend: the hook runs on every move.
        if "Content-Security-Policy" not in response.headers:
            response.headers.extend(HEADERS)
        return response
