"""Felix's setup (spec section 3): no options, and the events that start a game.

Each seat gets its set less one card removed blind (R2); with 3 players the dummy's set is shuffled into a
stack, less one card. The mouse cards are stocked from the bank and a start seat is drawn (R3).
"""

from __future__ import annotations

import random
from typing import Any

from domain.engine import BadOptions, Event, event
from domain.felix.content import (
    BANK_BEFORE_STOCKING,
    DUMMY_SET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOUSE_CARDS,
    START_MICE,
    has_dummy,
    refill_cost,
    set_cards,
    total_mice,
)

#: Felix has no options.
OPTIONS_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Felix has no options; only 3 to 5 players (R1)."""
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadOptions("players", f"Felix is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    if options:
        raise BadOptions(str(next(iter(options))), "Felix has no options")
    return {}


def setup(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """Deal the sets, remove one card from each blind (R2), stock the mouse cards, pick the start seat (R3)."""
    normalize_options(options, players)
    hands, removed = {}, {}
    for seat in range(players):
        cards = set_cards(seat)
        removed[str(seat)] = cards.pop(rng.randrange(len(cards)))
        hands[str(seat)] = cards
    extra: dict[str, Any] = {}
    if has_dummy(players):
        stack = set_cards(DUMMY_SET)
        rng.shuffle(stack)
        removed[str(DUMMY_SET)] = stack.pop(0)
        extra["dummy_stack"] = stack
    start_seat = rng.randrange(players)
    return [
        event(
            "GameStarted",
            player_count=players,
            start_seat=start_seat,
            mice=[START_MICE] * players,
            bank=BANK_BEFORE_STOCKING[players] - refill_cost(players),
            mouse_cards={str(value): value for value in MOUSE_CARDS[players]},
            total_mice=total_mice(players),
            hands=hands,
            setup_removed=removed,
            **extra,
        ),
        event("RoundStarted", round=1, start_seat=start_seat, stocked=True),
    ]
