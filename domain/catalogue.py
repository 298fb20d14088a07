"""Every game the server offers, by id; the static content a client draws each with; each game's rules text."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from domain import dogs, dogslife, felix, spots
from domain.dogs import content as dogs_content
from domain.dogslife import board as dogslife_board
from domain.engine import Rules
from domain.felix import content as felix_content
from domain.spots import content as spots_content

GAMES: dict[str, Rules] = {rules.id: rules for rules in (felix.RULES, spots.RULES, dogs.RULES, dogslife.RULES)}

#: Each game's static content: boards, cards and tiles, with the ids its views use; it never changes in play.
_STATIC: dict[str, Callable[[], dict[str, Any]]] = {
    "felix": felix_content.static_content,
    "spots": spots_content.static_content,
    "dogs": dogs_content.static_content,
    "dogslife": dogslife_board.static_content,
}

#: Copies of the games' English specifications (shared/rules/<game>.md), which a deployed package does not have.
RULES_DIR = Path(__file__).parent / "rules"


@cache
def static_content(game_id: str) -> dict[str, Any]:
    """What a client needs to draw the game and that never changes (built once; callers must not mutate it)."""
    return _STATIC[game_id]()


def rules_text(game_id: str) -> str:
    """The game's English specification (Markdown)."""
    return (RULES_DIR / f"{game_id}.md").read_text(encoding="utf-8")
