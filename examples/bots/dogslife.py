"""A Dog's Life bot: roam to new places, take what it finds, and carry bones home along its own trail.

It needs no map: it remembers the spaces it walked through since it left its den, and walks back the same way.
Run it: dogpark bot play examples.bots.dogslife:DogsLifeBot --game <id> --seat <n>
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from dogpark_client import Bot

#: Taken whenever legal, most useful first.
ACTIONS = ("Bury", "DeliverNewspaper", "SearchTrash", "Beg")


class DogsLifeBot(Bot):
    """Reads the view's state: its dog's space, den and what it carries."""

    def __init__(self) -> None:
        self.rng = random.Random()
        self.trail: list[str] = []
        self.visits: Counter[str] = Counter()

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        dog = view["state"]["seats"][view["state"]["you"]]
        self._walked(dog["space"], dog["den"])
        by_type: dict[str, list[dict[str, Any]]] = {}
        for move in legal_moves:
            by_type.setdefault(move["type"], []).append(move)
        for kind in ACTIONS:
            if kind in by_type:
                return by_type[kind][0]
        if {"type": "PickUp", "item": "bone"} in legal_moves:
            return {"type": "PickUp", "item": "bone"}
        moves = {move["to"]: move for move in by_type.get("Move", [])}
        if "bone" in dog["carrying"] and len(self.trail) > 1 and self.trail[-2] in moves:
            return moves[self.trail[-2]]
        if moves:
            return moves[min(moves, key=lambda space: (self.visits[space], self.rng.random()))]
        return by_type.get("EndActions", legal_moves)[0]

    def _walked(self, space: str, den: str) -> None:
        """Keep the trail home: cut it at a space met again, start it afresh where the dog was carried off to."""
        self.visits[space] += 1
        if space == den:
            self.trail = [den]
        elif space in self.trail:
            del self.trail[self.trail.index(space) + 1 :]
        elif self.trail and self.trail[0] == den:
            self.trail.append(space)
        else:
            self.trail = [space]
