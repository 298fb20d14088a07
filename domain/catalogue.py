"""Every game the server offers, by id; the static content a client draws each with; each game's rules text.

The public catalogue is the four games. A benchmark's game (``counter``) joins it only in a process whose
DOGPARK_EXTRA_GAMES names it (comma-separated), read once at import: the catalogue, the OpenAPI document and the
lobby stay as they are unless a deployment asks for it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from domain import counter, dogs, dogslife, felix, spots
from domain.dogs import content as dogs_content
from domain.dogslife import content as dogslife_content
from domain.engine import Rules
from domain.felix import content as felix_content
from domain.language import FALLBACK, has, message, render
from domain.spots import content as spots_content

#: The games offered only when DOGPARK_EXTRA_GAMES names them.
EXTRA_GAMES: dict[str, Rules] = {counter.RULES.id: counter.RULES}


def extra_games(env: Mapping[str, str]) -> dict[str, Rules]:
    """The extra games DOGPARK_EXTRA_GAMES names in ``env``; ValueError for a name that is none of them."""
    names = [name.strip() for name in env.get("DOGPARK_EXTRA_GAMES", "").split(",") if name.strip()]
    unknown = [name for name in names if name not in EXTRA_GAMES]
    if unknown:
        raise ValueError(f"DOGPARK_EXTRA_GAMES: no extra game {unknown[0]!r}; choose from {', '.join(EXTRA_GAMES)}")
    return {name: EXTRA_GAMES[name] for name in names}


GAMES: dict[str, Rules] = {
    **{rules.id: rules for rules in (felix.RULES, spots.RULES, dogs.RULES, dogslife.RULES)},
    **extra_games(os.environ),
}

#: Each game's static content: boards, cards and tiles, with the ids its views use; it never changes in play.
_STATIC: dict[str, Callable[[], dict[str, Any]]] = {
    "felix": felix_content.static_content,
    "spots": spots_content.static_content,
    "dogs": dogs_content.static_content,
    "dogslife": dogslife_content.static_content,
    # Nothing to draw but the numbers its view holds.
    "counter": dict,
}

#: About how long a game takes, in minutes (fewest, most), as the lobby tells a player before a table is chosen: a
#: house estimate of a game played with the project's bots at its most common player count (the seeds name none).
PLAYING_MINUTES: dict[str, tuple[int, int]] = {
    "felix": (20, 30),
    "spots": (20, 40),
    "dogs": (45, 90),
    "dogslife": (45, 75),
    "counter": (1, 5),
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


def spoken_content(game_id: str, language: str) -> dict[str, Any]:
    """The static content with its words in ``language``: every field ``F`` with an ``F_key`` beside it (a name, a
    card's effect) rendered from that key."""
    return _named(static_content(game_id), language)


def _named(value: Any, language: str) -> Any:
    if isinstance(value, list):
        return [_named(item, language) for item in value]
    if not isinstance(value, dict):
        return value
    shown = {key: _named(item, language) for key, item in value.items()}
    # A field's words come from the key beside it: "name" from "name_key", a DOGS card's "effect" from "effect_key".
    for key, item in value.items():
        if key.endswith("_key") and isinstance(item, str) and key.removesuffix("_key") in value:
            shown[key.removesuffix("_key")] = render(message(item), language)
    return shown


def spoken_options(game_id: str, language: str) -> dict[str, Any]:
    """The options schema with its titles and descriptions in ``language``.

    Option ``P`` of game ``G`` is titled by the key ``G-option-P`` and described by ``G-option-P-description``; an
    enum's values by ``G-option-P-<value>``, shown as ``x-enum-titles``. The rule behind an option stays in English
    in its ``x-rule``.
    """
    schema = GAMES[game_id].options_schema
    properties: dict[str, Any] = {}
    for name, spec in schema.get("properties", {}).items():
        shown = dict(spec)
        key = f"{game_id}-option-{name}"
        if has(key, FALLBACK):
            shown["title"] = render(message(key), language)
        if has(f"{key}-description", FALLBACK):
            shown["description"] = render(message(f"{key}-description"), language)
        values = spec.get("enum") or spec.get("items", {}).get("enum") or []
        titled = [value for value in values if has(f"{key}-{value}", FALLBACK)]
        titles = {str(value): render(message(f"{key}-{value}"), language) for value in titled}
        if titles:
            shown["x-enum-titles"] = titles
        properties[name] = shown
    return {**schema, "properties": properties}


def game_name(game_id: str, language: str) -> str:
    """The game's name as its players in ``language`` know it."""
    return render(message(f"{game_id}-game-name"), language)


def game_description(game_id: str, language: str) -> str:
    """What the game is about, in a sentence or two, in ``language`` (the lobby shows it beside the game's name)."""
    return render(message(f"{game_id}-game-description"), language)
