"""Request and response schemas of bots (service/http/blueprints/bots.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from domain.catalogue import GAMES
from service.http.schemas.base import GAME_TYPE, LINKS, MAX_NAME, Answer, FullMatch, Name, Spoken, Strict

#: A registered bot's name: what a seat names it by ({"bot": "<name>"}). Matched whole (FullMatch); the anchors are
#: for the OpenAPI document, whose pattern is a search.
NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
#: The timeout a bot gets when its registration gives none, and the longest it may ask for, in seconds.
DEFAULT_TIMEOUT = 2.0
MAX_TIMEOUT = 30.0
#: Registered bots a page of GET /v1/bots holds by default, and at most.
PAGE = 50
MAX_PAGE = 200
#: A page's cursor, the ``next`` of the page before: its last bot's registration time and id (events.bots.Cursor).
CURSOR = r"^[0-9]{1,12}(\.[0-9]{1,9})?:[0-9a-f]{1,32}$"


def _url(**kw: Any) -> fields.String:
    return fields.String(
        validate=validate.Length(min=1, max=2000),
        metadata={
            "description": "Where dogpark POSTs the bot's calls: http or https, a host this server may call.",
            "example": "https://bots.example.org/whiskers",
        },
        **kw,
    )


def _games(**kw: Any) -> fields.List:
    return fields.List(
        fields.String(validate=GAME_TYPE),
        validate=validate.Length(min=1, max=len(GAMES)),
        metadata={"description": "The game types the bot plays.", "example": ["felix"]},
        **kw,
    )


def _description(**kw: Any) -> fields.String:
    return fields.String(validate=validate.Length(max=500), **kw)


def _timeout(**kw: Any) -> fields.Float:
    return fields.Float(
        validate=validate.Range(min=0.1, max=MAX_TIMEOUT),
        metadata={"description": "Seconds the bot has to answer a call (default 2, at most 30)."},
        **kw,
    )


def _secret(**kw: Any) -> fields.String:
    return fields.String(
        validate=[
            validate.Length(min=32, max=200),
            FullMatch(r"^[\x21-\x7e]+$", error="printable ASCII, no spaces"),
        ],
        metadata={
            "description": "The signing secret of the bot's calls, of the author's choosing (32 to 200 printable "
            "characters): start the bot with it first, for the server's challenge is signed with it and must be "
            "answered with a signature made with it. Never shown again."
        },
        **kw,
    )


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
    url = _url(required=True)
    games = _games(required=True)
    description = _description(load_default="")
    timeout_seconds = _timeout(load_default=DEFAULT_TIMEOUT)
    secret = _secret(required=True)


class BotChange(Strict):
    """PATCH /v1/bots/{id}: the members to change; the others stay as they are."""

    url = _url()
    games = _games()
    description = _description()
    timeout_seconds = _timeout()
    secret = _secret()


class BotRating(Answer):
    """A bot's rating in one game type: OpenSkill's Plackett-Luce."""

    OPTIONAL = frozenset({"games"})

    mu = fields.Float(metadata={"description": "The estimated skill."})
    sigma = fields.Float(metadata={"description": "How uncertain mu still is."})
    ordinal = fields.Float(metadata={"description": "mu - 3 sigma: what bots are ordered by."})
    games = fields.Integer(metadata={"description": "Rated games played."})


class Bot(Answer):
    """A bot a seat may name: built-in (the server's) or registered (a webhook bot, which has the optional fields but
    ``ratings``, which only GET /v1/bots/{id} adds)."""

    OPTIONAL = frozenset({"id", "description", "timeout_seconds", "created", "suspended", "ratings", "links"})

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
            "times in a row; it then takes no seat in a new game until its owner changes it, if only with {} "
            "(PATCH /v1/bots/{id}), and it answers its challenge."
        }
    )
    ratings = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(BotRating),
        metadata={"description": "A registered bot's rating per game type it has played rated games of."},
    )
    links = LINKS


class OwnBot(Bot):
    """A registered bot as its owner sees it: with its URL (never its secret)."""

    url = fields.String()


class BotList(Answer):
    """A page of bots: the built-in ones on the first page, then registered ones, oldest first."""

    bots = fields.List(fields.Nested(Bot))
    next = fields.String(
        allow_none=True,
        metadata={"description": "The cursor of the next page (GET /v1/bots?cursor=<next>); null on the last page."},
    )


class BotsQuery(Spoken):
    """GET /v1/bots query."""

    type = fields.String(
        validate=GAME_TYPE,
        metadata={"description": "Only the bots that play this game type (as GET /v1/games?type=; it was 'game')."},
    )
    limit = fields.Integer(
        load_default=PAGE,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": f"Registered bots in the page (default {PAGE}, at most {MAX_PAGE})."},
    )
    cursor = fields.String(
        validate=FullMatch(CURSOR, error="a cursor is the 'next' of the page before"),
        metadata={"description": "Where the page starts: the 'next' of the page before (the first page without it)."},
    )

    @validates_schema(pass_original=True)
    def _not_the_old_name(self, data: dict, original: Any, **_: object) -> None:
        # A query's unknown parameters are dropped, not refused: a client still filtering by the old name would be
        # answered every bot, as if its filter had matched.
        if "game" in original:
            raise ValidationError({"game": ["renamed: filter by game type with ?type=<type>, as the lobby does"]})
