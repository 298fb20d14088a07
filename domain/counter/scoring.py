"""Counter's end and scoring (domain/rules/counter.md, End and scoring): a seat scores its count."""

from __future__ import annotations

from typing import Any

from domain.engine import State


def final_result(counts: list[int]) -> dict[str, Any]:
    """Each seat scores what it added; the highest wins, a tie shares the win."""
    best = max(counts)
    return {"scores": list(counts), "winners": [seat for seat, count in enumerate(counts) if count == best]}


def is_last_move(state: State) -> bool:
    """True when the move about to be made ends the game."""
    return state["made"] + 1 == state["moves"]


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; then the scores and winners."""
    return final_result(state["counts"]) if state["over"] else None
