"""A Spots bot: take the roll, fill the dog it is closest to finishing, pick the tile with the most treats.

Run it: dogpark bot play examples.bots.spots:SpotsBot --game <id> --seat <n>
"""

from __future__ import annotations

import random
from typing import Any

from dogpark_client import Bot

#: The first of these move types that is legal is taken as it is.
ALWAYS = ("CompleteDogs", "AcceptRoll", "DoStep")


class SpotsBot(Bot):
    """Reads the view's state: its pack of dog cards and their open spaces, the tiles' treats."""

    def __init__(self) -> None:
        self.rng = random.Random()

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        state = view["state"]
        by_type: dict[str, list[dict[str, Any]]] = {}
        for move in legal_moves:
            by_type.setdefault(move["type"], []).append(move)
        for kind in ALWAYS:
            if kind in by_type:
                return by_type[kind][0]
        if "PlaceDie" in by_type:
            # The card with the fewest open spaces left is the nearest to a finished dog.
            pack = {card["card"]: card for card in state["seats"][state["you"]]["pack"]}

            def open_spaces(move: dict[str, Any]) -> int:
                card = pack.get(move["card"])
                return sum(space is None for space in card["spaces"].values()) if card else 99

            return min(by_type["PlaceDie"], key=open_spaces)
        if "ChooseTrick" in by_type:
            treats = {position["tile"]: position["treats"] for position in state["positions"]}
            return max(by_type["ChooseTrick"], key=lambda move: treats.get(move["tile"], 0))
        if "ChooseNumber" in by_type:
            return max(by_type["ChooseNumber"], key=lambda move: move["n"])
        return self.rng.choice(legal_moves)
