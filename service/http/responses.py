"""JSON responses written by orjson (service/core/json_bodies.py): the app's JSON provider, and the hot paths'
bodies."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response as AnyResponse

from service.core.json_bodies import dumps


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

    def response(self, *args: Any, **kwargs: Any) -> AnyResponse:
        """jsonify's response, written by orjson (indented, as Flask does, in debug mode)."""
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)
        body = dumps(self._prepare_response_obj(args, kwargs), self.default)
        # The app's response class: the app's own (DogparkFlask) is Flask's.
        return Response(body + b"\n", mimetype=self.mimetype)
