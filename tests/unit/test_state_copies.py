"""A state's copy (Rules.copy), as a search copies it before it plays on: equal to the state, sharing nothing mutable.

Checked on the states of a seeded random playout of every game, every few commands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.catalogue import EXTRA_GAMES
from domain.catalogue import GAMES as PUBLIC_GAMES
from domain.engine import Command, Event, State, View
from domain.playout import play

RULES = {**PUBLIC_GAMES, **EXTRA_GAMES}
#: (game, players) of the playouts.
PLAYED = [("felix", 4), ("spots", 1), ("spots", 3), ("dogs", 3), ("dogslife", 3), ("counter", 2)]


def containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value``, itself included."""
    if isinstance(value, dict):
        return [value, *(found for item in value.values() for found in containers(item))]
    if isinstance(value, list):
        return [value, *(found for item in value for found in containers(item))]
    return []


@pytest.mark.parametrize(("game", "players"), PLAYED, ids=[f"{game}-{players}" for game, players in PLAYED])
def test_a_copy_equals_its_state_and_shares_no_list_or_dict_with_it(game, players):
    rules = RULES[game]
    checked = 0

    def follow(ev: Event, state: State) -> None:
        nonlocal checked
        checked += 1
        if checked % 7:
            return
        copied = rules.copy(state)
        shared = {id(found) for found in containers(state)} & {id(found) for found in containers(copied)}
        assert copied == state and not shared, f"after {ev['type']}: {len(shared)} shared"

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        return rng.choice(legal)

    play(rules, players, [bot] * players, f"copies-{game}-{players}", {}, follow, max_events=3000)

    assert checked > 7
