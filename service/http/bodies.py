"""Request bodies: the JSON the API accepts, which is stricter than what Python's json module parses.

A body is stored (a command as sent, a seat's name) and hashed into the game's log for good, so it must be
JSON the service can keep: not nested so deep that decoding or encoding it recurses out of the stack, and
no lone UTF-16 surrogate (``"\\ud800"``), which JSON's escapes allow but UTF-8 cannot encode (RFC 7493 §2.1).
Both are refused with 400 before any endpoint sees the body. A body sent as anything but JSON (no Content-Type, or
a form's) is refused with 415: read as JSON's absence, its fields would be reported missing though they were sent.

A body its schema's ``quick_load`` takes (service/http/schemas/games.py: a seat's move) skips webargs' and marshmallow's
machinery, which was a measurable share of a move's CPU; any other body goes the whole way, so what is refused,
and how, does not change.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import flask_smorest
from flask import Request
from marshmallow import Schema
from webargs.core import missing
from webargs.flaskparser import FlaskParser, abort

from service.core.problems import BAD_REQUEST, BODY_TIMEOUT, BODY_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, Problem
from service.http.blueprints import problem

#: The deepest nesting of objects and arrays a body may have; the API's own bodies need a handful of levels.
MAX_DEPTH = 32

_SURROGATE = re.compile("[\ud800-\udfff]")
#: How JSON text spells a surrogate: UTF-8 cannot encode one, so a body without this escape holds none.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def may_be_faulty(text: bytes) -> bool:
    """Whether a JSON body's text could hold what ``body_fault`` refuses: only one that opens more objects and
    arrays than MAX_DEPTH could nest too deep, and only one with a surrogate's escape could hold a lone one."""
    return text.count(b"{") + text.count(b"[") > MAX_DEPTH or _SURROGATE_ESCAPE.search(text) is not None


def body_fault(body: Any) -> str | None:
    """Why a parsed JSON body cannot be kept (too deep, a lone surrogate), or None if it can."""
    pending = [(body, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if not value.isascii() and _SURROGATE.search(value):
                return "a string holds a lone UTF-16 surrogate, which is not Unicode text"
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return f"objects and arrays nested deeper than {MAX_DEPTH} levels"
            items = [*value, *value.values()] if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
    return None


class BodyParser(FlaskParser):
    """webargs' Flask parser, refusing a JSON body the service could not keep (see the module's docstring)."""

    def load_json(self, req: Request, schema: Schema) -> Any:
        """The request's JSON body, checked by ``body_fault``; 415 for a body that is not sent as JSON."""
        # A request without a body (a claim without a name) is not asked for a Content-Type it has no use for.
        if not req.is_json and req.get_data(cache=True):
            sent = f"as {req.mimetype}" if req.mimetype else "without a Content-Type"
            detail = f"the body was sent {sent}: send it as JSON, with Content-Type: application/json"
            raise Problem(UNSUPPORTED_MEDIA_TYPE, detail)
        try:
            body = super().load_json(req, schema)
        except RecursionError:
            # The decoder recurses once per level, so a deep enough document runs out of stack while parsing.
            abort(400, messages={"json": [f"objects and arrays nested deeper than {MAX_DEPTH} levels"]})
        # The text is what webargs parsed (cached); a body it found missing was never read, and stays so.
        fault = body_fault(body) if body is not missing and may_be_faulty(req.get_data(cache=True)) else None
        if fault is not None:
            abort(400, messages={"json": [fault]})
        return body

    def parse(self, argmap: Any, req: Request | None = None, **kwargs: Any) -> Any:
        """webargs' parse; a JSON body its schema's ``quick_load`` takes is loaded by that alone."""
        quick_load = getattr(argmap, "quick_load", None)
        if quick_load is not None and kwargs.get("location") == "json" and not kwargs.get("validate"):
            loaded = quick_load(self.load_json(req if req is not None else self.get_default_request(), argmap))
            if loaded is not None:
                return loaded
        return super().parse(argmap, req, **kwargs)


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, reading JSON bodies with BodyParser: every blueprint that takes a body uses it.

    Its ``alt_response`` and ``doc`` document an endpoint as flask-smorest's do, but on the endpoint itself: theirs
    wrap it in a function that only calls it, one call more per decorator on every request (a move had eight).
    """

    ARGUMENTS_PARSER = BodyParser()

    def alt_response(self, *args: Any, **kwargs: Any) -> Callable[[Callable], Callable]:
        """flask-smorest's alternative response, documented without a wrapper."""
        return _unwrapped(super().alt_response(*args, **kwargs))

    @staticmethod
    def doc(**kwargs: Any) -> Callable[[Callable], Callable]:
        """flask-smorest's documentation of an endpoint, without a wrapper."""
        return _unwrapped(flask_smorest.Blueprint.doc(**kwargs))


def _unwrapped(document: Callable[[Callable], Callable]) -> Callable[[Callable], Callable]:
    """A decorator of flask-smorest's that only documents: the endpoint itself, given the docs of its wrapper."""

    def decorator(endpoint: Callable) -> Callable:
        endpoint._apidoc = document(endpoint)._apidoc  # type: ignore[attr-defined]
        return endpoint

    return decorator


def body_errors(blp: Blueprint, also: str = "") -> Callable[[Callable], Callable]:
    """Document the errors of reading an endpoint's JSON body: 400 (not JSON it can keep, or ``also``), 408 (too
    slow), 413, 415."""
    bad = problem(
        blp, 400, f"Not JSON, nested deeper than {MAX_DEPTH} levels, or holding a lone surrogate{also}.", BAD_REQUEST
    )
    large = problem(blp, 413, "The body is larger than DOGPARK_MAX_BODY_BYTES (64 KiB by default).", BODY_TOO_LARGE)
    untyped = problem(blp, 415, "A body sent without 'Content-Type: application/json'.", UNSUPPORTED_MEDIA_TYPE)
    slow_text = "The body did not all arrive within DOGPARK_BODY_SECONDS (5 s by default); the connection is closed."
    slow = problem(blp, 408, slow_text, BODY_TIMEOUT)
    return lambda endpoint: slow(untyped(bad(large(endpoint))))
