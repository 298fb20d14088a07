"""JSON bodies spelled by orjson: the bytes the API's bodies, snapshots' cached games and streams' messages are made of.

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

# Keys that are not strings become strings, as the standard library writes them; datetimes and dataclasses go to
# the caller's default (Flask's: HTTP dates, asdict), as they did.
_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps(obj: Any, default: Callable[[Any], Any] | None = None) -> bytes:
    """``obj`` as compact JSON bytes (an int past 64 bits, which orjson refuses, through the standard library)."""
    try:
        return orjson.dumps(obj, default=default, option=_OPTIONS)
    except TypeError:
        return json.dumps(obj, default=default, separators=(",", ":"), ensure_ascii=False).encode()
