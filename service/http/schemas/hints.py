"""The response schema of a seat's hint (service/http/blueprints/hints.py)."""

from __future__ import annotations

from marshmallow import fields, validate

from domain.hints import FALLBACK, LEVEL
from service.http.schemas.base import Answer
from service.http.schemas.choices import arguments, key
from service.http.schemas.commands import MOVE


class Hint(Answer):
    """What the medium bot would play in the seat now: advice to show, never sent nor recorded."""

    move = fields.Raw(
        metadata={
            "description": "One of the seat's legal moves (the game's own, never an undo): the command of one of the "
            "view's legal_moves, which the client may highlight and the player may send as it is.",
            "anyOf": MOVE,
        }
    )
    label = fields.String(
        metadata={"description": "The move's label in the asker's language, as the view's legal move has it."}
    )
    label_key = key("label")
    label_args = arguments("label")
    bot = fields.String(
        validate=validate.OneOf([LEVEL, FALLBACK]),
        metadata={
            "description": "The bot that chose it: medium (a search over greedy's playouts, docs/bots.md), or "
            "greedy in a game without a medium level (A Dog's Life, for now)."
        },
    )
    version = fields.Integer(
        metadata={"description": "The game's version the hint is for: a move sent as it is expects this version."}
    )
