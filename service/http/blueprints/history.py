"""The log: events, a live stream of them, replays and the audit of a finished game."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from functools import partial

import redis
from flask import Response, request, stream_with_context
from flask_smorest import Blueprint
from marshmallow import ValidationError

from domain import table as tables
from domain.engine import Seat
from domain.language import FALLBACK
from service.core import chat
from service.core.problems import (
    BAD_REQUEST,
    GAME_NOT_OVER,
    INVALID_STREAM_TICKET,
    NOT_FOUND,
    PROBLEM,
    RATE_LIMITED,
    REDIS_UNAVAILABLE,
    STREAMS_FULL,
    TOO_MANY_STREAMS,
    UNAUTHORIZED,
    VERSION_NOT_REACHED,
    Problem,
    unavailable,
)
from service.core.reads import game_view, logged_times, visible_event
from service.core.spectator_delay import horizon
from service.core.wiring import Services
from service.http.access import caller_seat, stream_seat
from service.http.blueprints import problem, type_links
from service.http.context import fanout, services
from service.http.language import asked_language
from service.http.ratelimit import parse_rate, take
from service.http.schemas.base import MAX_VERSION
from service.http.schemas.games import Audit, EventPage, EventsQuery, GameView, ReplayQuery
from service.http.schemas.problems import Problem as ProblemSchema
from service.streams.batches import Batch
from service.streams.fanout import Fanout
from service.streams.greenlets import client_socket
from service.streams.places import Cap, TooManyStreams, game_stream_caps
from service.streams.registry import Opening, StreamsFull
from service.streams.sse import KEEPALIVE, RETRY, chat_message, event_message
from service.streams.subscription import END, TICK, Chatted, Subscription

#: A version as a stream's query or header names it.
VERSION = {"type": "integer", "minimum": 0, "maximum": MAX_VERSION}
EVENTS_QUERY = EventsQuery()
#: Envelopes a stream reads at a time when it catches up with the log before the live batches.
BACKLOG_PAGE = 500

log = logging.getLogger("dogpark.api")


def streams_unavailable(resume: str) -> dict:
    """The documented 503 of a stream route: the process's streams are full, or Redis is away (``resume``: how)."""
    return {
        "description": "This process holds as many streams as it may (DOGPARK_STREAM_CONNECTIONS), or Redis is "
        f"unavailable; try again after Retry-After. A stream Redis stops serving ends: {resume}."
        + type_links(STREAMS_FULL, REDIS_UNAVAILABLE),
        "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
        "content": {PROBLEM: {"schema": ProblemSchema}},
    }


def too_many_streams() -> dict:
    """The documented 429 of a stream route: one of the caps on open streams is reached."""
    return {
        "description": "The stream would pass a cap on open streams: its client address's "
        "(DOGPARK_STREAMS_PER_ADDRESS, 32 by default), its seat's or player's (DOGPARK_STREAMS_PER_TOKEN, 8), or, "
        "for a spectator, its game's spectators' (DOGPARK_SPECTATORS_PER_GAME, 200; a seat's own stream is never "
        "counted there). 'cap' says which, 'limit' its number; a place frees as a stream it counts closes."
        + type_links(TOO_MANY_STREAMS),
        "headers": {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
        "content": {PROBLEM: {"schema": ProblemSchema}},
    }


blp = Blueprint("history", __name__, url_prefix="/v1/games", description="A game's log, live and past.")


@blp.route("/<game_id>/events", methods=["GET"])
@blp.arguments(EVENTS_QUERY, location="query")
@blp.response(200, EventPage)
@blp.doc(security=[{"seatToken": []}, {}])
def list_events(query: dict, game_id: str) -> dict:
    """The log after version `after`, as the caller may see it.

    A spectator of a running game with a spectator_delay reads it up to where the game stood that many moves ago,
    and `version` says that version (docs/streams.md).
    """
    svc = services()
    seat = caller_seat(game_id)
    envelopes = svc.store.read(game_id, query["after"], query["limit"])
    # The game now (404 for an unknown one), read after the page: its version is the game's at the least, and its
    # players' names name them in every event, a name a seat claims later in the earlier events too.
    loaded, language = svc.repo.load(game_id), asked_language()
    names = tables.names(loaded.table, language)
    # A spectator of a delayed game reads up to its horizon, which is then the log's version as far as it knows.
    version = loaded.version
    if seat is None:
        version = horizon(svc.store, game_id, loaded.table, loaded.version, loaded.last_hash)
    return {
        "version": version,
        "events": [
            visible_event(loaded.table["type"], e, seat, language, names) for e in envelopes if e["version"] <= version
        ],
    }


@blp.route("/<game_id>/events/stream", methods=["GET"])
@problem(blp, 400, "Last-Event-ID or after is not a version.", BAD_REQUEST)
@problem(blp, 401, "A token not of this game, or a ticket not valid.", UNAUTHORIZED, INVALID_STREAM_TICKET)
@problem(
    blp,
    422,
    "Last-Event-ID or after is past the game's version (the log lost events the client saw), or a spectator's is "
    "past what its delay lets it read: start over from the game's view (`version` says where to).",
    VERSION_NOT_REACHED,
)
@blp.doc(
    security=[{"seatToken": []}, {}],
    responses={
        "200": {
            "description": "One SSE message per event (id = version, event = type, data = the event as the caller "
            "may see it), keep-alive comments, and for a seat `event: turn` messages (no id): data "
            "`{game, version, view, deadline}`, the seat's view as GET /v1/games/{id} gives it (legal moves "
            "included) and its own deadline (RFC 3339, or null), sent after every batch of events after which the "
            "seat may act, and once when the stream opens if it may act then. A client resumes without missing a "
            "turn by reconnecting with Last-Event-ID (or `after`): it gets the events it missed, then a turn if "
            "it may act now; it never needs to GET its view between moves. `event: chat` messages (no id): data a "
            "chat message as GET /v1/games/{id}/chat gives it, of the rooms the stream reads (a seat's both, a "
            "spectator's theirs), sent as they are posted and not again on resuming (GET the chat to catch up; "
            "docs/chat.md). A spectator's stream of a running game with a spectator_delay gets each event only "
            "once it falls that many moves behind the game, as the game moves on (docs/streams.md). The stream ends "
            "after SeedRevealed. "
            "Its texts, labels and names are in the language it opens with: ?lang= (which an EventSource can "
            "send), else Accept-Language.",
            "content": {"text/event-stream": {"schema": {"type": "string"}}},
        },
        "429": too_many_streams(),
        "503": streams_unavailable("resume with Last-Event-ID"),
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
    """Server-Sent Events of the log as the caller may see it, and a seat's turns; resumable, with keep-alives.

    A seat's stream needs its token (Authorization: Bearer) or a stream ticket (?ticket=); without either, the
    stream is a spectator's.
    """
    svc, streams = services(), fanout()
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
    caps = game_stream_caps(svc.settings, client_address(), game_id, seat)
    subscription = open_stream(streams, caps=caps, language=asked_language())
    try:
        opening = streams.follow(subscription, game_id, (seat,), first)
        # Past what this process handed out, the client may only be ahead of its reader: ask the log itself.
        if first > opening.version and first > (current := readable(svc, game_id, seat)):
            # The client saw events the log no longer holds (Redis lost acknowledged writes), or made the version
            # up: told so, it starts over, where waiting would later send it other events under the versions it has.
            raise Problem(VERSION_NOT_REACHED, f"the game is at version {current}", version=current)
    except BaseException:
        streams.close(subscription)
        raise
    stream = SeatStream(svc, game_id, game_type, seat, first, subscription)
    return sse_response(stream.messages(opening), lambda: streams.close(subscription))


def readable(svc: Services, game_id: str, seat: Seat) -> int:
    """The last version of the log the caller may read: a spectator of a delayed game, up to its horizon."""
    if seat is not None:
        return svc.store.version(game_id)
    loaded = svc.repo.load(game_id)
    return horizon(svc.store, game_id, loaded.table, loaded.version, loaded.last_hash)


class SeatStream:
    """A game's stream for one seat (or a spectator), in the language it opened with: the log from where the client
    was, then what the reader hands it, a seat's turns included."""

    def __init__(
        self, svc: Services, game_id: str, game_type: str, seat: Seat, after: int, subscription: Subscription
    ) -> None:
        self.svc = svc
        self.game_id = game_id
        self.game_type = game_type
        self.seat = seat
        #: How it reads the game: its seat, in its language (Batch).
        self.reading = (seat, subscription.language)
        #: The last version sent (or the client had).
        self.after = after
        self.subscription = subscription
        #: The player of its seat (None: a spectator's stream, or a seat without a player), whose mutes it keeps.
        self.player = None if seat is None else svc.repo.load(game_id, fresh=False).table["seats"][seat].get("player")

    def messages(self, opening: Opening) -> Iterator[str]:
        """The stream's text, until the game ends or Redis goes away."""
        yield RETRY
        try:
            # What the client missed before the process's reader took over: read by this stream, in pages.
            while self.after < opening.version:
                page = min(BACKLOG_PAGE, opening.version - self.after)
                envelopes = self.svc.store.read(self.game_id, self.after, page)
                if not envelopes:
                    break
                yield "".join(
                    event_message(self.game_type, envelope, self.seat, self.subscription.language, opening.names)
                    for envelope in envelopes
                )
                self.after = envelopes[-1]["version"]
                if envelopes[-1]["type"] == "SeedRevealed":
                    return
            if opening.turns:
                yield opening.turns
            yield from self.subscription.feed(self.rendered, client_socket(request.environ), self)
        except redis.RedisError as error:
            # Redis went away or froze: end the stream cleanly; the client comes back with its Last-Event-ID.
            kind = type(error).__name__
            log.warning("the stream of %s ended: Redis is unavailable: %s: %s", self.game_id, kind, error)

    def chatted(self, kept: dict) -> str:
        """``event: chat`` for a message of a room the stream reads, from a player its seat's player has not muted."""
        muted = self.svc.chat.muted(self.player)
        return chat_message(kept, self.subscription.language) if chat.visible(kept, self.seat, muted) else ""

    def rendered(self, items: list[object]) -> tuple[str, bool]:
        """The text of what the stream was handed, and whether the stream ends with it."""
        text: list[str] = []
        for item in items:
            if item is END:
                return "".join(text), True
            if item is TICK:
                text.append(KEEPALIVE)
                continue
            if isinstance(item, Chatted):
                text.append(self.chatted(item.message))
                continue
            assert isinstance(item, Batch)
            if item.last <= self.after:
                # A spectator's batch handed out after the stream opened past it (the reader paces spectators).
                continue
            text += [item.events(self.reading, self.after), self.subscription.turns(item)]
            self.after = item.last
            if item.ends_game:
                return "".join(text), True
        return "".join(text), False


def client_address() -> str:
    """The address of the request's client (behind DOGPARK_TRUSTED_PROXIES, as their X-Forwarded-For names it)."""
    return request.remote_addr or "unknown"


def open_stream(
    streams: Fanout, player: str | None = None, caps: list[Cap] | None = None, language: str = FALLBACK
) -> Subscription:
    """A new stream of this process (a player's, given one) in ``language``, holding a place under each of ``caps``:
    429 with Retry-After past one of them; 503 with Retry-After past DOGPARK_STREAM_CONNECTIONS, or once the process
    is stopping."""
    try:
        return streams.subscribe(player, caps or [], language)
    except TooManyStreams as many:
        raise Problem(
            TOO_MANY_STREAMS,
            str(many),
            headers={"Retry-After": str(many.retry_after)},
            cap=many.cap.what,
            limit=many.cap.limit,
        ) from None
    except StreamsFull as full:
        raise unavailable(STREAMS_FULL, str(full), full.retry_after) from None


def sse_response(messages: Iterator[str], on_close: Callable[[], None]) -> Response:
    """A text/event-stream response of ``messages``, which calls ``on_close`` once the client is gone."""
    response = Response(
        stream_with_context(messages),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    response.call_on_close(on_close)
    return response


@blp.route("/<game_id>/replay", methods=["GET"])
@blp.arguments(ReplayQuery(), location="query")
@blp.response(200, GameView)
@problem(blp, 401, "A token that is not this game's.", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 422, "The game has not reached `version` yet; `version` says where it is.", VERSION_NOT_REACHED)
@blp.alt_response(
    429,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description="Too many replays from this address (DOGPARK_REPLAY_RATE, 300 per 60 s by default); Retry-After "
    "says when the window ends." + type_links(RATE_LIMITED),
    headers={"Retry-After": {"description": "Seconds until a retry may pass.", "schema": {"type": "integer"}}},
)
@blp.doc(security=[{"seatToken": []}, {}])
def replay(query: dict, game_id: str) -> dict:
    """The caller's view as it was at `version`.

    A spectator of a running game with a spectator_delay replays it only up to where the game stood that many moves
    ago: past it, 422 version-not-reached says that version (docs/streams.md).

    A replay folds the game from the nearest snapshot kept at or before `version`; each address may ask for
    DOGPARK_REPLAY_RATE of them (300 per 60 s by default).
    """
    svc = services()
    # An unknown game is a 404, as everywhere, before its version is compared with the one asked for.
    svc.repo.secret(game_id)
    seat = caller_seat(game_id)
    take(svc.redis, parse_rate(svc.settings.replay_rate), "replay", request.remote_addr or "unknown")
    current = readable(svc, game_id, seat)
    if query["version"] > current:
        raise Problem(VERSION_NOT_REACHED, f"the game is at version {current}", version=current)
    loaded, envelopes = svc.repo.load_at(game_id, query["version"])
    times = logged_times(envelopes, partial(svc.repo.event_times, game_id))
    return game_view(game_id, loaded.table, loaded.version, seat, times, playable=False, language=asked_language())


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
