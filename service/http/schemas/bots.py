"""Request and response schemas of bots (service/http/blueprints/bots.py)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.catalogue import GAMES
from service.http.schemas.base import LINKS, Strict

#: A registered bot's name: what a seat names it by ({"bot": "<name>"}).
NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
#: The timeout a bot gets when its registration gives none, and the longest it may ask for, in seconds.
DEFAULT_TIMEOUT = 2.0
MAX_TIMEOUT = 30.0


class NewBot(Strict):
    """POST /v1/bots."""

    name = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=40), validate.Regexp(NAME, error="letters, digits, '_', '.' and '-'")],
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
        fields.String(validate=validate.OneOf(list(GAMES))),
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
            validate.Regexp(r"^[\x21-\x7e]+$", error="printable ASCII, no spaces"),
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
    suspended = fields.Boolean(
        metadata={
            "description": "A registered bot only: true once its calls timed out DOGPARK_WEBHOOK_SUSPEND_AFTER (10) "
            "times in a row; it then takes no seat in a new game until its owner pings it (POST /v1/bots/{id}/ping)."
        }
    )
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

    game = fields.String(
        validate=validate.OneOf(list(GAMES)), metadata={"description": "Only the bots that play this game type."}
    )
