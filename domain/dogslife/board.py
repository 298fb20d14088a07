"""The city board (spec §2.2): street cells, buildings as single spaces, features and adjacency."""

from __future__ import annotations

from collections import deque
from typing import Any

from domain.dogslife.content import BOARD_DATA, DOGS, card_name

COLS: str = BOARD_DATA["cols"]
ROWS: int = BOARD_DATA["rows"]
TRUCK_START: str = BOARD_DATA["truck_start"]
POUND_EXIT: str = BOARD_DATA["pound_exit"]
POUND = "POUND"
KIOSK = "KIOSK"


def cell_id(x: int, y: int) -> str:
    """The id of the cell in column x (0-based) and row y (1-based)."""
    return f"{COLS[x]}{y}"


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
    return [cell_id(a, b) for a, b in around if 0 <= a < len(COLS) and 1 <= b <= ROWS and cell_id(a, b) in STREETS]


#: Street cell -> its street neighbours (what the truck drives on).
STREET_ADJ: dict[str, list[str]] = {cell: _street_neighbours(cell) for cell in sorted(STREETS)}


def _adjacency() -> dict[str, list[str]]:
    adj = {cell: list(nbs) for cell, nbs in STREET_ADJ.items()}
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
        touching = {c for f in FOOTPRINT[name] for c in _street_neighbours(f)}
        if not set(entrances) <= touching:
            raise ValueError(f"{name}: an entrance is not a street cell next to the footprint")
    features = [TRASH, LAMPPOSTS, FOUNTAINS]
    if any(not f <= STREETS for f in features) or sum(map(len, features)) != len(set().union(*features)):
        raise ValueError("features must lie on distinct street cells")
    if sorted(HOUSE_OF) != list(range(1, 13)):
        raise ValueError("houses must be HOUSE1..HOUSE12")


_check()


def static_content() -> dict[str, Any]:
    """Every space with its drawing coordinates and adjacency, the newspaper addresses, the dogs and their cards."""
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
        if space_id in STREETS:
            what = {"kind": "street", "feature": features.get(space_id)}
        else:
            what = {"kind": KIND[space_id], "footprint": cells, "entrances": ENTRANCES[space_id]}
        return {"id": space_id, **what, **where, "adjacent": ADJ[space_id]}

    return {
        "board": {
            "width": len(COLS),
            "height": ROWS,
            "columns": COLS,
            "spaces": [space(space_id) for space_id in SPACES],
            "truck_start": TRUCK_START,
            "pound_exit": POUND_EXIT,
        },
        "newspapers": [{"address": address, "house": HOUSE_OF[address]} for address in ADDRESSES],
        "dogs": [{"id": dog.id, "name": dog.breed, "ap": dog.ap, "deck": dog.deck} for dog in DOGS.values()],
        "cards": [
            card
            for dog in DOGS.values()
            for card in [
                {"id": dog.shuffle_card, "dog": dog.id, "name": card_name(dog.shuffle_card), "shuffle": True},
                *(
                    {"id": card_id, "dog": dog.id, "name": card_name(card_id), "shuffle": False, **card}
                    for card_id, card in dog.cards.items()
                ),
            ]
        ],
    }


def distances(start: str, passable: set[str] | frozenset[str] | None = None) -> dict[str, int]:
    """AP distance from ``start`` to every space reachable through ``passable`` spaces (all when None)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for nb in ADJ[space]:
            if nb not in dist and (passable is None or nb in passable):
                dist[nb] = dist[space] + 1
                queue.append(nb)
    return dist
