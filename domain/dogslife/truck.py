"""The dogcatcher truck's movement (spec §4.7, R27): every route of exactly the die value, on streets only."""

from __future__ import annotations

from domain.dogslife.board import STREET_ADJ


def routes(cell: str, rear: str | None, value: int) -> list[list[str]]:
    """The legal routes for a roll: no step onto the rear, no U-turn, no revisit, street cells only.

    If no route uses the whole roll the longest possible ones are returned (a defensive fallback; R27).
    """
    found: list[list[str]] = []

    def extend(path: list[str], previous: str | None) -> None:
        steps = [nb for nb in STREET_ADJ[path[-1]] if nb != previous and nb not in path] if len(path) <= value else []
        if not steps:
            found.append(path[1:])
        for nb in steps:
            extend(path + [nb], path[-1])

    extend([cell], rear)
    longest = max(len(route) for route in found)
    return [route for route in found if len(route) == longest]


def rear_after(start: str, route: list[str]) -> str:
    """The cell the truck came from on its last step."""
    return ([start, *route])[-2]
