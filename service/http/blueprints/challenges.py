"""Challenges: a player asks a named player to a private game of two; accept or decline (docs/tables.md)."""

from __future__ import annotations

from service.core import challenges
from service.core.problems import (
    BAD_OPTIONS,
    CHALLENGE_ANSWERED,
    INVALID_REQUEST,
    NOT_FOUND,
    NOT_YOUR_CHALLENGE,
    UNAUTHORIZED,
)
from service.http.access import caller_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.schemas.tables import Challenge, NewChallenge, PlayerChallenges

#: The challenge of the examples: Ana challenges Bo to Spots, Ana in seat 0, a minute per decision.
EXAMPLE = {
    "id": "9c1e5a7b3d2f4e60",
    "from": "3f9a0c2e7b1d4865",
    "to": "b7d1e0a94c3f2a58",
    "type": "spots",
    "options": {},
    "seat": 0,
    "settings": {"clock": {"turn_seconds": 60}},
    "created": 1767261600.0,
    "expires": 1767348000.0,
    "answer": None,
    "game": None,
}

blp = Blueprint("challenges", __name__, url_prefix="/v1", description="Challenges between players (private tables).")


@blp.route("/players/<player_id>/challenges", methods=["POST"])
@blp.arguments(NewChallenge(), example={"type": "spots", "clock": {"turn_seconds": 60}})
@blp.response(201, Challenge, example=EXAMPLE)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 404, "No such player.", NOT_FOUND)
@problem(
    blp,
    422,
    "A game the server would not make (unknown type, bad options or settings, not a game of two), a seat other "
    "than 0 or 1, the challenger itself; or the body does not match its schema.",
    BAD_OPTIONS,
    INVALID_REQUEST,
)
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def create_challenge(body: dict, player_id: str) -> tuple[dict, int]:
    """Challenge a player to a private game of two; the challenged player is notified ("challenged").

    The challenged player accepts (the game is made with both seated) or declines; the challenger withdraws it by
    declining. Each answer is told to the other player ("challenge_accepted", "challenge_declined",
    "challenge_withdrawn"). Unanswered, it expires after DOGPARK_CHALLENGE_SECONDS (a day by default), and the
    challenger is told so ("challenge_expired").
    """
    count_against_the_rate()
    by = caller_player(required=True)
    return challenges.challenge(services(), by, player_id, body), 201


@blp.route("/players/me/challenges", methods=["GET"])
@blp.response(200, PlayerChallenges, example={"received": [], "sent": [EXAMPLE]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def my_challenges() -> dict:
    """The player's challenges that have not expired, received and sent, answered or not."""
    pid = caller_player(required=True)
    found = services().challenges.of_player(pid)
    return {
        "received": [challenge for challenge in found if challenge["to"] == pid],
        "sent": [challenge for challenge in found if challenge["from"] == pid],
    }


@blp.route("/challenges/<challenge_id>/accept", methods=["POST"])
@blp.response(200, Challenge, example={**EXAMPLE, "answer": "accepted", "game": "5d0b9e2c71a84f36"})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The player is not the challenged one.", NOT_YOUR_CHALLENGE)
@problem(blp, 404, "No such challenge, or it expired.", NOT_FOUND)
@problem(blp, 409, "The challenge was answered already.", CHALLENGE_ANSWERED)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def accept_challenge(challenge_id: str) -> dict:
    """Accept a challenge: the private game is made with both players seated, and starts; "game" is its id.

    The challenger is notified ("challenge_accepted", with the game).
    """
    count_against_the_rate()
    return challenges.accept(services(), challenge_id, caller_player(required=True))


@blp.route("/challenges/<challenge_id>/decline", methods=["POST"])
@blp.response(200, Challenge, example={**EXAMPLE, "answer": "declined"})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The player is neither the challenged one nor the challenger.", NOT_YOUR_CHALLENGE)
@problem(blp, 404, "No such challenge, or it expired.", NOT_FOUND)
@problem(blp, 409, "The challenge was answered already.", CHALLENGE_ANSWERED)
@blp.doc(security=[{"playerToken": []}])
def decline_challenge(challenge_id: str) -> dict:
    """Decline a challenge (the challenged player), or withdraw it (the challenger).

    The other player is notified: the challenger of a refusal ("challenge_declined"), the challenged player of a
    withdrawal ("challenge_withdrawn").
    """
    return challenges.decline(services(), challenge_id, caller_player(required=True))
