"""GET /v1/game-types: the games the server offers, each with its static content and its rules, and each one's
leaderboard of rated players and bots."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from domain import table as tables
from domain.catalogue import (
    GAMES,
    PLAYING_MINUTES,
    game_description,
    game_name,
    rules_text,
    spoken_content,
    spoken_options,
)
from domain.engine import Rules
from domain.language import FALLBACK
from domain.levels import SEARCHERS
from events.bots import Registered
from events.ratings import Cursor, kind_of
from service.core.problems import INVALID_REQUEST, NOT_FOUND, not_found
from service.http.blueprints import problem
from service.http.context import services
from service.http.language import asked_language
from service.http.schemas.bots import PAGE
from service.http.schemas.catalogue import Catalogue, GameTypeDetail
from service.http.schemas.ratings import Leaderboard, LeaderboardQuery

#: A thinking level's budget as the catalogue shows it (domain.search.Level's fields; null for a level that does not
#: think).
LEVEL_BUDGET = ("determinizations", "candidates", "plies", "seconds")

blp = Blueprint("game-types", __name__, url_prefix="/v1/game-types", description="The catalogue of games.")


def type_id_parameter() -> dict[str, Any]:
    """A route's {type_id} as documented, with the example "Try it out" fills in (fresh: the spec amends it)."""
    return {
        "in": "path",
        "name": "type_id",
        "description": "A game type's id, as the catalogue lists it.",
        "example": "felix",
    }


def game_type(rules: Rules, registered: list[Registered] | tuple[()] = (), language: str = FALLBACK) -> dict[str, Any]:
    """A game type as the catalogue lists it, its words in ``language``, with ``registered``: the registered bots it
    names."""
    base = f"/v1/game-types/{rules.id}"
    return {
        "id": rules.id,
        "name": game_name(rules.id, language),
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "description": game_description(rules.id, language),
        "minutes": list(PLAYING_MINUTES[rules.id]),
        "bots": tables.bot_names(rules),
        "levels": levels(rules),
        "registered_bots": [bot.name for bot in registered],
        "options_schema": spoken_options(rules.id, language),
        "links": {"self": base, "rules": f"{base}/rules"},
    }


def levels(rules: Rules) -> list[dict[str, Any]]:
    """The game's bot levels as the catalogue lists them: each with its search's budget where it thinks."""
    shown: list[dict[str, Any]] = []
    for name in tables.levels_of(rules):
        level = SEARCHERS[rules.id].levels[name] if tables.thinks(rules, name) else None
        budget = {field: getattr(level, field, None) for field in LEVEL_BUDGET}
        shown.append({"name": name, "thinks": level is not None, **budget})
    return shown


def first_registered(type_id: str) -> list[Registered]:
    """The registered bots a game type lists: the first page of GET /v1/bots?type=<type>, which has the rest."""
    return services().bots.page(type_id, PAGE)[0]


def known(type_id: str) -> Rules:
    """The rules of a game type; 404 for an unknown one."""
    if type_id not in GAMES:
        raise not_found(f"game type {type_id!r}")
    return GAMES[type_id]


@blp.route("", methods=["GET"])
@blp.response(200, Catalogue)
def list_game_types() -> dict:
    """Every game type: player counts, built-in and registered bots, the JSON Schema of its options, and links to
    its content and rules."""
    language = asked_language()
    return {"game_types": [game_type(rules, first_registered(rules.id), language) for rules in GAMES.values()]}


@blp.route("/<type_id>", methods=["GET"], parameters=[type_id_parameter()])
@blp.response(200, GameTypeDetail)
@problem(blp, 404, "No such game type.", NOT_FOUND)
def get_game_type(type_id: str) -> dict:
    """One game type with its static content: boards, cards and tiles, with the ids its views use.

    Its content never changes while a server runs, so a client may fetch it once and keep it (the registered bots
    that play the game may change).
    """
    language = asked_language()
    shown = game_type(known(type_id), first_registered(type_id), language)
    return {**shown, "content": spoken_content(type_id, language)}


@blp.route("/<type_id>/rules", methods=["GET"], parameters=[type_id_parameter()])
@blp.doc(
    responses={
        "200": {
            "description": "The game's English specification: components, setup, play, rulings, hidden information.",
            "content": {"text/markdown": {"schema": {"type": "string"}}},
        }
    }
)
@problem(blp, 404, "No such game type.", NOT_FOUND)
def get_rules(type_id: str) -> Response:
    """The game's rules, as Markdown: the specification the server implements."""
    return Response(rules_text(known(type_id).id), mimetype="text/markdown")


@blp.route("/<type_id>/leaderboard", methods=["GET"], parameters=[type_id_parameter()])
@blp.arguments(LeaderboardQuery(), location="query")
@blp.response(
    200,
    Leaderboard,
    example={
        "type": "felix",
        "entries": [
            {
                "kind": "builtin",
                "id": "greedy",
                "name": "greedy",
                "mu": 31.2,
                "sigma": 2.4,
                "ordinal": 24.0,
                "games": 40,
                "links": {"bots": "/v1/bots?type=felix"},
            },
            {
                "kind": "player",
                "id": "3f9a0c2e7b1d4865",
                "name": "Ana",
                "mu": 27.9,
                "sigma": 6.1,
                "ordinal": 9.6,
                "games": 3,
                "links": {"self": "/v1/players/3f9a0c2e7b1d4865"},
            },
        ],
        "next": None,
    },
)
@problem(blp, 404, "No such game type.", NOT_FOUND)
@problem(blp, 422, "A limit out of range, or a cursor that is not a page's 'next'.", INVALID_REQUEST)
def get_leaderboard(query: dict, type_id: str) -> dict:
    """The game type's rated players and bots (built-in bot levels and registered webhook bots, rated in the same
    pool), highest rating (ordinal) first, a page at a time; `next` is the cursor of the page after, null on the
    last page (docs/ratings.md)."""
    rules = known(type_id)
    svc = services()
    after = parse_cursor(query["cursor"]) if "cursor" in query else None
    page, cursor = svc.ratings.page(rules.id, query["limit"], after)
    kinds = [kind_of(entry) for entry, _ in page]
    players = svc.players.names([ident for kind, ident in kinds if kind == "player"])
    # A page holds few registered bots (they are few): one read each.
    bots = {ident: svc.bots.get(ident) for kind, ident in kinds if kind == "registered"}
    entries = []
    for (kind, ident), (_, rating) in zip(kinds, page, strict=True):
        if kind == "player":
            name, links = players.get(ident), {"self": f"/v1/players/{ident}"}
        elif kind == "registered":
            bot = bots[ident]
            name, links = (bot.name if bot else None), {"self": f"/v1/bots/{ident}"}
        else:
            name, links = ident, {"bots": f"/v1/bots?type={rules.id}"}
        entries.append({"kind": kind, "id": ident, "name": name, **rating, "links": links})
    return {"type": rules.id, "entries": entries, "next": None if cursor is None else f"{cursor[0]!r}:{cursor[1]}"}


def parse_cursor(cursor: str) -> Cursor:
    """A page's cursor as the query gives it (``<ordinal>:<entry>``, the schema checked its form)."""
    ordinal, _, entry = cursor.partition(":")
    return float(ordinal), entry
