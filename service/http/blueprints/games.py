"""Games: create, list (the lobby), view, claim a seat."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from flask import Response, json, request

from domain import table as tables
from domain.engine import IllegalMove
from events.store import key
from service.core import invitations, rematch
from service.core.problems import (
    BAD_OPTIONS,
    BOT_SUSPENDED,
    ILLEGAL_MOVE,
    INVALID_REQUEST,
    NOT_FOUND,
    NOT_INVITED,
    PLAYER_REQUIRED,
    PROBLEM,
    RATE_LIMITED,
    SEAT_TAKEN,
    TOO_MANY_BOT_GAMES,
    TOO_MANY_SEARCH_GAMES,
    UNAUTHORIZED,
    Kind,
    Problem,
    not_found,
)
from service.core.reads import game_view, links, logged_times
from service.core.spectator_delay import as_spectators_see
from service.core.summaries import summaries
from service.http import bot_games
from service.http.access import bearer, caller_player, caller_seat
from service.http.blueprints import problem, type_links
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.examples import CREATED
from service.http.language import asked_language
from service.http.ratelimit import parse_rate, take
from service.http.responses import json_response
from service.http.schemas.games import Claimed, ClaimSeat, CreateGame, GameView, Lobby, LobbyQuery
from service.http.schemas.problems import Problem as ProblemSchema

#: The table's refusals of a claim that mean somebody (or a bot) has the seat already.
SEAT_TAKEN_RULES = ("SeatTaken", "GameStarted")
#: The table's refusal of a claim without a player at a rated table.
RATED_SEAT_RULE = "RatedSeat"
#: The table's refusals of a claim that mean the seat is not the caller's to take: a private table, a kept seat.
NOT_INVITED_RULES = ("PrivateTable", "SeatReserved")

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Create, list, view and join games.")


def rate_limited(blp: Blueprint, *more: Kind) -> Callable:
    """Document the 429 of an endpoint that counts against the caller's creation rate (and ``more`` kinds of 429)."""
    also = (
        " A game whose every seat is a bot's is refused while the address has DOGPARK_BOT_GAMES_PER_ADDRESS (4) "
        "running; one with a searching level (medium, hard) in a seat or its on_timeout while it has "
        "DOGPARK_SEARCH_GAMES_PER_ADDRESS (4) running."
        if TOO_MANY_BOT_GAMES in more
        else ""
    )
    return blp.alt_response(
        429,
        schema=ProblemSchema,
        content_type=PROBLEM,
        description="Too many games created, seats claimed, players created, invitations and challenges made from this "
        "address (DOGPARK_CREATE_RATE, 60 per 60 s by default); Retry-After says when the window ends."
        + also
        + type_links(RATE_LIMITED, *more),
        headers={"Retry-After": {"description": "Seconds until a retry may pass.", "schema": {"type": "integer"}}},
    )


def count_against_the_rate() -> None:
    """Count a creation (a game, a player, an invitation, a challenge) or a claim against the caller's address; 429
    past DOGPARK_CREATE_RATE."""
    svc = services()
    # The address is the peer's unless DOGPARK_TRUSTED_PROXIES lets X-Forwarded-For name the client.
    take(svc.redis, parse_rate(svc.settings.create_rate), "create", request.remote_addr or "unknown")


@blp.route("", methods=["POST"])
@blp.arguments(CreateGame())
@blp.response(201, GameView, example=CREATED)
@problem(
    blp,
    422,
    "Unknown type, bad options or seats; or a seat names a suspended bot.",
    BAD_OPTIONS,
    INVALID_REQUEST,
    BOT_SUSPENDED,
)
@body_errors(blp)
@rate_limited(blp, TOO_MANY_BOT_GAMES, TOO_MANY_SEARCH_GAMES)
@blp.doc(security=[{"playerToken": []}, {}])
def create_game(body: dict) -> Response:
    """Create a game. Bot seats are filled at once; the game starts when every human seat is claimed.

    A game whose seats are not all claimed DOGPARK_OPEN_GAME_SECONDS (a day by default) after its creation is
    abandoned by the system. With a clock, a seat that does not decide in time is played by a bot (docs/clocks.md).
    A rated game's result updates its players' and bots' ratings (docs/ratings.md). Created with a player token, the
    player is the game's creator (any other token is ignored here), who may invite to its seats and claim those of
    its private table. A private game is not in the lobby, and its seats are
    claimed only with invitations, by its creator, or by the players they are kept for (docs/tables.md).
    """
    count_against_the_rate()
    svc = services()
    settings = {name: body.get(name) for name in tables.SETTINGS}
    # A client speaking for a seat sends that seat's token with everything (the kit does): here it names nobody, as
    # it always did; only a player's token makes its player the creator.
    token = bearer()
    creator = svc.players.by_token(token) if token is not None else None
    invitations.known_players(svc, body["seats"])
    # An all-bot game plays on the workers by itself: an address may have DOGPARK_BOT_GAMES_PER_ADDRESS running; and
    # DOGPARK_SEARCH_GAMES_PER_ADDRESS whose levels take turns on the search worker's threads.
    address = request.remote_addr or "unknown"
    all_bots = svc.settings.bot_games_per_address if all("bot" in spec for spec in body["seats"]) else 0
    thinks = tables.any_thinks(body["type"], body["seats"], settings["on_timeout"])
    searching = svc.settings.search_games_per_address if thinks else 0
    with (
        bot_games.place(svc.redis, bot_games.ALL_BOTS, address, all_bots) as placed,
        bot_games.place(svc.redis, bot_games.SEARCHING, address, searching) as placed_searching,
    ):
        outcome = svc.handler.create(
            body["type"],
            body["options"],
            body["seats"],
            body.get("max_events"),
            creator,
            private=body.get("private"),
            spectator_chat=body.get("spectator_chat"),
            spectator_delay=body.get("spectator_delay"),
            undo=body.get("undo"),
            hints=body.get("hints"),
            **settings,
        )
        placed.append(outcome.game_id)
        placed_searching.append(outcome.game_id)
    invitations.tell_kept_seats(svc, outcome.game_id, outcome.loaded.table, creator)
    times = logged_times(outcome.envelopes, partial(svc.repo.event_times, outcome.game_id))
    loaded = outcome.loaded
    view = game_view(outcome.game_id, loaded.table, loaded.version, None, times, language=asked_language())
    return Response(
        json.dumps(GameView().dump(view)), 201, {"Location": view["links"]["self"]}, mimetype="application/json"
    )


@blp.route("", methods=["GET"])
@blp.arguments(LobbyQuery(), location="query")
@blp.response(200, Lobby)
def list_games(query: dict) -> dict:
    """The lobby: games by type and status, newest first."""
    svc = services()
    ids = svc.lobby.list(query.get("type"), query.get("status"), query["limit"], query.get("before"))
    pipe = svc.redis.pipeline(transaction=False)
    for game_id in ids:
        pipe.hmget(key(game_id, "meta"), "type", "status", "open_seats", "created", "replaced_bots")
    listed = [(game_id, fields) for game_id, fields in zip(ids, pipe.execute(), strict=True) if fields[0] is not None]
    told = summaries(svc.redis, svc.repo, [game_id for game_id, _ in listed], asked_language())
    games = []
    for game_id, (type_, status, open_seats, created, replaced) in listed:
        games.append(
            {
                "id": game_id,
                "type": type_.decode(),
                "status": status.decode() if status else "open",
                "open_seats": int(open_seats or 0),
                "created": float(created),
                "replaced_bots": json.loads(replaced) if replaced else [],
                **told[game_id],
                "links": links(game_id),
            }
        )
    return {"games": games}


@blp.route("/<game_id>", methods=["GET"])
@blp.response(200, GameView)
@problem(blp, 401, "A token that is not this game's.", UNAUTHORIZED)
@problem(blp, 404, "No such game.", NOT_FOUND)
@blp.doc(security=[{"seatToken": []}, {}])
def get_game(game_id: str) -> Response:
    """The game as the caller sees it: a seat token gives that seat's view, no token the spectator's.

    A spectator of a running game with a spectator_delay sees it as it stood that many moves ago (docs/streams.md).
    """
    repo = services().repo
    loaded = repo.load(game_id)
    times = partial(repo.event_times, game_id)
    seat = caller_seat(game_id)
    if seat is None:
        loaded = as_spectators_see(repo, loaded)
    view = game_view(game_id, loaded.table, loaded.version, seat, times, language=asked_language())
    if loaded.table["status"] == "finished":
        view["rematch"] = rematch.shown(rematch.read(services(), game_id), time.time())
    return json_response(view)


@blp.route("/<game_id>/seats/<int:seat>", methods=["POST"])
@blp.arguments(ClaimSeat())
@blp.response(201, Claimed)
@problem(blp, 401, "A token that is not a player token.", UNAUTHORIZED)
@problem(blp, 404, "No such game or seat.", NOT_FOUND)
@problem(
    blp,
    403,
    "The table is private and the claim has no invitation to the seat (or an unknown, spent, revoked or expired "
    "one, or another seat's or player's); or the seat is kept for another player.",
    NOT_INVITED,
)
@problem(blp, 409, "The seat is taken or is a bot's, or every seat is.", SEAT_TAKEN)
@problem(
    blp,
    422,
    "The game was abandoned; the player holds a seat of this game already (rule PlayerSeated: only a hotseat game "
    "lets one player hold several); the game is rated and the claim has no player token (rule RatedSeat); or the "
    "body does not match its schema.",
    ILLEGAL_MOVE,
    PLAYER_REQUIRED,
    INVALID_REQUEST,
)
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}, {}])
def claim_seat(body: dict, game_id: str, seat: int) -> dict:
    """Claim a human seat. The response holds the seat's bearer token; it is never shown again.

    With a player token (Authorization: Bearer), the seat belongs to the player instead: no seat token is issued
    (token is null) and the player's token acts for the seat. Without a name, the seat keeps the name it was
    created with. A rated game's seats are claimed only with a player token (docs/ratings.md). An invitation's code
    ("invitation") is spent by the claim; a private table's seats are claimed only so, or by the player a seat is
    kept for or an invitation names (docs/tables.md).
    """
    count_against_the_rate()
    svc = services()
    player = caller_player()
    loaded = svc.repo.load(game_id)
    if seat >= len(loaded.table["seats"]):
        raise not_found(f"seat {seat} of game {game_id!r}")
    try:
        token, outcome = invitations.claim(svc, game_id, seat, body.get("name"), player, body.get("invitation"))
    except IllegalMove as refused:
        if refused.reason == RATED_SEAT_RULE:
            raise Problem(PLAYER_REQUIRED, refused.detail, rule=refused.reason) from None
        if refused.reason in NOT_INVITED_RULES:
            raise Problem(NOT_INVITED, refused.detail, rule=refused.reason) from None
        if refused.reason not in SEAT_TAKEN_RULES:
            raise
        raise Problem(SEAT_TAKEN, refused.detail, rule=refused.reason) from None
    times = logged_times(outcome.envelopes, partial(svc.repo.event_times, game_id))
    view = game_view(game_id, outcome.loaded.table, outcome.loaded.version, seat, times, language=asked_language())
    return {"seat": seat, "token": token, "player": player, "game": view}
