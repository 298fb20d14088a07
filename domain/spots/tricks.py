"""The 22 tricks' steps (spec 4.5-4.6) and the machine that walks a trick through them.

A trick's cursor names its current step. When the trick rests (nothing pending, no decision open),
``at_rest`` runs the FAST check, then offers or repeats a repeatable step, or starts the next step, or
ends the trick. Each step is one ``Step``: how it starts, what it does when performed, when it is skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from domain.spots.content import BUST_OVER, PACK_LIMIT, STEP_DICE, STEP_TREATS, TILES
from domain.spots.procedures import Ctx, draw_dog, end_trick, fast_check, take_treats
from domain.spots.state import (
    State,
    actor,
    dog_dice,
    empty_values,
    open_dogs,
    paws,
    yard_total,
)

Check = Callable[[Ctx], "str | None"]


def _by_command(ctx: Ctx) -> None:
    """A choice step does nothing by itself: the seat's command in its phase does (commands.py)."""


def _nothing_left(ctx: Ctx) -> None:
    """Declining leaves nothing to put back."""


class Step(NamedTuple):
    """One step of a tile: ``kind`` is auto (done at once), may (offered) or choice (opens ``phase``).

    ``blocked`` says why the step is skipped (None: it is not); ``again``, for a repeatable step, whether it is
    offered again, done again at once, done with, or skipped and why.
    """

    kind: str
    action: Callable[[Ctx], None] = _by_command
    blocked: Check | None = None
    again: Callable[[Ctx], str] | None = None
    phase: str | None = None
    on_decline: Callable[[Ctx], None] = _nothing_left


# --- dice ----------------------------------------------------------------------------------------------------

def roll(ctx: Ctx, count: int, source: str = "supply", extra: tuple[int, ...] = ()) -> None:
    """ROLL(k): roll ``extra`` dice plus up to ``count`` from the source, then open the reroll window (4.3)."""
    state = ctx.state
    if source == "yard":
        pool = actor(state)["yard"]
    elif source == "set_aside":
        pool = state["trick"]["set_aside"]
    else:  # the supply, which Dogpile rolls too
        pool = state["supply"]
    randint = ctx.rng.randint
    rolled = [{"die": die, "value": randint(1, 6)} for die in (*extra, *sorted(pool)[:count])]
    ctx.emit("DiceRolled", seat=state["active"], dice=rolled, source=source)
    if state["seats"][state["active"]]["treats"] == 0:
        accept_roll(ctx)


def reroll(ctx: Ctx, dice: list[int]) -> None:
    """Spend a treat to reroll ``dice``; the window closes by itself when the treats run out."""
    state = ctx.state
    ctx.emit("TreatSpent", seat=state["active"])
    randint = ctx.rng.randint
    ctx.emit("DiceRerolled", dice=[{"die": d, "value": randint(1, 6)} for d in dice])
    if state["seats"][state["active"]]["treats"] == 0:
        accept_roll(ctx)


def accept_roll(ctx: Ctx) -> None:
    """Close the reroll window, then let the tile select among the dice (4.3 step 4)."""
    state = ctx.state
    ctx.emit("RollAccepted", seat=state["active"])
    select = SELECTIONS.get(state["trick"]["step"])
    if select:
        select(ctx)


def _pending_values(state: State) -> dict[int, int]:
    return {die: state["values"][die] for die in state["trick"]["pending"]}


def _offer_selection(ctx: Ctx) -> None:
    ctx.emit("StepOffered", seat=ctx.seat, step=ctx.state["trick"]["step"], phase="select")


def _guard_discards(ctx: Ctx) -> None:
    number = ctx.state["trick"]["number"]
    above = [d for d, v in _pending_values(ctx.state).items() if v > number]
    if above:
        ctx.emit("DiceDiscarded", dice=above, reason="guard")


def hunt_pairs(state: State) -> list[list[int]]:
    """Hunt's choices: every pair of pending dice (none when 2 or fewer are pending: all are kept)."""
    pending = sorted(state["trick"]["pending"])
    return [list(p) for p in combinations(pending, 2)] if len(pending) > 2 else []


def scavenge_candidates(state: State) -> list[int]:
    """Scavenge's E: pending dice showing strictly less than the seat's yard total (R25)."""
    total = yard_total(state, actor(state))
    return sorted(d for d, v in _pending_values(state).items() if v < total)


def search_sets(state: State) -> list[list[int]]:
    """Search's choices: every set of pending dice totalling exactly 8."""
    values = _pending_values(state)
    pending = sorted(values)
    return [list(c) for r in range(1, len(pending) + 1) for c in combinations(pending, r)
            if sum(values[d] for d in c) == 8]


def _search(ctx: Ctx) -> None:
    if search_sets(ctx.state):
        _offer_selection(ctx)
    else:
        ctx.emit("DiceDiscarded", dice=sorted(ctx.state["trick"]["pending"]), reason="no_eight")


SELECTIONS: dict[str, Callable[[Ctx], None]] = {
    "fetch": _offer_selection,
    "guard_roll": _guard_discards,
    "hunt": lambda ctx: _offer_selection(ctx) if hunt_pairs(ctx.state) else None,
    "scavenge": lambda ctx: _offer_selection(ctx) if scavenge_candidates(ctx.state) else None,
    "search": _search,
}


# --- the machine ---------------------------------------------------------------------------------------------

def perform(ctx: Ctx, step: str) -> None:
    """Do a step now (mandatory, or accepted with DoStep)."""
    ctx.emit("StepPerformed", step=step)
    STEPS[step].action(ctx)


def decline(ctx: Ctx, step: str) -> None:
    """The seat declines an offered step (or the rest of a repeatable one)."""
    ctx.emit("StepDeclined", step=step)
    STEPS[step].on_decline(ctx)


def _start(ctx: Ctx, name: str) -> None:
    step = STEPS[name]
    blocked = step.blocked
    reason = blocked(ctx) if blocked else None
    if reason:
        ctx.emit("StepSkipped", step=name, reason=reason)
    elif step.kind == "auto":
        perform(ctx, name)
    else:
        extra = {"uses": paws(actor(ctx.state))} if name == "dig" else {}
        ctx.emit("StepOffered", seat=ctx.seat, step=name, phase=step.phase or "offer", **extra)


def at_rest(ctx: Ctx) -> None:
    """Move a resting trick on by one stage: FAST check, then a repeat, the next step, or the trick's end."""
    state = ctx.state
    fast_check(ctx)
    if state["phase"] == "ended":
        return
    trick = state["trick"]
    name = trick["step"]
    again = STEPS[name].again if name else None
    if again is not None and not trick["closed"]:
        verdict = again(ctx)
        if verdict == "offer":
            ctx.emit("StepOffered", seat=state["active"], step=name, phase="offer")
            return
        if verdict == "auto":
            perform(ctx, name)
            return
        if verdict != "done":
            ctx.emit("StepSkipped", step=name, reason=verdict)
    steps = TILES[trick["tile"]].steps
    if trick["at"] + 1 < len(steps):
        _start(ctx, steps[trick["at"] + 1])
    else:
        end_trick(ctx)


# --- the steps -----------------------------------------------------------------------------------------------

def _no_supply(ctx: Ctx) -> str | None:
    return None if ctx.state["supply"] else "no_dice"


def _repeat_offer(ctx: Ctx) -> str:
    return "offer" if ctx.state["supply"] else "no_dice"


def _rolls(step: str) -> Callable[[Ctx], None]:
    """ROLL as many dice as the tile prints for ``step``."""
    return lambda ctx: roll(ctx, STEP_DICE[step])


def _takes(step: str) -> Callable[[Ctx], None]:
    """Take as many treats as the tile prints for ``step``."""
    return lambda ctx: take_treats(ctx, STEP_TREATS[step], _tile(ctx))


def _roll_yard(ctx: Ctx) -> None:
    roll(ctx, len(actor(ctx.state)["yard"]), "yard")


def _dig_blocked(ctx: Ctx) -> str | None:
    if not paws(actor(ctx.state)):
        return "no_paws"
    return None if any(s["yard"] for s in ctx.state["seats"]) else "no_buried_dice"


def trot_moves(state: State) -> list[dict]:
    """Trot: every die on the seat's open dogs to every empty space of its open dogs (R21)."""
    seat = actor(state)
    dogs = open_dogs(seat)
    targets = [(card["card"], int(v)) for card in dogs for v, die in card["spaces"].items() if die is None]
    return [{"type": "MoveDie", "die": die, "card": card, "value": value}
            for die in sorted(dog_dice(seat)) for card, value in targets]


def dig_moves(state: State) -> list[dict]:
    """Dig: lower any buried die; raise one showing 5 or less unless its yard would pass 7 (R20)."""
    moves = []
    for seat in state["seats"]:
        room = yard_total(state, seat) < BUST_OVER
        for die in sorted(seat["yard"]):
            moves.append({"type": "AdjustBuriedDie", "die": die, "delta": -1})
            if room and state["values"][die] <= 5:
                moves.append({"type": "AdjustBuriedDie", "die": die, "delta": 1})
    return moves


def _chase(ctx: Ctx) -> None:
    roll(ctx, ctx.state["trick"]["count"])  # the k-th chase asks for k dice (R22)


def _bolt_blocked(ctx: Ctx) -> str | None:
    return None if ctx.state["trick"]["set_aside"] else "no_dice"


def _bolt_again(ctx: Ctx) -> str:
    left = len(ctx.state["trick"]["set_aside"])
    if not left:
        return "done"
    return "offer" if paws(actor(ctx.state)) >= left else "auto"


def _bolt_return(ctx: Ctx) -> None:
    dice = ctx.state["trick"]["set_aside"]
    if dice:
        ctx.emit("DiceReturned", seat=ctx.seat, dice=list(dice))


def dogpile_sources(state: State) -> list[int]:
    """Dogpile: the dice the seat may take, from its yard or its open dogs (R24)."""
    seat = actor(state)
    return sorted(seat["yard"] + dog_dice(seat))


def _dogpile_blocked(ctx: Ctx) -> str | None:
    return None if ctx.state["supply"] or dogpile_sources(ctx.state) else "no_dice"


def _dogpile(ctx: Ctx) -> None:
    if dogpile_sources(ctx.state):
        ctx.emit("StepOffered", seat=ctx.seat, step="dogpile", phase="dogpile_take")
    else:
        roll(ctx, 2)


def sprint_dice(seat: dict) -> int:
    """Sprint's roll: one die per open dog of the seat with an empty space, counted now (4.6)."""
    return sum(any(die is None for die in card["spaces"].values()) for card in open_dogs(seat))


def _sprint(ctx: Ctx) -> None:
    roll(ctx, sprint_dice(actor(ctx.state)))


def _hunt(ctx: Ctx) -> None:
    roll(ctx, 2 + paws(actor(ctx.state)))


def _draw_blocked(ctx: Ctx) -> str | None:
    return "pack_full" if len(actor(ctx.state)["pack"]) >= PACK_LIMIT else None


def _tile(ctx: Ctx) -> str:
    return ctx.state["trick"]["tile"]


def _gobble_return(ctx: Ctx) -> None:
    seat = actor(ctx.state)
    n = min(max(empty_values(seat), default=0), seat["treats"])
    if n:
        ctx.emit("TreatsReturned", seat=ctx.seat, n=n)


def _play_dead_treats(ctx: Ctx) -> None:
    state = ctx.state
    rolled = state["trick"]["roll"]
    if rolled and rolled[0] in actor(state)["yard"]:
        take_treats(ctx, state["values"][rolled[0]], _tile(ctx))


def _stay(ctx: Ctx) -> None:
    down = sum(not position["face_up"] for position in ctx.state["positions"])
    take_treats(ctx, down - 1, _tile(ctx))


STEPS: dict[str, Step] = {
    "draw_dog": Step("auto", draw_dog, _draw_blocked),
    "roll_one": Step("auto", _rolls("roll_one"), _no_supply),
    "roll_two": Step("auto", _rolls("roll_two"), _no_supply),
    "roll_three": Step("auto", _rolls("roll_three"), _no_supply),
    "roll_yard": Step("auto", _roll_yard, lambda ctx: None if actor(ctx.state)["yard"] else "empty_yard"),
    "may_roll_one": Step("may", _rolls("may_roll_one"), _no_supply),
    "dig": Step("choice", blocked=_dig_blocked, phase="dig"),
    "retrieve": Step("choice", blocked=_no_supply, phase="set_die"),
    "trot": Step("choice", blocked=lambda ctx: None if trot_moves(ctx.state) else "no_move", phase="trot"),
    "track": Step("auto", _rolls("track"), _no_supply),
    "run_on": Step("may", _rolls("run_on"), _no_supply, again=_repeat_offer),
    "chase": Step("auto", _chase, _no_supply, again=_repeat_offer),
    "set_aside": Step("choice", blocked=_no_supply, phase="set_aside"),
    "bolt_roll": Step("auto", lambda ctx: roll(ctx, 1, "set_aside"), _bolt_blocked, _bolt_again,
                      on_decline=_bolt_return),
    "dogpile": Step("auto", _dogpile, _dogpile_blocked, again=_repeat_offer),
    "sprint": Step("auto", _sprint, _no_supply, again=_repeat_offer),
    "fetch": Step("auto", _rolls("fetch"), _no_supply),
    "name_number": Step("choice", blocked=_no_supply, phase="name_number"),
    "guard_roll": Step("auto", _rolls("guard_roll"), _no_supply),
    "hunt": Step("auto", _hunt, _no_supply),
    "scavenge": Step("auto", _rolls("scavenge"), _no_supply),
    "search": Step("auto", _rolls("search"), _no_supply),
    "take_one": Step("auto", _takes("take_one")),
    "beg_paws": Step("auto", lambda ctx: take_treats(ctx, paws(actor(ctx.state)), _tile(ctx))),
    "chew_double": Step("auto", lambda ctx: take_treats(ctx, actor(ctx.state)["treats"], _tile(ctx))),
    "take_seven": Step("auto", _takes("take_seven")),
    "gobble_return": Step("auto", _gobble_return),
    "play_dead_treats": Step("auto", _play_dead_treats),
    "stay": Step("auto", _stay),
}
