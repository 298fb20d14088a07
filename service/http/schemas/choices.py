"""The legal moves as a tree of small choices (domain/choices.py, service/core/reads.py ``spoken_choices``), and the
words' arguments: what a GameView's ``choices`` holds, and what every ``*_args`` holds."""

from __future__ import annotations

from typing import Any

from marshmallow import fields

from domain.choices import SHOWN_AS
from service.http.schemas.base import Answer
from service.http.schemas.commands import MOVE
from service.http.schemas.commands.command import COMPONENTS

#: The component name of an argument of a message (domain/language.py).
ARGUMENT = "MessageArgument"


def argument_schemas() -> dict[str, dict[str, Any]]:
    """An argument of a message, as domain/language.py renders it (a number or string as it is, a player, another
    message: a display name, or a list of arguments joined as the language joins lists), and its three kinds of
    object, by component name: each object is a component of its own, so that every generator names its type."""
    argument = {"$ref": COMPONENTS + ARGUMENT}

    def kind(description: str, properties: dict[str, Any], *required: str) -> dict[str, Any]:
        shape = {"type": "object", "properties": properties, "required": list(required), "additionalProperties": False}
        return {"description": description, **shape}

    kinds = {
        "SeatArgument": kind("The player of seat n, shown by name.", {"seat": {"type": "integer"}}, "seat"),
        "TermArgument": kind(
            "Another message (a card's, space's or option's display name), rendered in the same language.",
            {"term": {"type": "string"}, "args": {"type": "object", "additionalProperties": argument}},
            "term",
        ),
        "ListArgument": kind(
            "Arguments joined as the language joins a list.", {"list": {"type": "array", "items": argument}}, "list"
        ),
    }
    union = {
        "description": "A message's argument: a number or a string, shown as it is, or one of the kinds of object.",
        "anyOf": [{"type": "number"}, {"type": "string"}, *({"$ref": COMPONENTS + name} for name in kinds)],
    }
    return {ARGUMENT: union, **kinds}


def key(of: str) -> fields.String:
    """The message key of the field ``of``: a client that translates itself renders it with its arguments."""
    return fields.String(metadata={"description": f"The {of}'s message key (a Fluent catalogue's)."})


def arguments(of: str) -> fields.Dict:
    """The arguments of the field ``of``'s message, by name."""
    return fields.Dict(
        keys=fields.String(),
        metadata={
            "description": f"The {of}'s arguments, by name (see MessageArgument).",
            "additionalProperties": {"$ref": COMPONENTS + ARGUMENT},
        },
    )


class ChoiceOption(Answer):
    """One answer to a node's question: its words, maybe the thing on the board it stands for, and either the next
    node or the finished move (exactly one of ``next`` and ``command``)."""

    OPTIONAL = frozenset({"target", "next", "command"})

    label = fields.String(metadata={"description": "The option in the asker's language.", "example": "Bid 3"})
    label_key = key("label")
    label_args = arguments("label")
    target = fields.String(
        metadata={
            "description": "The id of a space, card, die or token in the game's static content (GET "
            "/v1/game-types/{id}) that the option stands for: a front end makes it clickable. Every option of a "
            "board node has one."
        }
    )
    next = fields.Nested(lambda: ChoiceNode(), metadata={"description": "The following question."})
    command = fields.Raw(
        metadata={
            "description": "The finished move: one of the legal moves' commands, ready to POST.",
            "anyOf": MOVE,
        }
    )


class ChoiceNode(Answer):
    """A question on the way to a move, and its options: every leaf is exactly one legal move."""

    prompt = fields.String(metadata={"description": "The question in the asker's language."})
    prompt_key = key("prompt")
    prompt_args = arguments("prompt")
    as_ = fields.String(
        data_key="as",
        attribute="as",
        metadata={
            "enum": list(SHOWN_AS),
            "description": "How to show it: buttons; board (the player clicks the options' targets); number (the "
            "options differ by one integer, in order: a stepper).",
        },
    )
    options = fields.List(fields.Nested(ChoiceOption))
