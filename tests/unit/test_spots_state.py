"""Spots' state copy (``Rules.copy``): equal to the state, and a deep change to the copy leaves the state alone."""

from __future__ import annotations

import json
import random
from typing import Any

from domain.engine import rng_for
from domain.playout import due_step
from domain.spots import RULES


def mid_trick(players: int, seed: int) -> dict:
    """A state of a seeded random game with a trick under way (its cursor holds dice) and the game not over."""
    rng = random.Random(seed)
    state = RULES.fold(RULES.setup(players, RULES.normalize_options({}, players), rng_for(f"copy-{seed}", 1)))
    while not (state["trick"] and state["trick"]["pending"] and any(s["yard"] for s in state["seats"])):
        command, seat = due_step(RULES, state), None
        if command is None:
            seat = RULES.to_act(state)[0]
            command = rng.choice(RULES.legal_moves(state, seat))
        state = RULES.fold(RULES.decide(state, seat, command, rng), state)
    return state


def scribble(value: Any) -> None:
    """Change every list and dict inside ``value``, however deep."""
    if isinstance(value, dict):
        for item in list(value.values()):
            scribble(item)
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribbled")


def test_a_copy_of_a_solo_game_mid_trick_equals_it():
    state = mid_trick(1, 3)

    assert RULES.copy(state) == state


def test_scribbling_all_over_a_copy_leaves_the_state_as_it_was():
    state = mid_trick(2, 5)
    before = json.dumps(state, sort_keys=True)
    copied = RULES.copy(state)

    scribble(copied)

    assert json.dumps(state, sort_keys=True) == before
