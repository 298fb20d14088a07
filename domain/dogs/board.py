"""Truck movement on the board graph: cheapest routes with node-entry costs (R1, R29)."""

from __future__ import annotations

import heapq
from functools import lru_cache

from domain.dogs.content import ADJACENT


def entry_cost(node: str, blockers: frozenset[str]) -> int:
    """Gas to enter ``node``: 1, or 2 when a blocker stands on it (2 players)."""
    return 2 if node in blockers else 1


@lru_cache(maxsize=4096)
def route_costs(start: str, blockers: frozenset[str] = frozenset()) -> dict[str, int]:
    """Cheapest gas cost from ``start`` to every node; the start node is free."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best[node]:
            continue
        for nxt in ADJACENT[node]:
            new = cost + entry_cost(nxt, blockers)
            if new < best.get(nxt, 1 << 30):
                best[nxt] = new
                heapq.heappush(heap, (new, nxt))
    return best
