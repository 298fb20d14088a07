"""What A Dog's Life hides from each seat (spec §7), as its secrets name it for the contract's leak check."""

from __future__ import annotations

from itertools import pairwise

from domain.dogslife import RULES
from domain.dogslife.state import paper
from domain.engine import event
from tests.unit.dogslife_given import after, at, given

EVERYONE = (None, 0, 1, 2)


def table() -> dict:
    """Seat 0 carries newspaper 1, seat 1 dropped newspaper 2 on E10; 3..12 are in the stack."""
    return given(
        at(0, "KIOSK"), event("NewspaperTaken", seat=0, slot=0, address=1),
        event("NewspaperTaken", seat=0, slot=1, address=2), at(0, "E10"),
        event("ItemDropped", seat=0, space="E10", item="newspaper", slot=1), at(0, "E9"),
        dogs=("shepherd", "boxer", "poodle"),
    )


def test_every_deck_order_is_hidden_from_everyone_even_its_owner():
    state = table()
    for seat in EVERYONE:
        hidden = RULES.secrets(state, seat)
        for dog in state["seats"]:
            assert all(pair in hidden for pair in pairwise(dog["deck"]))


def test_the_stack_order_and_each_newspaper_in_it_are_hidden_from_everyone():
    state = table()
    for seat in EVERYONE:
        hidden = RULES.secrets(state, seat)
        assert tuple(range(3, 13)) in hidden  # the order as a shuffle event would show it
        assert all(paper(n) in hidden for n in range(3, 13))


def test_a_carried_newspaper_is_hidden_from_all_but_its_carrier_and_a_dropped_one_from_all():
    state = table()
    assert paper(1) not in RULES.secrets(state, 0)
    assert all(paper(1) in RULES.secrets(state, seat) for seat in (None, 1, 2))
    assert all(paper(2) in RULES.secrets(state, seat) for seat in EVERYONE)


def test_nothing_is_hidden_once_the_game_is_over():
    state = after(table(), [event("GameWon", seat=0, reason="target")])
    assert all(RULES.secrets(state, seat) == [] for seat in EVERYONE)
