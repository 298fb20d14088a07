"""The table's commands a seat may send in any game, whether or not it may act now (domain/table/decider.py
``ANYTIME``)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.http.schemas.commands.command import Command, of_type


class Resign(Command):
    """Leave the game: your bot plays on for you, and you rank last."""

    type = of_type("Resign")


class Return(Command):
    """Take your seat back after your clock made you absent (any other command does too)."""

    type = of_type("Return")


class Undo(Command):
    """Take back your own latest decisions: the game returns to its state at ``to_version`` (docs/undo.md). Your
    legal moves offer each undo you may make; under the table's ``undo: ask`` one past the safe limits is asked of
    the other players."""

    type = of_type("Undo")
    to_version = fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(min=1),
        metadata={"description": "The version to return to."},
    )


class AcceptUndo(Command):
    """Accept the undo another player asked of the table."""

    type = of_type("AcceptUndo")


class DeclineUndo(Command):
    """Decline the undo another player asked of the table: it does not happen."""

    type = of_type("DeclineUndo")


#: The table's commands about undo, which a seat's legal moves offer where it may send them.
UNDO_COMMANDS = (Undo, AcceptUndo, DeclineUndo)
#: Every table command a seat may send.
TABLE_COMMANDS = (Resign, Return, *UNDO_COMMANDS)
