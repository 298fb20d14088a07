"""Each game's commands as the OpenAPI document describes them: a module per game, named as its package in domain/
is, each command a schema of its own (``FelixBid`` ...), and the table's commands any seat may send (``table``).

A game's commands form one schema (``FelixCommand`` ...), a ``oneOf`` told apart by ``type``: a legal move's
``command``, a choice's finished ``command`` and a sent command's ``command`` are one of them, so a generated client
types each command with its arguments.

- ``command``: what every command schema is made of (``Command``, ``of_type``, ``union``).
- ``felix``, ``spots``, ``dogs``, ``dogslife``: each game's commands; ``table``: Resign, Return and the undo commands.

The schemas' class names are the OpenAPI document's component names.
"""

from __future__ import annotations

from typing import Any

from service.http.schemas.commands.command import COMPONENTS, Command, union
from service.http.schemas.commands.dogs import DOGS_COMMANDS
from service.http.schemas.commands.dogslife import DOGSLIFE_COMMANDS
from service.http.schemas.commands.felix import FELIX_COMMANDS
from service.http.schemas.commands.spots import SPOTS_COMMANDS
from service.http.schemas.commands.table import TABLE_COMMANDS, UNDO_COMMANDS

#: Each game's commands, by game id, under the name of their union (the order of the document's anyOf).
GAME_COMMANDS: dict[str, tuple[str, tuple[type[Command], ...]]] = {
    "felix": ("FelixCommand", FELIX_COMMANDS),
    "spots": ("SpotsCommand", SPOTS_COMMANDS),
    "dogs": ("DogsCommand", DOGS_COMMANDS),
    "dogslife": ("DogsLifeCommand", DOGSLIFE_COMMANDS),
}
#: The union of the table's commands.
TABLE_COMMAND = "TableCommand"


def command_unions() -> dict[str, dict[str, Any]]:
    """Each game's union of commands, and the table's, by component name."""
    unions = {
        name: union(schemas, f"A command of {game}, by its type.") for game, (name, schemas) in GAME_COMMANDS.items()
    }
    return {**unions, TABLE_COMMAND: union(TABLE_COMMANDS, "A table's command, which a seat may send at any time.")}


def command_schemas() -> list[type[Command]]:
    """Every command schema, each game's and the table's."""
    return [schema for _, schemas in GAME_COMMANDS.values() for schema in schemas] + list(TABLE_COMMANDS)


def any_of(names: list[str]) -> list[dict[str, str]]:
    """References to the named schemas."""
    return [{"$ref": COMPONENTS + name} for name in names]


#: A move of any game: what a legal move and a choice offer (a game's own command, never a table's).
MOVE = any_of([name for name, _ in GAME_COMMANDS.values()])
#: What a legal move offers: a move, or one of the table's undo commands (docs/undo.md).
LEGAL = MOVE + any_of([schema.__name__ for schema in UNDO_COMMANDS])
#: What a seat may send: a move, or a table command.
SENT = any_of([*(name for name, _ in GAME_COMMANDS.values()), TABLE_COMMAND])
