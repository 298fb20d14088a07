"""DOGS rules: Given a table / When a command / Then the events (spec §6 rulings and §9 worked examples)."""

from __future__ import annotations

import pytest

from domain.dogs import RULES
from domain.dogs.board import route_costs
from domain.dogs.content import CENTER
from domain.dogs.pens import content_ok, max_placeable, pen_score
from domain.dogs.scoring import breakdown
from domain.engine import IllegalMove, rng_for
from tests.unit.dogs_given import clear_board, idle, table, types, when

# E1 movement (rulebook examples 1 and 2).

def test_the_route_to_k8_costs_four_gas_and_a_lost_dog_pays_its_reward() -> None:
    state = table()
    clear_board(state, K8="DALMATIAN#1")
    events = when(state, 0, {"type": "MoveTruck", "to": "K8"})
    assert events[0]["data"]["cost"] == 4
    assert events[2] == {"type": "LostDogDeliveredToFair", "data": {"seat": 0, "token": "DALMATIAN#1", "reward": 4}}
    assert RULES.fold(events, state)["kennels"][0]["gas"] == 2


def test_the_cheapest_route_is_charged_from_k2_to_c5() -> None:
    assert route_costs("K2")["C5"] == 3


def test_a_move_that_would_leave_no_gas_is_illegal() -> None:
    state = table()
    clear_board(state, C5="BULLDOG#4", K2="POODLE#4")
    state["kennels"][0].update(truck="K2", moved=True, gas=3)
    with pytest.raises(IllegalMove):
        when(state, 0, {"type": "MoveTruck", "to": "C5"})
    state["kennels"][0]["gas"] = 4
    after = RULES.fold(when(state, 0, {"type": "MoveTruck", "to": "C5"}), state)
    assert after["kennels"][0]["gas"] == 1


def test_a_blocker_costs_two_to_pass_and_is_no_destination() -> None:
    assert route_costs(CENTER, frozenset({"C3"}))["K2"] == 3
    state = table(2)
    clear_board(state, C3="BLOCKER_CITY_1", K2="POODLE#4")
    assert {"type": "MoveTruck", "to": "C3"} not in RULES.legal_moves(state, 0)
    assert when(state, 0, {"type": "MoveTruck", "to": "K2"})[0]["data"]["cost"] == 3


def test_staying_home_is_only_possible_before_moving() -> None:
    state = table()
    assert {"type": "StayHome"} in RULES.legal_moves(state, 0)
    state["kennels"][0].update(truck="C1", moved=True)
    assert {"type": "StayHome"} not in RULES.legal_moves(state, 0)


def test_the_first_returner_takes_a_bonus_token() -> None:
    state = table(3)
    state["kennels"][0].update(truck="C1", moved=True)
    legal = RULES.legal_moves(state, 0)
    assert {"type": "ReturnHome", "bonus": "food"} in legal and {"type": "ReturnHome", "bonus": None} not in legal


# E2 pens and arrangement.

def test_pen_contents_follow_the_two_row_rule() -> None:
    assert content_ok(["P", "P", "B"]) and content_ok(["P", "P", "B", "B"]) and content_ok(["P"] * 4)
    assert not content_ok(["P", "P", "P", "B"]) and not content_ok(["P", "B", "M"])


def test_pen_scores_follow_the_table() -> None:
    assert [pen_score(c) for c in (["P", "P"], ["P", "P", "B"], ["P", "P", "B", "B"], ["P"] * 3, ["P"] * 4)] == [
        2, 3, 5, 8, 12]
    assert pen_score(["P", "B"]) == 0 and pen_score(["P"]) == 0


def test_two_pens_hold_four_of_the_first_example_and_six_of_the_second() -> None:
    assert max_placeable(["P", "P", "BEAGLE", "MUTT"], 2) == 4
    assert max_placeable(["P"] * 4 + ["BEAGLE", "MUTT", "YORKSHIRE"], 2) == 6


def test_arranging_a_fifth_poodle_donates_exactly_one_dog() -> None:
    state = arranging_table()
    k = state["kennels"][0]
    k["pens"] = {"B1": ["POODLE#4", "POODLE#5"], "B2": ["BEAGLE#4", "MUTT#4"]}
    k["load"] = ["POODLE#6", "POODLE#7", "YORKSHIRE#4"]
    layout = {"B1": ["POODLE#4", "POODLE#5", "POODLE#6", "POODLE#7"], "B2": ["BEAGLE#4", "MUTT#4"]}
    events = when(state, 0, {"type": "ArrangeKennel", "pens": layout, "donate": ["YORKSHIRE#4"], "vet_card": None})
    assert types(events)[:2] == ["KennelArranged", "FullPenBonusPaid"]
    assert events[0]["data"]["donate"] == ["YORKSHIRE#4"]  # offered to seat 1 once every kennel is arranged
    with pytest.raises(IllegalMove):
        when(state, 0, {"type": "ArrangeKennel", "pens": {"B1": layout["B1"], "B2": ["MUTT#4"]},
                        "donate": ["YORKSHIRE#4", "BEAGLE#4"], "vet_card": None})


def test_an_overfull_infirmary_donates_exactly_the_excess() -> None:
    state = arranging_table()
    k = state["kennels"][0]
    k["infirmary"] = ["MUTT#2", "MUTT#3", "GOLDEN#2", "GOLDEN#3", "BULLDOG#2"]
    k["load"] = ["POODLE#2", "POODLE#3"]
    legal = RULES.legal_moves(state, 0)
    assert {len(m["donate"]) for m in legal} == {1}
    with pytest.raises(IllegalMove):
        when(state, 0, {"type": "ArrangeKennel", "pens": {"B1": [], "B2": []}, "donate": [], "vet_card": None})


def arranging_table() -> dict:
    """Everyone has stayed home; seat 0 arranges first."""
    state = table()
    for seat in range(4):
        state = RULES.fold(when(state, seat, {"type": "StayHome"}), state)
    assert state["step"] == "arrange"
    return state


# E3 Dog Fair.

def fair_table(pool: list[str]) -> dict:
    state = table()
    state.update(step="action", actor=0, box="FAIR", phase=2, fair=pool)
    state["fair_deck"] = ["FAIR_2", "FAIR_1", "FAIR_3", "FAIR_4"]
    state["kennels"][0].update(coins=10, cards=["TRAINED_DOG_1", "PRIZE_DOG_1"])
    state["kennels"][0]["pens"] = {"B1": ["POODLE#4"], "B2": ["LABRADOR#4"]}
    return state


def test_the_fair_price_is_ten_minus_the_pool() -> None:
    state = fair_table(["MUTT#4", "GOLDEN#4", "BULLDOG#4", "ROTTWEILER#4"])
    events = when(state, 0, {"type": "BuyDog", "token": "MUTT#4", "pen": "B1"})
    assert events[0]["data"]["price"] == 6


def test_a_sale_with_trained_and_prize_dogs_pays_five() -> None:
    state = fair_table(["MUTT#4", "GOLDEN#4", "BULLDOG#4", "ROTTWEILER#4"])
    events = when(state, 0, {"type": "SellDog", "token": "POODLE#4", "bonus_cards": ["TRAINED_DOG_1", "PRIZE_DOG_1"]})
    assert events[2]["data"]["coins"] == 5
    assert RULES.view(RULES.fold(events, state), 0)["fair_price"] == 5


def test_a_breed_not_on_the_fair_card_cannot_be_sold_but_can_be_swapped() -> None:
    state = fair_table(["MUTT#4"])
    with pytest.raises(IllegalMove):
        when(state, 0, {"type": "SellDog", "token": "LABRADOR#4", "bonus_cards": []})
    assert types(when(state, 0, {"type": "SwapDogAtFair", "give": "LABRADOR#4", "take": "MUTT#4", "pen": "B2"}))[0] == (
        "DogSwappedAtFair")


# E4 final scoring.

def blue_kennel() -> dict:
    return {
        "pens": {"B1": ["POODLE#4", "POODLE#5", "POODLE#6", "POODLE#7"],
                 "B2": ["LABRADOR#4", "LABRADOR#5", "ROTTWEILER#4"], "A2": ["BULLDOG#4", "BULLDOG#5"],
                 "A3": ["GOLDEN#4"]},
        "infirmary": ["MUTT#2"], "helper_paid": 9, "food": 2, "medicine": 3, "gas": 4, "coins": 5,
    }


def test_the_worked_final_score_is_35_with_four_players() -> None:
    score = breakdown(blue_kennel(), 4, 9)
    assert score == {"pens": 17, "additional_pens": 5, "diversity": 10, "helper": 2, "resources": 3, "sick": -2,
                     "groups": 0, "total": 35, "healthy": 10}


def test_the_same_kennel_scores_45_with_two_players() -> None:
    assert breakdown(blue_kennel(), 2, 9)["total"] == 45


def test_short_of_food_the_player_names_one_unfed_dog_which_goes_to_the_fair_when_the_infirmary_is_full() -> None:
    state = table()
    state.update(step="feed", queue=[3, 0, 1, 2], phase=3)
    red = state["kennels"][3]
    red.update(food=2, infirmary=["MUTT#2", "MUTT#3", "GOLDEN#2", "GOLDEN#3", "BULLDOG#2", "BULLDOG#3"])
    red["pens"] = {"B1": ["POODLE#4"], "B2": ["LABRADOR#4"], "A2": ["BULLDOG#4"]}
    legal = RULES.legal_moves(state, 3)
    assert all(len(m["unfed"]) == 1 for m in legal) and len(legal) == 3
    events = when(state, 3, {"type": "FeedDogs", "unfed": [["A2", "BULLDOG#4"]]})
    assert types(events)[:2] == ["DogSentToFair", "PensFed"]


def test_a_helper_that_cannot_be_paid_is_lost() -> None:
    state = table()
    state.update(step="salary", queue=[3, 0, 1, 2], phase=3)
    state["kennels"][3].update(coins=0, cards=[])
    assert RULES.legal_moves(state, 3) == [{"type": "PaySalary", "method": "none", "card": None}]
    assert types(when(state, 3, {"type": "PaySalary", "method": "none", "card": None}))[0] == "HelperLost"


# Section 7: hidden information. The contract checks that no view or redacted event shows a secret, at every
# version of every playout; these check what the secrets are, and that what is public is still shown.

def test_the_secrets_are_the_supplies_the_draw_pile_the_fair_pile_below_its_top_and_the_removed_dogs() -> None:
    state = table(2)
    dogs = [t for toks in state["supply"].values() for t in toks if not t.startswith("BLOCKER_")]
    expected = [*dogs, *state["deck"], *state["removed"], tuple(state["fair_deck"][1:])]
    assert RULES.secrets(state, None) == RULES.secrets(state, 1) == expected
    assert len(state["removed"]) == 2 and len(state["fair_deck"]) == 4


def test_nothing_is_secret_once_the_game_is_over() -> None:
    state = idle(table(2), lambda s: s["step"] == "over")
    assert RULES.secrets(state, 0) == [] and RULES.view(state, 0)["removed"] == state["removed"]


def test_views_and_redacted_shuffles_still_count_what_they_hide() -> None:
    events = RULES.setup(2, RULES.normalize_options({}, 2), rng_for("hidden", 1))
    state = RULES.fold(events)
    view = RULES.view(state, None)
    for group in ("city", "country"):
        on_board = sum(1 for t in state["board"].values() if t and t.startswith(f"BLOCKER_{group.upper()}_"))
        assert view["supply"][group] == {"tokens": len(state["supply"][group]), "blockers": 3 - on_board}
    assert view["deck"] == len(state["deck"]) and view["removed"] == 2
    assert view["fair_deck"] == {"top": state["fair_deck"][0], "cards": 4}
    shown = {e["type"]: RULES.redact(e, 0)["data"] for e in events}
    assert shown["LostDogsRemoved"] == {"tokens": None, "count": 2}
    assert shown["CardDeckShuffled"] == {"order": None, "count": 36}


def test_a_command_with_a_field_it_does_not_take_is_refused_and_never_stored() -> None:
    state = table()
    assert types(when(state, 0, {"type": "StayHome"})) == ["PlayerStayedHome"]
    with pytest.raises(IllegalMove) as refused:
        when(state, 0, {"type": "StayHome", "padding": "x" * 1000})
    assert refused.value.reason == "BadArgument" and "padding" in refused.value.detail


def test_malformed_commands_are_refused() -> None:
    state = table()
    for command in ({"type": "MoveTruck"}, {"type": "MoveTruck", "to": 3}, {"type": "BuyGas", "coins": True}, "x"):
        with pytest.raises(IllegalMove):
            when(state, 0, command)
