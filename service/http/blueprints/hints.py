"""A seat's hint: what the medium bot would play in its place now (docs/api.md, 'Hints')."""

from __future__ import annotations

from functools import partial

from flask import Response

from service.core import hints
from service.core.problems import CHOOSE_SEAT, NO_HINT, NOT_FOUND, NOT_YOUR_SEAT, UNAUTHORIZED
from service.http.access import caller_seat
from service.http.blueprints import problem
from service.http.blueprints.chat import chat_rate_limited
from service.http.blueprints.rematch import SEAT_TOKENS
from service.http.bodies import Blueprint
from service.http.context import services
from service.http.examples import FELIX
from service.http.language import asked_language
from service.http.ratelimit import parse_rate, take
from service.http.responses import json_response
from service.http.schemas.hints import Hint

blp = Blueprint("hints", __name__, url_prefix="/v1/games", description="What a bot would play: hints for learners.")

#: The example hint: the move of the Felix example's view, as the view lists it.
EXAMPLE = {
    "move": FELIX["command"]["command"],
    **{field: FELIX["command"][field] for field in ("label", "label_key", "label_args")},
    "bot": "medium",
    "version": FELIX["view"]["version"],
}


@blp.route("/<game_id>/hint", methods=["GET"])
@blp.response(200, Hint, example=EXAMPLE)
@problem(blp, 400, "?seat= names no seat of the caller's.", CHOOSE_SEAT)
@problem(blp, 401, "No token (a spectator), or a token neither of this game's seats nor a player's.", UNAUTHORIZED)
@problem(blp, 403, "A player token whose player holds no seat here (or not the one ?seat= names).", NOT_YOUR_SEAT)
@problem(blp, 404, "No such game.", NOT_FOUND)
@problem(
    blp,
    409,
    "No hint now ('rule' says why): the table gives none (HintsOff: a rated game, or hints false), the game is not "
    "running (GameNotRunning), or the seat may not act now (NotYourTurn).",
    NO_HINT,
)
@blp.alt_response(429, **chat_rate_limited("hints (DOGPARK_HINT_RATE, 6 per 60 s by default)"))
@blp.doc(security=SEAT_TOKENS)
def get_hint(game_id: str) -> Response:
    """What the medium bot would play in the caller's seat now: one of its legal moves, with its label.

    For learners: a front end may offer "what would you play here?". The bot reads only what the seat may see (its
    view, its legal moves, its redacted log); the answer is advice, never recorded, and its search draws fresh
    randomness, so two asks may differ. It searches in the request, for at most half a second. Only where the table
    gives hints (true by default; never at a rated table) and only while the seat may act. Counts against the
    asker's hint rate (the seat's player across games, else the seat).
    """
    svc = services()
    svc.repo.secret(game_id)
    seat = caller_seat(game_id, required=True)
    count = partial(take, svc.redis, parse_rate(svc.settings.hint_rate), "hint")
    response = json_response(hints.hint(svc, game_id, seat, asked_language(), count))
    # A seat's own advice, for its eyes: no shared cache may keep it.
    response.headers["Cache-Control"] = "no-store"
    return response
