"""The legal commands of section 4.9: the one place that says what the active seat may do now.

``decide`` accepts a command iff it is in this list, so the list is exact by construction. Dice lists are
given in ascending die order; that canonical order is the only one accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from domain.spots.content import DOGS
from domain.spots.state import State, actor, face_up_tiles, filled_dogs, open_dogs
from domain.spots.tricks import dig_moves, dogpile_sources, hunt_pairs, scavenge_candidates, search_sets, trot_moves

Moves = list[dict]


def _choose_action(state: State) -> Moves:
    moves = [{"type": "ChooseTrick", "tile": tile} for tile in face_up_tiles(state)]
    if filled_dogs(actor(state)):
        moves.append({"type": "CompleteDogs"})
    return moves


def _rolled(state: State) -> Moves:
    trick = state["trick"]
    moves: Moves = []
    if actor(state)["treats"] > 0:
        roll = sorted(trick["roll"])
        if trick["tile"] == "track":
            subsets = [list(c) for r in range(1, len(roll) + 1) for c in combinations(roll, r)]
        else:
            subsets = [roll]
        moves = [{"type": "SpendTreat", "dice": dice} for dice in subsets]
    return [*moves, {"type": "AcceptRoll"}]


def _select(state: State) -> Moves:
    step = state["trick"]["step"]
    if step == "fetch":
        values = sorted({state["values"][d] for d in state["trick"]["pending"]})
        return [{"type": "ChooseNumber", "n": n} for n in values]
    if step == "hunt":
        return [{"type": "KeepDice", "dice": pair} for pair in hunt_pairs(state)]
    if step == "search":
        return [{"type": "KeepDice", "dice": dice} for dice in search_sets(state)]
    candidates = scavenge_candidates(state)
    return [{"type": "DiscardDice", "dice": list(c)}
            for r in range(len(candidates) + 1) for c in combinations(candidates, r)]


def _place(state: State) -> Moves:
    seat = actor(state)
    moves: Moves = []
    for die in sorted(state["trick"]["pending"]):
        value = str(state["values"][die])
        moves += [{"type": "PlaceDie", "die": die, "card": card["card"]}
                  for card in open_dogs(seat) if card["spaces"].get(value, 0) is None]
        moves.append({"type": "BuryDie", "die": die})
    return moves


def _offer(state: State) -> Moves:
    return [{"type": "DoStep"}, {"type": "SkipStep"}]


def _set_die(state: State) -> Moves:
    return [{"type": "ChooseNumber", "n": n} for n in DOGS[state["deck"][0]].spaces]


def _set_aside(state: State) -> Moves:
    supply = len(state["supply"])
    return [{"type": "SetAside", "n": n} for n in range(min(3, supply), min(12, supply) + 1)]


_BY_PHASE: dict[str, Callable[[State], Moves]] = {
    "choose_action": _choose_action,
    "rolled": _rolled,
    "select": _select,
    "place": _place,
    "offer": _offer,
    "dig": lambda state: [*dig_moves(state), {"type": "SkipStep"}],
    "trot": lambda state: [*trot_moves(state), {"type": "SkipStep"}],
    "set_die": _set_die,
    "name_number": lambda state: [{"type": "ChooseNumber", "n": n} for n in range(1, 7)],
    "set_aside": _set_aside,
    "dogpile_take": lambda state: [{"type": "TakeDie", "die": die} for die in dogpile_sources(state)],
}


#: The commands each decision phase admits; any other known command there is a WrongPhase.
COMMANDS_BY_PHASE: dict[str, tuple[str, ...]] = {
    "choose_action": ("ChooseTrick", "CompleteDogs"),
    "rolled": ("SpendTreat", "AcceptRoll"),
    "select": ("ChooseNumber", "KeepDice", "DiscardDice"),
    "place": ("PlaceDie", "BuryDie"),
    "offer": ("DoStep", "SkipStep"),
    "dig": ("AdjustBuriedDie", "SkipStep"),
    "trot": ("MoveDie", "SkipStep"),
    "set_die": ("ChooseNumber",),
    "name_number": ("ChooseNumber",),
    "set_aside": ("SetAside",),
    "dogpile_take": ("TakeDie",),
}

#: Phases in which the active seat decides.
DECISIONS = tuple(COMMANDS_BY_PHASE)


def legal_moves(state: State, seat: int) -> Moves:
    """Every command the seat may send now; [] unless it is the active seat at a decision."""
    if state["phase"] not in _BY_PHASE or state["active"] != seat:
        return []
    return _BY_PHASE[state["phase"]](state)
