"""Quick play: wait in a queue for a table of a game type and player count; leave; see where you stand."""

from __future__ import annotations

from service.core import quickplay
from service.core.problems import BAD_OPTIONS, INVALID_REQUEST, TOO_MANY_QUEUES, UNAUTHORIZED
from service.http.access import caller_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.schemas.quickplay import JoinQuickPlay, QueueEntry, QuickPlayStatus

blp = Blueprint("quickplay", __name__, url_prefix="/v1/quickplay", description="Find a table: quick play's queues.")

#: Ana waits in the queue of two-player Felix games, first of the two waiting there.
WAITING = {
    "queue": "felix:2:44136fa355b3678a",
    "type": "felix",
    "players": 2,
    "options": {},
    "since": "2026-01-01T10:00:00+00:00",
    "bots_after_seconds": 30.0,
    "status": "waiting",
    "position": 0,
    "size": 1,
    "game": None,
}


@blp.route("", methods=["POST"])
@blp.arguments(JoinQuickPlay(), example={"type": "felix", "players": 2, "bots_after_seconds": 30})
@blp.response(200, QueueEntry, example=WAITING)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, "The player waits in as many queues as it may (3).", TOO_MANY_QUEUES)
@problem(blp, 422, "Unknown type, a player count or options the game does not take.", BAD_OPTIONS, INVALID_REQUEST)
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def join(body: dict) -> dict:
    """Wait for a table: the queue of a game type, player count and options; joined again, the player keeps its place.

    Tables form as players arrive: the oldest waiting player first, then those nearest its rating. The game starts
    with everyone seated; each player is notified (`seated`) and its stream follows the new game. With
    `bots_after_seconds`, once the wait is over the game's built-in bots fill the seats nobody took. The answer is
    the player's entry: waiting, or already seated. A player waits in 3 queues at most; joins count against the
    address's creation rate.
    """
    count_against_the_rate()
    pid = caller_player(required=True)
    options, bots_after = body["options"], body["bots_after_seconds"]
    return quickplay.join(services(), pid, body["type"], body["players"], options, bots_after)


@blp.route("", methods=["GET"])
@blp.response(200, QuickPlayStatus, example={"queues": [WAITING]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def status() -> dict:
    """The player's queues: where it waits (its place and the queue's size), or the game each one formed."""
    return {"queues": quickplay.status(services(), caller_player(required=True))}


@blp.route("", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def leave() -> tuple[str, int]:
    """Leave every queue the player waits in (a game already formed stays the player's)."""
    quickplay.leave(services(), caller_player(required=True))
    return "", 204
