"""Pes, the solo opponent (spec 4.8): its turn is an automatic step, recorded as events like any other."""

from __future__ import annotations

from domain.spots.procedures import Ctx, refresh
from domain.spots.scoring import end_game, pes_has_won

PES_COMMAND = {"type": "PlayPes"}


def pes_completes(ctx: Ctx, reason: str) -> None:
    """Pes completes the top card of the deck; a sixth card wins it the game."""
    deck = ctx.state["deck"]
    ctx.emit("PesDogCompleted", card=deck[0], deck_top=deck[1] if len(deck) > 1 else None, reason=reason)
    if pes_has_won(ctx.state["pes"]):
        end_game(ctx, "pes")


def treat_check(ctx: Ctx) -> None:
    """While Pes holds 2 treats or more, it pays 2 back to the supply for a deck card (R29)."""
    while not ctx.over and ctx.state["pes"]["treats"] >= 2:
        ctx.emit("PesTreatsSpent", n=2)
        pes_completes(ctx, "treats")


def play_pes(ctx: Ctx) -> None:
    """Pes's turn: refresh if due, roll its own die, flip or complete, then spend treats."""
    ctx.emit("PesTurnStarted")
    refresh(ctx)
    value = ctx.rng.randint(1, 6)
    ctx.emit("PesDieRolled", value=value)
    position = ctx.state["positions"][value - 1]
    if position["face_up"]:
        tile = position["stack"][0]
        ctx.emit("TileFlipped", tile=tile, face_up=False, by="pes")
        if position["treats"]:
            ctx.emit("PesTookTreats", tile=tile, n=position["treats"])
    else:
        pes_completes(ctx, "die")
    treat_check(ctx)
    if not ctx.over:
        ctx.emit("TurnEnded", seat="pes")
