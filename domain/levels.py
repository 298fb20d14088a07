"""The search bots' levels per game (issue 34): ``easy``, ``medium`` and ``hard``, each a search budget over the
game's greedy bot (domain/search.py)."""

from __future__ import annotations

import importlib

from domain.engine import Rules
from domain.search import Level, SearchBot, in_order

#: Each game's levels: determinizations, candidates, playout plies and a clock of thinking seconds.
LEVELS: dict[str, dict[str, Level]] = {
    "felix": {
        "easy": Level(determinizations=2, candidates=2),
        "medium": Level(determinizations=8, candidates=4),
        "hard": Level(determinizations=24, candidates=5, seconds=0.8),
    },
}


def _rules(game: str) -> Rules:
    """The game's rules, looked up on use: each game's rules module imports its bots."""
    return importlib.import_module(f"domain.{game}").RULES  # type: ignore[no-any-return]


def search_bots(game: str) -> dict[str, SearchBot]:
    """``game``'s search bots by level name."""
    rules = _rules(game)
    return {
        name: SearchBot(lambda: _rules(game), level, rules.bots["greedy"], in_order)
        for name, level in LEVELS.get(game, {}).items()
    }
