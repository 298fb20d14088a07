"""DOGS in the terminal: the log in plain sentences, and a map that marks lost and sick dogs and shows the trucks."""

from __future__ import annotations

import re

from domain.dogs import RULES
from domain.dogs.content import BREED_NAMES
from domain.engine import event
from domain.language import render
from domain.playout import play as play_out
from tests.unit.dogs_given import given, play


def test_the_game_opens_with_each_seat_and_its_colour():
    opened = event("GameCreated", player_count=2, seats=[0, 1], colours=["blue", "yellow"])
    assert RULES.describe(opened) == "A game of Dogs for 2 starts: Player 1 is blue and Player 2 is yellow."


def test_a_refuel_of_no_gas_and_a_feeding_of_no_pen_say_nothing_in_any_language():
    assert RULES.describe(event("GasBought", seat=1, coins=0, gas=0)) == ""
    assert RULES.describe(event("PensFed", seat=2, pens=[])) == ""
    assert render(RULES.message(event("PensFed", seat=2, pens=[])), "uk") == ""


def test_a_line_names_players_cards_and_spaces_in_the_reader_s_language():
    swapped = RULES.message(event("DogsSwappedOnBoard", seat=0, card="DOG_SWAP_2", space_a="C1", space_b="K3"))
    played = RULES.message(event("SpecialCardPlayed", seat=1, card="DOG_SWAP_2"))

    assert render(swapped, "pt", ["Ana", "Rui"]) == (
        "Ana troca de posição os cães do espaço 1 da cidade e do espaço 3 do campo."
    )
    assert render(played, "pt", ["Ana", "Rui"]) == "Rui joga a carta Troca de cães."


def test_the_result_line_names_the_winners():
    ended = event("GameEnded", ranking=[1, 0], winners=[1], removed=[])
    shared = event("GameEnded", ranking=[0, 1], winners=[0, 1], removed=[])

    assert render(RULES.message(ended), "en", ["Ana", "Rui"]) == "Game over: Rui wins."
    assert render(RULES.message(shared), "en", ["Ana", "Rui"]) == "Game over: Ana and Rui share the win."
    assert render(RULES.message(ended), "uk", ["Ана", "Руй"]) == "Гру закінчено. Переможець: Руй."


def test_a_refuel_and_a_feeding_say_how_much():
    assert RULES.describe(event("GasBought", seat=1, coins=1, gas=3)) == "Player 2 buys 3 gas for 1 coin."
    assert RULES.describe(event("PensFed", seat=2, pens=["B1", "A2"])) == (
        "Player 3 feeds 2 pens: first pen and 2-point pen (2 food)."
    )


def test_a_donation_declined_names_the_seat_and_the_dog():
    declined = event("DonationDeclined", token="POODLE#5", seat=1, automatic=False)
    assert RULES.describe(declined) == "Player 2 declines the Poodle."
    assert RULES.describe({**declined, "data": {**declined["data"], "automatic": True}}) == (
        "Player 2 has no room for the Poodle."
    )


def test_dogs_on_the_board_are_named_by_breed_and_symbol():
    assert RULES.describe(event("DogCollected", seat=0, space="C4", token="MUTT#2")) == (
        "Player 1 picks up a sick Mutt at city space 4."
    )
    assert RULES.describe(event("LostDogDeliveredToFair", seat=0, token="GOLDEN#1", reward=3)) == (
        "The lost Golden Retriever goes to the Dog Fair; Player 1 earns 3 coins."
    )


def test_cards_are_named_by_their_face():
    taken = event("MeeplePlaced", seat=1, box="VET", via_free_entry=False, card="DOG_SWAP_2")
    assert RULES.describe(taken) == "Player 2 places a meeple on the Veterinarian and takes Dog Swap."
    assert RULES.describe(event("ResourceCardResolved", seat=0, card="GAS_2A", kind="gas", amount=2, lost=1)) == (
        "Player 1 gains 2 gas (1 gas lost: the tank holds 9)."
    )


def test_the_lost_dogs_removed_at_setup_stay_unnamed_for_every_reader():
    removed = event("LostDogsRemoved", tokens=["BULLDOG#1", "POODLE#1"])
    for reader in (None, 0, 1):
        line = RULES.describe(RULES.redact(removed, reader))
        assert line == "2 lost dogs are removed face down, unseen."
        assert not any(name in line for name in BREED_NAMES.values())


def test_a_shuffled_supply_reads_as_its_size_only():
    shuffled = event("DogSupplyShuffled", group="city", order=["MUTT#4", "BLOCKER_CITY_1", "GOLDEN#6"])
    assert RULES.describe(RULES.redact(shuffled, None)) == "The city supply is shuffled (3 tokens)."


def test_the_map_marks_lost_and_sick_dogs_and_says_what_the_marks_mean():
    picture = RULES.render(given(board={"C1": "MUTT#1", "C2": "MUTT#2", "C3": "MUTT#4"}), None)
    assert "C1 1 Mutt!" in picture
    assert "C2 2 Mutt+" in picture
    assert "C3 1 Mutt " in picture
    assert "! lost dog, + sick dog" in picture


def test_a_truck_out_on_the_board_shows_on_its_space():
    state = play(given(), {"type": "MoveTruck", "to": "C3"})
    assert state["kennels"][0]["truck"] == "C3"
    assert "C3 1 .[B]" in RULES.render(state, None)


def test_the_table_is_drawn_again_while_the_trucks_are_out():
    drawn_with_trucks_out = []

    def watch(ev, state):
        out = [(k["truck"], k["colour"][0].upper()) for k in state["kennels"] if k["truck"] not in ("HOME", "CENTER")]
        if ev["type"] in RULES.redraw_after and state["phase"] == 1 and out:
            drawn_with_trucks_out.append((out, RULES.render(state, None)))

    play_out(RULES, 2, [RULES.bots["greedy"]] * 2, "redraw", on_event=watch)
    assert drawn_with_trucks_out
    for trucks, picture in drawn_with_trucks_out:
        for space, letter in trucks:
            assert re.search(rf"\b{space} \d \S+\[[A-Z]*{letter}", picture), picture
