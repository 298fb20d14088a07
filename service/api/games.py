"""Games: create, list (the lobby), view, claim a seat."""

from __future__ import annotations

from flask import Response, json
from flask_smorest import Blueprint

from events.store import key
from service.api import problem
from service.api.access import caller_seat
from service.problems import not_found
from service.reads import game_view, json_response, links
from service.schemas import Claimed, ClaimSeat, CreateGame, GameView, Lobby, LobbyQuery
from service.wiring import services

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Create, list, view and join games.")


@blp.route("", methods=["POST"])
@blp.arguments(CreateGame())
@blp.response(201, GameView)
@problem(blp, 422, "Unknown type, bad options or seats.")
def create_game(body: dict) -> Response:
    """Create a game. Bot seats are filled at once; the game starts when every human seat is claimed."""
    outcome = services().handler.create(body["type"], body["options"], body["seats"])
    view = game_view(outcome.game_id, outcome.loaded.table, outcome.loaded.version, None)
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
        pipe.hmget(key(game_id, "meta"), "type", "status", "open_seats", "created")
    games = []
    for game_id, (type_, status, open_seats, created) in zip(ids, pipe.execute(), strict=True):
        if type_ is None:
            continue
        games.append(
            {
                "id": game_id,
                "type": type_.decode(),
                "status": status.decode() if status else "open",
                "open_seats": int(open_seats or 0),
                "created": float(created),
                "links": links(game_id),
            }
        )
    return {"games": games}


@blp.route("/<game_id>", methods=["GET"])
@blp.response(200, GameView)
@problem(blp, 401, "A token that is not this game's.")
@problem(blp, 404, "No such game.")
@blp.doc(security=[{"seatToken": []}, {}])
def get_game(game_id: str) -> Response:
    """The game as the caller sees it: a seat token gives that seat's view, no token the spectator's."""
    loaded = services().repo.load(game_id)
    return json_response(game_view(game_id, loaded.table, loaded.version, caller_seat(game_id)))


@blp.route("/<game_id>/seats/<int:seat>", methods=["POST"])
@blp.arguments(ClaimSeat())
@blp.response(201, Claimed)
@problem(blp, 404, "No such game or seat.")
@problem(blp, 422, "The seat is taken or is a bot's.")
def claim_seat(body: dict, game_id: str, seat: int) -> dict:
    """Claim a human seat. The response holds the seat's bearer token; it is never shown again."""
    svc = services()
    loaded = svc.repo.load(game_id)
    if seat >= len(loaded.table["seats"]):
        raise not_found(f"seat {seat} of game {game_id!r}")
    token, outcome = svc.handler.claim(game_id, seat, body.get("name"))
    view = game_view(game_id, outcome.loaded.table, outcome.loaded.version, seat)
    return {"seat": seat, "token": token, "game": view}
