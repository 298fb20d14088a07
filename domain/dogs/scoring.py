"""The end of the game (§5): final scoring (§5.2), the ranking with its tie-break (§5.3, R34) and the result."""

from __future__ import annotations

from typing import Any

from domain.dogs.content import (
    ADDITIONAL_POINTS,
    BREED_GROUP,
    DIVERSITY_POINTS,
    GROUP_PENALTY,
    HELPER_POINTS,
    RESOURCES,
    SICK_PENALTY,
    breed_of,
)
from domain.dogs.pens import pen_dogs, pen_score
from domain.dogs.state import Kennel, State
from domain.engine import Event, event


def breakdown(kennel: Kennel, players: int, last_round: int | None) -> dict[str, int]:
    """A kennel's score, component by component, with its total and tie-break value."""
    pens = {pen: [breed_of(t) for t in dogs] for pen, dogs in kennel["pens"].items()}
    breeds = {b for dogs in pens.values() for b in dogs}
    parts = {
        "pens": sum(pen_score(dogs) for dogs in pens.values()),
        "additional_pens": sum(pts for pen, pts in ADDITIONAL_POINTS.items() if pens.get(pen)),
        "diversity": DIVERSITY_POINTS[players] * len(breeds),
        "helper": HELPER_POINTS if last_round is not None and kennel["helper_paid"] == last_round else 0,
        "resources": sum(kennel[r] for r in RESOURCES) // 3,
        "sick": -SICK_PENALTY * len(kennel["infirmary"]),
        "groups": -GROUP_PENALTY if players == 2 and {BREED_GROUP[b] for b in breeds} != {"city", "country"} else 0,
    }
    return {**parts, "total": sum(parts.values()), "healthy": len(pen_dogs(kennel))}


def final_scores(state: State) -> list[dict[str, int]]:
    """Every seat's breakdown, as FinalScored records it."""
    return [
        {"seat": seat, **breakdown(kennel, state["players"], state["last_round"])}
        for seat, kennel in enumerate(state["kennels"])
    ]


def ranking(scores: list[dict[str, int]]) -> tuple[list[int], list[int]]:
    """Seats best first and the winners: highest total, then most healthy dogs; remaining ties share."""
    key = {score["seat"]: (score["total"], score["healthy"]) for score in scores}
    order = sorted(key, key=lambda seat: (-key[seat][0], -key[seat][1], seat))
    best = key[order[0]]
    return order, [seat for seat in order if key[seat] == best]


def final_events(state: State) -> list[Event]:
    """FinalScored and GameEnded, once the last round's salaries are paid (§5.1)."""
    scores = final_scores(state)
    order, winners = ranking(scores)
    return [
        event("FinalScored", scores=scores),
        event("GameEnded", ranking=order, winners=winners, removed=state["removed"]),
    ]


def result(state: State) -> dict[str, Any] | None:
    """Scores and winners once the game has ended."""
    if state["step"] != "over":
        return None
    return {"scores": state["scores"], "winners": state["winners"]}
