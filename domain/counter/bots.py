"""Counter's bot: any legal move, uniformly (the game has nothing to think about)."""

from __future__ import annotations

import random

from domain.engine import Bot, Command, View


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


BOTS: dict[str, Bot] = {"random": random_bot}
