"""What each command does once ``moves.decide`` has found it legal (spec 4.9): one handler per command type."""

from __future__ import annotations

from domain.engine import Command
from domain.spots import tricks
from domain.spots.procedures import Ctx, bury, complete
from domain.spots.state import actor, open_dogs, position_of


def choose_trick(ctx: Ctx, command: Command) -> None:
    """The seat does a trick: it takes the tile's treats, and the tile turns face down (4.2 step 6)."""
    tile, seat = command["tile"], ctx.state["active"]
    ctx.emit("TrickChosen", seat=seat, tile=tile)
    treats = position_of(ctx.state, tile)["treats"]
    if treats:
        ctx.emit("TreatsTakenFromTile", seat=seat, tile=tile, n=treats)  # before step 1 (R3)
    ctx.emit("TileFlipped", tile=tile, face_up=False, by=seat)


def complete_dogs(ctx: Ctx, command: Command) -> None:
    """The seat completes its filled dogs instead of a trick (4.7)."""
    seat = ctx.seat
    complete(ctx, "slow")
    if not ctx.over:
        ctx.emit("TurnEnded", seat=seat)


def spend_treat(ctx: Ctx, command: Command) -> None:
    """A treat rerolls the dice named (4.3 step 3)."""
    tricks.reroll(ctx, command["dice"])


def accept_roll(ctx: Ctx, command: Command) -> None:
    """The reroll window closes (4.3 step 3)."""
    tricks.accept_roll(ctx)


def choose_number(ctx: Ctx, command: Command) -> None:
    """Retrieve sets a die to the number; Fetch and Guard name it, and Fetch lets the other dice go."""
    number = command["n"]
    state = ctx.state
    if state["phase"] == "set_die":
        ctx.emit("DieSet", seat=ctx.seat, die=state["supply"][0], value=number)
        return
    ctx.emit("NumberChosen", seat=ctx.seat, n=number)
    others = sorted(die for die in state["trick"]["pending"] if state["values"][die] != number)
    if others:
        ctx.emit("DiceDiscarded", dice=others, reason="fetch")


def keep_dice(ctx: Ctx, command: Command) -> None:
    """Hunt or Search keeps the dice named; the others go back to the supply."""
    trick = ctx.state["trick"]
    ctx.emit("DiceKept", seat=ctx.seat, dice=command["dice"])
    rest = sorted(die for die in trick["pending"] if die not in command["dice"])
    if rest:
        ctx.emit("DiceDiscarded", dice=rest, reason=trick["step"])


def discard_dice(ctx: Ctx, command: Command) -> None:
    """Scavenge sends the dice named back to the supply."""
    ctx.emit("DiceDiscarded", dice=command["dice"], reason="scavenge")


def place_die(ctx: Ctx, command: Command) -> None:
    """A pending die goes on the space of its value of one of the seat's open dogs (PLACE)."""
    die = command["die"]
    ctx.emit("DiePlaced", seat=ctx.seat, die=die, card=command["card"], value=ctx.state["values"][die])


def bury_die(ctx: Ctx, command: Command) -> None:
    """A pending die goes to the seat's yard (PLACE)."""
    bury(ctx, command["die"])


def do_step(ctx: Ctx, command: Command) -> None:
    """The seat takes the step offered (4.5)."""
    tricks.perform(ctx, ctx.state["trick"]["step"])


def skip_step(ctx: Ctx, command: Command) -> None:
    """The seat declines the step offered, or stops a Dig or a Trot (4.5)."""
    tricks.decline(ctx, ctx.state["trick"]["step"])


def move_die(ctx: Ctx, command: Command) -> None:
    """Trot moves a die on the seat's dogs to an empty space of its dogs, where it shows that space's value (R21)."""
    state = ctx.state
    die = command["die"]
    source = next(card for card in open_dogs(actor(state)) if die in card["spaces"].values())
    ctx.emit("DieMoved", seat=ctx.seat, die=die, from_card=source["card"], to_card=command["card"],
             old=state["values"][die], value=command["value"])


def adjust_buried_die(ctx: Ctx, command: Command) -> None:
    """Dig turns a buried die (any seat's) one pip up or down; a 1 turned down is dug out (R20)."""
    state = ctx.state
    die = command["die"]
    owner = next(i for i, seat in enumerate(state["seats"]) if die in seat["yard"])
    old = state["values"][die]
    new = old + command["delta"]
    kind = "BuriedDieDiscarded" if new == 0 else "BuriedDieAdjusted"
    ctx.emit(kind, owner=owner, die=die, old=old, new=new)


def set_aside(ctx: Ctx, command: Command) -> None:
    """Bolt sets the number of supply dice named aside, to roll one by one."""
    ctx.emit("DiceSetAside", seat=ctx.seat, dice=ctx.state["supply"][: command["n"]])


def take_die(ctx: Ctx, command: Command) -> None:
    """Dogpile takes a die from the seat's yard or dogs and rolls it with two from the supply (R24)."""
    die = command["die"]
    seat = actor(ctx.state)
    source = "yard" if die in seat["yard"] else next(
        card["card"] for card in open_dogs(seat) if die in card["spaces"].values()
    )
    ctx.emit("DieTaken", seat=ctx.seat, die=die, **{"from": source})
    tricks.roll(ctx, 2, "dogpile", extra=(die,))
