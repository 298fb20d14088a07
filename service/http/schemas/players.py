"""Request and response schemas of players (service/http/blueprints/players.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.base import LINKS, MAX_NAME, Answer, Name, Spoken, Strict
from service.http.schemas.games import PLAYERS, RATED, RESULT

#: The statuses a game may have, as the lobby and a player's games filter by them.
STATUSES = ["open", "running", "finished"]


class NewPlayer(Strict):
    """POST /v1/players."""

    name = Name(required=True, validate=validate.Length(min=1, max=MAX_NAME), metadata={"example": "Ana"})


class PlayerCreated(Answer):
    """A new player: its token is shown this once."""

    id = fields.String()
    name = fields.String()
    token = fields.String(
        metadata={
            "description": "The player's bearer token (256 bits), shown this once: it claims seats for the player "
            "and then acts for them, in every game, and reads the player's games."
        }
    )


class Player(Answer):
    """The player a token belongs to."""

    id = fields.String()
    name = fields.String()
    created = fields.Float(metadata={"description": "Server time (Unix seconds) the player was created at."})
    links = LINKS


class PlayerGamesQuery(Spoken):
    """GET /v1/players/me/games query."""

    status = fields.String(validate=validate.OneOf(STATUSES))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class PlayerGame(Answer):
    """A game the player holds a seat of, as the player's index has it."""

    id = fields.String(
        metadata={
            "description": "The game's id, named as the lobby and the game's view name it (this list called it "
            "'game' before: docs/api.md, Names, lists the renames)."
        }
    )
    type = fields.String()
    seats = fields.List(fields.Integer(), metadata={"description": "The player's seats (several only in hotseat)."})
    status = fields.String(validate=validate.OneOf(STATUSES))
    your_turn = fields.Boolean(metadata={"description": "true when one of the player's seats may act now."})
    deadline = fields.String(
        allow_none=True,
        metadata={
            "description": "When the player's seat's clock runs out (RFC 3339, UTC; the earliest of its seats'), "
            "null when no clock runs for it."
        },
    )
    created = fields.Float(metadata={"description": "Server time (Unix seconds) the game was created at."})
    players = PLAYERS
    result = RESULT
    rated = RATED
    links = LINKS


class PlayerGames(Answer):
    """The player's games, newest first."""

    games = fields.List(fields.Nested(PlayerGame))


class VacationRequest(Strict):
    """POST /v1/players/me/vacation."""

    days = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1, max=366),
        metadata={"description": "The vacation's length in days (1 to 366), at most the days left this year."},
    )


class VacationNow(Answer):
    """A vacation that lasts."""

    since = fields.String(metadata={"description": "When it began (RFC 3339, UTC)."})
    until = fields.String(metadata={"description": "When it ends, unless ended before (RFC 3339, UTC)."})
    days = fields.Integer(metadata={"description": "The days it was taken for (held from this year's days)."})


class PausedGame(Answer):
    """A game whose clock a vacation paused for one of the player's seats, or ran again."""

    OPTIONAL = frozenset({"until"})

    game = fields.String()
    seat = fields.Integer()
    until = fields.String(
        metadata={"description": "Until when the seat's clock is paused (RFC 3339): the vacation's end, or sooner "
                  "where the game allows less (its vacation_days). Absent for a clock run again."}
    )


class VacationDays(Answer):
    """A player's vacation days this year, and the vacation it is on."""

    OPTIONAL = frozenset({"games"})

    days_per_year = fields.Integer(
        metadata={"description": "Days each calendar year (UTC) gives: DOGPARK_VACATION_DAYS."}
    )
    year = fields.Integer(metadata={"description": "The year (UTC) days_left is of."})
    days_left = fields.Integer(
        metadata={"description": "Days this year still gives: a vacation holds its days while it lasts, and keeps "
                  "only a day for each day it began once it ends."}
    )
    vacation = fields.Nested(VacationNow, allow_none=True, metadata={"description": "The vacation on; null: none."})
    games = fields.List(
        fields.Nested(PausedGame),
        metadata={"description": "Only in answer to POST (the seats it paused) and DELETE (those it ran again)."},
    )
