"""A finished game's rematch: offer or accept it, decline it, read it (and a new seat token, once)."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.core import rematch
from service.core.problems import BUSY, NO_REMATCH, NOT_FOUND, UNAUTHORIZED
from service.http.access import caller_seat
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint
from service.http.context import services
from service.http.examples import TOKEN
from service.http.responses import json_response
from service.http.schemas.rematch import RematchAnswer

blp = Blueprint("rematch", __name__, url_prefix="/v1/games", description="Play again with the same players.")

#: The example rematch: seat 0 offered, seat 1 accepted, and the new game started.
REMATCH: dict[str, Any] = {
    "offered_by": 0,
    "accepted": [0, 1],
    "declined": None,
    "game": "5d2b8e41c07a9f36",
    "status": "started",
    "expires": "2026-01-01T11:00:00+00:00",
}
#: Seat 1's answer when its acceptance started the rematch: its new seat (0) and its new seat token.
STARTED = {"rematch": REMATCH, "seat": 0, "token": TOKEN}
#: Seat 1's answer when it declined seat 0's offer.
DECLINED = {
    "rematch": {**REMATCH, "accepted": [0], "declined": 1, "game": None, "status": "declined"},
    "seat": None,
    "token": None,
}
#: A seat token of the game, or the token of a player holding a seat of it.
SEAT_TOKENS: list[dict[str, list]] = [{"seatToken": []}, {"playerToken": []}]


def seat_of_a_game(game_id: str) -> int:
    """The caller's seat of ``game_id``: 404 for no such game (before the token is looked at), 401 without a seat."""
    services().repo.secret(game_id)
    return caller_seat(game_id, required=True)


def answered(answer: rematch.Answer) -> Response:
    """A rematch answer, which may hold a seat token: no cache may keep it."""
    response = json_response(answer.body())
    response.headers["Cache-Control"] = "no-store"
    return response


@blp.route("/<game_id>/rematch", methods=["POST"])
@blp.response(200, RematchAnswer, example=STARTED)
@problem(blp, 401, "No token, or not one of this game's seats (a seat token, or a seated player's).", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 409, "The game is not over, or was abandoned; or too many seats answered at once.", NO_REMATCH, BUSY)
@rate_limited(blp)
@blp.doc(security=SEAT_TOKENS)
def offer(game_id: str) -> Response:
    """Offer a rematch of a finished game, or accept the one offered.

    The same players, seat order rotated by one (seat 1 plays first), options and table settings kept; bots stay
    bots and accept at once. The acceptance that completes it creates the new game with everyone seated: the answer
    names the caller's new seat and, if its old seat had a seat token, its new seat token (shown once). The others
    read theirs with GET /v1/games/{id}/rematch. An offer stands an hour; declined or expired, any seat may offer
    anew. Counts against the address's creation rate.
    """
    count_against_the_rate()
    seat = seat_of_a_game(game_id)
    return answered(rematch.offer(services(), game_id, seat))


@blp.route("/<game_id>/rematch/decline", methods=["POST"])
@blp.response(200, RematchAnswer, example=DECLINED)
@problem(blp, 401, "No token, or not one of this game's seats.", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 409, "No rematch offer stands at this game ('rematch' says where it is).", NO_REMATCH, BUSY)
@blp.doc(security=SEAT_TOKENS)
def decline(game_id: str) -> Response:
    """Decline the rematch offered: it is over, and every other player is told."""
    seat = seat_of_a_game(game_id)
    return answered(rematch.decline(services(), game_id, seat))


@blp.route("/<game_id>/rematch", methods=["GET"])
@blp.response(200, RematchAnswer, example=STARTED)
@problem(blp, 401, "No token, or not one of this game's seats.", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(blp, 409, "The game is not over, or was abandoned.", NO_REMATCH)
@blp.doc(security=SEAT_TOKENS)
def read(game_id: str) -> Response:
    """The rematch as the caller's seat sees it: once started, its seat in the new game and, the first time it is
    read with the old seat's token, the new seat token (for a seat claimed with a seat token; null for a player's)."""
    svc = services()
    seat = seat_of_a_game(game_id)
    table = rematch.finished(svc, game_id)
    return answered(rematch.answer(svc, game_id, table, rematch.read(svc, game_id), seat))
