"""Phase 3, the dogcatcher truck (spec §4.7): its routes (R27), the roll, the drive and who it catches."""

from __future__ import annotations

from functools import cache

from domain.dogslife.board import ADJ, STREET_ADJ
from domain.dogslife.cards import draw
from domain.dogslife.pound import send_to_pound
from domain.dogslife.state import Play
from domain.dogslife.turns import end_turn


def routes(cell: str, rear: str | None, value: int) -> list[list[str]]:
    """The legal routes for a roll: no step onto the rear, no U-turn, no revisit, street cells only.

    If no route uses the whole roll the longest possible ones are returned (a defensive fallback; R27).
    """
    return [list(route) for route in _routes(cell, rear, value)]


@cache
def _routes(cell: str, rear: str | None, value: int) -> tuple[tuple[str, ...], ...]:
    # The streets never change, so each (cell, rear, roll) is searched once; a search every truck phase was about a
    # twentieth of a random playout's time. Tuples, so that no caller can change what is remembered.
    found: list[list[str]] = []

    def extend(path: list[str], previous: str | None) -> None:
        steps = [nb for nb in STREET_ADJ[path[-1]] if nb != previous and nb not in path] if len(path) <= value else []
        if not steps:
            found.append(path[1:])
        for nb in steps:
            extend(path + [nb], path[-1])

    extend([cell], rear)
    longest = max(len(route) for route in found)
    return tuple(tuple(route) for route in found if len(route) == longest)


def rear_after(start: str, route: list[str]) -> str:
    """The cell the truck came from on its last step."""
    return ([start, *route])[-2]


def roll_truck(play: Play) -> None:
    """§4.7 steps 1-3: roll; a forced route (or a server choosing at once) moves the truck now."""
    state = play.state
    value = play.rng.randint(1, 6)
    options = routes(state["truck"]["cell"], state["truck"]["rear"], value)
    play.emit("TruckDieRolled", seat=state["active"], value=value, routes=options)
    if len(options) == 1:
        move_truck(play, options[0], "forced")
    elif state["options"]["route_deadline_seconds"] == 0:
        move_truck(play, play.rng.choice(options), "server")


def move_truck(play: Play, route: list[str], chosen_by: str) -> None:
    """§4.7 steps 3-6: drive the route, catch the dog on the end cell, check the adjacent ones, end the turn."""
    state = play.state
    start, to = state["truck"]["cell"], route[-1]
    play.emit("TruckRouteChosen", route=route, chosen_by=chosen_by)
    play.emit("TruckMoved", route=route, to=to, rear=rear_after(start, route), **{"from": start})
    order = [(state["active"] + i) % state["players"] for i in range(state["players"])]
    for seat in order:
        if play.seat(seat)["space"] == to:
            play.emit("DogCaught", seat=seat, cell=to)
            send_to_pound(play, seat, "truck")
    for seat in order:
        dog = play.seat(seat)
        if dog["space"] in ADJ[to] and dog["space"] != dog["den"]:
            result = draw(play, seat, "escape")
            play.emit("EscapeChecked", seat=seat, result=result)
            if result == "caught":
                send_to_pound(play, seat, "truck")
    end_turn(play, state["active"])
