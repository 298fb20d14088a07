"""The table's commands a seat may send in any game, whether or not it may act now (domain/table/decider.py
``ANYTIME``)."""

from __future__ import annotations

from service.http.schemas.commands.command import Command, of_type


class Resign(Command):
    """Leave the game: your bot plays on for you, and you rank last."""

    type = of_type("Resign")


class Return(Command):
    """Take your seat back after your clock made you absent (any other command does too)."""

    type = of_type("Return")


#: Every table command a seat may send.
TABLE_COMMANDS = (Resign, Return)
