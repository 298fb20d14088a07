"""What a search's evaluation of a state, for a playout cut short, ends with: a lead turned into a chance."""

from __future__ import annotations

import math
from collections.abc import Sequence


def contest(points: Sequence[float], seat: int, scale: float) -> float:
    """``seat``'s chance of winning from its points' lead over its best rival, a logistic of the lead in units of
    ``scale``."""
    others = [other for index, other in enumerate(points) if index != seat]
    lead = points[seat] - max(others) if others else 0.0
    return 1.0 / (1.0 + math.exp(-lead / scale))
