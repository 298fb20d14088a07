"""A Dog's Life in the terminal: each card draw says what the card means for its check, a newspaper's house shows
only to its carrier, and the map has a legend and shows which way the dogcatcher's truck is heading.
"""

from __future__ import annotations

import pytest

from domain.dogslife import RULES
from domain.dogslife.content import CARDS, SECTIONS
from domain.engine import event, rng_for
from domain.language import LANGUAGES, render
from tests.unit.dogslife_given import at, given

#: LB04 reads 2 | 1 | B | 2 | CAUGHT | leave (spec §2.4).
LB04_LINES = {
    "trash": "Player 2 draws Labrador 4 searching the trash: 2 days of food.",
    "restaurant": "Player 2 draws Labrador 4 begging: 1 day of food.",
    "newspaper": "Player 2 draws Labrador 4 for the delivery: a bone.",
    "attack": "Player 2 draws Labrador 4 in the fight: 2 claws.",
    "escape": "Player 2 draws Labrador 4 to escape the truck: caught.",
    "pound": "Player 2 draws Labrador 4 in the pound: leave.",
}


def drawn(card: str, purpose: str) -> dict:
    """The CardDrawn event of seat 1 drawing result card ``card`` for ``purpose``."""
    return event("CardDrawn", seat=1, purpose=purpose, card=card, result=CARDS[card][purpose])


@pytest.mark.parametrize("purpose", SECTIONS)
def test_a_card_drawn_reads_as_what_it_means_for_its_check(purpose):
    assert RULES.describe(drawn("LB04", purpose)) == LB04_LINES[purpose]


def test_an_attack_draw_counts_claws_never_food():
    line = RULES.describe(drawn("GS05", "attack"))  # GS05: 0 claws
    assert line.endswith(": 0 claws.") and "food" not in line


def test_a_find_of_nothing_and_the_shuffle_card_say_so():
    assert RULES.describe(drawn("LB09", "newspaper")) == "Player 2 draws Labrador 9 for the delivery: a bone."
    assert RULES.describe(drawn("LB12", "trash")).endswith(": nothing.")
    shuffle = event("CardDrawn", seat=1, purpose="attack", card="LB00", result="shuffle")
    assert RULES.describe(shuffle) == "Player 2 draws Labrador shuffle card in the fight: the shuffle card."


def test_sudden_death_names_the_tied_players():
    said = RULES.message(event("SuddenDeathStarted", seats=[0, 2, 3]))

    assert render(said, "en", ["Ann", "Bo", "Cy", "Di"]) == (
        "Sudden death: only Ann, Cy, and Di, tied on buried bones, play on; the first of them to bury a bone wins."
    )


def test_a_newspaper_taken_names_its_house_to_its_carrier_only():
    taken = event("NewspaperTaken", seat=1, slot=0, address=7, ap_left=3)
    assert RULES.describe(RULES.redact(taken, 1)) == "Player 2 takes a newspaper for house 7 at the kiosk."
    for reader in (None, 0):
        assert RULES.describe(RULES.redact(taken, reader)) == "Player 2 takes a newspaper at the kiosk."


def test_places_are_named_by_what_they_are_never_by_their_ids():
    into_den = event("DogMoved", seat=0, to="DEN5", ap_left=6, **{"from": "D12"})
    onto_lamppost = event("DogMoved", seat=0, to="E5", ap_left=5, **{"from": "E4"})

    assert RULES.describe(into_den) == "Player 1 moves to den 5 (6 AP left)."
    assert RULES.describe(onto_lamppost) == "Player 1 moves to the lamppost E-5 (5 AP left)."


def test_italian_lines_use_the_rulebook_s_words():
    caught = event("SentToPound", seat=0, reason="truck", **{"from": "E5"})
    buried = event("BoneBuried", seat=1, den="DEN2", buried=3, slot=0, ap_left=2)

    assert render(RULES.message(caught), "it", ["Ada", "Bea"]) == (
        "Il cane di Ada lascia il lampione E-5 e finisce nel Canile: l'ha preso l'accalappiacani."
    )
    assert render(RULES.message(buried), "it", ["Ada", "Bea"]) == (
        "Bea seppellisce un osso nel suo rifugio (ossa sepolte: 3)."
    )


@pytest.mark.parametrize(("count", "words"), [(1, "1 кістка"), (3, "3 кістки"), (5, "5 кісток"), (22, "22 кістки")])
def test_ukrainian_bones_take_the_plural_form_of_their_count(count, words):
    dropped = event("ItemsDropped", seat=0, space="C5", bones=count, newspapers=0, returned=0)

    assert words in render(RULES.message(dropped), "uk")


def test_the_winner_is_named_in_every_language():
    won = event("GameWon", seat=1, reason="target")

    for language in LANGUAGES:
        assert "Bea" in render(RULES.message(won), language, ["Ada", "Bea"])


def table_with_truck(cell: str, rear: str | None) -> dict:
    """A fresh two-dog game whose truck stands on ``cell``, come from ``rear``."""
    state = RULES.fold(RULES.setup(2, RULES.normalize_options({}, 2), rng_for("text", 1)))
    state["truck"] = {"cell": cell, "rear": rear}
    return state


def map_cell(picture: str, column: str, row: int) -> str:
    """What the map shows at a cell: the 4-character column under its letter on its row."""
    header, *rows = picture.splitlines()
    x = header.index(f" {column} ") + 1
    line = next(r for r in rows if r[:3].strip() == str(row))
    return line[x : x + 4].strip()


def test_the_map_explains_its_symbols():
    picture = RULES.render(table_with_truck("F5", None), None)
    for symbol in ("@n seat n's dog", "ln marked by seat n", "* items lying there", "x searched can", "t trash can"):
        assert symbol in picture


def test_the_truck_shows_which_way_it_heads():
    assert map_cell(RULES.render(table_with_truck("H5", "G5"), None), "H", 5) == "T>"
    assert map_cell(RULES.render(table_with_truck("H7", "H6"), None), "H", 7) == "Tv"
    assert "truck on H7 heading south" in RULES.render(table_with_truck("H7", "H6"), None)


def test_a_truck_that_has_not_moved_has_no_heading():
    picture = RULES.render(table_with_truck("F5", None), None)
    assert map_cell(picture, "F", 5) == "TT"
    assert "heading" not in picture.split("truck on")[1].splitlines()[0]


def test_the_truck_line_says_where_it_heads():
    moved = event("TruckMoved", route=["H6", "H7"], to="H7", rear="H6", **{"from": "H5"})
    assert RULES.describe(moved) == "The dogcatcher's truck drives from H-5 to H-7, heading south."


def test_a_table_whose_seats_still_choose_their_dogs_shows_who_has_none_yet():
    options = RULES.normalize_options({"dog_assignment": "choose"}, 3)
    choosing = RULES.fold(RULES.setup(3, options, rng_for("seed", 1)))

    sheets = RULES.render(choosing, 1).splitlines()[-3:]

    assert sheets == [
        " @0 has not chosen a dog yet",
        " @1 (you) has not chosen a dog yet",
        " @2 has not chosen a dog yet",
    ]


def test_two_alike_bones_are_dropped_by_their_carrying_space_and_a_move_names_its_street_in_italian():
    carrier = given(at(0, "HOUSE7"), event("BoneFound", seat=0, slot=0), event("BoneFound", seat=0, slot=1))

    labels = [render(RULES.label(carrier, 0, move)) for move in RULES.legal_moves(carrier, 0)]

    assert "Drop the bone from space 1" in labels and "Drop the bone from space 2" in labels
    assert render(RULES.label(carrier, 0, {"type": "Move", "to": "J5"}), "it") == "Vai verso la strada J-5"
