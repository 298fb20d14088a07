"""Invitations to a game's seats: make one, list them, revoke one (docs/tables.md)."""

from __future__ import annotations

from flask import Response

from service.core import invitations
from service.core.problems import INVALID_REQUEST, NOT_AT_TABLE, NOT_FOUND, SEAT_TAKEN, UNAUTHORIZED, not_found
from service.http.access import caller_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.examples import FELIX
from service.http.schemas.tables import GameInvitations, InvitationCreated, NewInvitation

#: The invitation of the examples: to seat 1 of the example game.
CODE = "q8H2mZ0vKx3Jt7bWc5RfLpN4sYd9eA1gUoVi6TjXkE0"
CODE_ID = "5b0f2d0c0e9b7c6a1f3e8d2c4b6a8f0e1d3c5b7a9f2e4d6c8b0a1f3e5d7c9b2a"
GAME = FELIX["view"]["id"]
INVITER = "3f9a0c2e7b1d4865"

blp = Blueprint(
    "invitations", __name__, url_prefix="/v1/games", description="Invitations to a game's seats (private tables)."
)


@blp.route("/<game_id>/invitations", methods=["POST"])
@blp.arguments(NewInvitation(), example={"seat": 1})
@blp.response(
    201,
    InvitationCreated,
    example={"code": CODE, "seat": 1, "player": None, "url": invitations.invitation_url(GAME, CODE)},
)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The player neither created the game nor holds a seat of it.", NOT_AT_TABLE)
@problem(blp, 404, "No such game, seat or player.", NOT_FOUND)
@problem(blp, 409, "The seat is taken, a bot's or kept for a player; or the game is not open.", SEAT_TAKEN)
@problem(blp, 422, "The body does not match its schema.", INVALID_REQUEST)
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def create_invitation(body: dict, game_id: str) -> tuple[dict, int, dict[str, str]]:
    """Invite to an open seat: a code that one claim of the seat spends, shown this once.

    Made by the game's creator (who created it with a player token) or a player seated in it. Claim with POST
    /v1/games/{id}/seats/{seat} and {"invitation": code}; at a private table a seat is claimed only so, or by the
    player it is kept for. With "player", only that player may use it, and is notified. It expires with the open
    game, and is revoked with DELETE.
    """
    count_against_the_rate()
    player = caller_player(required=True)
    made = invitations.invite(services(), game_id, body["seat"], player, body.get("player"))
    # The code is a credential: no cache may keep it.
    return made, 201, {"Cache-Control": "no-store"}


@blp.route("/<game_id>/invitations", methods=["GET"])
@blp.response(
    200,
    GameInvitations,
    example={"invitations": [{"id": CODE_ID, "seat": 1, "player": None, "by": INVITER, "created": 1767261600.0}]},
)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The player neither created the game nor holds a seat of it.", NOT_AT_TABLE)
@problem(blp, 404, "No such game.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def list_invitations(game_id: str) -> dict:
    """The game's unspent invitations, oldest first: never their codes (each has its id, the code's SHA-256)."""
    svc = services()
    player = caller_player(required=True)
    table = svc.repo.load(game_id).table
    invitations.may_invite(svc, game_id, table, player)
    return {"invitations": svc.invitations.list(game_id) if table["status"] == "open" else []}


@blp.route("/<game_id>/invitations/<code>", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The player neither created the game nor holds a seat of it.", NOT_AT_TABLE)
@problem(blp, 404, "No such game, or no such unspent invitation.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def revoke_invitation(game_id: str, code: str) -> Response:
    """Revoke an invitation, named by its code or its id: it can no longer be spent."""
    svc = services()
    player = caller_player(required=True)
    invitations.may_invite(svc, game_id, svc.repo.load(game_id).table, player)
    if not svc.invitations.revoke(game_id, code):
        # The path's code is not echoed: a problem is logged and shown, a code is a credential.
        raise not_found(f"the unspent invitation of game {game_id!r} so named")
    return Response(status=204)
