"""A Dog's Life's streetwise bot (domain/dogslife/policy.py): it counts cards, eats in time, keeps out of the
truck's way, drives the truck at its rivals and fights by the odds, from its seat's view only."""

from __future__ import annotations

import random

import pytest

from domain.dogslife import RULES
from domain.dogslife.bots import _distances
from domain.dogslife.policy import (
    _toward,
    card_odds,
    goals,
    ranked,
    risk,
    route_value,
    streetwise_bot,
    worth_attacking,
)
from domain.dogslife.truck import routes
from domain.engine import event
from tests.unit.dogslife_given import at, deck, given


def drawn(seat: int, card: str, purpose: str = "trash") -> dict:
    """A card drawn for a find that came to nothing (the find's own event is left out)."""
    return event("CardDrawn", seat=seat, purpose=purpose, card=card, result=None)


def test_a_fresh_deck_gives_every_result_card_the_same_odds():
    view = RULES.view(given(), 0)

    assert list(card_odds(view["seats"][0]).values()) == pytest.approx([1 / 12] * 12)


def test_a_discarded_card_comes_back_only_through_the_shuffle_card():
    state = given(drawn(0, "GS01"), drawn(0, "GS02"), decks={0: deck("shepherd", "GS01", "GS02")})
    odds = card_odds(RULES.view(state, 0)["seats"][0])

    # 11 cards left, the shuffle card among them: it brings back all 12 result cards alike.
    assert odds["GS01"] == pytest.approx(1 / 11 / 12)
    assert odds["GS03"] == pytest.approx(1 / 11 + 1 / 11 / 12)
    assert sum(odds.values()) == pytest.approx(1.0)


def test_a_starving_dog_counts_no_food_it_cannot_reach_this_turn():
    # The shepherd on E4, REST1's door, with hunger 0: with 7 AP it can beg there this turn, with 1 AP it cannot.
    state = given(at(0, "E4", ap_left=7), event("HungerDropped", seat=0, hunger=0))
    near = RULES.view(state, 0)
    far = {**near, "ap": 1}
    here = _distances(near, 0, "E4")

    assert "REST1" in goals(near, 0, here)
    assert goals(far, 0, here).get("REST1", 0.0) < goals(near, 0, here)["REST1"]


def test_a_hungry_dog_values_a_restaurant_more_than_a_fed_one():
    fed = given(at(0, "E4"))
    hungry = given(at(0, "E4"), event("HungerDropped", seat=0, hunger=1))

    def worth(state: dict) -> float:
        view = RULES.view(state, 0)
        return goals(view, 0, _distances(view, 0, "E4"))["REST1"]

    assert worth(hungry) > worth(fed)


def test_the_den_is_safe_from_the_truck_and_a_house_safer_than_the_street_at_its_door():
    state = given(event("TruckMoved", route=["E5"], to="E5", rear="E4", **{"from": "E4"}))
    view = RULES.view(state, 0)

    assert risk(view, 0, "DEN1") == 0.0
    assert risk(view, 0, "HOUSE3") < risk(view, 0, "E6")


def test_the_bot_drives_the_truck_at_the_rival_with_more_to_lose_by_the_odds_of_its_escape_card():
    # Spec example E1: the truck on H5 with rear H4, a roll of 2: [G5, F5], [I5, J5] or [H6, H7]. The poodle on F5
    # carries nothing; the boxer next to J5 carries two bones and escapes one time in two.
    state = given(
        at(2, "F5"),
        at(1, "K5"),
        event("BoneFound", seat=1, slot=0),
        event("BoneFound", seat=1, slot=1),
        at(0, "DEN1"),
        event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "H4"}),
        dogs=("shepherd", "boxer", "poodle"),
    )
    view = RULES.view(state, 0)
    legal = [{"type": "ChooseTruckRoute", "route": route} for route in routes("H5", "H4", 2)]
    legal.append({"type": "ChooseTruckRoute", "route": None})

    assert streetwise_bot(view, legal, random.Random(0))["route"] == ["I5", "J5"]


def test_a_route_that_ends_next_to_the_bots_own_dog_is_worth_less_than_one_that_does_not():
    state = given(at(0, "H8"), event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "H4"}))
    view = RULES.view(state, 0)

    assert route_value(view, 0, ["H6", "H7"]) < route_value(view, 0, ["G5", "F5"])


def test_a_boxer_attacks_a_poodle_carrying_a_bone_but_a_poodle_does_not_attack_a_boxer():
    boxer_turn = given(at(0, "J5"), at(1, "HOUSE7"), event("BoneFound", seat=1, slot=0), dogs=("boxer", "poodle"))
    poodle_turn = given(at(0, "J5"), at(1, "HOUSE7"), event("BoneFound", seat=1, slot=0), dogs=("poodle", "boxer"))

    assert worth_attacking(RULES.view(boxer_turn, 0), 0, 1)
    assert not worth_attacking(RULES.view(poodle_turn, 0), 0, 1)


def test_the_bot_plays_whole_games_with_legal_moves_only():
    from domain.playout import play

    for game in range(3):
        bots = [streetwise_bot, RULES.bots["greedy"], RULES.bots["greedy"]]
        result = play(RULES, 3, bots, f"streetwise-{game}").result
        assert len(result["winners"]) == 1


def test_a_search_over_the_bot_tries_the_routes_by_their_worth_and_no_steps():
    state = given(at(1, "J5"), at(0, "DEN1"), event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "H4"}))
    view = RULES.view(state, 0)
    legal = [{"type": "ChooseTruckRoute", "route": route} for route in routes("H5", "H4", 2)]
    legal.append({"type": "ChooseTruckRoute", "route": None})
    walking = given(at(0, "E3"))

    assert ranked(view, legal)[0]["route"] == ["I5", "J5"]
    assert all(move["type"] != "Move" for move in ranked(RULES.view(walking, 0), RULES.legal_moves(walking, 0)))


def test_the_bot_walks_round_a_rivals_mark_rather_than_sniff_it_with_ap_to_spare():
    # The shepherd on F5 heads for E6: through E5 (2 steps), which the husky has marked, or round by the kiosk (3).
    state = given(event("LamppostMarked", seat=3, cell="E5", replaced=None), at(0, "F5", ap_left=5))
    view = RULES.view(state, 0)
    moves = [move for move in RULES.legal_moves(state, 0) if move["type"] == "Move"]

    assert _toward(view, 0, "E6", moves, random.Random(0))["to"] == "KIOSK"
    assert _toward({**view, "ap": 1}, 0, "E6", moves, random.Random(0))["to"] == "E5"


def test_a_dog_whose_caught_cards_are_all_discarded_fears_the_truck_less():
    truck = event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "H4"})
    caught = ("GS02", "GS04", "GS07", "GS10")  # the shepherd's CAUGHT escape cards
    fresh = given(truck, at(0, "I5"))
    spent = given(*(drawn(0, card) for card in caught), truck, at(0, "I5"), decks={0: deck("shepherd", *caught)})

    assert risk(RULES.view(spent, 0), 0, "HOUSE7") < risk(RULES.view(fresh, 0), 0, "HOUSE7")
