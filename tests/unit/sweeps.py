"""Sweeps over seeded games, sampled in `make test` and whole in `make soak`: which points of a game are checked."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

#: A sweep checks, in `make test`, every STRIDE-th decision (or event) of each game and the first of each kind; in
#: `make soak` (the ``slow`` marker), every one. The same game is played either way.
STRIDE = 6
SWEEPS = [pytest.param(STRIDE, id="sampled"), pytest.param(1, id="every", marks=pytest.mark.slow)]


class Sample:
    """Which points of a game a sweep checks: every ``stride``-th, and the first of each kind, so that a sampled game
    still checks every kind of decision (the set of move types offered) or event (its type) that it meets."""

    def __init__(self, stride: int) -> None:
        self.stride = stride
        self.met: set[Hashable] = set()
        self.seen = 0
        self.checked = 0

    def takes(self, kind: Hashable) -> bool:
        """Whether to check this point of the game, of kind ``kind`` (asked at every point, so that the count holds)."""
        self.seen += 1
        new = kind not in self.met
        self.met.add(kind)
        taken = new or self.seen % self.stride == 0
        self.checked += taken
        return taken


def offered(legal: list[dict[str, Any]]) -> frozenset[str]:
    """The kind of a decision: the types of the moves it offers."""
    return frozenset(move["type"] for move in legal)
