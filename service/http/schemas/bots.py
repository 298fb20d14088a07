"""Request and response schemas of bots (service/http/blueprints/bots.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.catalogue import GAMES
from service.http.schemas.base import GAME_TYPE, LINKS, MAX_NAME, FullMatch, Name, Strict

#: A registered bot's name: what a seat names it by ({"bot": "<name>"}). Matched whole (FullMatch); the anchors are
#: for the OpenAPI document, whose pattern is a search.
NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
#: The timeout a bot gets when its registration gives none, and the longest it may ask for, in seconds.
DEFAULT_TIMEOUT = 2.0
MAX_TIMEOUT = 30.0


class NewBot(Strict):
    """POST /v1/bots."""

    name = Name(
        required=True,
        validate=[validate.Length(min=1, max=MAX_NAME), FullMatch(NAME, error="letters, digits, '_', '.' and '-'")],
        metadata={
            "description": 'What seats name the bot by ({"bot": "<name>"}): unique whatever its case, and never '
            "a built-in bot's name.",
            "example": "whiskers",
        },
    )
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2000),
        metadata={
            "description": "Where dogpark POSTs the bot's calls: http or https, a host this server may call.",
            "example": "https://bots.example.org/whiskers",
        },
    )
    games = fields.List(
        fields.String(validate=GAME_TYPE),
        required=True,
        validate=validate.Length(min=1, max=len(GAMES)),
        metadata={"description": "The game types the bot plays.", "example": ["felix"]},
    )
    description = fields.String(load_default="", validate=validate.Length(max=500))
    timeout_seconds = fields.Float(
        load_default=DEFAULT_TIMEOUT,
        validate=validate.Range(min=0.1, max=MAX_TIMEOUT),
        metadata={"description": "Seconds the bot has to answer a call (default 2, at most 30)."},
    )
    secret = fields.String(
        validate=[
            validate.Length(min=32, max=200),
            FullMatch(r"^[\x21-\x7e]+$", error="printable ASCII, no spaces"),
        ],
        metadata={
            "description": "The signing secret of the bot's calls, if you choose it (so the bot, started with it, "
            "can check the registration's ping); without it the server draws one. Either way it is returned once."
        },
    )


class BotRating(Schema):
    """A bot's rating in one game type: OpenSkill's Plackett-Luce."""

    mu = fields.Float(metadata={"description": "The estimated skill."})
    sigma = fields.Float(metadata={"description": "How uncertain mu still is."})
    ordinal = fields.Float(metadata={"description": "mu - 3 sigma: what bots are ordered by."})
    games = fields.Integer(metadata={"description": "Rated games played."})


class Bot(Schema):
    """A bot a seat may name: built-in (the server's) or registered (a webhook bot)."""

    name = fields.String()
    kind = fields.String(validate=validate.OneOf(["builtin", "registered"]))
    games = fields.List(fields.String(), metadata={"description": "The game types it plays."})
    id = fields.String(metadata={"description": "A registered bot's id."})
    description = fields.String()
    timeout_seconds = fields.Float(metadata={"description": "A registered bot's time to answer a call."})
    created = fields.Float(metadata={"description": "Server time (Unix seconds) a registered bot was registered at."})
    ratings = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(BotRating),
        metadata={"description": "A registered bot's rating per game type it has played rated games of."},
    )
    links = LINKS


class BotCreated(Bot):
    """A registered bot: its secret and its key are shown this once."""

    url = fields.String()
    secret = fields.String(
        metadata={
            "description": "The signing secret: every call carries 'Dogpark-Signature: t=<unix seconds>,v1=<hex "
            'HMAC-SHA256(secret, "<t>.<raw body>")>\'. Shown this once.'
        }
    )
    key = fields.String(
        metadata={"description": "The bot's key: 'Authorization: Bearer <key>' retires it (DELETE). Shown this once."}
    )


class BotList(Schema):
    """Bots by name."""

    bots = fields.List(fields.Nested(Bot))


class BotsQuery(Strict):
    """GET /v1/bots query."""

    type = fields.String(
        validate=GAME_TYPE,
        metadata={"description": "Only the bots that play this game type (as GET /v1/games?type=; it was 'game')."},
    )

    @validates_schema(pass_original=True)
    def _not_the_old_name(self, data: dict, original: Any, **_: object) -> None:
        # A query's unknown parameters are dropped, not refused: a client still filtering by the old name would be
        # answered every bot, as if its filter had matched.
        if "game" in original:
            raise ValidationError({"game": ["renamed: filter by game type with ?type=<type>, as the lobby does"]})
