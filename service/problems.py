"""Errors as RFC 9457 problem details (application/problem+json)."""

from __future__ import annotations

from typing import Any

from flask import Response, json

PROBLEM = "application/problem+json"


class Problem(Exception):
    """An error the API reports to the client as a problem document."""

    def __init__(
        self, status: int, title: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.title = title
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def response(self) -> Response:
        """The problem as an HTTP response."""
        body = {"type": "about:blank", "title": self.title, "status": self.status, "detail": self.detail}
        body.update(self.extra)
        return Response(json.dumps(body), status=self.status, headers=self.headers, mimetype=PROBLEM)


def not_found(what: str) -> Problem:
    """A 404 naming what was not found."""
    return Problem(404, "Not Found", f"{what} does not exist")
