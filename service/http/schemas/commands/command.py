"""What every command schema is made of: ``Command`` (its type and every argument, each required, no other field),
``of_type`` (the ``type`` field that tells one command from another), and the JSON Schema of a set of commands
told apart by that field (``union``)."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, fields

from service.http.schemas.base import Answer

#: Where the document keeps its schemas.
COMPONENTS = "#/components/schemas/"


class Command(Answer):
    """A command body as a legal move lists it and the commands URL takes it: its type and every argument, each
    present (null where the rules allow null), and no other field."""

    class Meta:
        unknown = RAISE


def of_type(name: str) -> fields.String:
    """The command's ``type``: the one value that names it, on which a union of commands discriminates."""
    return fields.String(metadata={"enum": [name], "description": "The command."})


def command_type(schema: type[Command]) -> str:
    """The value of ``schema``'s ``type`` field."""
    return str(schema._declared_fields["type"].metadata["enum"][0])


def union(schemas: tuple[type[Command], ...], description: str) -> dict[str, Any]:
    """One of ``schemas``, told apart by ``type`` (an OpenAPI discriminator): a generated client narrows on it."""
    return {
        "description": description,
        "oneOf": [{"$ref": COMPONENTS + schema.__name__} for schema in schemas],
        "discriminator": {
            "propertyName": "type",
            "mapping": {command_type(schema): COMPONENTS + schema.__name__ for schema in schemas},
        },
    }
