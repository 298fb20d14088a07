"""DOGS' long listings (ArrangeKennel, CureDogs) against a plain enumeration: every way to fill or cure into the
pens, pen by pen, the first of each outcome kept, in the order met (the order a seeded random playout draws from).

The plain enumeration tries every content of every pen in turn, in the listing's order of contents; it is
exponential, so the kennels here are small ones drawn from a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from itertools import product
from typing import Any

import pytest

from domain.dogs import RULES
from domain.dogs.content import PEN_CAPACITY, breed_of
from domain.dogs.pens import assign_tokens, content_ok, shape
from tests.unit.dogs_given import table, when

Content = tuple[str, ...]
Plan = tuple[Content, ...]
#: The breeds of the drawn kennels: few, so that pens often share one.
BREEDS = ["BULLDOG", "GOLDEN", "MUTT", "POODLE"]


def pen_contents(counts: dict[str, int]) -> Iterator[Content]:
    """Every legal content one pen may take from the counts: none, then breed by breed in name order the breed
    alone (1 to 4 dogs), then with each later breed (1 or 2 of each)."""
    yield ()
    names = sorted(breed for breed, count in counts.items() if count)
    for i, x in enumerate(names):
        yield from ((x,) * k for k in range(1, min(PEN_CAPACITY, counts[x]) + 1))
        for y in names[i + 1:]:
            pairs = product(range(1, min(2, counts[x]) + 1), range(1, min(2, counts[y]) + 1))
            yield from ((x,) * a + (y,) * b for a, b in pairs)


def additions(pen: Content, counts: dict[str, int], budget: int) -> Iterator[Content]:
    """None, then every multiset of at most ``budget`` counted breeds that may join ``pen``, as a product over the
    breeds in name order lists their counts."""
    names = sorted(breed for breed, count in counts.items() if count)
    for chosen in product(*(range(counts[name] + 1) for name in names)):
        add = tuple(name for name, count in zip(names, chosen, strict=True) for _ in range(count))
        if not add or (len(add) <= budget and content_ok(pen + add)):
            yield add


def taken(counts: dict[str, int], content: Content) -> dict[str, int]:
    left = dict(counts)
    for breed in content:
        left[breed] -= 1
    return left


def layouts(counts: dict[str, int], pens: int) -> Iterator[Plan]:
    """Every way to fill ``pens`` pens from the counts, the first pen's content varying slowest."""
    if pens == 0:
        yield ()
        return
    for content in pen_contents(counts):
        for rest in layouts(taken(counts, content), pens - 1):
            yield (content, *rest)


def cures(pens: list[Content], counts: dict[str, int], budget: int) -> Iterator[Plan]:
    """Every way to cure at most ``budget`` of the counted breeds into the pens, the first pen's varying slowest."""
    if not pens:
        yield ()
        return
    for add in additions(pens[0], counts, budget):
        for rest in cures(pens[1:], taken(counts, add), budget - len(add)):
            yield (add, *rest)


def first_of_each(plans: Iterator[Plan], pens: list[Content]) -> list[Plan]:
    """The first plan of each outcome (every pen's shape, pen by pen, and the breeds added), in the order met."""
    firsts: dict[Hashable, Plan] = {}
    for plan in plans:
        outcome = tuple(shape(pen + add) for pen, add in zip(pens, plan, strict=True)), tuple(sorted(sum(plan, ())))
        firsts.setdefault(outcome, plan)
    return list(firsts.values())


def drawn_kennels(count: int) -> Iterator[dict[str, Any]]:
    """Seeded small kennels: 2 or 3 pens of legal contents, 1 to 4 healthy dogs in the truck, 1 to 4 sick dogs in
    the infirmary, 0 to 4 medicine."""
    rng = random.Random(7)
    for _ in range(count):
        pool = rng.sample([f"{breed}#{number}" for breed in BREEDS for number in (4, 5, 6, 7)], 16)
        pens: dict[str, list[str]] = {}
        for pen in ("B1", "B2", "A2")[: rng.choice((2, 3))]:
            dogs = [pool.pop() for _ in range(rng.randint(0, 3))]
            pens[pen] = dogs if content_ok(breed_of(dog) for dog in dogs) else []
        infirmary = rng.sample([f"{breed}#{number}" for breed in BREEDS for number in (2, 3)], rng.randint(1, 4))
        yield {"pens": pens, "load": pool[: rng.randint(1, 4)], "infirmary": infirmary, "medicine": rng.randint(0, 4)}


KENNELS = list(drawn_kennels(16))


def arranging(kennel: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 arranges first (everyone stayed home), with this kennel."""
    state = table()
    for seat in range(4):
        state = RULES.fold(when(state, seat, {"type": "StayHome"}), state)
    state["kennels"][0].update(kennel)
    return state


def curing(kennel: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 at the Vet, with this kennel."""
    state = table()
    state.update(step="action", actor=0, box="VET", phase=2)
    state["kennels"][0].update(kennel)
    return state


@pytest.mark.parametrize("kennel", KENNELS)
def test_each_arrangement_profile_is_listed_once_by_its_first_layout_in_the_listing_order(kennel) -> None:
    healthy = [dog for dogs in kennel["pens"].values() for dog in dogs] + kennel["load"]
    counts = {breed: sum(breed_of(dog) == breed for dog in healthy) for breed in BREEDS}
    every = list(layouts(counts, len(kennel["pens"])))
    most = max(len(sum(plan, ())) for plan in every)
    expected = []
    for plan in first_of_each((plan for plan in every if len(sum(plan, ())) == most), [()] * len(kennel["pens"])):
        placed, left = assign_tokens(list(plan), healthy)
        expected.append({"type": "ArrangeKennel", "pens": dict(zip(kennel["pens"], placed, strict=True)),
                         "donate": sorted(left), "vet_card": None})
    assert RULES.legal_moves(arranging(kennel), 0) == expected


@pytest.mark.parametrize("kennel", KENNELS)
def test_each_cure_outcome_is_listed_once_by_its_first_plan_in_the_listing_order(kennel) -> None:
    contents = [tuple(sorted(breed_of(dog) for dog in dogs)) for dogs in kennel["pens"].values()]
    counts = {breed: sum(breed_of(dog) == breed for dog in kennel["infirmary"]) for breed in BREEDS}
    expected = []
    for plan in first_of_each(cures(contents, counts, kennel["medicine"]), contents):
        if any(plan):
            (tokens,), _ = assign_tokens([sum(plan, ())], kennel["infirmary"])
            into = [pen for pen, add in zip(kennel["pens"], plan, strict=True) for _ in add]
            expected.append({"type": "CureDogs", "cures": [list(pair) for pair in zip(tokens, into, strict=True)]})
    assert RULES.legal_moves(curing(kennel), 0) == [*expected, {"type": "SkipBoxAction"}]


def test_the_drawn_kennels_list_dozens_of_arrangements_and_cures() -> None:
    assert max(len(RULES.legal_moves(arranging(kennel), 0)) for kennel in KENNELS) >= 30
    assert max(len(RULES.legal_moves(curing(kennel), 0)) for kennel in KENNELS) >= 30
