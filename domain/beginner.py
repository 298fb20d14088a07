"""A beginner's bot: a game's greedy bot that plays one move in four at random, the bottom of the bot levels."""

from __future__ import annotations

import random

from domain.engine import Bot, Command, View

#: The share of a beginner's moves that are any legal move.
SLIPS = 0.25


def beginner(greedy: Bot) -> Bot:
    """``greedy``, except that one move in four (drawn first) is a uniformly random legal move."""

    def play(view: View, legal: list[Command], rng: random.Random) -> Command:
        """A random legal move one time in four, else greedy's."""
        return rng.choice(legal) if rng.random() < SLIPS else greedy(view, legal, rng)

    return play
