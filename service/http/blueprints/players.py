"""Players: create one, who am I, a player's public profile with its ratings, my games (the per-player index, one
read), a ticket to my stream.

A player token claims seats for its player (POST /v1/games/{id}/seats/{n}) and then acts for them, as a seat
token does for its one seat; a client that keeps one token finds all its games after a restart.
"""

from __future__ import annotations

from domain.catalogue import GAMES
from events.ratings import player_entry
from service.core import vacations
from service.core.auth import issue_player_ticket
from service.core.problems import (
    INVALID_REQUEST,
    NO_VACATION_DAYS,
    NOT_FOUND,
    NOT_ON_VACATION,
    ON_VACATION,
    UNAUTHORIZED,
    not_found,
)
from service.core.reads import links, rfc3339
from service.core.summaries import summaries
from service.http.access import caller_player, not_a_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.blueprints.tickets import TICKET_RATE, tickets_rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.examples import FELIX, START, TICKET, TOKEN
from service.http.language import asked_language
from service.http.ratelimit import take
from service.http.schemas.games import StreamTicket
from service.http.schemas.players import (
    NewPlayer,
    Player,
    PlayerCreated,
    PlayerGames,
    PlayerGamesQuery,
    VacationDays,
    VacationRequest,
)
from service.http.schemas.ratings import PublicPlayer

ME = "/v1/players/me"
#: The player of the examples: Ana, who holds seat 0 of the example Felix game, whose turn it is.
EXAMPLE_ID = "3f9a0c2e7b1d4865"
EXAMPLE_ENTRY = {
    "game": FELIX["view"]["id"],
    "type": "felix",
    "seats": [0],
    "status": FELIX["view"]["status"],
    "your_turn": True,
    "deadline": None,
    "created": START,
    "players": FELIX["view"]["seats"],
    "result": FELIX["view"]["result"],
    "rated": False,
}

blp = Blueprint("players", __name__, url_prefix="/v1/players", description="Players, their tokens and their games.")


def player_links() -> dict[str, str]:
    """Where a player goes from its own page."""
    return {
        "self": ME,
        "games": f"{ME}/games",
        "stream": f"{ME}/stream",
        "stream_tickets": f"{ME}/stream-tickets",
        "vacation": f"{ME}/vacation",
    }


def shown_entry(entry: dict) -> dict:
    """An index entry as the API shows it: the game's id as ``id`` (the index's ``game``), its deadline in RFC 3339,
    and the game's links."""
    game_id, deadline = entry["game"], entry["deadline"]
    shown = {"id": game_id, **{name: value for name, value in entry.items() if name != "game"}}
    return {**shown, "deadline": None if deadline is None else rfc3339(deadline), "links": links(game_id)}


@blp.route("", methods=["POST"])
@blp.arguments(NewPlayer(), example={"name": "Ana"})
@blp.response(201, PlayerCreated, example={"id": EXAMPLE_ID, "name": "Ana", "token": TOKEN})
@problem(blp, 422, "The body does not match its schema (a name of 1 to 40 characters).", INVALID_REQUEST)
@body_errors(blp)
@rate_limited(blp)
def create_player(body: dict) -> tuple[dict, int, dict[str, str]]:
    """Create a player. The response holds the player's token; it is never shown again.

    Send it as 'Authorization: Bearer <token>' to claim seats (they then belong to the player, and the token acts
    for them) and to read the player's games.
    """
    count_against_the_rate()
    pid, token = services().players.create(body["name"])
    # The token is a credential: no cache may keep it.
    return {"id": pid, "name": body["name"], "token": token}, 201, {"Cache-Control": "no-store"}


@blp.route("/me", methods=["GET"])
@blp.response(200, Player, example={"id": EXAMPLE_ID, "name": "Ana", "created": START, "links": player_links()})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def me() -> dict:
    """The player the token belongs to."""
    svc = services()
    player = svc.players.get(caller_player(required=True))
    if player is None:
        # A token names a player only once the player is stored (one transaction writes both): a player is missing
        # only if removed since its token was read.
        raise not_a_player()
    return {**player, "links": player_links()}


@blp.route("/<player_id>", methods=["GET"])
@blp.response(
    200,
    PublicPlayer,
    example={
        "id": EXAMPLE_ID,
        "name": "Ana",
        "created": START,
        "ratings": {"felix": {"mu": 27.9, "sigma": 6.1, "ordinal": 9.6, "games": 3}},
        "links": {"self": f"/v1/players/{EXAMPLE_ID}", "leaderboard:felix": "/v1/game-types/felix/leaderboard"},
    },
)
@problem(blp, 404, "No such player.", NOT_FOUND)
def get_player(player_id: str) -> dict:
    """A player's public profile: its name and its rating in each game type it played a rated game of
    (docs/ratings.md). No token needed; nothing secret (no token, no games)."""
    svc = services()
    player = svc.players.get(player_id)
    if player is None:
        raise not_found(f"player {player_id!r}")
    ratings = svc.ratings.ratings_of(player_entry(player_id), GAMES)
    boards = {f"leaderboard:{game_type}": f"/v1/game-types/{game_type}/leaderboard" for game_type in ratings}
    return {**player, "ratings": ratings, "links": {"self": f"/v1/players/{player_id}", **boards}}


@blp.route("/me/games", methods=["GET"])
@blp.arguments(PlayerGamesQuery(), location="query")
@blp.response(200, PlayerGames, example={"games": [shown_entry(EXAMPLE_ENTRY)]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def my_games(query: dict) -> dict:
    """The player's games, newest first, with whether it is the player's turn in each, its deadline, who sits and
    its result.

    One read of the player's index, which each game's append keeps current: never behind the games themselves.
    """
    svc, pid = services(), caller_player(required=True)
    entries = svc.players.games(pid, query.get("status"), query["limit"])
    told = summaries(svc.redis, svc.repo, [entry["game"] for entry in entries], asked_language())
    return {"games": [{**shown_entry(entry), **told[entry["game"]]} for entry in entries]}


@blp.route("/me/stream-tickets", methods=["POST"])
@blp.response(
    201,
    StreamTicket,
    example={"ticket": TICKET, "expires_in": 60.0, "stream": f"{ME}/stream?ticket={TICKET}"},
)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@tickets_rate_limited(blp, "the player")
@blp.doc(security=[{"playerToken": []}])
def issue_stream_ticket() -> tuple[dict, int, dict[str, str]]:
    """A ticket that opens the player's stream once, as GET /v1/players/me/stream?ticket=<ticket>.

    For clients that cannot send headers (a browser's EventSource); valid for DOGPARK_STREAM_TICKET_SECONDS (60 by
    default) and for one stream only.
    """
    svc = services()
    pid = caller_player(required=True)
    take(svc.redis, TICKET_RATE, "player-stream-ticket", pid)
    seconds = svc.settings.stream_ticket_seconds
    ticket = issue_player_ticket(svc.redis, pid, seconds)
    body = {"ticket": ticket, "expires_in": seconds, "stream": f"{ME}/stream?ticket={ticket}"}
    return body, 201, {"Cache-Control": "no-store"}


#: The vacation of the examples: Ana's week away, which paused her seat of the example Felix game.
VACATION = {"since": "2026-07-01T09:00:00.000Z", "until": "2026-07-08T09:00:00.000Z", "days": 7}
VACATION_DAYS = {"days_per_year": 14, "year": 2026, "days_left": 7, "vacation": VACATION}


@blp.route("/me/vacation", methods=["GET"])
@blp.response(200, VacationDays, example=VACATION_DAYS)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def my_vacation() -> dict:
    """The player's vacation days left this year (DOGPARK_VACATION_DAYS a calendar year, UTC), and the vacation it is
    on (null: none). docs/players.md#vacations."""
    return vacations.status(services(), caller_player(required=True))


@blp.route("/me/vacation", methods=["POST"])
@blp.arguments(VacationRequest(), example={"days": 7})
@blp.response(
    201,
    VacationDays,
    example={**VACATION_DAYS, "games": [{"game": EXAMPLE_ENTRY["game"], "seat": 0, "until": VACATION["until"]}]},
)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, "On vacation already, or fewer days left this year than asked.", ON_VACATION, NO_VACATION_DAYS)
@problem(blp, 422, "The body does not match its schema (days: 1 to 366).", INVALID_REQUEST)
@body_errors(blp)
@blp.doc(security=[{"playerToken": []}])
def start_vacation(body: dict) -> tuple[dict, int]:
    """Go on vacation for the days asked, from now: the clocks of the player's seats in its running games that allow
    it (their vacation_days) stop, each for at most what its game still allows, and every seat of those games sees
    until when. A game that starts during the vacation is paused as it starts. Its games list the seats paused."""
    return vacations.start(services(), caller_player(required=True), body["days"]), 201


@blp.route("/me/vacation", methods=["DELETE"])
@blp.response(200, VacationDays, example={**VACATION_DAYS, "days_left": 13, "vacation": None, "games": []})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, "The player is not on vacation.", NOT_ON_VACATION)
@blp.doc(security=[{"playerToken": []}])
def end_vacation() -> dict:
    """End the player's vacation now: it costs a day for each day it began (ended after two hours: one day), the
    rest are kept; the clocks it still pauses run again. Its games list the seats whose clock runs again."""
    return vacations.end(services(), caller_player(required=True))
