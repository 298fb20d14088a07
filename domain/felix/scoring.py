"""Felix's end of game (spec section 5): after round 9, the cats won plus the mice left; the tie-breaks (R22)."""

from __future__ import annotations

from typing import Any

from domain.engine import State
from domain.felix.content import ROUNDS, card_points


def is_last_round(state: State) -> bool:
    """True in round 9: its end is the game's end, with no refill."""
    return state["round"] == ROUNDS


def final_result(state: State) -> dict[str, Any]:
    """Scores and winners: highest total, then most cat points; a remaining tie shares the win (R22)."""
    scores = []
    for seat in range(state["players"]):
        cats = sum(card_points(card) for card in state["won"][seat])
        scores.append(
            {"seat": seat, "cat_points": cats, "mice": state["mice"][seat], "total": cats + state["mice"][seat]}
        )
    best = max((score["total"], score["cat_points"]) for score in scores)
    winners = [score["seat"] for score in scores if (score["total"], score["cat_points"]) == best]
    return {"scores": scores, "winners": winners}


def setup_removed_by_set(state: State) -> dict[str, str]:
    """The card removed from each set at setup, keyed by set: shown only once the game has ended."""
    return {str(set_number): card for set_number, card in enumerate(state["setup_removed"])}


def result(state: State) -> dict[str, Any] | None:
    """The scores and winners once round 9 is over."""
    return final_result(state) if state["phase"] == "ended" else None
