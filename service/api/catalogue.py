"""GET /v1/game-types: the games the server offers."""

from __future__ import annotations

from flask_smorest import Blueprint

from domain.catalogue import GAMES
from service.schemas import Catalogue

blp = Blueprint("game-types", __name__, url_prefix="/v1/game-types", description="The catalogue of games.")


@blp.route("", methods=["GET"])
@blp.response(200, Catalogue)
def list_game_types() -> dict:
    """Every game type: player counts, bots, and the JSON Schema of its options."""
    return {
        "game_types": [
            {
                "id": rules.id,
                "name": rules.name,
                "min_players": rules.min_players,
                "max_players": rules.max_players,
                "bots": sorted(rules.bots),
                "options_schema": rules.options_schema,
            }
            for rules in GAMES.values()
        ]
    }
