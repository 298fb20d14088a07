"""GET /v1/game-types: the games the server offers, each with its static content and its rules."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from domain.catalogue import GAMES, game_name, rules_text, spoken_content, spoken_options
from domain.engine import Rules
from domain.language import FALLBACK
from domain.search import SearchBot
from events.bots import Registered
from service.core.problems import NOT_FOUND, not_found
from service.http.blueprints import problem
from service.http.context import services
from service.http.language import asked_language
from service.http.schemas.bots import PAGE
from service.http.schemas.catalogue import Catalogue, GameTypeDetail

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
        "bots": sorted(rules.bots),
        "bot_budgets": {
            name: {"iterations": bot.budget.iterations}
            for name, bot in sorted(rules.bots.items())
            if isinstance(bot, SearchBot) and bot.budget.iterations is not None
        },
        "registered_bots": [bot.name for bot in registered],
        "options_schema": spoken_options(rules.id, language),
        "links": {"self": base, "rules": f"{base}/rules"},
    }


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
