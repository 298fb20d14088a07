"""Who acts and what they may do (spec 4.9): the seat to act, Pes's automatic turn, the legal commands, and
``decide``, which checks a command and dispatches it to its handler.

``decide`` accepts a command iff ``legal_moves`` lists it, so the list is exact by construction. Dice lists are
given in ascending die order; that canonical order is the only one accepted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from domain.engine import Automatic, Command, Event, IllegalMove, Seat, require
from domain.spots import commands
from domain.spots.content import DOGS
from domain.spots.pes import PES_COMMAND, play_pes
from domain.spots.procedures import Ctx
from domain.spots.state import SPACE_KEYS, State, actor, face_up_tiles, has_filled_dog, open_dogs
from domain.spots.tricks import dig_moves, dogpile_sources, hunt_pairs, scavenge_candidates, search_sets, trot_moves
from domain.spots.turns import advance

Moves = list[Command]


def _choose_action(state: State) -> Moves:
    moves = [{"type": "ChooseTrick", "tile": tile} for tile in face_up_tiles(state)]
    if has_filled_dog(actor(state)):
        moves.append({"type": "CompleteDogs"})
    return moves


def _rolled(state: State) -> Moves:
    trick = state["trick"]
    if not actor(state)["treats"]:
        return [{"type": "AcceptRoll"}]
    roll = sorted(trick["roll"])
    if trick["tile"] != "track":
        return [{"type": "SpendTreat", "dice": roll}, {"type": "AcceptRoll"}]
    subsets = [list(dice) for size in range(1, len(roll) + 1) for dice in combinations(roll, size)]
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
    spaces = [(card["card"], card["spaces"]) for card in open_dogs(actor(state))]
    values = state["values"]
    moves: Moves = []
    for die in sorted(state["trick"]["pending"]):
        value = SPACE_KEYS[values[die]]
        for card, space in spaces:
            if space.get(value, 0) is None:
                moves.append({"type": "PlaceDie", "die": die, "card": card})
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
DECISIONS = frozenset(COMMANDS_BY_PHASE)


def to_act(state: State) -> list[int]:
    """The active seat while it has a decision to make."""
    return [state["active"]] if state["phase"] in DECISIONS else []


def automatic(state: State) -> list[Automatic]:
    """Pes's turn, due at once, in solo games (4.8)."""
    if state["phase"] != "pes":
        return []
    return [{"command": dict(PES_COMMAND), "delay": 0, "since": state["since"]}]


#: The moves ``legal_moves`` listed last, with the state they were listed for (that very object, at that count of
#: events) and the seat. A search lists a state's moves, then plays one of them on that state by ``apply``, which
#: finds that very move among these and checks no more (listing them again cost 8% of a random playout's
#: instructions, checking the move among them 3.5%); ``decide``, the server's, lists them afresh and checks the
#: command against them. A state changes only by its events, which ``since`` counts.
_LAST_LISTED: list[tuple[State | None, int, int, tuple[Command, ...]]] = [(None, 0, 0, ())]


def legal_moves(state: State, seat: int) -> Moves:
    """Every command the seat may send now; [] unless it is the active seat at a decision."""
    listing = _BY_PHASE.get(state["phase"])
    if listing is None or state["active"] != seat:
        return []
    moves = listing(state)
    _LAST_LISTED[0] = (state, state["since"], seat, tuple(moves))
    return moves


def _was_listed(state: State, seat: int, command: Command) -> bool:
    """True when ``command`` is the very object of a move ``legal_moves`` listed last, for this state as it is now and
    this seat: legal as listed, with no check to run (a search's playout plays the moves it listed)."""
    listed, since, by, moves = _LAST_LISTED[0]
    if listed is state and since == state["since"] and by == seat:
        for move in moves:  # by identity: an equal dict may hold a bool or a float where the move holds an int
            if move is command:
                return True
    return False


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
    if state["phase"] == "ended":
        raise IllegalMove("GameOver")
    if seat is None:
        require(state["phase"] == "pes" and command == PES_COMMAND, "NotAutomatic", "no system step is due")
        ctx = Ctx(state, rng, own)
        play_pes(ctx)
    else:
        if not (own and _was_listed(state, seat, command)):
            _check(state, seat, command, legal_moves(state, seat))
        ctx = Ctx(state, rng, own)  # positional: a keyword costs a dict, every command
        HANDLERS[command["type"]](ctx, command)
    advance(ctx)
    return ctx


def _check(state: State, seat: int, command: Command, legal: Sequence[Command]) -> None:
    """Raise IllegalMove unless the command is one of ``legal``, the seat's legal moves, with the rule it breaks."""
    # This runs on every command a search plays: a legal one passes by its two tests alone, and the rules it may
    # break are looked at, in the order their reasons rank, only on a refusal.
    if command in legal and _plain_arguments(command):
        return
    if not isinstance(command, dict):
        raise IllegalMove("BadCommand", "a command is an object")
    kind = command.get("type")
    if not (isinstance(kind, str) and kind in HANDLERS):
        raise IllegalMove("UnknownCommand", f"no command {kind!r}")
    phase = state["phase"]
    allowed = COMMANDS_BY_PHASE.get(phase)
    if allowed is None or seat != state["active"]:
        raise IllegalMove("NotYourTurn")
    if kind not in allowed:
        raise IllegalMove("WrongPhase", f"{kind} is not allowed in {phase}")
    for name, value in command.items():
        if name != "type" and not _plain(value):
            raise IllegalMove("BadArgument", f"'{name}' has the wrong type")
    raise IllegalMove(_refusal(state, command), f"{command!r} is not legal now")


def _plain_arguments(command: Command) -> bool:
    """True when every argument of the command is plain (a loop: ``all`` of a generator costs more, every command)."""
    for name, value in command.items():  # noqa: SIM110
        if name != "type" and type(value) is not int and not _plain(value):
            return False
    return True


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
