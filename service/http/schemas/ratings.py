"""Response and query schemas of ratings: a player's public profile and a game type's leaderboard."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.base import LINKS, Answer, FullMatch, Spoken

#: Entries a leaderboard page holds by default, and at most.
PAGE = 50
MAX_PAGE = 200
#: A page's cursor, the ``next`` of the page before: its last entry's ordinal and entry name (events.ratings.Cursor).
CURSOR = r"^-?[0-9]{1,6}(\.[0-9]{1,20})?(e[-+]?[0-9]{1,3})?:(player|builtin|bot):[A-Za-z0-9_.-]{1,64}$"


class Rating(Answer):
    """A rating in one game type (OpenSkill's Plackett-Luce)."""

    mu = fields.Float(metadata={"description": "The estimated skill; a new player starts at 25."})
    sigma = fields.Float(metadata={"description": "The uncertainty of mu; a new player starts at 25/3."})
    ordinal = fields.Float(
        metadata={"description": "mu - 3 sigma: the rating shown and ranked by, which rises as games make it surer."}
    )
    games = fields.Integer(metadata={"description": "The rated games it was updated by."})


class PublicPlayer(Answer):
    """A player as anyone may see it: no token, no games."""

    id = fields.String()
    name = fields.String()
    created = fields.Float(metadata={"description": "Server time (Unix seconds) the player was created at."})
    ratings = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(Rating),
        metadata={"description": "The player's rating in each game type it played a rated game of, by type."},
    )
    links = LINKS


class LeaderboardQuery(Spoken):
    """GET /v1/game-types/{id}/leaderboard query."""

    limit = fields.Integer(
        load_default=PAGE,
        validate=validate.Range(min=1, max=MAX_PAGE),
        metadata={"description": f"Entries in the page (default {PAGE}, at most {MAX_PAGE})."},
    )
    cursor = fields.String(
        validate=FullMatch(CURSOR, error="a cursor is the 'next' of the page before"),
        metadata={"description": "Where the page starts: the 'next' of the page before (the first page without it)."},
    )


class LeaderboardEntry(Rating):
    """One rated player or bot of a game type."""

    kind = fields.String(
        validate=validate.OneOf(["player", "builtin", "registered"]),
        metadata={"description": "player: a person; builtin: a built-in bot level; registered: a webhook bot."},
    )
    id = fields.String(
        metadata={"description": "The player's id, the built-in bot's name (as a seat names it), the webhook bot's id."}
    )
    name = fields.String(allow_none=True, metadata={"description": "The player's or bot's name."})
    links = LINKS


class Leaderboard(Answer):
    """A page of a game type's rated players and bots, highest ordinal first."""

    type = fields.String(metadata={"description": "The game type."})
    entries = fields.List(fields.Nested(LeaderboardEntry))
    next = fields.String(
        allow_none=True,
        metadata={"description": "The cursor of the next page (?cursor=<next>); null on the last page."},
    )
