"""POST /v1/games/{id}/commands: a seat's move."""

from __future__ import annotations

import re

from flask import Response, request
from flask_smorest import Blueprint

from domain import table as tables
from service.api import problem
from service.api.access import caller_seat
from service.problems import Problem
from service.reads import game_view, json_response, visible_event
from service.schemas import CommandResult, SendCommand
from service.wiring import services

blp = Blueprint("commands", __name__, url_prefix="/v1/games", description="Send a seat's move.")

IDEMPOTENCY_KEY = re.compile(r"^[\x21-\x7e]{1,200}$")


@blp.route("/<game_id>/commands", methods=["POST"])
@blp.arguments(SendCommand())
@blp.response(200, CommandResult)
@problem(blp, 401, "No token, or not a token of this game.")
@problem(blp, 403, "The seat may not act now.")
@problem(blp, 404, "No such game.")
@problem(blp, 409, "expected_version is stale.")
@problem(blp, 422, "An illegal move; 'rule' names the rule.")
@blp.doc(
    security=[{"seatToken": []}],
    parameters=[
        {
            "in": "header",
            "name": "Idempotency-Key",
            "schema": {"type": "string", "maxLength": 200},
            "description": "A retry with the same key returns the original response and appends nothing.",
        }
    ],
)
def send_command(body: dict, game_id: str) -> Response:
    """Send a move for the caller's seat; the response holds the events it appended, as the caller may see them."""
    svc = services()
    seat = caller_seat(game_id, required=True)
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.match(key):
        raise Problem(400, "Bad Request", "Idempotency-Key: 1 to 200 visible ASCII characters")

    def may_act(table: tables.Table) -> None:
        if seat not in tables.to_act(table):
            raise Problem(403, "Forbidden", f"seat {seat} may not act now", to_act=tables.to_act(table))

    outcome = svc.handler.execute(
        game_id,
        seat,
        {"kind": "seat", "seat": seat},
        body["command"],
        body.get("expected_version"),
        # Scoped by seat, so two seats can never collide on a key.
        command_id=f"seat{seat}:{key}" if key is not None else None,
        guard=may_act,
    )
    table = outcome.loaded.table
    return json_response({
        "version": outcome.loaded.version,
        "events": [visible_event(table["type"], e, seat) for e in outcome.envelopes],
        "game": game_view(game_id, table, outcome.loaded.version, seat),
    })
