"""What every game's view schema is made of: ``Shown`` (strict, every field required unless named optional),
the field helpers ``either``, ``game`` and ``you``, and the JSON Schema pieces they take."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, fields

from service.http.schemas.base import Answer


class Shown(Answer):
    """A part of a view: every field is required but those named in ``OPTIONAL``, and no other field is allowed."""

    class Meta:
        unknown = RAISE


def either(*schemas: dict[str, Any], description: str) -> fields.Raw:
    """A field whose value matches one of ``schemas`` (JSON Schema), e.g. a count during play and a list at the end."""
    return fields.Raw(metadata={"description": description, "anyOf": list(schemas)})


INTEGER = {"type": "integer"}
STRINGS = {"type": "array", "items": {"type": "string"}}
INTEGERS = {"type": "array", "items": {"type": "integer"}}


def game(game_id: str) -> fields.String:
    """The view's game, the same field in every game's view: a GameView's ``state`` is told apart by it."""
    return fields.String(metadata={"enum": [game_id], "description": "The game whose view this is."})


def you() -> fields.Integer:
    """The viewer's seat, the same field in every game's view."""
    return fields.Integer(allow_none=True, metadata={"description": "The seat this view is for; null: a spectator."})
