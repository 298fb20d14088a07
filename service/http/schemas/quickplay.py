"""Request and response schemas of quick play (service/http/blueprints/quickplay.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.core.quickplay import MAX_BOTS_AFTER
from service.http.schemas.base import GAME_TYPE, Answer, Strict


class JoinQuickPlay(Strict):
    """POST /v1/quickplay."""

    type = fields.String(required=True, validate=GAME_TYPE, metadata={"example": "felix"})
    players = fields.Integer(
        required=True,
        validate=validate.Range(min=1, max=16),
        metadata={"description": "The table's player count (the game's range: GET /v1/game-types).", "example": 2},
    )
    options = fields.Dict(
        load_default=dict,
        metadata={"description": "The game's options, as POST /v1/games takes them: players wait with their like."},
    )
    bots_after_seconds = fields.Float(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=MAX_BOTS_AFTER),
        metadata={
            "description": "After this wait, the game's built-in bots fill the seats nobody took, with whoever of "
            "the queue accepts bots too; null (the default): wait for people only."
        },
    )


class QueueEntry(Answer):
    """The player's entry in one queue: waiting there, or seated at the game it formed."""

    queue = fields.String(metadata={"description": "The queue's name: type, player count, options' digest."})
    type = fields.String()
    players = fields.Integer()
    options = fields.Dict(metadata={"description": "The options as the game normalized them."})
    since = fields.String(allow_none=True, metadata={"description": "When the player joined (RFC 3339, UTC)."})
    bots_after_seconds = fields.Float(allow_none=True)
    status = fields.String(validate=validate.OneOf(["waiting", "seated"]))
    position = fields.Integer(
        allow_none=True, metadata={"description": "While waiting: the players ahead in the queue (0: next)."}
    )
    size = fields.Integer(allow_none=True, metadata={"description": "While waiting: how many wait in the queue."})
    game = fields.String(
        allow_none=True, metadata={"description": "Once seated: the game formed, which the player's token acts in."}
    )


class QuickPlayStatus(Answer):
    """The player's entries in quick play's queues, oldest first."""

    queues = fields.List(fields.Nested(QueueEntry))
