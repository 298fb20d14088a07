"""Small figures helpers: percentiles, medians, how far chance moves a ratio of percentiles, and the printed table."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of ``samples``; NaN when there are none."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil without floats drifting
    return ordered[int(rank) - 1]


def ratio_interval(
    top: Sequence[float], bottom: Sequence[float], q: float, resamples: int = 2000, seed: int = 7
) -> tuple[float, float]:
    """A 95% bootstrap interval of ``percentile(top, q) / percentile(bottom, q)``: how far chance alone moves the
    ratio with this many samples on each side (a p99 of 600 is the 6th slowest, and the 2nd to 12th are as likely)."""
    rng = random.Random(seed)
    ratios = sorted(
        percentile(rng.choices(top, k=len(top)), q) / percentile(rng.choices(bottom, k=len(bottom)), q)
        for _ in range(resamples)
    )
    return ratios[int(resamples * 0.025)], ratios[int(resamples * 0.975) - 1]


def median(samples: Sequence[float]) -> float:
    """The median of ``samples``."""
    return statistics.median(samples)


def ms(seconds: float) -> str:
    """Seconds as milliseconds with a precision that suits the size."""
    value = seconds * 1000
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def table(rows: list[tuple[str, ...]]) -> str:
    """Rows as left-aligned text columns; the first row is the header."""
    widths = [max(len(row[i]) if i < len(row) else 0 for row in rows) for i in range(max(map(len, rows)))]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)
