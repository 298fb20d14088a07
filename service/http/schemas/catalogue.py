"""The catalogue: the game types the server offers, each with its static content."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.base import Answer
from service.http.schemas.content import CONTENT_SCHEMAS


class GameType(Answer):
    """A game the server offers."""

    id = fields.String()
    name = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    bots = fields.List(fields.String())
    bot_budgets = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.Integer()),
        metadata={
            "description": "The search bots' levels (easy, medium, hard: information-set Monte Carlo tree search on "
            "what the seat has seen) and each one's budget, {\"iterations\": n} a decision; hard decides within "
            "about a second."
        },
    )
    registered_bots = fields.List(
        fields.String(),
        metadata={
            "description": "The registered webhook bots that play this game, by name, the oldest 50 (the first page "
            "of GET /v1/bots?type=<type>, which pages through the rest): a seat names one as it names a built-in bot."
        },
    )
    options_schema = fields.Dict(metadata={"description": "JSON Schema of the options object."})
    links = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "self: the game type with its static content; rules: its rules, as Markdown."},
    )


class Catalogue(Answer):
    """Every game type."""

    game_types = fields.List(fields.Nested(GameType))


class GameTypeDetail(GameType):
    """A game type with its static content: what a client needs to draw the game, which never changes."""

    content = fields.Dict(
        metadata={
            "description": "The game's boards, cards and tiles, with the ids its views and events use; its shape is "
            "the game's own (FelixContent, SpotsContent, DogsContent or DogsLifeContent).",
            "oneOf": [{"$ref": f"#/components/schemas/{schema.__name__}"} for schema in CONTENT_SCHEMAS.values()],
        }
    )
