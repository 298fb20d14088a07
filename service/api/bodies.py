"""Request bodies: the JSON the API accepts, which is stricter than what Python's json module parses.

A body is stored (a command as sent, a seat's name) and hashed into the game's log for good, so it must be
JSON the service can keep: not nested so deep that decoding or encoding it recurses out of the stack, and
no lone UTF-16 surrogate (``"\\ud800"``), which JSON's escapes allow but UTF-8 cannot encode (RFC 7493 §2.1).
Both are refused with 400 before any endpoint sees the body.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import flask_smorest
from flask import Request
from marshmallow import Schema
from webargs.flaskparser import FlaskParser, abort

from service.api import problem
from service.problems import BAD_REQUEST, BODY_TOO_LARGE

#: The deepest nesting of objects and arrays a body may have; the API's own bodies need a handful of levels.
MAX_DEPTH = 32

_SURROGATE = re.compile("[\ud800-\udfff]")


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
        """The request's JSON body, checked by ``body_fault``."""
        try:
            body = super().load_json(req, schema)
        except RecursionError:
            # The decoder recurses once per level, so a deep enough document runs out of stack while parsing.
            abort(400, messages={"json": [f"objects and arrays nested deeper than {MAX_DEPTH} levels"]})
        fault = body_fault(body)
        if fault is not None:
            abort(400, messages={"json": [fault]})
        return body


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint, reading JSON bodies with BodyParser: every blueprint that takes a body uses it."""

    ARGUMENTS_PARSER = BodyParser()


def body_errors(blp: Blueprint, also: str = "") -> Callable[[Callable], Callable]:
    """Document the errors of reading an endpoint's JSON body: 400 (not JSON the API can keep, or ``also``), 413."""
    bad = problem(
        blp, 400, f"Not JSON, nested deeper than {MAX_DEPTH} levels, or holding a lone surrogate{also}.", BAD_REQUEST
    )
    large = problem(blp, 413, "The body is larger than DOGPARK_MAX_BODY_BYTES (64 KiB by default).", BODY_TOO_LARGE)
    return lambda endpoint: bad(large(endpoint))
