"""The catalogue: the game types the server offers, each with its static content."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.base import Answer
from service.http.schemas.content import CONTENT_SCHEMAS


class BotLevel(Answer):
    """One of a game's bot levels and its budget (docs/bots.md, "Levels")."""

    name = fields.String(metadata={"example": "hard"})
    thinks = fields.Boolean(
        metadata={
            "description": "true: a search, played by the search worker within its budget (its moves are checked to "
            "be legal, not recomputed, by dogpark verify); false: a built-in bot that plays at once."
        }
    )
    determinizations = fields.Integer(
        allow_none=True, metadata={"description": "States drawn from what the seat has seen, per move (null: none)."}
    )
    candidates = fields.Integer(allow_none=True, metadata={"description": "Moves compared at most (null: none)."})
    plies = fields.Integer(
        allow_none=True, metadata={"description": "Decisions each playout runs at most (null: to the game's end)."}
    )
    seconds = fields.Float(
        allow_none=True, metadata={"description": "The most a move thinks, in seconds (null: no clock)."}
    )


class GameType(Answer):
    """A game the server offers."""

    id = fields.String()
    name = fields.String()
    min_players = fields.Integer()
    max_players = fields.Integer()
    description = fields.String(metadata={"description": "What the game is about, in a sentence or two."})
    minutes = fields.List(
        fields.Integer(),
        metadata={
            "description": "About how long a game takes, in minutes: [fewest, most] (an estimate).",
            "example": [20, 30],
        },
    )
    bots = fields.List(
        fields.String(),
        metadata={
            "description": "The built-in bots a seat (or on_timeout, as bot:<name>) may name, the levels among them."
        },
    )
    levels = fields.List(
        fields.Nested(BotLevel),
        metadata={"description": "The bot levels, weaker first: easy, then medium and hard where the game has them."},
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
