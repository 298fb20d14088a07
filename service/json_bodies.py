"""JSON response bodies spelled by orjson: the app's JSON provider and the bytes the hot paths send.

orjson writes the same JSON values as the standard library, several times faster (a measurable share of a
command's CPU). Two spellings differ and stay valid JSON: non-ASCII text is written as UTF-8 rather than
``\\uXXXX`` escapes, and a float below 1e-4 may be written without an exponent (``0.00001`` for ``1e-05``).
Request bodies are still parsed by the standard library, so validation refuses exactly what it refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

# Keys that are not strings become strings, as the standard library writes them; datetimes and dataclasses go to
# Flask's default (HTTP dates, asdict), as they did.
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(obj: Any, default: Callable[[Any], Any] | None = None) -> bytes:
    """``obj`` as compact JSON bytes (an int past 64 bits, which orjson refuses, through the standard library)."""
    try:
        return orjson.dumps(obj, default=default, option=_OPTIONS)
    except TypeError:
        return json.dumps(obj, default=default, separators=(",", ":"), ensure_ascii=False).encode()


def json_response(body: Any, status: int = 200, mimetype: str = "application/json") -> Response:
    """A body already in its documented shape, sent without a schema dump (the hot paths)."""
    return Response(dumps(body), status, mimetype=mimetype)


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider with orjson writing the bodies; a caller's own options (indent) keep the stdlib's."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """``obj`` as JSON text; with keyword arguments (indent, sort_keys), as the standard library writes it."""
        if kwargs:
            return super().dumps(obj, **kwargs)
        return dumps(obj, self.default).decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """jsonify's response, written by orjson (indented, as Flask does, in debug mode)."""
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)
        body = dumps(self._prepare_response_obj(args, kwargs), self.default)
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)
