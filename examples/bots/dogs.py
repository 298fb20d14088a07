"""A DOGS bot: pen every dog it can, feed and cure all it can, pay its helper, keep gas in the truck.

Run it: dogpark bot play examples.bots.dogs:DogsBot --game <id> --seat <n>
"""

from __future__ import annotations

import random
from typing import Any

from dogpark_client import Bot

#: Moves that give up a turn's chance: taken only when nothing else is legal.
SKIPS = {"StayHome", "SkipBoxAction"}


def penned(move: dict[str, Any]) -> int:
    """The dogs an ArrangeKennel keeps in pens, less those it donates."""
    return sum(len(dogs) for dogs in move["pens"].values()) - len(move["donate"])


class DogsBot(Bot):
    """Reads the view's state: its kennel's coins, food, medicine and gas."""

    def __init__(self) -> None:
        self.rng = random.Random()

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        state = view["state"]
        kennel = state["kennels"][state["you"]]
        kind = legal_moves[0]["type"] if len({m["type"] for m in legal_moves}) == 1 else None
        if kind == "ArrangeKennel":
            return max(legal_moves, key=penned)
        if kind == "FeedDogs":
            return min(legal_moves, key=lambda move: len(move["unfed"]))
        if kind == "CureDogs":
            return max(legal_moves, key=lambda move: len(move["cures"]))
        if kind == "BuyGas":
            # A truck with little gas cannot reach the dogs: refill it while coins last.
            wanted = 2 if kennel["gas"] < 3 and kennel["coins"] > 2 else 0
            return min(legal_moves, key=lambda move: abs(move["coins"] - wanted))
        if kind == "BuySupplies":
            return max(legal_moves, key=lambda move: move["food"] + move["medicine"])
        if kind == "PaySalary":
            return min(legal_moves, key=lambda move: ["card", "coin", "none"].index(move["method"]))
        active = [move for move in legal_moves if move["type"] not in SKIPS]
        return self.rng.choice(active or legal_moves)
