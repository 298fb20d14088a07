"""Spots' options (spec 3.1): the published JSON schema and their validation."""

from __future__ import annotations

from typing import Any

from domain.engine import BadOptions
from domain.spots.content import ALIASES, BY_COLOUR, COLOURS, DRAWN_SETS, TILE_SETS, TILES

DEFAULT_PES_TREATS = 1
MAX_PES_TREATS = 5

OPTIONS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "tile_set": {
            "enum": [*TILE_SETS, *ALIASES, *DRAWN_SETS],
            "default": "beginner",
            "description": "Which trick tiles are used: a recommended set, random, custom or free walk.",
        },
        "custom_tiles": {
            "type": "array",
            "items": {"enum": [t for c in COLOURS for t in BY_COLOUR[c]]},
            "minItems": 4,
            "maxItems": 4,
            "description": "With tile_set 'custom': one yellow, one purple, one blue and one green tile.",
        },
        "pes_treats": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_PES_TREATS,
            "default": DEFAULT_PES_TREATS,
            "description": "Solo only: Pes's starting treats (its difficulty).",
        },
    },
}


def _custom_tiles(options: dict[str, Any]) -> list[str]:
    tiles = options.get("custom_tiles")
    if not isinstance(tiles, list) or len(tiles) != 4:
        raise BadOptions("custom_tiles", "tile_set 'custom' needs a list of 4 tile ids")
    if not all(isinstance(t, str) and t in TILES and TILES[t].colour in COLOURS for t in tiles):
        raise BadOptions("custom_tiles", "each must be a yellow, purple, blue or green tile id")
    if sorted(TILES[t].colour for t in tiles) != sorted(COLOURS):
        raise BadOptions("custom_tiles", "exactly one tile of each colour is needed")
    return sorted(tiles, key=lambda t: COLOURS.index(TILES[t].colour))


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Complete options with defaults; raise BadOptions naming the option at fault."""
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 5:
        raise BadOptions("players", "Spots is for 1 to 5 players")
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    unknown = sorted(set(options) - set(OPTIONS_SCHEMA["properties"]))
    if unknown:
        raise BadOptions(unknown[0], "unknown option")
    tile_set = options.get("tile_set", "beginner")
    if not isinstance(tile_set, str) or tile_set not in OPTIONS_SCHEMA["properties"]["tile_set"]["enum"]:
        raise BadOptions("tile_set", "unknown tile set")
    out: dict[str, Any] = {"tile_set": ALIASES.get(tile_set, tile_set)}
    if tile_set == "custom":
        out["custom_tiles"] = _custom_tiles(options)
    elif "custom_tiles" in options:
        raise BadOptions("custom_tiles", "only with tile_set 'custom'")
    if players == 1:
        treats = options.get("pes_treats", DEFAULT_PES_TREATS)
        if not isinstance(treats, int) or isinstance(treats, bool) or not 0 <= treats <= MAX_PES_TREATS:
            raise BadOptions("pes_treats", f"must be an integer from 0 to {MAX_PES_TREATS}")
        out["pes_treats"] = treats
    elif "pes_treats" in options:
        raise BadOptions("pes_treats", "only in a solo game")
    return out
