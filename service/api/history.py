"""The log: events, a live stream of them, replays and the audit of a finished game."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import redis
from flask import Response, request, stream_with_context
from flask_smorest import Blueprint
from marshmallow import ValidationError

from service.api import problem, type_links
from service.api.access import caller_seat, stream_seat
from service.problems import (
    BAD_REQUEST,
    GAME_NOT_OVER,
    INVALID_STREAM_TICKET,
    PROBLEM,
    REDIS_UNAVAILABLE,
    STREAMS_FULL,
    UNAUTHORIZED,
    VERSION_NOT_REACHED,
    Problem,
    unavailable,
)
from service.reads import game_view, logged_times, visible_event
from service.schemas import MAX_VERSION, Audit, EventPage, EventsQuery, GameView, ReplayQuery
from service.schemas import Problem as ProblemSchema
from service.wiring import services

#: A version as a stream's query or header names it.
VERSION = {"type": "integer", "minimum": 0, "maximum": MAX_VERSION}
EVENTS_QUERY = EventsQuery()
#: Seconds a viewer refused for want of a stream connection is told to wait; streams end as games do.
STREAMS_FULL_RETRY_AFTER = 10

log = logging.getLogger("dogpark.api")

blp = Blueprint("history", __name__, url_prefix="/v1/games", description="A game's log, live and past.")


@blp.route("/<game_id>/events", methods=["GET"])
@blp.arguments(EVENTS_QUERY, location="query")
@blp.response(200, EventPage)
@blp.doc(security=[{"seatToken": []}, {}])
def list_events(query: dict, game_id: str) -> dict:
    """The log after version `after`, as the caller may see it."""
    svc = services()
    seat = caller_seat(game_id)
    game_type = svc.repo.secret(game_id)["type"]
    envelopes = svc.store.read(game_id, query["after"], query["limit"])
    return {
        "version": svc.store.version(game_id),
        "events": [visible_event(game_type, e, seat) for e in envelopes],
    }


@blp.route("/<game_id>/events/stream", methods=["GET"])
@problem(blp, 400, "Last-Event-ID or after is not a version.", BAD_REQUEST)
@problem(blp, 401, "A token not of this game, or a ticket not valid.", UNAUTHORIZED, INVALID_STREAM_TICKET)
@blp.doc(
    security=[{"seatToken": []}, {}],
    responses={
        "200": {
            "description": "One SSE message per event (id = version, event = type), and keep-alive comments.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        "503": {
            "description": "This process holds as many streams as it may (DOGPARK_STREAM_CONNECTIONS), or Redis is "
            "unavailable; try again after Retry-After. A stream Redis stops serving ends: resume with Last-Event-ID."
            + type_links(STREAMS_FULL, REDIS_UNAVAILABLE),
            "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            "content": {PROBLEM: {"schema": ProblemSchema}},
        },
    },
    parameters=[
        {"in": "header", "name": "Last-Event-ID", "schema": VERSION, "description": "Resume after it."},
        {"in": "query", "name": "after", "schema": VERSION, "description": "Start after this version."},
        {
            "in": "query",
            "name": "ticket",
            "schema": {"type": "string"},
            "description": "A stream ticket (POST .../stream-tickets) instead of the Authorization header, for an "
            "EventSource, which cannot send headers. It opens one stream, once: to reconnect, get a new ticket "
            "and pass the last event id as 'after'.",
        },
    ],
)
def stream_events(game_id: str) -> Response:
    """Server-Sent Events of the log as the caller may see it; resumable, with keep-alive comments.

    A seat's stream needs its token (Authorization: Bearer) or a stream ticket (?ticket=); without either, the
    stream is a spectator's.
    """
    svc = services()
    game_type = svc.repo.secret(game_id)["type"]
    start = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    try:
        # The log's own query decides what a version to read after may be.
        first = EVENTS_QUERY.load({"after": start})["after"]
    except ValidationError:
        detail = f"Last-Event-ID / after must be a version number up to {MAX_VERSION}"
        raise Problem(BAD_REQUEST, detail) from None
    # A ticket is spent only by a request nothing before it refused.
    seat = stream_seat(game_id)
    block_ms = svc.settings.stream_block_ms
    try:
        # Taken last, once nothing else can refuse the request; the response gives it back when it closes.
        connection = svc.stream_connection()
    except redis.MaxConnectionsError:
        limit = svc.settings.stream_connections
        detail = f"this server holds its limit of {limit} open streams"
        raise unavailable(STREAMS_FULL, detail, STREAMS_FULL_RETRY_AFTER) from None

    def messages() -> Iterator[str]:
        after = first
        yield "retry: 2000\n\n"
        try:
            while True:
                envelopes = svc.store.wait(game_id, after, block_ms, connection)
                if not envelopes:
                    yield ": keep-alive\n\n"
                    continue
                for envelope in envelopes:
                    shown = visible_event(game_type, envelope, seat)
                    yield f"id: {envelope['version']}\nevent: {envelope['type']}\ndata: {json.dumps(shown)}\n\n"
                    after = envelope["version"]
                    if envelope["type"] == "SeedRevealed":
                        return
        except redis.RedisError as error:
            # Redis went away or froze: end the stream cleanly; the client comes back with its Last-Event-ID.
            log.warning("the stream of %s ended: Redis is unavailable: %s: %s", game_id, type(error).__name__, error)

    response = Response(
        stream_with_context(messages()),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(lambda: svc.streams.release(connection))
    return response


@blp.route("/<game_id>/replay", methods=["GET"])
@blp.arguments(ReplayQuery(), location="query")
@blp.response(200, GameView)
@blp.doc(security=[{"seatToken": []}, {}])
def replay(query: dict, game_id: str) -> dict:
    """The caller's view as it was at `version`."""
    svc = services()
    seat = caller_seat(game_id)
    current = svc.store.version(game_id)
    if query["version"] > current:
        raise Problem(VERSION_NOT_REACHED, f"the game is at version {current}", version=current)
    table, envelopes = svc.repo.load_at(game_id, query["version"])
    return game_view(game_id, table, query["version"], seat, logged_times(envelopes), playable=False)


@blp.route("/<game_id>/audit", methods=["GET"])
@blp.response(200, Audit)
@problem(blp, 409, "The game is not over yet.", GAME_NOT_OVER)
def audit(game_id: str) -> dict:
    """The full unredacted log with its hash chain, the commands and the seed, once the game is over."""
    svc = services()
    secret = svc.repo.secret(game_id)
    envelopes = svc.store.read(game_id)
    # The seed is revealed in the batch that ends the game, and only then.
    if not envelopes or envelopes[-1]["type"] != "SeedRevealed":
        raise Problem(GAME_NOT_OVER, "the audit opens when the game is over")
    commands = {cid: json.loads(raw) for cid, raw in svc.store.read_hash(game_id, "commands").items()}
    return {"id": game_id, "type": secret["type"], "seed": secret["seed"], "events": envelopes, "commands": commands}
