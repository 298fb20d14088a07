"""The web client: a page at `/` that plays, watches, replays and audits every game through the public API."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, jsonify, send_from_directory

STATIC = Path(__file__).parent / "static"

blp = Blueprint("web", __name__)


@blp.route("/")
def index() -> Response:
    """The client's one page; everything else it loads from /app/ and the API."""
    return send_from_directory(STATIC, "index.html")


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
