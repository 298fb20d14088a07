"""The shared procedures of section 4: burying and busting (4.3), completing dogs (4.4, 4.7), refreshing tiles
(4.2 step 3), taking treats, ending a trick.

Every procedure works on a ``Ctx``: a private copy of the state that each emitted event is folded into at
once, so later steps see its effect, and the list of events emitted so far (one batch, 4.1 item 4).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from domain.engine import Event
from domain.spots.content import BUST_OVER, PACK_LIMIT
from domain.spots.scoring import end_game, seat_has_won
from domain.spots.state import (
    FOLDS,
    State,
    actor,
    all_filled,
    copy_state,
    dog_dice,
    face_up_tiles,
    filled_dogs,
    yard_total,
)


class Ctx:
    """A working copy of the state plus the events that built it from the original.

    ``own``: the state is the caller's to change (``Rules.apply``), worked on in place rather than copied.
    """

    __slots__ = ("state", "rng", "events")

    def __init__(self, state: State, rng: random.Random, own: bool = False, events: Iterable[Event] = ()) -> None:
        self.state = state if own else copy_state(state)
        self.rng = rng
        self.events = [*events]  # no call to list(), every command

    def emit(self, type_: str, **data: Any) -> None:
        """Record an event and fold it into the working state."""
        state = self.state
        # fold_event's two lines, here: a call more for each event cost 1.4% of a random playout's instructions.
        FOLDS[type_](state, data)
        state["since"] += 1
        # engine.event's shape, built here: its call cost 6% of a random playout.
        self.events.append({"type": type_, "data": data})

    @property
    def seat(self) -> int:
        """The active seat."""
        return self.state["active"]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state["phase"] == "ended"


def take_treats(ctx: Ctx, wanted: int, source: str) -> None:
    """The active seat takes ``wanted`` treats, or what the supply holds."""
    taken = min(wanted, ctx.state["supply_treats"])
    if taken > 0:
        ctx.emit("TreatsGained", seat=ctx.seat, n=taken, source=source)


def bury(ctx: Ctx, die: int) -> None:
    """Bury a pending die; above 7 pips in the yard the seat busts (R7)."""
    state = ctx.state
    value = state["values"][die]
    total = yard_total(state, actor(state)) + value
    ctx.emit("DieBuried", seat=state["active"], die=die, value=value, yard_total=total)
    if total > BUST_OVER:
        bust(ctx)


def bust(ctx: Ctx) -> None:
    """BUST: every die on open dogs, in the yard, pending and set aside goes back; the turn ends (R8)."""
    state = ctx.state
    seat = actor(state)
    trick = state["trick"]
    returned = dog_dice(seat) + seat["yard"] + trick["pending"] + trick["set_aside"] + trick["taken"]
    ctx.emit("Busted", seat=ctx.seat, returned=sorted(returned))
    end_trick(ctx)


def complete(ctx: Ctx, mode: str) -> None:
    """COMPLETE(mode): complete every filled open dog, win at 6, draw replacements up to 6 cards (4.4)."""
    seat = actor(ctx.state)
    cards = filled_dogs(seat)
    returned = sorted(d for card in cards for d in card["spaces"].values())
    ctx.emit("DogsCompleted", seat=ctx.seat, cards=[c["card"] for c in cards], mode=mode, returned=returned)
    if seat_has_won(actor(ctx.state)):
        end_game(ctx, ctx.seat)
        return
    for _ in range(min(len(cards), PACK_LIMIT - len(seat["pack"]))):
        draw_dog(ctx)


def fast_check(ctx: Ctx) -> None:
    """FAST: once a roll is resolved without a bust, a seat whose open dogs are all filled completes them."""
    state = ctx.state
    if all_filled(state["seats"][state["active"]]):
        complete(ctx, "fast")


def draw_dog(ctx: Ctx) -> None:
    """The active seat draws the top card of the dog deck."""
    deck = ctx.state["deck"]
    ctx.emit("DogCardDrawn", seat=ctx.seat, card=deck[0], deck_top=deck[1] if len(deck) > 1 else None)


def refresh(ctx: Ctx) -> None:
    """At a turn's start with at most 1 tile face up: a treat on the last one, then all flip face up (R4)."""
    state = ctx.state
    up = face_up_tiles(state)
    if len(up) > 1:
        return
    if up and state["supply_treats"] > 0:
        ctx.emit("TreatPlacedOnTile", tile=up[0])
    revealed = [
        position["stack"][1 % len(position["stack"])] for position in state["positions"] if not position["face_up"]
    ]
    ctx.emit("TilesRefreshed", revealed=revealed)


def end_trick(ctx: Ctx) -> None:
    """The trick and the turn end."""
    ctx.emit("TrickEnded", seat=ctx.seat, tile=ctx.state["trick"]["tile"])
    ctx.emit("TurnEnded", seat=ctx.seat)
