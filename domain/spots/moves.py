"""Who acts and what they may do (spec 4.9): the seat to act, Pes's automatic turn, the legal commands, and
``decide``, which checks a command and dispatches it to its handler.

``decide`` accepts a command iff ``legal_moves`` lists it, so the list is exact by construction. Dice lists are
given in ascending die order; that canonical order is the only one accepted.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any

from domain.engine import Automatic, Command, Event, IllegalMove, Seat, require
from domain.spots import commands
from domain.spots.content import DOGS
from domain.spots.pes import PES_COMMAND, play_pes
from domain.spots.procedures import Ctx
from domain.spots.state import State, actor, face_up_tiles, filled_dogs, open_dogs
from domain.spots.tricks import dig_moves, dogpile_sources, hunt_pairs, scavenge_candidates, search_sets, trot_moves
from domain.spots.turns import advance

Moves = list[Command]


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
            subsets = [list(dice) for size in range(1, len(roll) + 1) for dice in combinations(roll, size)]
        else:
            subsets = [roll]
        moves = [{"type": "SpendTreat", "dice": dice} for dice in subsets]
    return [*moves, {"type": "AcceptRoll"}]


def _select(state: State) -> Moves:
    step = state["trick"]["step"]
    if step == "fetch":
        values = sorted({state["values"][d] for d in state["trick"]["pending"]})
        return [{"type": "ChooseNumber", "n": number} for number in values]
    if step == "hunt":
        return [{"type": "KeepDice", "dice": pair} for pair in hunt_pairs(state)]
    if step == "search":
        return [{"type": "KeepDice", "dice": dice} for dice in search_sets(state)]
    candidates = scavenge_candidates(state)
    return [{"type": "DiscardDice", "dice": list(dice)}
            for size in range(len(candidates) + 1) for dice in combinations(candidates, size)]


def _place(state: State) -> Moves:
    dogs = open_dogs(actor(state))
    moves: Moves = []
    for die in sorted(state["trick"]["pending"]):
        value = str(state["values"][die])
        moves += [{"type": "PlaceDie", "die": die, "card": card["card"]}
                  for card in dogs if card["spaces"].get(value, 0) is None]
        moves.append({"type": "BuryDie", "die": die})
    return moves


def _offer(state: State) -> Moves:
    return [{"type": "DoStep"}, {"type": "SkipStep"}]


def _set_die(state: State) -> Moves:
    return [{"type": "ChooseNumber", "n": number} for number in DOGS[state["deck"][0]].spaces]


def _set_aside(state: State) -> Moves:
    supply = len(state["supply"])
    return [{"type": "SetAside", "n": count} for count in range(min(3, supply), min(12, supply) + 1)]


_BY_PHASE: dict[str, Callable[[State], Moves]] = {
    "choose_action": _choose_action,
    "rolled": _rolled,
    "select": _select,
    "place": _place,
    "offer": _offer,
    "dig": lambda state: [*dig_moves(state), {"type": "SkipStep"}],
    "trot": lambda state: [*trot_moves(state), {"type": "SkipStep"}],
    "set_die": _set_die,
    "name_number": lambda state: [{"type": "ChooseNumber", "n": number} for number in range(1, 7)],
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


def to_act(state: State) -> list[int]:
    """The active seat while it has a decision to make."""
    return [state["active"]] if state["phase"] in DECISIONS else []


def automatic(state: State) -> list[Automatic]:
    """Pes's turn, due at once, in solo games (4.8)."""
    if state["phase"] != "pes":
        return []
    return [{"command": dict(PES_COMMAND), "delay": 0, "since": state["since"]}]


def legal_moves(state: State, seat: int) -> Moves:
    """Every command the seat may send now; [] unless it is the active seat at a decision."""
    if state["phase"] not in _BY_PHASE or state["active"] != seat:
        return []
    return _BY_PHASE[state["phase"]](state)


#: What each command does once it is found legal.
HANDLERS: dict[str, Callable[[Ctx, Command], None]] = {
    "ChooseTrick": commands.choose_trick,
    "CompleteDogs": commands.complete_dogs,
    "SpendTreat": commands.spend_treat,
    "AcceptRoll": commands.accept_roll,
    "ChooseNumber": commands.choose_number,
    "KeepDice": commands.keep_dice,
    "DiscardDice": commands.discard_dice,
    "PlaceDie": commands.place_die,
    "BuryDie": commands.bury_die,
    "DoStep": commands.do_step,
    "SkipStep": commands.skip_step,
    "MoveDie": commands.move_die,
    "AdjustBuriedDie": commands.adjust_buried_die,
    "SetAside": commands.set_aside,
    "TakeDie": commands.take_die,
}


def decide(state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
    """The events a command causes, automatic follow-ups included (4.1 item 4); IllegalMove if it is not legal."""
    return _decided(state, seat, command, rng, own=False).events


def apply(state: State, seat: Seat, command: Command, rng: random.Random) -> tuple[list[Event], State]:
    """``decide`` worked out on ``state`` itself (the caller's own): the command's events, and the state after."""
    ctx = _decided(state, seat, command, rng, own=True)
    return ctx.events, ctx.state


def _decided(state: State, seat: Seat, command: Command, rng: random.Random, own: bool) -> Ctx:
    """The command checked, then played out on a working state (``state`` itself if ``own``) with its follow-ups."""
    require(state["phase"] != "ended", "GameOver")
    if seat is None:
        require(state["phase"] == "pes" and command == PES_COMMAND, "NotAutomatic", "no system step is due")
        ctx = Ctx(state, rng, own=own)
        play_pes(ctx)
    else:
        _check(state, seat, command)
        ctx = Ctx(state, rng, own=own)
        HANDLERS[command["type"]](ctx, command)
    advance(ctx)
    return ctx


def _check(state: State, seat: int, command: Command) -> None:
    """Raise IllegalMove unless the command is one of the seat's legal moves, with the rule it breaks."""
    # The details are formatted only on a refusal: this runs on every command a search plays.
    require(isinstance(command, dict), "BadCommand", "a command is an object")
    kind = command.get("type")
    if not (isinstance(kind, str) and kind in HANDLERS):
        raise IllegalMove("UnknownCommand", f"no command {kind!r}")
    phase = state["phase"]
    require(phase in DECISIONS and seat == state["active"], "NotYourTurn")
    if kind not in COMMANDS_BY_PHASE[phase]:
        raise IllegalMove("WrongPhase", f"{kind} is not allowed in {phase}")
    for name, value in command.items():
        if name != "type" and not _plain(value):
            raise IllegalMove("BadArgument", f"'{name}' has the wrong type")
    if command not in legal_moves(state, seat):
        raise IllegalMove(_refusal(state, command), f"{command!r} is not legal now")


def _plain(value: Any) -> bool:
    """Arguments are integers, tile ids, or lists of integers; bools and floats are never integers."""
    if isinstance(value, list):
        return all(isinstance(item, int) and not isinstance(item, bool) for item in value)
    return (isinstance(value, int) and not isinstance(value, bool)) or isinstance(value, str)


#: Why a well-typed command of the right phase that no legal move matches is refused, by command type.
_REFUSALS = {
    "ChooseTrick": "TileNotAvailable", "CompleteDogs": "NothingToComplete", "BuryDie": "NotPending",
    "ChooseNumber": "BadNumber", "KeepDice": "BadSelection", "DiscardDice": "BadSelection",
    "TakeDie": "BadSelection", "AdjustBuriedDie": "BadDigTarget", "SetAside": "BadSetAsideCount",
    "MoveDie": "BadMove",
}


def _refusal(state: State, command: Command) -> str:
    """Why a well-typed command of the right phase is still not legal (its rejection reason)."""
    kind = command["type"]
    if kind == "SpendTreat":
        if actor(state)["treats"] == 0:
            return "NoTreats"
        return "BadSelection" if state["trick"]["tile"] == "track" else "MustRerollAll"
    if kind == "PlaceDie":
        if command.get("die") not in state["trick"]["pending"]:
            return "NotPending"
        return "NoMatchingSpace"
    return _REFUSALS.get(kind, "BadArgument")
