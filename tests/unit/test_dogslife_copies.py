"""A state's copy (spec §4.1's shape, copied structurally): what a search copies before it plays on."""

from __future__ import annotations

from typing import Any

from domain.dogslife import RULES
from domain.engine import Event, State
from domain.playout import play


def containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value``, itself included."""
    if isinstance(value, dict):
        return [value, *(found for item in value.values() for found in containers(item))]
    if isinstance(value, list):
        return [value, *(found for item in value for found in containers(item))]
    return []


def test_a_copy_equals_the_state_shares_no_list_or_dict_with_it_and_plays_on_alone():
    seen: set[str] = set()

    def follow(ev: Event, state: State) -> None:
        copied = RULES.copy(state)
        shared = {id(found) for found in containers(state)} & {id(found) for found in containers(copied)}
        assert copied == state and not shared, f"after {ev['type']}: {len(shared)} shared"
        seen.update(key for key in ("ground", "marks", "routes", "searched", "begged") if state[key])

    game = play(RULES, 3, [RULES.bots["easy"]] * 3, "dogslife-copies", {"bone_target": 2}, follow)

    # Every container the fold fills was filled at some point, so each was checked non-empty.
    assert seen == {"ground", "marks", "routes", "searched", "begged"}
    middle = RULES.fold(game.events[:200])
    copied = RULES.copy(middle)
    RULES.fold(game.events[200:], copied)
    assert middle == RULES.fold(game.events[:200])
