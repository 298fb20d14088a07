"""The Bot base class, and finding a bot class by its ``module:Class`` name."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

#: The table's commands about undo (docs/undo.md): a person's to send; a bot never undoes, nor answers an undo asked.
UNDO_COMMANDS = frozenset({"Undo", "AcceptUndo", "DeclineUndo"})


def game_moves(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal moves a bot chooses among: ``entries`` (as a view or a call lists them) but the table's undo
    commands."""
    return [entry for entry in entries if entry.get("command", entry).get("type") not in UNDO_COMMANDS]


class Bot:
    """A bot: subclass it and implement :meth:`choose`; :meth:`start` and :meth:`end` are optional.

    One instance plays one seat of one game, so it may keep what it learns in ``self``. The same class runs as a
    streaming bot (``dogpark bot play``) and as a webhook bot (``dogpark bot serve``), and sees the same things.
    """

    def start(self, info: dict[str, Any]) -> None:
        """The game starts, or the bot joins it: ``info`` has ``game``, ``type``, ``seat``, ``version``, ``view``."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        """The bot's move: one of ``legal_moves``.

        ``view`` is the seat's view as ``GET /v1/games/{id}`` gives it: ``view["state"]`` is the game's own view
        of the table (hidden cards of other seats left out), ``view["you"]`` the seat, ``view["to_act"]`` the
        seats that may act. ``legal_moves`` are the commands the seat may send now, each ``{"type": ..., ...}``
        (``view["legal_moves"][i]["label"]`` says each in words).
        """
        raise NotImplementedError("a Bot implements choose(view, legal_moves)")

    def end(self, info: dict[str, Any]) -> None:
        """The game is over: ``info["view"]["result"]`` holds the scores and the winners."""


def load_bot(name: str) -> type[Bot]:
    """The bot class named ``module:Class`` (the module looked up from the current directory first)."""
    module_name, colon, class_name = name.partition(":")
    if not (colon and module_name and class_name):
        raise ValueError(f"name a bot as module:Class (such as examples.bots.felix:FelixBot), not {name!r}")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r}: {error}") from error
    found = getattr(module, class_name, None)
    if not isinstance(found, type) or not callable(getattr(found, "choose", None)):
        raise ValueError(f"{name!r} is not a class with a choose(view, legal_moves) method")
    return found
