"""CORS: the browser pages (origins) that may call the API, and the answer to the preflight their browsers send.

No origin is allowed unless the operator lists it in DOGPARK_CORS_ORIGINS; ``*`` allows every origin, and only
when it is given alone. The API authenticates with bearer tokens, never cookies, so no response allows
credentials, and ``*`` exposes nothing a page could not already read with a token it holds.
"""

from __future__ import annotations

import re

from flask import Flask, Response, request

ANY = "*"
#: The request headers a page may send: a seat token, a JSON body, a command's key, a stream's resume point, the
#: request id its own logs use.
ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Request-ID"
#: The response headers a page may read besides the CORS-safelisted ones.
EXPOSED_HEADERS = "Location, Retry-After, Idempotent-Replayed, X-Request-ID"
#: Seconds a browser may keep a preflight's answer.
MAX_AGE = 600

# What a browser sends as Origin: a scheme, a host and maybe a port; never a path or a trailing slash.
_ORIGIN = re.compile(r"https?://[a-z0-9.\-]+(:\d{1,5})?|https?://\[[0-9a-f:.]+\](:\d{1,5})?")


def allowed_origins(configured: tuple[str, ...]) -> frozenset[str]:
    """The configured origins, lowercased as browsers send them; ValueError for one that is not an origin."""
    origins = frozenset(origin.lower() for origin in configured)
    if ANY in origins and len(origins) > 1:
        raise ValueError("DOGPARK_CORS_ORIGINS: '*' allows every origin; give it alone or list the origins")
    for origin in origins - {ANY}:
        if not _ORIGIN.fullmatch(origin):
            raise ValueError(f"DOGPARK_CORS_ORIGINS: {origin!r} is not an origin (scheme://host[:port], no path)")
    return origins


def allow_origins(app: Flask, configured: tuple[str, ...]) -> None:
    """Answer CORS requests from the configured origins (preflights included); with none, add nothing."""
    origins = allowed_origins(configured)
    if not origins:
        return

    @app.after_request
    def _cors(response: Response) -> Response:
        if ANY not in origins:
            # The answer depends on the Origin, so a cache must not hand one origin's answer to another.
            response.vary.add("Origin")
        origin = request.headers.get("Origin")
        if origin is None or (ANY not in origins and origin not in origins):
            return response
        response.headers["Access-Control-Allow-Origin"] = ANY if ANY in origins else origin
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            # Flask answers OPTIONS on every route itself, naming the route's methods in Allow.
            response.headers["Access-Control-Allow-Methods"] = response.headers.get("Allow", "")
            response.headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            response.headers["Access-Control-Max-Age"] = str(MAX_AGE)
        else:
            response.headers["Access-Control-Expose-Headers"] = EXPOSED_HEADERS
        return response
