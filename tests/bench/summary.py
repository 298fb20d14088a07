"""Small figures helpers: percentiles, medians and the printed table."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of ``samples``; NaN when there are none."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    rank = max(1, -(-len(ordered) * q // 100))  # ceil without floats drifting
    return ordered[int(rank) - 1]


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
