"""Phase 2, the actions (spec §4.3): when each action is legal. One check per action, shared by decide and
legal_moves; what each action does is moves.py's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogslife.board import ADJ, FOUNTAINS, HOUSE_OF, KIND, KIOSK, LAMPPOSTS, POUND, RESTAURANTS, TRASH
from domain.dogslife.content import MAX_BLADDER, SLOTS
from domain.dogslife.state import State, address_of, is_paper
from domain.engine import Command, IllegalMove, arg, require

ITEMS = ("bone", "newspaper")


def occupants(state: State) -> dict[str, list[int]]:
    """Space -> the seats whose dogs stand there."""
    out: dict[str, list[int]] = {}
    for seat, dog in enumerate(state["seats"]):
        if dog["space"] is not None:
            out.setdefault(dog["space"], []).append(seat)
    return out


def occupied(state: State, space: str, seat: int, crowd: dict[str, list[int]]) -> bool:
    """Whether another dog or the truck is on ``space`` (the POUND space holds any number of dogs; R6)."""
    if space == POUND:
        return False
    return space == state["truck"]["cell"] or any(other != seat for other in crowd.get(space, ()))


def in_transit(state: State, seat: int) -> bool:
    """A dog on an occupied space may only move on (R18, R35)."""
    space = state["seats"][seat]["space"]
    if space == POUND:
        return False
    return space == state["truck"]["cell"] or any(
        other != seat and dog["space"] == space for other, dog in enumerate(state["seats"])
    )


def entry_problem(state: State, seat: int, space: str, crowd: dict[str, list[int]]) -> str | None:
    """Why the dog may never step onto ``space`` (rules b and c of §4.3.1), or None."""
    if space == POUND:
        return "PoundClosed"  # R7
    if KIND.get(space) == "den" and space != state["seats"][seat]["den"]:
        return "NotYourDen"  # R19
    marker = state["marks"].get(space)
    if marker is not None and marker != seat and marker in crowd.get(space, ()):
        return "BlockedByDogAndMark"  # R17
    return None


def foreign_mark(state: State, seat: int, space: str) -> bool:
    """Whether the space is a lamppost carrying another dog's mark (entering it means sniffing)."""
    marker = state["marks"].get(space)
    return marker is not None and marker != seat


def stop_path(state: State, seat: int, start: str, budget: int, crowd: dict[str, list[int]]) -> list[str] | None:
    """R18: the steps from occupied ``start`` to the nearest stopping space within ``budget`` AP, or None.

    A stopping space is an unoccupied space the dog may enter. R32 ties: the nearest one with the lowest id, and of
    the shortest paths to it the first in string order (BFS over sorted neighbours finds that one first).
    """
    came_from: dict[str, str] = {}
    frontier, seen = [start], {start}
    for _ in range(budget):
        ahead, stops = [], []
        for space in frontier:
            for neighbour in sorted(ADJ[space]):
                if neighbour in seen or entry_problem(state, seat, neighbour, crowd):
                    continue
                seen.add(neighbour)
                came_from[neighbour] = space
                if not occupied(state, neighbour, seat, crowd):
                    stops.append(neighbour)
                elif not foreign_mark(state, seat, neighbour):  # an occupied marked lamppost cannot be entered (R16)
                    ahead.append(neighbour)
        if stops:
            path = [min(stops)]
            while path[-1] in came_from:
                path.append(came_from[path[-1]])
            return path[-2::-1]  # without ``start``
        frontier = ahead
    return None


def can_stop_within(state: State, seat: int, start: str, budget: int, crowd: dict[str, list[int]]) -> bool:
    """R18: from occupied ``start``, can the dog reach an unoccupied space it may enter with ``budget`` AP?"""
    return stop_path(state, seat, start, budget, crowd) is not None


def precondition(state: State, seat: int, kind: str) -> None:
    """The common preconditions of phase 2 (§4.3): the seat's action phase, 1 AP, and only moves in transit."""
    require(state["phase"] == "actions" and state["active"] == seat, "NotYourActions", "not in your action phase")
    require(kind == "EndActions" or state["ap"] >= 1, "NoActionPoints")
    require(kind == "Move" or not in_transit(state, seat), "InTransit", "a dog passing through may only move")


def _free_slot(dog: dict[str, Any]) -> int | None:
    return next((i for i, item in enumerate(dog["slots"]) if item is None), None)


def check_move(state: State, seat: int, command: Command) -> str:
    """4.3.1: returns the destination."""
    dog = state["seats"][seat]
    to = arg(command, "to", str)
    require(to in ADJ[dog["space"]], "NotAdjacent", f"{to} is not next to {dog['space']}")
    crowd = occupants(state)
    problem = entry_problem(state, seat, to, crowd)
    if problem:
        raise IllegalMove(problem, f"cannot enter {to}")
    busy = occupied(state, to, seat, crowd)
    require(not (busy and foreign_mark(state, seat, to)), "SniffOnOccupied", "the dog would have to stop there")
    require(not busy or can_stop_within(state, seat, to, state["ap"] - 1, crowd), "NowhereToStop")
    return to


def check_search(state: State, seat: int, command: Command) -> str:
    """4.3.2: returns the can's cell."""
    cell = state["seats"][seat]["space"]
    require(cell in TRASH and cell not in state["searched"], "NoUnsearchedTrash")
    return cell


def check_beg(state: State, seat: int, command: Command) -> str:
    """4.3.3: returns the restaurant."""
    space = state["seats"][seat]["space"]
    require(space in RESTAURANTS, "NotAtRestaurant")
    require(space not in state["begged"], "AlreadyBegged", "once per restaurant per turn (R13)")
    return space


def check_take(state: State, seat: int, command: Command) -> int:
    """4.3.4: returns the slot the newspaper goes into."""
    dog = state["seats"][seat]
    require(dog["space"] == KIOSK, "NotAtKiosk")
    slot = _free_slot(dog)
    if slot is None:
        raise IllegalMove("MouthFull")
    require(bool(state["stack"]), "NoNewspapers")
    return slot


def check_deliver(state: State, seat: int, command: Command) -> int:
    """4.3.5: returns the slot of the matching newspaper."""
    dog = state["seats"][seat]
    slots = [i for i, item in enumerate(dog["slots"]) if is_paper(item) and HOUSE_OF[address_of(item)] == dog["space"]]
    require(bool(slots), "NoNewspaperForThisHouse")
    return slots[0]


def check_pick_up(state: State, seat: int, command: Command) -> tuple[str, int]:
    """4.3.6: returns the item and the slot it goes into."""
    dog = state["seats"][seat]
    item = arg(command, "item", str)
    require(item in ITEMS, "BadArgument", "item must be bone or newspaper")
    here = state["ground"].get(dog["space"], {"bones": 0, "papers": []})
    require(bool(here["bones"] if item == "bone" else here["papers"]), "NothingToPickUp")
    slot = _free_slot(dog)
    if slot is None:
        raise IllegalMove("MouthFull")
    return item, slot


def check_drop(state: State, seat: int, command: Command) -> int:
    """4.3.7: returns the slot."""
    dog = state["seats"][seat]
    slot = arg(command, "slot", int)
    require(0 <= slot < SLOTS and dog["slots"][slot] is not None, "EmptySlot")
    require(dog["slots"][slot] == "bone" or dog["space"] != KIOSK, "NoNewspaperOnKiosk")
    return slot


def check_bury(state: State, seat: int, command: Command) -> int:
    """4.3.8: returns the slot of the bone."""
    dog = state["seats"][seat]
    require(dog["space"] == dog["den"], "NotInOwnDen")
    require("bone" in dog["slots"], "NoBone")
    return dog["slots"].index("bone")


def check_drink(state: State, seat: int, command: Command) -> tuple[int, int]:
    """4.3.9: returns the bladder and reserve afterwards."""
    dog = state["seats"][seat]
    require(dog["space"] in FOUNTAINS, "NotAtFountain")
    require(dog["bladder"] < MAX_BLADDER and dog["reserve"] >= 1, "CannotDrink")
    poured = min(MAX_BLADDER - dog["bladder"], dog["reserve"])
    return dog["bladder"] + poured, dog["reserve"] - poured


def check_pee(state: State, seat: int, command: Command) -> int | None:
    """4.3.10: returns the seat whose mark is replaced, if any."""
    dog = state["seats"][seat]
    require(dog["space"] in LAMPPOSTS, "NotAtLamppost")
    require(dog["bladder"] >= 1, "EmptyBladder")
    marker = state["marks"].get(dog["space"])
    require(marker != seat, "AlreadyMarked")
    return marker


def check_attack(state: State, seat: int, command: Command) -> int:
    """4.3.11: returns the defender."""
    dog = state["seats"][seat]
    target = arg(command, "target_seat", int)
    require(0 <= target < state["players"] and target != seat, "BadTarget")
    space = state["seats"][target]["space"]
    require(space is not None and space in ADJ[dog["space"]], "NotAdjacent", "the target must be next to you")
    return target


def check_end(state: State, seat: int, command: Command) -> None:
    """4.3.13: nothing beyond the common preconditions."""


def _moves(state: State, seat: int) -> list[Command]:
    return [{"type": "Move", "to": neighbour} for neighbour in ADJ[state["seats"][seat]["space"]]]


def _attacks(state: State, seat: int) -> list[Command]:
    return [{"type": "Attack", "target_seat": target} for target in range(state["players"]) if target != seat]


def _only(kind: str) -> Callable[[State, int], list[Command]]:
    """The candidates of an action that takes no argument: the one command."""
    return lambda state, seat: [{"type": kind}]


#: An action's own check: it returns what it found (a destination, a slot, ...), which the action's effect uses.
Check = Callable[[State, int, Command], Any]

#: Command type -> (its own check, run after ``precondition``; the candidate commands legal_moves tries).
ACTIONS: dict[str, tuple[Check, Callable[[State, int], list[Command]]]] = {
    "Move": (check_move, _moves),
    "SearchTrash": (check_search, _only("SearchTrash")),
    "Beg": (check_beg, _only("Beg")),
    "TakeNewspaper": (check_take, _only("TakeNewspaper")),
    "DeliverNewspaper": (check_deliver, _only("DeliverNewspaper")),
    "PickUp": (check_pick_up, lambda state, seat: [{"type": "PickUp", "item": item} for item in ITEMS]),
    "Drop": (check_drop, lambda state, seat: [{"type": "Drop", "slot": slot} for slot in range(SLOTS)]),
    "Bury": (check_bury, _only("Bury")),
    "Drink": (check_drink, _only("Drink")),
    "Pee": (check_pee, _only("Pee")),
    "Attack": (check_attack, _attacks),
    "EndActions": (check_end, _only("EndActions")),
}
