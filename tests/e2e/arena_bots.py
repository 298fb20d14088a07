"""Kit bots that fail, for the arena's tests: one raises at its third move, one never answers."""

from __future__ import annotations

import random
import time
from typing import Any

from dogpark_client import Bot


class Crashing(Bot):
    """Plays two random moves, then raises: a bot with a bug."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A random move, until the third."""
        self.moves += 1
        if self.moves == 3:
            raise RuntimeError("a bug in the bot")
        return random.choice(legal_moves)


class Stalling(Bot):
    """Never chooses: a bot stuck in its thoughts."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        """Waits for ever (the arena's process ends it)."""
        time.sleep(3600)
        return legal_moves[0]
