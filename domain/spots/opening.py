"""Setting up a game of Spots (spec 3.2): every chance outcome is drawn here and recorded in an event."""

from __future__ import annotations

import random
from typing import Any

from domain.engine import Event
from domain.spots.content import BY_COLOUR, COLOURS, CORE, DOGS, START_CARDS, TILE_SETS, TILES
from domain.spots.pes import treat_check
from domain.spots.procedures import Ctx
from domain.spots.turns import start_turn


def _lay_out_tiles(ctx: Ctx, options: dict[str, Any]) -> None:
    name = options["tile_set"]
    if name == "random":
        tiles = [ctx.rng.choice(BY_COLOUR[c]) for c in COLOURS]
        ctx.emit("RandomSetDrawn", **dict(zip(COLOURS, tiles, strict=True)))
    elif name == "custom":
        tiles = sorted(options["custom_tiles"], key=lambda t: COLOURS.index(TILES[t].colour))
    elif name == "free_walk":
        stacks = {c: ctx.rng.sample(BY_COLOUR[c], len(BY_COLOUR[c])) for c in COLOURS}
        ctx.emit("TileStacksShuffled", stacks=stacks)
        tiles = [stacks[c][0] for c in COLOURS]
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
        top = max(values[seats[s]["yard"][0]] for s in tied)
        tied = [s for s in tied if values[seats[s]["yard"][0]] == top]
        if len(tied) == 1:
            return tied[0]
        for s in tied:
            ctx.emit("StartTieRerolled", seat=s, die=seats[s]["yard"][0], value=ctx.rng.randint(1, 6))


def opening(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """The events that set up the table and start the first turn."""
    ctx = Ctx(None, rng)
    ctx.emit("GameStarted", players=players, tile_set=options["tile_set"], pes_treats=options.get("pes_treats"))
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
