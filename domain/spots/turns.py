"""Turn sequencing (spec 4.2): starting turns, and running automatic steps until someone must decide."""

from __future__ import annotations

from domain.spots.procedures import Ctx, refresh
from domain.spots.state import dog_dice
from domain.spots.tricks import at_rest


def start_turn(ctx: Ctx, seat: int) -> None:
    """A human turn starts: the no-dice rule (R14), then the refresh (R4)."""
    ctx.emit("TurnStarted", seat=seat)
    if not ctx.state["supply"]:
        returned = {str(i): sorted(dog_dice(s) + s["yard"]) for i, s in enumerate(ctx.state["seats"])}
        ctx.emit("AllSeatsBusted", returned=returned)
    refresh(ctx)


def advance(ctx: Ctx) -> None:
    """Apply automatic steps until a seat must decide, Pes's turn is due, or the game ends."""
    while True:
        phase = ctx.state["phase"]
        if phase == "busy":
            at_rest(ctx)
        elif phase == "turn_over":
            last = ctx.state["active"]
            start_turn(ctx, 0 if last == "pes" else (last + 1) % ctx.state["players"])
        else:
            return
