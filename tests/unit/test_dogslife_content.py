"""The printed content of A Dog's Life matches the spec's tables (§2.2-2.4)."""

from __future__ import annotations

import pytest

from domain.dogslife.board import (
    ADJ,
    DENS,
    FOUNTAINS,
    KIOSK,
    POUND,
    RESTAURANTS,
    SPACES,
    STREET_ADJ,
    STREETS,
    distances,
)
from domain.dogslife.content import DOGS

#: Spec §2.3: trash B/F/N, restaurant B/F/N, newspaper B/F/N, claws 0/1/2/3, escaped, leave.
STATISTICS = {
    "shepherd": ((2, 10, 4), (1, 17, 3), (6, 11, 1), (1, 4, 4, 3), 8, 5),
    "boxer": ((2, 10, 4), (1, 14, 4), (6, 11, 1), (0, 2, 6, 4), 6, 6),
    "poodle": ((1, 10, 5), (2, 19, 2), (5, 11, 2), (2, 6, 3, 1), 7, 6),
    "foxterrier": ((3, 12, 3), (1, 14, 4), (4, 12, 2), (2, 4, 4, 2), 6, 5),
    "husky": ((1, 10, 5), (1, 14, 4), (5, 10, 2), (3, 4, 3, 2), 10, 7),
    "labrador": ((2, 10, 4), (1, 17, 3), (9, 6, 0), (2, 4, 4, 2), 7, 6),
}


def _finds(cards, section):
    results = [card[section] for card in cards]
    return results.count("B"), sum(r for r in results if isinstance(r, int)), results.count(None)


@pytest.mark.parametrize("dog", sorted(STATISTICS))
def test_each_deck_has_the_statistics_of_its_breed(dog):
    cards = list(DOGS[dog].cards.values())
    trash, restaurant, newspaper, claws, escaped, leave = STATISTICS[dog]
    assert len(DOGS[dog].deck) == 13
    assert _finds(cards, "trash") == trash
    assert _finds(cards, "restaurant") == restaurant
    assert _finds(cards, "newspaper") == newspaper
    assert tuple(sum(c["attack"] == k for c in cards) for k in range(4)) == claws
    assert sum(c["escape"] == "escaped" for c in cards) == escaped
    assert sum(c["pound"] == "leave" for c in cards) == leave


def test_the_city_has_eighty_street_cells_and_twelve_forks():
    assert len(STREETS) == 80
    assert sorted(c for c in STREETS if len(STREET_ADJ[c]) > 2) == sorted(
        ["E1", "H1", "A5", "L5", "A8", "L8", "E12", "H12", "E5", "H5", "E8", "H8"]
    )


def test_buildings_touch_only_their_entrances_and_never_each_other():
    assert sorted(ADJ[KIOSK]) == ["E7", "F5", "G8", "H6"] and ADJ[POUND] == ["G5"]
    assert all(not set(ADJ[space]) - STREETS for space in SPACES if space not in STREETS)


@pytest.mark.parametrize("den", DENS)
def test_every_den_is_as_far_from_the_kiosk_food_and_water_as_the_others(den):
    dist = distances(den, (set(SPACES) - set(DENS) - {POUND}) | {den})
    assert dist[KIOSK] == 8
    assert min(dist[r] for r in RESTAURANTS) == 6
    assert min(dist[f] for f in FOUNTAINS) == 5
