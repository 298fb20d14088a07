"""The web client: a page at `/` that plays, watches, replays and audits every game through the public API.

The page keeps the player's token in the browser's storage, so nothing but its own files may run in it, and no
other site may frame it (to click for the player). Every answer of this blueprint, the page and its assets, carries
``PAGE_HEADERS``: a Content-Security-Policy that lets the page load its own ES modules and stylesheets, call its own
origin (fetch, EventSource) and show its data: icon, and nothing else: no inline script or style attribute (the
client sets styles through the CSSOM), no other origin, no frame of it anywhere.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, jsonify, send_from_directory

STATIC = Path(__file__).parent / "static"

blp = Blueprint("web", __name__)

#: What the page may load and where it may be shown (see the module's doc).
POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
])
#: The headers of every answer of the web client: its policy; no guessing a type other than the one sent; no
#: Referer naming the page (a game's id) to any site it links to.
PAGE_HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@blp.after_request
def _secured(response: Response) -> Response:
    response.headers.update(PAGE_HEADERS)
    return response


@blp.route("/")
def index() -> Response:
    """The client's one page; everything else it loads from /app/ and the API."""
    return send_from_directory(STATIC, "index.html")


@blp.route("/sw.js")
def service_worker() -> Response:
    """The client's service worker, at the root so that its scope is the whole client: it shows pushed notifications
    (docs/notifications.md)."""
    return send_from_directory(STATIC, "sw.js")


@blp.route("/favicon.ico")
def favicon() -> tuple[str, int]:
    """No icon, and no 404 for it: a browser asks for one on any page that names none (the API's JSON pages too)."""
    return "", 204


@blp.route("/app/modules.json")
def modules() -> Response:
    """The optional modules present: a board per game type, the audit page; the client draws a plain stand-in for
    a game without a board (a game type added to the server before its board) instead of importing a 404."""
    boards = sorted(path.stem for path in (STATIC / "js" / "boards").glob("*.js"))
    return jsonify({"boards": boards, "audit": (STATIC / "js" / "audit.js").is_file()})


@blp.route("/app/<path:name>")
def asset(name: str) -> Response:
    """The client's scripts, styles and images, straight from the package."""
    return send_from_directory(STATIC, name)
