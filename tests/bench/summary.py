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
    top: Sequence[float],
    bottom: Sequence[float],
    q: float,
    block: int = 1,
    resamples: int = 2000,
    seed: int = 7,
) -> tuple[float, float]:
    """A 95% bootstrap interval of ``percentile(top, q) / percentile(bottom, q)``: how far chance alone moves the
    ratio with this many samples on each side (a p99 of 600 is the 6th slowest, and the 2nd to 12th are as likely).

    Samples in the order they were taken are resampled in runs of ``block`` (a moving-block bootstrap): a shared
    machine's speed drifts over seconds, so neighbouring latencies are alike, and resampled one by one they would
    pass for more independent draws than they are.
    """
    rng = random.Random(seed)
    ratios = sorted(
        percentile(_resample(top, block, rng), q) / percentile(_resample(bottom, block, rng), q)
        for _ in range(resamples)
    )
    return ratios[int(resamples * 0.025)], ratios[int(resamples * 0.975) - 1]


def _resample(samples: Sequence[float], block: int, rng: random.Random) -> list[float]:
    """As many samples drawn as there are, in runs of ``block`` neighbours from random starts (wrapping at the end)."""
    count = len(samples)
    if block <= 1:
        return rng.choices(samples, k=count)
    block = min(block, count)
    wrapped = [*samples, *samples[: block - 1]]
    drawn: list[float] = []
    while len(drawn) < count:
        start = rng.randrange(count)
        drawn += wrapped[start : start + block]
    return drawn[:count]


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
