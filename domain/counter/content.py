"""Counter's fixed numbers (domain/rules/counter.md, Components and Options): the players, the steps, the moves."""

from __future__ import annotations

PLAYERS = 2
#: The steps a move may add.
STEPS = (1, 2)
#: How many moves a game lasts, both seats' together, unless its options say otherwise.
DEFAULT_MOVES = 1000
MAX_MOVES = 20_000
