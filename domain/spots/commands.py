"""What each command does once ``decide`` has found it legal (spec 4.9)."""

from __future__ import annotations

from collections.abc import Callable

from domain.engine import Command
from domain.spots.procedures import Ctx, bury, complete
from domain.spots.state import actor, open_dogs, position_of
from domain.spots.tricks import accept_roll, decline, perform, reroll, roll


def _choose_trick(ctx: Ctx, cmd: Command) -> None:
    tile = cmd["tile"]
    ctx.emit("TrickChosen", seat=ctx.seat, tile=tile)
    treats = position_of(ctx.state, tile)["treats"]
    if treats:
        ctx.emit("TreatsTakenFromTile", seat=ctx.seat, tile=tile, n=treats)  # before step 1 (R3)
    ctx.emit("TileFlipped", tile=tile, face_up=False, by=ctx.seat)


def _complete_dogs(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    complete(ctx, "slow")
    if not ctx.over:
        ctx.emit("TurnEnded", seat=seat)


def _choose_number(ctx: Ctx, cmd: Command) -> None:
    n = cmd["n"]
    state = ctx.state
    if state["phase"] == "set_die":
        ctx.emit("DieSet", seat=ctx.seat, die=state["supply"][0], value=n)
        return
    ctx.emit("NumberChosen", seat=ctx.seat, n=n)
    others = sorted(d for d in state["trick"]["pending"] if state["values"][d] != n)
    if others:
        ctx.emit("DiceDiscarded", dice=others, reason="fetch")


def _keep_dice(ctx: Ctx, cmd: Command) -> None:
    trick = ctx.state["trick"]
    ctx.emit("DiceKept", seat=ctx.seat, dice=cmd["dice"])
    rest = sorted(d for d in trick["pending"] if d not in cmd["dice"])
    if rest:
        ctx.emit("DiceDiscarded", dice=rest, reason=trick["step"])


def _place_die(ctx: Ctx, cmd: Command) -> None:
    die = cmd["die"]
    ctx.emit("DiePlaced", seat=ctx.seat, die=die, card=cmd["card"], value=ctx.state["values"][die])


def _move_die(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    die = cmd["die"]
    source = next(c for c in open_dogs(actor(state)) if die in c["spaces"].values())
    ctx.emit("DieMoved", seat=ctx.seat, die=die, from_card=source["card"], to_card=cmd["card"],
             old=state["values"][die], value=cmd["value"])


def _adjust(ctx: Ctx, cmd: Command) -> None:
    state = ctx.state
    die = cmd["die"]
    owner = next(i for i, s in enumerate(state["seats"]) if die in s["yard"])
    old = state["values"][die]
    new = old + cmd["delta"]
    kind = "BuriedDieDiscarded" if new == 0 else "BuriedDieAdjusted"
    ctx.emit(kind, owner=owner, die=die, old=old, new=new)


def _take_die(ctx: Ctx, cmd: Command) -> None:
    die = cmd["die"]
    seat = actor(ctx.state)
    source = "yard" if die in seat["yard"] else next(
        c["card"] for c in open_dogs(seat) if die in c["spaces"].values()
    )
    ctx.emit("DieTaken", seat=ctx.seat, die=die, **{"from": source})
    roll(ctx, 2, "dogpile", extra=(die,))


HANDLERS: dict[str, Callable[[Ctx, Command], None]] = {
    "ChooseTrick": _choose_trick,
    "CompleteDogs": _complete_dogs,
    "SpendTreat": lambda ctx, cmd: reroll(ctx, cmd["dice"]),
    "AcceptRoll": lambda ctx, cmd: accept_roll(ctx),
    "ChooseNumber": _choose_number,
    "KeepDice": _keep_dice,
    "DiscardDice": lambda ctx, cmd: ctx.emit("DiceDiscarded", dice=cmd["dice"], reason="scavenge"),
    "PlaceDie": _place_die,
    "BuryDie": lambda ctx, cmd: bury(ctx, cmd["die"]),
    "DoStep": lambda ctx, cmd: perform(ctx, ctx.state["trick"]["step"]),
    "SkipStep": lambda ctx, cmd: decline(ctx, ctx.state["trick"]["step"]),
    "MoveDie": _move_die,
    "AdjustBuriedDie": _adjust,
    "SetAside": lambda ctx, cmd: ctx.emit("DiceSetAside", seat=ctx.seat, dice=ctx.state["supply"][: cmd["n"]]),
    "TakeDie": _take_die,
}

def refusal(state: dict, seat: int, cmd: Command) -> str:
    """Why a well-typed command of the right phase is still not legal (its rejection reason)."""
    kind = cmd["type"]
    if kind == "SpendTreat":
        if actor(state)["treats"] == 0:
            return "NoTreats"
        return "BadSelection" if state["trick"]["tile"] == "track" else "MustRerollAll"
    if kind == "PlaceDie":
        if cmd.get("die") not in state["trick"]["pending"]:
            return "NotPending"
        return "NoMatchingSpace"
    return {
        "ChooseTrick": "TileNotAvailable", "CompleteDogs": "NothingToComplete", "BuryDie": "NotPending",
        "ChooseNumber": "BadNumber", "KeepDice": "BadSelection", "DiscardDice": "BadSelection",
        "TakeDie": "BadSelection", "AdjustBuriedDie": "BadDigTarget", "SetAside": "BadSetAsideCount",
        "MoveDie": "BadMove",
    }.get(kind, "BadArgument")
