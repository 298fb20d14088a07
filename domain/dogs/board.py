"""The board (§2.4) and the action board (§2.6): truck routes and their gas (R1-R3, R29), filling the paw spaces
(§3.1 step 6, §4.3 step 4) and dealing cards above the boxes (§3.1 step 8, §4.3 step 3)."""

from __future__ import annotations

import heapq
from functools import lru_cache

from domain.dogs.content import ADJACENT, AREA, BOXES, CARDS_PER_BOX, FILL_ORDER, GROUPS, PAW_SPACES, is_blocker
from domain.dogs.state import State, trucks_out


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
        for neighbour in ADJACENT[node]:
            new = cost + entry_cost(neighbour, blockers)
            if new < best.get(neighbour, 1 << 30):
                best[neighbour] = new
                heapq.heappush(heap, (new, neighbour))
    return best


def blocker_nodes(state: State) -> frozenset[str]:
    """Paw spaces holding a blocker (2 players)."""
    return frozenset(node for node, token in state["board"].items() if token and is_blocker(token))


def destinations(state: State, seat: int) -> dict[str, int]:
    """Paw spaces the truck may move to (R1-R3), with their cheapest cost."""
    kennel = state["kennels"][seat]
    taken = {state["kennels"][other]["truck"] for other in trucks_out(state)}
    costs = route_costs(kennel["truck"], blocker_nodes(state))
    return {
        node: costs[node]
        for node in PAW_SPACES
        if state["board"][node] and not is_blocker(state["board"][node]) and node not in taken
        and kennel["gas"] - costs[node] >= 1
    }


def fill_board(board: dict[str, str | None], supply: dict[str, list[str]]) -> dict[str, str]:
    """Placements for every empty paw space, in fill order, from the top of its area's supply."""
    taken = {group: 0 for group in GROUPS}
    placements = {}
    for node in FILL_ORDER:
        if board[node] is None:
            group = AREA[node]
            placements[node] = supply[group][taken[group]]
            taken[group] += 1
    return placements


def deal_boxes(deck: list[str]) -> dict[str, list[str]]:
    """Two cards above each box, in box order, from the top of the deck."""
    return {box: deck[i * CARDS_PER_BOX:(i + 1) * CARDS_PER_BOX] for i, box in enumerate(BOXES)}
