"""POST /v1/games/{id}/commands: a seat's move."""

from __future__ import annotations

from functools import partial

from flask import Response, request

from domain import table as tables
from service.core.problems import (
    IDEMPOTENCY_KEY_REUSED,
    ILLEGAL_MOVE,
    NOT_FOUND,
    NOT_YOUR_TURN,
    STALE_VERSION,
    UNAUTHORIZED,
)
from service.core.reads import game_view, logged_times, visible_event
from service.http.access import caller_seat
from service.http.blueprints import problem
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.language import asked_language
from service.http.responses import json_response
from service.http.schemas.games import CommandResult, SendCommand

blp = Blueprint("commands", __name__, url_prefix="/v1/games", description="Send a seat's move.")

#: Where WSGI puts the Idempotency-Key header, read there: a header missing from request.headers costs a KeyError.
IDEMPOTENCY_ENVIRON = "HTTP_IDEMPOTENCY_KEY"


@blp.route("/<game_id>/commands", methods=["POST"])
@blp.arguments(SendCommand())
@blp.response(
    200,
    CommandResult,
    headers={
        "Idempotent-Replayed": {
            "description": "'true' on a retry of an Idempotency-Key already applied: the body is the first answer's.",
            "schema": {"type": "string", "enum": ["true"]},
        }
    },
)
@problem(blp, 401, "No token, or not a token of this game.", UNAUTHORIZED)
@problem(blp, 403, "The seat may not act now.", NOT_YOUR_TURN)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 409, "expected_version is stale.", STALE_VERSION)
@problem(
    blp,
    422,
    "An illegal move ('rule' names the rule); or an Idempotency-Key already sent with another command.",
    ILLEGAL_MOVE,
    IDEMPOTENCY_KEY_REUSED,
)
@body_errors(blp, also="; or an Idempotency-Key that is not 1 to 200 visible ASCII characters")
@blp.doc(
    security=[{"seatToken": []}],
    parameters=[
        {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {"type": "string", "maxLength": 200},
            "description": (
                "Makes the command safe to retry: a command sent with a key and answered 5xx (or not answered) "
                "is retried with the same key and the same body. Once a command with the key was applied, every "
                "retry appends nothing and returns the first answer, byte for byte, with 'Idempotent-Replayed: "
                "true', however the game moved on since; a request with the key and another command or "
                "expected_version is refused (422 idempotency-key-reused). Keys are the seat's own and are kept as "
                "long as the game. A refused command (4xx) is not recorded: a retry is decided afresh."
            ),
        }
    ],
)
def send_command(body: dict, game_id: str) -> Response:
    """Send a move for the caller's seat; the response holds the events it appended, as the caller may see them.

    Besides the game's moves, a seat may send {"type": "Resign"} at any time of a running game (a bot plays on for
    it and it ranks last) and, once absent after its clock ran out too often, {"type": "Return"} to take its seat
    back; any move of an absent seat takes it back too (docs/clocks.md).
    """
    svc = services()
    seat = caller_seat(game_id, required=True)
    key = request.environ.get(IDEMPOTENCY_ENVIRON)
    outcome = svc.handler.send(game_id, seat, body["command"], body.get("expected_version"), key)
    table, envelopes = outcome.loaded.table, outcome.envelopes
    times = partial(svc.repo.event_times, game_id)
    language = asked_language()
    names = tables.names(table, language)
    response = json_response({
        "version": outcome.loaded.version,
        "events": [visible_event(table["type"], e, seat, language, names) for e in envelopes],
        "game": game_view(game_id, table, outcome.loaded.version, seat, logged_times(envelopes, times), True, language),
    })
    if outcome.duplicate:
        response.headers["Idempotent-Replayed"] = "true"
    return response
