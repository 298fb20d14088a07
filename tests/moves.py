"""The one place where tests that play random legal moves leave out the table's undo commands.

A random player that may pick ``Undo`` can take back its move for ever and never finish a game; a bot never undoes
(docs/undo.md), and a test that plays like one chooses among the game's moves alone.
"""

from __future__ import annotations

from typing import Any

from domain.table.undo import COMMANDS


def game_moves(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``moves`` (commands, or legal moves as a view lists them) but the table's undo commands."""
    return [move for move in moves if move.get("command", move)["type"] not in COMMANDS]
