"""Schemathesis hooks for `make fuzz`, loaded through SCHEMATHESIS_HOOKS."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import schemathesis

#: gunicorn answers a request line longer than its limit_request_line (4,094 bytes) with its own 414 page before
#: the app sees the request; generated query strings stay below it, with room left for the path.
QUERY_LIMIT = 3000


@schemathesis.hook
def filter_query(ctx: Any, query: dict[str, Any] | None) -> bool:
    """Only query strings that reach the app."""
    return query is None or len(urlencode(query, doseq=True)) <= QUERY_LIMIT
