"""The end of a game of Spots (spec 5): six completed dogs win at once, and six cards in Pes's pile beat the solo
player; the result counts each seat's completed dogs, and there is no tie."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from domain.spots.content import DOGS, DOGS_TO_WIN
from domain.spots.state import State, completed

if TYPE_CHECKING:  # the procedures that end a game pass their Ctx; importing it at run time would be a cycle
    from domain.spots.procedures import Ctx


def seat_has_won(seat: dict) -> bool:
    """True once the seat has six completed dogs (5.1)."""
    return completed(seat) >= DOGS_TO_WIN


def pes_has_won(pes: dict) -> bool:
    """True once Pes's pile holds six cards (5.2)."""
    return len(pes["pile"]) >= DOGS_TO_WIN


def end_game(ctx: Ctx, winner: int | str) -> None:
    """The game ends at once with this winner (a seat, or "pes"), every seat's completed dogs counted (5.3)."""
    state = ctx.state
    pes = state["pes"]
    ctx.emit("GameEnded", winner=winner, completed={str(i): completed(s) for i, s in enumerate(state["seats"])},
             pes_completed=len(pes["pile"]) if pes is not None else None)


def result(state: State) -> dict[str, Any] | None:
    """Completed dogs per seat and the winning seat (5.4); solo, Pes's dogs and whether Pes won.

    ``winners`` lists seats only, as in every game, so a solo game Pes won has none: ``pes.won`` names Pes instead.
    """
    if state["phase"] != "ended":
        return None
    scores = [{"seat": i, "total": completed(seat), "treats": seat["treats"]} for i, seat in enumerate(state["seats"])]
    out: dict[str, Any] = {"scores": scores, "winners": [] if state["winner"] == "pes" else [state["winner"]]}
    if state["pes"] is not None:
        # Pes's pile is public; naming its dogs lets a final score say which ones beat the player.
        pile = state["pes"]["pile"]
        out["pes"] = {"total": len(pile), "dogs": [DOGS[card].name for card in pile], "won": state["winner"] == "pes"}
    return out
