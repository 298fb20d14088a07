"""Phase 2, the actions (spec §4.3): when each action is legal. One check per action, shared by decide and
legal_moves; what each action does is moves.py's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogslife.board import ADJ, FOUNTAINS, HOUSE_OF, KIND, KIOSK, LAMPPOSTS, POUND, RESTAURANTS, TRASH
from domain.dogslife.content import MAX_BLADDER
from domain.dogslife.state import State, address_of, is_paper
from domain.engine import Command, IllegalMove, arg, require

ITEMS = ("bone", "newspaper")

#: An action's own check: it returns what it found (a destination, a slot, ...), which the action's effect uses.
Check = Callable[[State, int, Command], Any]
#: The commands of an action that legal_moves tries with its check.
Candidates = Callable[[State, int], list[Command]]


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
    problem = barred(state, kind, in_transit(state, seat))
    if problem:
        raise problem


def barred(state: State, kind: str, transit: bool) -> IllegalMove | None:
    """Why the active seat may not take an action of ``kind`` at all now (1 AP; only moves in transit), or None.

    ``transit`` is ``in_transit`` for the seat, which legal_moves finds once for every kind.
    """
    if kind != "EndActions" and state["ap"] < 1:
        return IllegalMove("NoActionPoints")
    if kind != "Move" and transit:
        return IllegalMove("InTransit", "a dog passing through may only move")
    return None


def _free_slot(dog: dict[str, Any]) -> int | None:
    return next((i for i, item in enumerate(dog["slots"]) if item is None), None)


# Where an action can be taken at all: each check refuses first what its predicate here refuses, and legal_moves
# offers an action only where its predicate holds (a refused candidate costs a raised IllegalMove).


def _at_unsearched_trash(state: State, seat: int) -> bool:
    cell = state["seats"][seat]["space"]
    return cell in TRASH and cell not in state["searched"]


def _at_restaurant(state: State, seat: int) -> bool:
    return state["seats"][seat]["space"] in RESTAURANTS


def _at_kiosk(state: State, seat: int) -> bool:
    return state["seats"][seat]["space"] == KIOSK


def _in_own_den(state: State, seat: int) -> bool:
    dog = state["seats"][seat]
    return dog["space"] == dog["den"]


def _at_fountain(state: State, seat: int) -> bool:
    return state["seats"][seat]["space"] in FOUNTAINS


def _at_lamppost(state: State, seat: int) -> bool:
    return state["seats"][seat]["space"] in LAMPPOSTS


def _deliverable(state: State, seat: int) -> list[int]:
    """The slots of the newspapers addressed to the house the dog stands at."""
    dog = state["seats"][seat]
    return [i for i, item in enumerate(dog["slots"]) if is_paper(item) and HOUSE_OF[address_of(item)] == dog["space"]]


def _lying_here(state: State, seat: int, item: str) -> bool:
    here = state["ground"].get(state["seats"][seat]["space"], {"bones": 0, "papers": []})
    return bool(here["bones"] if item == "bone" else here["papers"])


def _held(state: State, seat: int) -> list[int]:
    """The slots that hold something."""
    return [slot for slot, item in enumerate(state["seats"][seat]["slots"]) if item is not None]


def _next_to(state: State, seat: int, target: int) -> bool:
    space = state["seats"][target]["space"]
    return space is not None and space in ADJ[state["seats"][seat]["space"]]


def check_move(state: State, seat: int, command: Command) -> str:
    """4.3.1: returns the destination."""
    dog = state["seats"][seat]
    to = arg(command, "to", str)
    if to not in ADJ[dog["space"]]:
        raise IllegalMove("NotAdjacent", f"{to} is not next to {dog['space']}")
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
    require(_at_unsearched_trash(state, seat), "NoUnsearchedTrash")
    return state["seats"][seat]["space"]


def check_beg(state: State, seat: int, command: Command) -> str:
    """4.3.3: returns the restaurant."""
    require(_at_restaurant(state, seat), "NotAtRestaurant")
    space = state["seats"][seat]["space"]
    require(space not in state["begged"], "AlreadyBegged", "once per restaurant per turn (R13)")
    return space


def check_take(state: State, seat: int, command: Command) -> int:
    """4.3.4: returns the slot the newspaper goes into."""
    require(_at_kiosk(state, seat), "NotAtKiosk")
    slot = _free_slot(state["seats"][seat])
    if slot is None:
        raise IllegalMove("MouthFull")
    require(bool(state["stack"]), "NoNewspapers")
    return slot


def check_deliver(state: State, seat: int, command: Command) -> int:
    """4.3.5: returns the slot of the matching newspaper."""
    slots = _deliverable(state, seat)
    require(bool(slots), "NoNewspaperForThisHouse")
    return slots[0]


def check_pick_up(state: State, seat: int, command: Command) -> tuple[str, int]:
    """4.3.6: returns the item and the slot it goes into."""
    item = arg(command, "item", str)
    require(item in ITEMS, "BadArgument", "item must be bone or newspaper")
    require(_lying_here(state, seat, item), "NothingToPickUp")
    slot = _free_slot(state["seats"][seat])
    if slot is None:
        raise IllegalMove("MouthFull")
    return item, slot


def check_drop(state: State, seat: int, command: Command) -> int:
    """4.3.7: returns the slot."""
    dog = state["seats"][seat]
    slot = arg(command, "slot", int)
    require(slot in _held(state, seat), "EmptySlot")
    require(dog["slots"][slot] == "bone" or dog["space"] != KIOSK, "NoNewspaperOnKiosk")
    return slot


def check_bury(state: State, seat: int, command: Command) -> int:
    """4.3.8: returns the slot of the bone."""
    dog = state["seats"][seat]
    require(_in_own_den(state, seat), "NotInOwnDen")
    require("bone" in dog["slots"], "NoBone")
    return dog["slots"].index("bone")


def check_drink(state: State, seat: int, command: Command) -> tuple[int, int]:
    """4.3.9: returns the bladder and reserve afterwards."""
    dog = state["seats"][seat]
    require(_at_fountain(state, seat), "NotAtFountain")
    require(dog["bladder"] < MAX_BLADDER and dog["reserve"] >= 1, "CannotDrink")
    poured = min(MAX_BLADDER - dog["bladder"], dog["reserve"])
    return dog["bladder"] + poured, dog["reserve"] - poured


def check_pee(state: State, seat: int, command: Command) -> int | None:
    """4.3.10: returns the seat whose mark is replaced, if any."""
    dog = state["seats"][seat]
    require(_at_lamppost(state, seat), "NotAtLamppost")
    require(dog["bladder"] >= 1, "EmptyBladder")
    marker = state["marks"].get(dog["space"])
    require(marker != seat, "AlreadyMarked")
    return marker


def check_attack(state: State, seat: int, command: Command) -> int:
    """4.3.11: returns the defender."""
    target = arg(command, "target_seat", int)
    require(0 <= target < state["players"] and target != seat, "BadTarget")
    require(_next_to(state, seat, target), "NotAdjacent", "the target must be next to you")
    return target


def check_end(state: State, seat: int, command: Command) -> None:
    """4.3.13: nothing beyond the common preconditions."""


def _moves(state: State, seat: int) -> list[Command]:
    return [{"type": "Move", "to": neighbour} for neighbour in ADJ[state["seats"][seat]["space"]]]


def _pick_ups(state: State, seat: int) -> list[Command]:
    return [{"type": "PickUp", "item": item} for item in ITEMS if _lying_here(state, seat, item)]


def _drops(state: State, seat: int) -> list[Command]:
    return [{"type": "Drop", "slot": slot} for slot in _held(state, seat)]


def _attacks(state: State, seat: int) -> list[Command]:
    return [
        {"type": "Attack", "target_seat": target}
        for target in range(state["players"])
        if target != seat and _next_to(state, seat, target)
    ]


def _only(kind: str, where: Callable[[State, int], Any] = lambda state, seat: True) -> Candidates:
    """The candidates of an action that takes no argument: the one command, where ``where`` holds."""
    return lambda state, seat: [{"type": kind}] if where(state, seat) else []


#: Command type -> (its own check, run after ``precondition``; the candidate commands legal_moves tries).
ACTIONS: dict[str, tuple[Check, Candidates]] = {
    "Move": (check_move, _moves),
    "SearchTrash": (check_search, _only("SearchTrash", _at_unsearched_trash)),
    "Beg": (check_beg, _only("Beg", _at_restaurant)),
    "TakeNewspaper": (check_take, _only("TakeNewspaper", _at_kiosk)),
    "DeliverNewspaper": (check_deliver, _only("DeliverNewspaper", _deliverable)),
    "PickUp": (check_pick_up, _pick_ups),
    "Drop": (check_drop, _drops),
    "Bury": (check_bury, _only("Bury", _in_own_den)),
    "Drink": (check_drink, _only("Drink", _at_fountain)),
    "Pee": (check_pee, _only("Pee", _at_lamppost)),
    "Attack": (check_attack, _attacks),
    "EndActions": (check_end, _only("EndActions")),
}
