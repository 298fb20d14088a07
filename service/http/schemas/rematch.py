"""Response schemas of a finished game's rematch (service/http/blueprints/rematch.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.base import Answer

#: Where a rematch stands.
STATUSES = ["offered", "starting", "started", "declined", "expired"]


class Rematch(Answer):
    """A finished game's rematch: who offered it, who accepted, who declined, and the new game once it started."""

    offered_by = fields.Integer(metadata={"description": "The seat that offered it."})
    accepted = fields.List(
        fields.Integer(), metadata={"description": "The seats that accepted it, the offerer's and bots' included."}
    )
    declined = fields.Integer(allow_none=True, metadata={"description": "The seat that declined it; null: none."})
    game = fields.String(allow_none=True, metadata={"description": "The new game's id once it started; else null."})
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        metadata={
            "description": "offered (waiting for seats to accept), starting (every seat accepted: the new game is "
            "being created), started, declined or expired (a new offer may be made)."
        },
    )
    expires = fields.String(
        metadata={"description": "When the offer lapses unless every seat accepted it (RFC 3339, UTC)."}
    )


class RematchAnswer(Answer):
    """A seat's answer about a rematch: the rematch, and the caller's seat and seat token in the new game."""

    rematch = fields.Nested(Rematch, allow_none=True)
    seat = fields.Integer(
        allow_none=True,
        metadata={"description": "The caller's seat in the new game (seat order rotated by one); null before."},
    )
    token = fields.String(
        allow_none=True,
        metadata={
            "description": "The caller's new seat token, if its old seat was claimed with a seat token: in the answer "
            "that started the game, else in the first read with the old token after the start (shown once); null "
            "for a player's seat (the player's token acts for it) or before the start."
        },
    )
