"""POST /v1/games/{id}/commands: a seat's move."""

from __future__ import annotations

import re
from functools import partial

from flask import Response, request

from domain import table as tables
from events.envelope import canonical_bytes, parse
from service.api import problem
from service.api.access import caller_seat
from service.api.bodies import Blueprint, body_errors
from service.json_bodies import json_response
from service.problems import BAD_REQUEST, ILLEGAL_MOVE, NOT_FOUND, NOT_YOUR_TURN, STALE_VERSION, UNAUTHORIZED, Problem
from service.reads import game_view, logged_times, visible_event
from service.schemas import CommandResult, SendCommand
from service.wiring import services

blp = Blueprint("commands", __name__, url_prefix="/v1/games", description="Send a seat's move.")

IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")
#: Where WSGI puts the Idempotency-Key header, read there: a header missing from request.headers costs a KeyError.
IDEMPOTENCY_ENVIRON = "HTTP_IDEMPOTENCY_KEY"


def keyed_command_id(seat: int, key: str) -> str:
    """The command id of a seat's command sent with an Idempotency-Key: scoped by seat, so seats never collide."""
    return f"seat{seat}:{key}"


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
@problem(blp, 422, "An illegal move; 'rule' names the rule.", ILLEGAL_MOVE)
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
                "is retried with the same key. Once a command with the key was applied, every retry appends "
                "nothing and returns the first answer, byte for byte, with 'Idempotent-Replayed: true', "
                "however the game moved on since. Keys are the seat's own and are kept as long as the game. "
                "A refused command (4xx) is not recorded: a retry is decided afresh."
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
    if key is not None and not IDEMPOTENCY_KEY.match(key):
        raise Problem(BAD_REQUEST, "Idempotency-Key: 1 to 200 visible ASCII characters")

    def may_act(table: tables.Table) -> None:
        # Resign and Return are a seat's to send at any time; the table refuses them where they make no sense.
        if seat not in tables.to_act(table) and body["command"]["type"] not in tables.ANYTIME:
            raise Problem(NOT_YOUR_TURN, f"seat {seat} may not act now", to_act=tables.to_act(table))

    outcome = svc.handler.execute(
        game_id,
        seat,
        {"kind": "seat", "seat": seat},
        body["command"],
        body.get("expected_version"),
        command_id=keyed_command_id(seat, key) if key is not None else None,
        guard=may_act,
    )
    table, envelopes = outcome.loaded.table, outcome.envelopes
    times = partial(svc.repo.event_times, game_id)
    if key is not None:
        # A retry rebuilds this body from the log; starting both from one spelling of the game makes the bytes
        # equal, whatever key order a snapshot or the rules gave the game this answer was decided on.
        table, envelopes = parse(canonical_bytes([table, envelopes]))
    response = json_response({
        "version": outcome.loaded.version,
        "events": [visible_event(table["type"], e, seat) for e in envelopes],
        "game": game_view(game_id, table, outcome.loaded.version, seat, logged_times(envelopes, times)),
    })
    if outcome.duplicate:
        response.headers["Idempotent-Replayed"] = "true"
    return response
