"""Private tables' requests and answers: invitations to a game's seats, challenges between players."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.base import Answer, Strict
from service.http.schemas.games import CreateGame

#: A player id as a request names one.
PLAYER_ID = validate.Length(min=1, max=64)


class NewInvitation(Strict):
    """POST /v1/games/{id}/invitations."""

    seat = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=7), metadata={"example": 1})
    player = fields.String(
        validate=PLAYER_ID,
        metadata={
            "description": "Only this player may claim with it, and may do so with its own token without the code; "
            "the player is notified ('invited')."
        },
    )


class InvitationCreated(Answer):
    """A new invitation: its code is shown this once."""

    code = fields.String(
        metadata={
            "description": "The invitation's code (256 random bits), shown this once: a claim of its seat with "
            '{"invitation": code} spends it. The server keeps only its SHA-256.'
        }
    )
    seat = fields.Integer()
    player = fields.String(allow_none=True, metadata={"description": "The only player who may use it (null: anyone)."})
    url = fields.String(
        metadata={
            "description": "The web client's link that claims the seat with the code (in the fragment, which "
            "browsers never send to a server)."
        }
    )


class Invitation(Answer):
    """An unspent invitation as the game's inviters list it: never its code."""

    id = fields.String(
        metadata={"description": "The SHA-256 of its code: DELETE .../invitations/{id} revokes it as the code does."}
    )
    seat = fields.Integer()
    player = fields.String(allow_none=True, metadata={"description": "The only player who may use it (null: anyone)."})
    by = fields.String(metadata={"description": "The id of the player who made it."})
    created = fields.Float(metadata={"description": "Server time (Unix seconds) it was made at."})


class GameInvitations(Answer):
    """A game's unspent invitations, oldest first."""

    invitations = fields.List(fields.Nested(Invitation))


class NewChallenge(Strict):
    """POST /v1/players/{id}/challenges: the game the challenge proposes."""

    type = fields.String(required=True, metadata={"example": "spots"})
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=1),
        metadata={"description": "The challenger's seat, 0 (the default) or 1; the challenged player has the other."},
    )
    clock = CreateGame._declared_fields["clock"]
    on_timeout = CreateGame._declared_fields["on_timeout"]
    absent_after = CreateGame._declared_fields["absent_after"]


class Challenge(Answer):
    """A challenge to a private game of two."""

    id = fields.String()
    from_ = fields.String(data_key="from", attribute="from", metadata={"description": "The challenger's player id."})
    to = fields.String(metadata={"description": "The challenged player's id."})
    type = fields.String()
    options = fields.Dict()
    seat = fields.Integer(metadata={"description": "The challenger's seat."})
    settings = fields.Dict(metadata={"description": "The table settings given: clock, on_timeout, absent_after."})
    created = fields.Float(metadata={"description": "Server time (Unix seconds) it was made at."})
    expires = fields.Float(
        metadata={"description": "Server time (Unix seconds) it expires at, unanswered (DOGPARK_CHALLENGE_SECONDS)."}
    )
    answer = fields.String(
        allow_none=True,
        validate=validate.OneOf(["accepted", "declined"]),
        metadata={"description": "accepted or declined; null: not answered yet."},
    )
    game = fields.String(allow_none=True, metadata={"description": "The game an acceptance made (null: none)."})


class PlayerChallenges(Answer):
    """The player's challenges that have not expired, soonest to expire first."""

    received = fields.List(fields.Nested(Challenge))
    sent = fields.List(fields.Nested(Challenge))
