"""Setting up a game of Spots (spec 3): the options with their published JSON schema and validation (3.1), and the
events that lay out the table and start the first turn (3.2), every chance outcome drawn here and recorded in one.
"""

from __future__ import annotations

import random
from typing import Any

from domain.engine import BadOptions, Event, event
from domain.language import message, render
from domain.spots.content import (
    ALIASES,
    BY_COLOUR,
    COLOURS,
    CORE,
    DOGS,
    DRAWN_SETS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CARDS,
    TILE_SETS,
    TILES,
)
from domain.spots.pes import treat_check
from domain.spots.procedures import Ctx
from domain.spots.state import evolve
from domain.spots.turns import start_turn

DEFAULT_PES_TREATS = 1
MAX_PES_TREATS = 5



def _english(option: str) -> str:
    """An option's title or description in English, as the catalogue words it for players."""
    return render(message(f"spots-option-{option}"))


#: Titles and descriptions are for players (in their language from the catalogues); ``x-rule`` is the rule behind.
OPTIONS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "tile_set": {
            "enum": [*TILE_SETS, *ALIASES, *DRAWN_SETS],
            "default": "beginner",
            "title": _english("tile_set"),
            "description": _english("tile_set-description"),
            "x-rule": "Spec 2.3: a recommended set, random (one tile per colour drawn at random), custom "
            "(custom_tiles) or free_walk (a shuffled stack of every colour's five tiles); new_family = beginner.",
        },
        "custom_tiles": {
            "type": "array",
            "items": {"enum": [tile for colour in COLOURS for tile in BY_COLOUR[colour]]},
            "minItems": 4,
            "maxItems": 4,
            "title": _english("custom_tiles"),
            "description": _english("custom_tiles-description"),
            "x-rule": "Spec 3.1: only with tile_set 'custom'; exactly one tile id of each colour.",
        },
        "pes_treats": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_PES_TREATS,
            "default": DEFAULT_PES_TREATS,
            "title": _english("pes_treats"),
            "description": _english("pes_treats-description"),
            "x-rule": "Spec 3.1 and 4.8: players == 1 only; Pes completes the deck's top card for every 2 treats.",
        },
    },
}


def _check_players(players: int) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadOptions("players", f"Spots is for {MIN_PLAYERS} to {MAX_PLAYERS} players")


def _custom_tiles(options: dict[str, Any]) -> list[str]:
    tiles = options.get("custom_tiles")
    if not isinstance(tiles, list) or len(tiles) != 4:
        raise BadOptions("custom_tiles", "tile_set 'custom' needs a list of 4 tile ids")
    if not all(isinstance(tile, str) and tile in TILES and TILES[tile].colour in COLOURS for tile in tiles):
        raise BadOptions("custom_tiles", "each must be a yellow, purple, blue or green tile id")
    if sorted(TILES[tile].colour for tile in tiles) != sorted(COLOURS):
        raise BadOptions("custom_tiles", "exactly one tile of each colour is needed")
    return sorted(tiles, key=_colour_order)


def _colour_order(tile: str) -> int:
    """Where the tile's colour lies among positions 3-6."""
    return COLOURS.index(TILES[tile].colour)


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Complete options with defaults; raise BadOptions naming the option at fault."""
    _check_players(players)
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


def _lay_out_tiles(ctx: Ctx, options: dict[str, Any]) -> None:
    name = options["tile_set"]
    if name == "random":
        tiles = [ctx.rng.choice(BY_COLOUR[colour]) for colour in COLOURS]
        ctx.emit("RandomSetDrawn", **dict(zip(COLOURS, tiles, strict=True)))
    elif name == "custom":
        tiles = sorted(options["custom_tiles"], key=_colour_order)
    elif name == "free_walk":
        stacks = {colour: ctx.rng.sample(BY_COLOUR[colour], len(BY_COLOUR[colour])) for colour in COLOURS}
        ctx.emit("TileStacksShuffled", stacks=stacks)
        tiles = [stacks[colour][0] for colour in COLOURS]
    else:
        tiles = list(TILE_SETS[name])
    ctx.emit("TricksLaidOut", positions=[*CORE, *tiles])


def _deal(ctx: Ctx, players: int) -> None:
    order = list(DOGS)
    ctx.rng.shuffle(order)
    ctx.emit("DogDeckShuffled", order=order)
    for _ in range(START_CARDS):
        for seat in range(players):
            deck = ctx.state["deck"]
            ctx.emit("DogCardDealt", seat=seat, card=deck[0], deck_top=deck[1])


def _first_player(ctx: Ctx, players: int) -> int:
    """The highest buried die starts; tied seats reroll their buried die, which stays buried (R1)."""
    if players == 1:
        return 0
    seats = ctx.state["seats"]
    values = ctx.state["values"]
    tied = list(range(players))
    while True:
        top = max(values[seats[seat]["yard"][0]] for seat in tied)
        tied = [seat for seat in tied if values[seats[seat]["yard"][0]] == top]
        if len(tied) == 1:
            return tied[0]
        for seat in tied:
            ctx.emit("StartTieRerolled", seat=seat, die=seats[seat]["yard"][0], value=ctx.rng.randint(1, 6))


def opening(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """The events that set up the table and start the first turn (3.2); the options are normalized."""
    _check_players(players)
    started = event("GameStarted", players=players, tile_set=options["tile_set"], pes_treats=options.get("pes_treats"))
    ctx = Ctx(evolve(None, started), rng, events=[started])
    _lay_out_tiles(ctx, options)
    _deal(ctx, players)
    for seat in range(players):
        ctx.emit("TreatsGained", seat=seat, n=1, source="setup")
    for seat in range(players):
        ctx.emit("StartDieRolled", seat=seat, die=ctx.state["supply"][0], value=ctx.rng.randint(1, 6))
    first = _first_player(ctx, players)
    ctx.emit("FirstPlayerChosen", seat=first)
    if players == 1 and options["pes_treats"]:
        ctx.emit("PesTreatsGained", n=options["pes_treats"])
        treat_check(ctx)
    start_turn(ctx, first)
    return ctx.events
