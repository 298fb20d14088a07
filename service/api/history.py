"""The log: events, a live stream of them, replays and the audit of a finished game."""

from __future__ import annotations

import json
from collections.abc import Iterator

from flask import Response, request, stream_with_context
from flask_smorest import Blueprint
from marshmallow import ValidationError

from service.api import problem
from service.api.access import caller_seat
from service.problems import Problem
from service.reads import game_view, visible_event
from service.schemas import MAX_VERSION, Audit, EventPage, EventsQuery, GameView, ReplayQuery
from service.wiring import services

#: A version as a stream's query or header names it.
VERSION = {"type": "integer", "minimum": 0, "maximum": MAX_VERSION}
EVENTS_QUERY = EventsQuery()

blp = Blueprint("history", __name__, url_prefix="/v1/games", description="A game's log, live and past.")


@blp.route("/<game_id>/events", methods=["GET"])
@blp.arguments(EVENTS_QUERY, location="query")
@blp.response(200, EventPage)
@blp.doc(security=[{"seatToken": []}, {}])
def list_events(query: dict, game_id: str) -> dict:
    """The log after version ``after``, as the caller may see it."""
    svc = services()
    seat = caller_seat(game_id)
    game_type = svc.repo.secret(game_id)["type"]
    envelopes = svc.store.read(game_id, query["after"], query["limit"])
    return {
        "version": svc.store.version(game_id),
        "events": [visible_event(game_type, e, seat) for e in envelopes],
    }


@blp.route("/<game_id>/events/stream", methods=["GET"])
@blp.doc(
    security=[{"seatToken": []}, {}],
    responses={
        "200": {
            "description": "One SSE message per event (id = version, event = type), and keep-alive comments.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        }
    },
    parameters=[
        {"in": "header", "name": "Last-Event-ID", "schema": VERSION, "description": "Resume after it."},
        {"in": "query", "name": "after", "schema": VERSION, "description": "Start after this version."},
    ],
)
def stream_events(game_id: str) -> Response:
    """Server-Sent Events of the log as the caller may see it; resumable, with keep-alive comments."""
    svc = services()
    seat = caller_seat(game_id)
    game_type = svc.repo.secret(game_id)["type"]
    start = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    try:
        # The log's own query decides what a version to read after may be.
        first = EVENTS_QUERY.load({"after": start})["after"]
    except ValidationError:
        detail = f"Last-Event-ID / after must be a version number up to {MAX_VERSION}"
        raise Problem(400, "Bad Request", detail) from None
    keepalive_ms = int(svc.settings.keepalive_seconds * 1000)

    def messages() -> Iterator[str]:
        after = first
        yield "retry: 2000\n\n"
        while True:
            envelopes = svc.store.wait(game_id, after, keepalive_ms)
            if not envelopes:
                yield ": keep-alive\n\n"
                continue
            for envelope in envelopes:
                shown = visible_event(game_type, envelope, seat)
                yield f"id: {envelope['version']}\nevent: {envelope['type']}\ndata: {json.dumps(shown)}\n\n"
                after = envelope["version"]
                if envelope["type"] == "SeedRevealed":
                    return

    return Response(
        stream_with_context(messages()),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@blp.route("/<game_id>/replay", methods=["GET"])
@blp.arguments(ReplayQuery(), location="query")
@blp.response(200, GameView)
@blp.doc(security=[{"seatToken": []}, {}])
def replay(query: dict, game_id: str) -> dict:
    """The caller's view as it was at ``version``."""
    svc = services()
    seat = caller_seat(game_id)
    current = svc.store.version(game_id)
    if query["version"] > current:
        raise Problem(422, "Unprocessable Content", f"the game is at version {current}", version=current)
    table, _ = svc.repo.load_at(game_id, query["version"])
    return game_view(game_id, table, query["version"], seat, playable=False)


@blp.route("/<game_id>/audit", methods=["GET"])
@blp.response(200, Audit)
@problem(blp, 409, "The game is not over yet.")
def audit(game_id: str) -> dict:
    """The full unredacted log with its hash chain, the commands and the seed, once the game is over."""
    svc = services()
    secret = svc.repo.secret(game_id)
    envelopes = svc.store.read(game_id)
    # The seed is revealed in the batch that ends the game, and only then.
    if not envelopes or envelopes[-1]["type"] != "SeedRevealed":
        raise Problem(409, "Game Not Over", "the audit opens when the game is over")
    commands = {cid: json.loads(raw) for cid, raw in svc.store.read_hash(game_id, "commands").items()}
    return {"id": game_id, "type": secret["type"], "seed": secret["seed"], "events": envelopes, "commands": commands}
