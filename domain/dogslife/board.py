"""The city board (spec §2.2): street cells, buildings as single spaces, features and adjacency.

Loaded from ``content/board.json`` and checked at import.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any


def _load_board() -> dict[str, Any]:
    raw = json.loads((Path(__file__).parent / "content" / "board.json").read_text(encoding="utf-8"))
    cells = {f"{column}{row}" for column in raw["cols"] for row in range(1, raw["rows"] + 1)}
    for name, (_kind, footprint, entrances) in raw["buildings"].items():
        if not set(footprint) <= cells or not set(entrances) <= cells:
            raise ValueError(f"{name}: cells off the board")
    return raw


BOARD_DATA: dict[str, Any] = _load_board()
COLS: str = BOARD_DATA["cols"]
ROWS: int = BOARD_DATA["rows"]
TRUCK_START: str = BOARD_DATA["truck_start"]
POUND_EXIT: str = BOARD_DATA["pound_exit"]
POUND = "POUND"
KIOSK = "KIOSK"


def cell_id(column: int, row: int) -> str:
    """The id of the cell in ``column`` (0-based) and ``row`` (1-based)."""
    return f"{COLS[column]}{row}"


def coords(cell: str) -> tuple[int, int]:
    """(x, y) of a cell id: x 0-based from the left, y 1-based from the top."""
    return COLS.index(cell[0]), int(cell[1:])


STREETS: frozenset[str] = frozenset(
    cell_id(x, y)
    for x in range(len(COLS))
    for y in range(1, ROWS + 1)
    if COLS[x] in BOARD_DATA["street_cols"] or y in BOARD_DATA["street_rows"]
)
TRASH: frozenset[str] = frozenset(BOARD_DATA["trash"])
LAMPPOSTS: frozenset[str] = frozenset(BOARD_DATA["lampposts"])
FOUNTAINS: frozenset[str] = frozenset(BOARD_DATA["fountains"])

#: Building space id -> its kind (den, pound, kiosk, restaurant, house).
KIND: dict[str, str] = {name: spec[0] for name, spec in BOARD_DATA["buildings"].items()}
FOOTPRINT: dict[str, list[str]] = {name: spec[1] for name, spec in BOARD_DATA["buildings"].items()}
ENTRANCES: dict[str, list[str]] = {name: spec[2] for name, spec in BOARD_DATA["buildings"].items()}
DENS: list[str] = sorted(name for name, kind in KIND.items() if kind == "den")
RESTAURANTS: frozenset[str] = frozenset(name for name, kind in KIND.items() if kind == "restaurant")
#: Newspaper address n -> the house it is delivered to.
HOUSE_OF: dict[int, str] = {int(name[5:]): name for name, kind in KIND.items() if kind == "house"}
ADDRESSES: list[int] = sorted(HOUSE_OF)


def _street_neighbours(cell: str) -> list[str]:
    x, y = coords(cell)
    around = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
    return [
        cell_id(column, row)
        for column, row in around
        if 0 <= column < len(COLS) and 1 <= row <= ROWS and cell_id(column, row) in STREETS
    ]


#: Street cell -> its street neighbours (what the truck drives on).
STREET_ADJ: dict[str, list[str]] = {cell: _street_neighbours(cell) for cell in sorted(STREETS)}


def _adjacency() -> dict[str, list[str]]:
    adj = {cell: list(neighbours) for cell, neighbours in STREET_ADJ.items()}
    for name, entrances in ENTRANCES.items():
        adj[name] = list(entrances)
        for cell in entrances:
            adj[cell].append(name)
    return adj


#: Space -> adjacent spaces: street neighbours, plus building <-> each of its entrance cells (rule b).
ADJ: dict[str, list[str]] = _adjacency()
SPACES: list[str] = sorted(ADJ)


def _check() -> None:
    if len(STREETS) != 80:
        raise ValueError(f"the board needs 80 street cells, not {len(STREETS)}")
    for name, entrances in ENTRANCES.items():
        touching = {cell for part in FOOTPRINT[name] for cell in _street_neighbours(part)}
        if not set(entrances) <= touching:
            raise ValueError(f"{name}: an entrance is not a street cell next to the footprint")
    features = [TRASH, LAMPPOSTS, FOUNTAINS]
    if any(not cells <= STREETS for cells in features) or sum(map(len, features)) != len(set().union(*features)):
        raise ValueError("features must lie on distinct street cells")
    if sorted(HOUSE_OF) != list(range(1, 13)):
        raise ValueError("houses must be HOUSE1..HOUSE12")


_check()


def board_content() -> dict[str, Any]:
    """Every space with its drawing coordinates and adjacency, the truck's start and the pound's exit."""
    features = {
        **dict.fromkeys(TRASH, "trash"),
        **dict.fromkeys(LAMPPOSTS, "lamppost"),
        **dict.fromkeys(FOUNTAINS, "fountain"),
    }

    def space(space_id: str) -> dict[str, Any]:
        cells = FOOTPRINT.get(space_id, [space_id])
        # x, y: the centre of the space's cells, each a unit square (column x, row y from 1), y down, as SVG draws.
        centres = [(x + 0.5, y - 0.5) for x, y in map(coords, cells)]
        where = {"x": sum(x for x, _ in centres) / len(cells), "y": sum(y for _, y in centres) / len(cells)}
        what: dict[str, Any]
        if space_id in STREETS:
            what = {"kind": "street", "feature": features.get(space_id)}
        else:
            what = {"kind": KIND[space_id], "footprint": cells, "entrances": ENTRANCES[space_id]}
        return {"id": space_id, **what, **where, "adjacent": ADJ[space_id]}

    return {
        "width": len(COLS),
        "height": ROWS,
        "columns": COLS,
        "spaces": [space(space_id) for space_id in SPACES],
        "truck_start": TRUCK_START,
        "pound_exit": POUND_EXIT,
    }


def distances(start: str, passable: set[str] | frozenset[str] | None = None) -> dict[str, int]:
    """AP distance from ``start`` to every space reachable through ``passable`` spaces (all when None)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for neighbour in ADJ[space]:
            if neighbour not in dist and (passable is None or neighbour in passable):
                dist[neighbour] = dist[space] + 1
                queue.append(neighbour)
    return dist
