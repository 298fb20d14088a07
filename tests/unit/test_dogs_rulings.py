"""DOGS rulings: Given the events of a table / When a command / Then the exact events or refusal (spec §5, §6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.dogs import RULES
from domain.dogs.content import is_lost, token_group
from domain.dogs.scoring import ranking
from domain.dogs.setup import setup_events
from domain.engine import BadOptions, IllegalMove, event, rng_for
from tests.unit.dogs_given import (
    Shuffles,
    after,
    at,
    first,
    given,
    holding,
    idle,
    play,
    supply_down_to,
    types,
    when,
)


def refused(state: dict, seat: int, command: dict) -> str:
    """The reason the rules give for refusing a command."""
    with pytest.raises(IllegalMove) as refusal:
        when(state, seat, command)
    return refusal.value.reason


def move(to: str) -> dict:
    """MoveTruck to a paw space."""
    return {"type": "MoveTruck", "to": to}


STAY = {"type": "StayHome"}
SKIP = {"type": "SkipBoxAction"}


def home(bonus: str | None = None) -> dict:
    """ReturnHome, with the return bonus if one is earned."""
    return {"type": "ReturnHome", "bonus": bonus}


def place(box: str, card: str | None, free_entry: str | None = None) -> dict:
    """PlaceMeeple on a box."""
    return {"type": "PlaceMeeple", "box": box, "card": card, "free_entry": free_entry}


def arrange(pens: dict, donate: list[str] | None = None, vet_card: str | None = None) -> dict:
    """ArrangeKennel."""
    return {"type": "ArrangeKennel", "pens": pens, "donate": donate or [], "vet_card": vet_card}


def only_seat_zero_moves_to_c1(players: int, **table: Any) -> dict:
    """Seat 0 fetches the dog on C1 and returns while everyone else stays home; the game is at phase 2."""
    state = idle(play(given(players, **table), move("C1")), at("arrange"))
    return idle(play(state, arrange({"B1": ["MUTT#4"], "B2": []})), at("place"))


# §5.1c / R29: the six-blocker check after a 2-player refill.

def test_a_two_player_refill_that_puts_all_six_blockers_out_makes_the_next_round_the_last() -> None:
    state = given(2, board={"C3": "BLOCKER_CITY_1", "C4": "BLOCKER_CITY_2", "K4": "BLOCKER_COUNTRY_1",
                            "K6": "BLOCKER_COUNTRY_2", "K7": "BLOCKER_COUNTRY_3"})
    state = supply_down_to(supply_down_to(state, "city", "BLOCKER_CITY_3"), "country")
    state = idle(play(state, move("C1")), at("salary", 1))
    events = when(state, 1, {"type": "PaySalary", "method": "coin", "card": None})
    assert first(events, "BlockersCollected")["tokens"] == {
        "C3": "BLOCKER_CITY_1", "C4": "BLOCKER_CITY_2", "K4": "BLOCKER_COUNTRY_1", "K6": "BLOCKER_COUNTRY_2",
        "K7": "BLOCKER_COUNTRY_3"}
    assert sorted(first(events, "BoardRefilled")["placements"]) == ["C1", "C3", "C4", "K4", "K6", "K7"]
    declared = types(events).index("LastRoundDeclared")
    assert events[declared] == event("LastRoundDeclared", round=2, reason="all_blockers_out")
    assert types(events)[declared - 1:declared + 4] == [
        "BoardRefilled", "LastRoundDeclared", "StartPlayerPassed", "RoundEnded", "RoundStarted"]
    assert after(state, events)["last_round"] == 2


def test_six_blockers_dealt_onto_the_board_at_setup_do_not_end_the_game() -> None:
    state = given(2, board={"C3": "BLOCKER_CITY_1", "C4": "BLOCKER_CITY_2", "C5": "BLOCKER_CITY_3",
                            "K4": "BLOCKER_COUNTRY_1", "K6": "BLOCKER_COUNTRY_2", "K7": "BLOCKER_COUNTRY_3"})
    assert state["last_round"] is None and state["step"] == "trucks"


# §4.1 step 4 / R28: the supply shortfall, checked once the last truck is home.

def test_a_country_supply_too_short_for_the_empty_country_spaces_declares_the_last_round() -> None:
    state = supply_down_to(given(3), "country", "POODLE#6")
    state = play(state, move("K2"), move("K1"), STAY, home("food"))
    events = when(state, 1, home("gas"))
    assert events[:3] == [
        event("TruckReturned", seat=1, order=2),
        event("ReturnBonusTaken", seat=1, resource="gas", lost=0),
        event("LastRoundDeclared", round=1, reason="supply_short", area="country"),
    ]


def test_a_supply_that_just_covers_the_empty_spaces_is_not_short() -> None:
    state = supply_down_to(given(3), "country", "POODLE#6", "POODLE#7")
    state = play(state, move("K2"), move("K1"), STAY, home("food"))
    events = when(state, 1, home("gas"))
    assert "LastRoundDeclared" not in types(events)


def test_two_player_blockers_count_as_both_needed_and_available() -> None:
    state = supply_down_to(given(2, board={"C3": "BLOCKER_CITY_1"}), "city", "BLOCKER_CITY_2")
    state = play(state, move("C1"), STAY)
    assert "LastRoundDeclared" not in types(when(state, 0, home("food")))
    state = play(state, move("C4"))
    assert when(state, 0, home("food"))[2] == event("LastRoundDeclared", round=1, reason="supply_short", area="city")


def test_a_short_supply_ends_the_game_after_the_salary_without_a_refill() -> None:
    state = supply_down_to(given(3), "country", "POODLE#6")
    state = idle(play(state, move("K2"), move("K1")), at("salary", 1))
    events = when(state, 2, {"type": "PaySalary", "method": "coin", "card": None})
    assert types(events) == ["SalaryPaid", "FinalScored", "GameEnded"]
    assert after(state, events)["board"]["K1"] is None


# R14 / R13: a Receive-a-dog card.

def test_a_received_blocker_goes_back_and_the_reshuffled_supply_is_drawn_again() -> None:
    state = holding(given(2), 0, "RECEIVE_DOG_1")
    state = supply_down_to(state, "city", "BLOCKER_CITY_1", "MUTT#6")
    events = when(state, 0, {"type": "PlayReceiveDog", "card": "RECEIVE_DOG_1", "group": "city"}, Shuffles())
    assert events == [
        event("SpecialCardPlayed", seat=0, card="RECEIVE_DOG_1"),
        event("BlockerReturned", group="city", token="BLOCKER_CITY_1"),
        event("DogSupplyShuffled", group="city", order=["MUTT#6", "BLOCKER_CITY_1"]),
        event("DogDrawnFromSupply", seat=0, group="city", token="MUTT#6"),
        event("DogLoadedOnTruck", seat=0, token="MUTT#6"),
    ]
    after_draw = after(state, events)
    assert after_draw["supply"]["city"] == ["BLOCKER_CITY_1"] and after_draw["turn"] == 0


def test_a_receive_dog_card_cannot_be_played_on_a_supply_of_blockers_only() -> None:
    state = supply_down_to(holding(given(2), 0, "RECEIVE_DOG_1"), "city", "BLOCKER_CITY_1")
    assert refused(state, 0, {"type": "PlayReceiveDog", "card": "RECEIVE_DOG_1", "group": "city"}) == "NotLegal"


def test_a_received_lost_dog_goes_to_the_fair_and_pays_nothing() -> None:
    state = holding(given(4, supply={"country": ["POODLE#1"]}), 0, "RECEIVE_DOG_1")
    events = when(state, 0, {"type": "PlayReceiveDog", "card": "RECEIVE_DOG_1", "group": "country"})
    assert events[1:] == [
        event("DogDrawnFromSupply", seat=0, group="country", token="POODLE#1"),
        event("LostDogDeliveredToFair", seat=0, token="POODLE#1", reward=0),
    ]


def test_a_received_sick_dog_rides_the_truck_sick() -> None:
    state = holding(given(4, supply={"city": ["MUTT#2"]}), 0, "RECEIVE_DOG_1")
    events = when(state, 0, {"type": "PlayReceiveDog", "card": "RECEIVE_DOG_1", "group": "city"})
    assert events[-1] == event("DogLoadedOnTruck", seat=0, token="MUTT#2")
    state = idle(play(after(state, events), move("C1")), at("arrange"))
    assert first(when(state, 0, arrange({"B1": ["MUTT#4"], "B2": []})), "KennelArranged")["infirmary"] == ["MUTT#2"]


# R16: the Veterinarian card in the arrangement.

def vet_table() -> dict:
    """Seat 0 holds a Veterinarian card, a sick BULLDOG in the infirmary and brings two sick dogs home."""
    state = holding(given(3, board={"C1": "MUTT#2", "C3": "GOLDEN#2"}), 0, "VETERINARIAN_1")
    state["kennels"][0]["infirmary"] = ["BULLDOG#2"]
    return idle(play(state, move("C1"), STAY, STAY, move("C3")), at("arrange"))


def test_a_veterinarian_card_puts_the_sick_dogs_of_the_truck_straight_into_the_pens() -> None:
    state = vet_table()
    events = when(state, 0, arrange({"B1": ["MUTT#2"], "B2": ["GOLDEN#2"]}, vet_card="VETERINARIAN_1"))
    assert events == [
        event("SpecialCardPlayed", seat=0, card="VETERINARIAN_1"),
        event("KennelArranged", seat=0, pens={"B1": ["MUTT#2"], "B2": ["GOLDEN#2"]}, infirmary=["BULLDOG#2"],
              donate=[], sick_donated=[]),
    ]


def test_a_veterinarian_card_leaves_the_infirmary_alone() -> None:
    state = vet_table()
    command = arrange({"B1": ["MUTT#2", "BULLDOG#2"], "B2": ["GOLDEN#2"]}, vet_card="VETERINARIAN_1")
    assert refused(state, 0, command) == "UnknownDog"


def test_without_the_card_the_sick_dogs_of_the_truck_go_to_the_infirmary() -> None:
    state = vet_table()
    assert refused(state, 0, arrange({"B1": ["MUTT#2"], "B2": []})) == "UnknownDog"
    events = when(state, 0, arrange({"B1": [], "B2": []}))
    assert first(events, "KennelArranged")["infirmary"] == ["BULLDOG#2", "MUTT#2", "GOLDEN#2"]


def test_sick_dogs_cured_by_the_card_that_do_not_fit_are_donated_as_healthy_dogs() -> None:
    state = vet_table()
    full = {"B1": ["POODLE#4", "POODLE#5", "POODLE#6", "POODLE#7"],
            "B2": ["LABRADOR#4", "LABRADOR#5", "LABRADOR#6", "LABRADOR#7"]}
    state["kennels"][0]["pens"] = full
    events = when(state, 0, arrange(full, ["GOLDEN#2", "MUTT#2"], "VETERINARIAN_1"))
    assert first(events, "KennelArranged")["sick_donated"] == []
    state = play(after(state, events), arrange({"B1": [], "B2": []}))
    assert when(state, 2, arrange({"B1": [], "B2": []}))[1] == event(
        "DonationOffered", donor=0, token="GOLDEN#2", sick=False, to=1)


def test_a_veterinarian_card_is_refused_when_no_sick_dog_rides_the_truck() -> None:
    state = holding(given(3), 0, "VETERINARIAN_1")
    state = idle(play(state, move("C1")), at("arrange"))
    assert refused(state, 0, arrange({"B1": ["MUTT#4"], "B2": []}, vet_card="VETERINARIAN_1")) == "BadCard"


# R18: Free entry.

def free_entry_table() -> dict:
    """Two players at phase 2; seat 0 has taken a PET_SHOP card, so that box is full (capacity 1)."""
    state = only_seat_zero_moves_to_c1(2, boxes={"PET_SHOP": ["FOOD_1A", "MEDICINE_1A"]})
    return play(holding(state, 1, "FREE_ENTRY_1"), place("PET_SHOP", "FOOD_1A"), SKIP)


def test_a_free_entry_joins_a_full_box_and_takes_no_card_even_if_one_is_left() -> None:
    state = free_entry_table()
    events = when(state, 1, place("PET_SHOP", None, "FREE_ENTRY_1"))
    assert events == [
        event("MeeplePlaced", seat=1, box="PET_SHOP", via_free_entry=True, card=None),
        event("SpecialCardPlayed", seat=1, card="FREE_ENTRY_1"),
    ]
    state = after(state, events)
    assert state["boxes"]["PET_SHOP"] == ["MEDICINE_1A"]
    assert when(state, 1, {"type": "BuySupplies", "food": 1, "medicine": 1})[0] == event(
        "SuppliesBought", seat=1, coins=1, food=1, medicine=1)


def test_a_free_entry_is_refused_on_a_box_with_room_or_with_a_free_entry_meeple() -> None:
    state = free_entry_table()
    assert refused(state, 1, place("VET", None, "FREE_ENTRY_1")) == "NotLegal"
    state = play(state, place("PET_SHOP", None, "FREE_ENTRY_1"), SKIP)
    state = holding(state, 0, "FREE_ENTRY_2")
    assert refused(state, 0, place("PET_SHOP", None, "FREE_ENTRY_2")) == "NotLegal"


def test_a_normal_placement_on_a_full_box_is_refused() -> None:
    assert refused(free_entry_table(), 1, place("PET_SHOP", "MEDICINE_1A")) == "NotLegal"


# R2 / R3: destinations and the gas reserve.

def test_a_truck_passes_another_truck_but_stops_only_on_a_dog() -> None:
    state = play(given(3, board={"C3": None}), move("C1"))
    assert refused(state, 1, move("C1")) == "NotLegal"
    assert refused(state, 1, move("C3")) == "NotLegal"
    assert refused(state, 1, move("CENTER")) == "NotLegal"
    assert when(state, 1, move("C2"))[0] == event("TruckMoved", seat=1, **{"from": "CENTER"}, to="C2", cost=2)


def test_a_truck_that_cannot_afford_another_dog_can_only_return() -> None:
    state = play(given(3), move("K7"), STAY, STAY)
    assert state["kennels"][0]["gas"] == 1
    assert RULES.legal_moves(state, 0) == [home("food"), home("medicine"), home("gas")]


def test_a_truck_at_the_centre_with_one_gas_can_only_stay_home() -> None:
    state = given(3)
    state["kennels"][0]["gas"] = 1
    assert RULES.legal_moves(state, 0) == [STAY]


# R4 / R5: staying home and the return bonus.

def test_staying_home_is_free_and_does_not_count_as_returning() -> None:
    state = given(3)
    assert when(state, 0, STAY) == [event("PlayerStayedHome", seat=0)]
    state = play(state, STAY, move("C1"), move("C3"))
    assert state["kennels"][0]["gas"] == 6
    assert [m for m in RULES.legal_moves(state, 1) if m["type"] == "ReturnHome"] == [
        home("food"), home("medicine"), home("gas")]


def test_when_nobody_moves_this_is_the_last_round() -> None:
    state = play(given(3), STAY, STAY)
    assert when(state, 2, STAY)[:2] == [
        event("PlayerStayedHome", seat=2), event("LastRoundDeclared", round=1, reason="all_stayed_home")]


def test_the_only_mover_is_first_and_last_and_takes_one_token() -> None:
    state = play(given(3), move("C1"), STAY, STAY)
    assert when(state, 0, home("medicine"))[:2] == [
        event("TruckReturned", seat=0, order=1), event("ReturnBonusTaken", seat=0, resource="medicine", lost=0)]
    assert refused(state, 0, {"type": "ReturnHome", "bonus": None}) == "NotLegal"


def test_with_two_players_only_the_last_returner_takes_a_bonus() -> None:
    state = play(given(2), move("C1"), move("C3"))
    assert refused(state, 0, home("food")) == "NotLegal"
    state = play(state, home())
    assert when(state, 1, home("food"))[:2] == [
        event("TruckReturned", seat=1, order=2), event("ReturnBonusTaken", seat=1, resource="food", lost=0)]


# R6 / R19 / R20: the gas cap, both meeples on one box, the Warehouse.

def warehouse_table() -> dict:
    """Four players at phase 2; the Warehouse shows GAS_2A and GAS_2B; seat 0 has 6 gas."""
    return only_seat_zero_moves_to_c1(4, boxes={"WAREHOUSE": ["GAS_2A", "GAS_2B"]})


def test_gas_from_a_card_above_nine_is_lost_and_recorded() -> None:
    state = warehouse_table()
    state["kennels"][1]["gas"] = 8
    seat_zero = play(state, place("PET_SHOP", state["boxes"]["PET_SHOP"][0]), SKIP)
    events = when(seat_zero, 1, place("WAREHOUSE", "GAS_2A"))
    assert events[2] == event("ResourceCardResolved", seat=1, card="GAS_2A", kind="gas", amount=2, lost=1)
    assert after(seat_zero, events)["kennels"][1]["gas"] == 9


def test_a_player_may_put_both_meeples_on_one_box_and_act_twice() -> None:
    state = warehouse_table()
    city_hall, pet_shop = state["boxes"]["CITY_HALL"], state["boxes"]["PET_SHOP"]
    state = play(state, place("WAREHOUSE", "GAS_2A"), SKIP, place("CITY_HALL", city_hall[0]), SKIP,
                 place("CITY_HALL", city_hall[1]), SKIP, place("PET_SHOP", pet_shop[0]), SKIP)
    events = when(state, 0, place("WAREHOUSE", "GAS_2B"))
    assert types(events) == ["MeeplePlaced", "CardTaken", "ResourceCardResolved", "CardDiscarded"]


def test_a_warehouse_swap_may_not_lift_gas_above_nine_nor_change_nothing_nor_give_coins() -> None:
    state = warehouse_table()
    state["kennels"][0].update(gas=8, food=2)
    state = play(state, place("WAREHOUSE", "GAS_2A"))
    assert state["kennels"][0]["gas"] == 9
    assert refused(state, 0, {"type": "SwapResources", "give": ["food"], "take": ["gas"]}) == "NotLegal"
    assert refused(state, 0, {"type": "SwapResources", "give": ["food"], "take": ["food"]}) == "NotLegal"
    assert refused(state, 0, {"type": "SwapResources", "give": ["coins"], "take": ["food"]}) == "NotLegal"
    assert when(state, 0, {"type": "SwapResources", "give": ["gas", "gas"], "take": ["food", "medicine"]})[0] == (
        event("ResourcesSwapped", seat=0, give=["gas", "gas"], take=["food", "medicine"]))


def test_a_placement_must_take_a_card_when_the_box_shows_one() -> None:
    assert refused(warehouse_table(), 0, place("WAREHOUSE", None)) == "NotLegal"


def test_a_refuel_cannot_lift_gas_above_nine() -> None:
    state = idle(warehouse_table(), at("refuel"))
    assert state["queue"][0] == 1
    state["kennels"][1].update(gas=4, coins=5)
    assert RULES.legal_moves(state, 1) == [{"type": "BuyGas", "coins": 0}, {"type": "BuyGas", "coins": 1}]
    assert refused(state, 1, {"type": "BuyGas", "coins": 2}) == "NotLegal"


# R32: gas is bought only in the refuel step.

def test_gas_cannot_be_bought_during_the_truck_turns() -> None:
    assert refused(given(4), 0, {"type": "BuyGas", "coins": 1}) == "WrongMoment"


# R9: the full-pen bonus, once per pen.

def test_a_flagged_pen_never_pays_again_but_another_pen_does() -> None:
    state = idle(given(4), at("arrange"))
    k = state["kennels"][0]
    k["flags"]["B1"] = True
    k["pens"] = {"B1": ["POODLE#4", "POODLE#5", "POODLE#6"], "B2": ["LABRADOR#4", "LABRADOR#5", "LABRADOR#6"]}
    k["load"] = ["POODLE#7", "LABRADOR#7"]
    pens = {"B1": ["POODLE#4", "POODLE#5", "POODLE#6", "POODLE#7"],
            "B2": ["LABRADOR#4", "LABRADOR#5", "LABRADOR#6", "LABRADOR#7"]}
    events = when(state, 0, arrange(pens))
    assert types(events)[:2] == ["KennelArranged", "FullPenBonusPaid"]
    assert events[1] == event("FullPenBonusPaid", seat=0, pen="B2")
    assert "FullPenBonusPaid" not in types(events)[2:]


# R11: donations.

def donation_table() -> dict:
    """Three players have stayed home; seat 0 brings five dogs of five breeds, one more than two pens hold."""
    state = play(given(3), STAY, STAY, STAY)
    state["kennels"][0]["load"] = ["MUTT#4", "GOLDEN#4", "POODLE#4", "LABRADOR#4", "BULLDOG#4"]
    return play(state, arrange({"B1": ["GOLDEN#4", "LABRADOR#4"], "B2": ["MUTT#4", "POODLE#4"]}, ["BULLDOG#4"]),
                arrange({"B1": [], "B2": []}))


def test_a_donated_dog_is_offered_clockwise_from_the_donor() -> None:
    state = donation_table()
    assert when(state, 2, arrange({"B1": [], "B2": []}))[1] == event(
        "DonationOffered", donor=0, token="BULLDOG#4", sick=False, to=1)


def test_a_dog_everyone_declines_goes_to_the_fair_and_never_back_to_the_donor() -> None:
    state = play(donation_table(), arrange({"B1": [], "B2": []}), {"type": "DeclineDonation", "token": "BULLDOG#4"})
    events = when(state, 2, {"type": "DeclineDonation", "token": "BULLDOG#4"})
    assert events[:2] == [
        event("DonationDeclined", token="BULLDOG#4", seat=2, automatic=False),
        event("DogDonatedToFair", donor=0, token="BULLDOG#4"),
    ]
    assert "BULLDOG#4" in after(state, events)["fair"]


def test_an_acceptor_may_re_lay_his_pens_but_must_keep_every_dog() -> None:
    state = donation_table()
    state["kennels"][1]["pens"]["B1"] = ["MUTT#5"]
    state = play(state, arrange({"B1": [], "B2": []}))
    accept = {"type": "AcceptDonation", "token": "BULLDOG#4"}
    assert refused(state, 1, {**accept, "pens": {"B1": ["BULLDOG#4"], "B2": []}}) == "KeepAllDogs"
    assert when(state, 1, {**accept, "pens": {"B1": [], "B2": ["BULLDOG#4", "MUTT#5"]}})[0] == event(
        "DonationAccepted", donor=0, to=1, token="BULLDOG#4", pens={"B1": [], "B2": ["BULLDOG#4", "MUTT#5"]})


def test_an_offeree_with_a_full_infirmary_declines_a_sick_dog_automatically() -> None:
    state = play(given(3), STAY, STAY, STAY)
    sick = ["MUTT#2", "MUTT#3", "GOLDEN#2", "GOLDEN#3", "BULLDOG#2", "BULLDOG#3"]
    state["kennels"][0].update(infirmary=sick[:6], load=["POODLE#2"])
    state["kennels"][1]["infirmary"] = ["LABRADOR#2", "LABRADOR#3", "POODLE#3", "ROTTWEILER#2", "ROTTWEILER#3",
                                        "GERMAN_SHEPHERD#2"]
    state = play(state, arrange({"B1": [], "B2": []}, ["POODLE#2"]), arrange({"B1": [], "B2": []}))
    events = when(state, 2, arrange({"B1": [], "B2": []}))
    assert events[1:4] == [
        event("DonationOffered", donor=0, token="POODLE#2", sick=True, to=1),
        event("DonationDeclined", token="POODLE#2", seat=1, automatic=True),
        event("DonationOffered", donor=0, token="POODLE#2", sick=True, to=2),
    ]
    assert when(after(state, events), 2, {"type": "AcceptDonation", "token": "POODLE#2", "pens": None}) == [
        event("DonationAccepted", donor=0, to=2, token="POODLE#2", pens=None), event("PhaseEnded", phase=1)]


# R12 / R22 / R23: the Veterinarian box and the Fair.

def fair_table(box: str, **kennel: object) -> dict:
    """Four players at phase 2; seat 0 stands on ``box`` with a card taken and these kennel fields."""
    state = only_seat_zero_moves_to_c1(4)
    state["kennels"][0].update(kennel)
    return play(state, place(box, state["boxes"][box][0]))


def test_a_fair_dog_with_a_sick_symbol_is_bought_healthy_into_a_pen() -> None:
    state = fair_table("FAIR", coins=9)
    state["fair"] = ["POODLE#2"]
    assert when(state, 0, {"type": "BuyDog", "token": "POODLE#2", "pen": "B2"}) == [
        event("DogBought", seat=0, token="POODLE#2", price=9, pen="B2")]


def test_a_fair_of_nine_dogs_charges_one_coin() -> None:
    state = fair_table("FAIR", coins=1)
    state["fair"] = [f"{b}#{n}" for b in ("POODLE", "LABRADOR", "GOLDEN") for n in (4, 5, 6)]
    assert RULES.view(state, 0)["fair_price"] == 1
    assert when(state, 0, {"type": "BuyDog", "token": "GOLDEN#6", "pen": "B1"}) == [
        event("DogBought", seat=0, token="GOLDEN#4", price=1, pen="B1")]


def test_a_fair_meeple_makes_one_deal_only() -> None:
    state = fair_table("FAIR", coins=9)
    state["fair"] = ["POODLE#4", "POODLE#5"]
    state = play(state, {"type": "BuyDog", "token": "POODLE#4", "pen": "B2"})
    assert refused(state, 0, {"type": "BuyDog", "token": "POODLE#5", "pen": "B2"}) == "NotYourTurn"


def test_a_pen_dog_may_be_swapped_for_a_fair_dog_of_its_own_breed() -> None:
    state = fair_table("FAIR")
    state["fair"] = ["MUTT#6"]
    assert when(state, 0, {"type": "SwapDogAtFair", "give": "MUTT#4", "take": "MUTT#6", "pen": "B1"})[0] == event(
        "DogSwappedAtFair", seat=0, give="MUTT#4", take="MUTT#6", pen="B1", from_pen="B1")


def test_several_dogs_are_cured_in_one_action_but_only_into_a_legal_slot() -> None:
    state = fair_table("VET", medicine=3, infirmary=["MUTT#2", "GOLDEN#2", "POODLE#2"])
    cures = [["MUTT#2", "B1"], ["GOLDEN#2", "B2"]]
    assert when(state, 0, {"type": "CureDogs", "cures": cures}) == [
        event("DogCured", seat=0, token="MUTT#2", pen="B1"), event("DogCured", seat=0, token="GOLDEN#2", pen="B2")]
    both_in_b1 = [["GOLDEN#2", "B1"], ["POODLE#2", "B1"]]
    assert refused(state, 0, {"type": "CureDogs", "cures": both_in_b1}) == "IllegalPen"


# R21 / R33 / R37: the Pet Shop and City Hall.

def test_the_pet_shop_sells_two_food_or_medicine_per_coin_in_any_split_and_no_gas() -> None:
    state = fair_table("PET_SHOP")
    assert when(state, 0, {"type": "BuySupplies", "food": 3, "medicine": 1})[0] == event(
        "SuppliesBought", seat=0, coins=2, food=3, medicine=1)
    assert refused(state, 0, {"type": "BuySupplies", "food": 1, "medicine": 0}) == "NotLegal"
    assert [m for m in RULES.legal_moves(state, 0) if m["type"] == "BuySupplies"][-1] == {
        "type": "BuySupplies", "food": 2 * state["kennels"][0]["coins"], "medicine": 0}


def test_a_discount_taken_at_city_hall_pays_for_that_same_activation() -> None:
    state = only_seat_zero_moves_to_c1(4, boxes={"CITY_HALL": ["DISCOUNT_1", "FOOD_1A"]})
    state["kennels"][0]["coins"] = 1
    state = play(state, place("CITY_HALL", "DISCOUNT_1"))
    assert when(state, 0, {"type": "ActivatePen", "discount": "DISCOUNT_1"}) == [
        event("SpecialCardPlayed", seat=0, card="DISCOUNT_1"), event("PenActivated", seat=0, pen="A2", paid=1)]
    assert refused(state, 0, {"type": "ActivatePen", "discount": None}) == "NotLegal"


def test_pens_are_built_in_order_and_city_hall_still_gives_its_card_when_all_are_built() -> None:
    state = fair_table("CITY_HALL", coins=5)
    state["kennels"][0]["pens"]["A2"] = []
    assert when(state, 0, {"type": "ActivatePen", "discount": None})[0] == event(
        "PenActivated", seat=0, pen="A3", paid=2)
    state["kennels"][0]["pens"].update(A3=[], A5=[])
    assert RULES.legal_moves(state, 0) == [SKIP]


# R25 / R26: feeding and salary.

def test_unfed_dogs_fill_the_infirmary_first_and_then_go_to_the_fair() -> None:
    state = idle(only_seat_zero_moves_to_c1(4), lambda s: s["step"] == "action" and not s["queue"])
    blue = state["kennels"][0]
    blue.update(food=0, infirmary=["MUTT#2", "MUTT#3", "GOLDEN#2", "GOLDEN#3", "BULLDOG#2"])
    blue["pens"] = {"B1": ["POODLE#4"], "B2": ["LABRADOR#4"]}
    state = play(state, SKIP)
    assert state["step"] == "feed" and state["queue"][0] == 0
    events = when(state, 0, {"type": "FeedDogs", "unfed": [["B2", "LABRADOR#4"], ["B1", "POODLE#4"]]})
    assert events[:3] == [
        event("DogFellSick", seat=0, pen="B2", token="LABRADOR#4"),
        event("DogSentToFair", seat=0, pen="B1", token="POODLE#4"),
        event("PensFed", seat=0, pens=[]),
    ]


def test_a_salary_that_can_be_paid_must_be_paid() -> None:
    state = holding(idle(given(4), at("salary")), 0, "HELPER_1")
    assert refused(state, 0, {"type": "PaySalary", "method": "none", "card": None}) == "NotLegal"
    assert when(state, 0, {"type": "PaySalary", "method": "card", "card": "HELPER_1"})[:2] == [
        event("SpecialCardPlayed", seat=0, card="HELPER_1"),
        event("SalaryPaid", seat=0, method="card", card="HELPER_1")]


def test_a_helper_lost_in_one_round_leaves_one_meeple_in_the_next_and_may_be_rehired() -> None:
    state = idle(play(given(4), move("C1")), at("salary"))
    state["kennels"][0].update(coins=0)
    state = play(state, {"type": "PaySalary", "method": "none", "card": None})
    state = idle(state, at("place"))
    assert state["kennels"][0]["meeples"] == 1 and state["queue"].count(0) == 1
    state = idle(state, at("salary", seat=0))
    assert types(when(state, 0, {"type": "PaySalary", "method": "none", "card": None}))[:1] == ["HelperNotRehired"]
    assert when(state, 0, {"type": "PaySalary", "method": "coin", "card": None})[0] == event(
        "HelperRehired", seat=0, method="coin", card=None)


# R27 / R35: the round's end.

def test_leftover_box_cards_join_the_reshuffle_when_the_deck_runs_short() -> None:
    state = idle(play(given(4), move("C1")), at("salary", 1))
    state["discard"] += state["deck"][3:]
    state["deck"] = state["deck"][:3]
    leftover = [c for cards in state["boxes"].values() for c in cards]
    events = when(state, 3, {"type": "PaySalary", "method": "coin", "card": None})
    assert first(events, "BoxCardsDiscarded")["cards"] == leftover
    order = first(events, "CardDeckReshuffled")["order"]
    assert order[:3] == state["deck"] and set(leftover) <= set(order[3:])
    assert sum(len(cards) for cards in first(events, "BoxCardsDealt")["cards"].values()) == 10


def test_a_paw_space_is_refilled_from_its_own_area_whatever_stood_there() -> None:
    state = given(4, board={"C1": "LABRADOR#6"}, supply={"city": ["MUTT#6"], "country": ["POODLE#6"]})
    state = idle(play(state, move("C1")), at("salary", 1))
    events = when(state, 3, {"type": "PaySalary", "method": "coin", "card": None})
    assert first(events, "BoardRefilled")["placements"] == {"C1": "MUTT#6"}


# R15: the dog swap.

def test_a_dog_swap_crosses_the_border_but_never_moves_a_blocker() -> None:
    state = holding(given(2, board={"C3": "BLOCKER_CITY_1"}), 0, "DOG_SWAP_1")
    swap = {"type": "PlayDogSwap", "card": "DOG_SWAP_1", "space_a": "K8", "space_b": "C1"}
    assert when(state, 0, swap) == [
        event("SpecialCardPlayed", seat=0, card="DOG_SWAP_1"),
        event("DogsSwappedOnBoard", seat=0, space_a="C1", space_b="K8"),
    ]
    assert refused(state, 0, {**swap, "space_b": "C3"}) == "NotLegal"


# R30 / R31 / R34: setup and the ranking.

def test_two_players_remove_one_lost_dog_of_each_group_from_the_breeds_in_play() -> None:
    events = setup_events(2, None, rng_for("lost", 1))
    removed = first(events, "LostDogsRemoved")["tokens"]
    in_play = first(events, "BreedsRemoved")["in_play"]
    assert sorted(token_group(t) for t in removed) == ["city", "country"]
    assert all(is_lost(t) and t.split("#")[0] in in_play for t in removed)


def test_a_configured_start_player_is_kept_and_an_impossible_one_refused() -> None:
    events = setup_events(3, 2, rng_for("start", 1))
    assert first(events, "StartPlayerChosen") == {"seat": 2}
    with pytest.raises(BadOptions):
        RULES.normalize_options({"start_player": 3}, 3)


def test_a_tie_goes_to_the_most_healthy_dogs_and_a_remaining_tie_is_shared() -> None:
    scores = [{"seat": 0, "total": 30, "healthy": 9}, {"seat": 1, "total": 30, "healthy": 10},
              {"seat": 2, "total": 30, "healthy": 10}, {"seat": 3, "total": 31, "healthy": 2}]
    assert ranking(scores) == ([3, 1, 2, 0], [3])
    assert ranking(scores[:3]) == ([1, 2, 0], [1, 2])


def test_the_random_start_player_is_any_seat() -> None:
    seats = {first(setup_events(4, None, random.Random(i)), "StartPlayerChosen")["seat"] for i in range(40)}
    assert seats == {0, 1, 2, 3}
