"""Spots' moves as choices: a die, a dog's space, a yard or a tile is clicked on the table, numbers are steppers,
and a question comes before a choice the seat may decline (Given events / When the seat asks / Then the tree)."""

from __future__ import annotations

import json

from domain import choices
from domain.catalogue import static_content
from domain.language import render
from domain.spots import RULES
from tests.unit.test_spots_rules import ACCEPT, BRISTLES, GRETCHEN, LIEF, MAYOR, MISSY, Table, given, rolled, trick


def asked(table: Table) -> choices.Node:
    """The active seat's choices, checked to offer exactly its legal moves."""
    tree = RULES.choices(table.state, table.state["active"])
    assert sorted(map(json.dumps, choices.leaves(tree))) == sorted(map(json.dumps, table.legal()))
    return tree


def labels(node: choices.Node, language: str = "en") -> list[str]:
    return [render(option["label"], language) for option in node["options"]]


def targets(node: choices.Node) -> list[str | None]:
    return [option.get("target") for option in node["options"]]


def test_a_trick_is_picked_by_clicking_its_tile_on_the_table():
    # Given a fresh table with the beginner tiles
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))

    # When the seat on turn asks what it may do
    tree = asked(table)

    # Then it clicks one of the six tiles, each labelled as a trick to do
    assert tree["as"] == "board"
    assert targets(tree) == ["howl", "roll_over", "walk", "run", "fetch", "beg"]
    assert labels(tree)[0] == "Do Howl"
    assert labels(tree, "uk")[0] == "Виконати команду «Голос»"


def test_with_a_filled_dog_the_seat_first_chooses_between_a_trick_and_completing():
    # Given Missy (3-4) is filled
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], dogs={MISSY: [3, 4]}))

    # When the seat asks
    tree = asked(table)

    # Then a question of two buttons comes first; a trick leads on to the tiles
    assert tree["as"] == "buttons" and labels(tree) == ["Do a trick", "Complete Missy"]
    assert tree["options"][1]["command"] == {"type": "CompleteDogs"}
    assert tree["options"][0]["next"]["as"] == "board"


def test_a_rolled_die_is_placed_by_clicking_the_die_then_the_space_of_its_value_or_the_yard():
    # Given the seat rolled a 3, a 4 and a 6 for Run and kept the roll
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]]))
    three, four, six = rolled(table.do(trick("run"), 3, 4, 6))

    # When it asks
    tree = asked(table)

    # Then it clicks one of the three dice, then Missy's space of that value or its yard
    assert tree["as"] == "board" and targets(tree) == [f"die-{three}", f"die-{four}", f"die-{six}"]
    where = tree["options"][0]["next"]
    assert where["as"] == "board" and render(where["prompt"]) == "Where does the 3 go?"
    assert targets(where) == [f"dog-{MISSY}-3", "yard-0"]
    assert labels(where) == ["On Missy", "Bury it in your yard"]
    assert targets(tree["options"][2]["next"]) == ["yard-0"]


def test_every_target_a_spots_choice_names_is_in_the_static_content():
    content = static_content("spots")
    named = set(content["die_targets"]) | set(content["yard_targets"]) | {tile["id"] for tile in content["tiles"]}
    named |= {space for card in content["dog_cards"] for space in [card["target"], *card["space_targets"]]}
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]]))
    table.do(trick("run"), 3, 4, 6)

    found = {target for node in choices.nodes(asked(table)) for target in targets(node)}

    assert found and found <= named


def test_fetch_keeps_a_number_chosen_on_a_stepper():
    # Given Fetch rolled eight dice showing 1, 2, 3, 5 and 6
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    table.do(trick("fetch"), 3, 3, 1, 5, 5, 5, 6, 2)

    # When the seat asks
    tree = asked(table)

    # Then it steps through the numbers rolled, in order
    assert tree["as"] == "number"
    assert [option["label"]["args"]["number"] for option in tree["options"]] == [1, 2, 3, 5, 6]
    assert labels(tree)[0] == "Keep the 1s"


def test_hunt_keeps_two_dice_clicked_one_after_the_other():
    # Given Lief's two paws and Bristles' one: Hunt rolls five dice
    table = Table(given([[LIEF, BRISTLES], [GRETCHEN, MAYOR]], tiles="hunting_grounds"))
    dice = rolled(table.do(trick("hunt"), 1, 2, 3, 4, 5))

    # When the seat asks
    tree = asked(table)

    # Then it clicks a first die, then a second one after it
    assert tree["as"] == "board" and targets(tree) == [f"die-{die}" for die in dice[:4]]
    assert targets(tree["options"][0]["next"]) == [f"die-{die}" for die in dice[1:]]


def test_dig_asks_whether_then_which_buried_die_then_up_or_down():
    # Given the digger has three paws and both yards hold dice
    table = Table(given([[LIEF, BRISTLES], [GRETCHEN, MAYOR]], tiles="dog_park", yards=[[1], [5, 1]]))
    table.do(trick("dig"))

    # When the seat asks
    tree = asked(table)

    # Then it first chooses to dig on or stop, then clicks a buried die of either yard, then raises or lowers it
    assert labels(tree) == ["Change a buried die", "Stop digging"]
    which = tree["options"][0]["next"]
    assert which["as"] == "board" and targets(which) == ["die-0", "die-1", "die-2"]
    assert labels(which) == ["the 1 buried in your yard", "the 5 buried in Player 2's yard",
                             "the 1 buried in Player 2's yard"]
    assert labels(which["options"][1]["next"]) == [
        "Lower the 5 buried in Player 2's yard to 4", "Raise the 5 buried in Player 2's yard to 6",
    ]
    assert labels(which["options"][0]["next"], "uk") == [
        "Викопати ваш закопаний кубик із 1", "Збільшити ваш закопаний кубик із 1 до 2",
    ]


def test_a_reroll_or_the_roll_kept_are_two_buttons():
    # Given the seat has a treat and rolled for Walk
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], treats=[1, 0]))
    table.do(trick("walk"), 2, 5)

    tree = asked(table)

    assert tree["as"] == "buttons" and labels(tree) == ["Spend a treat to reroll all 2 dice", "Keep the roll"]
    assert tree["options"][1]["command"] == ACCEPT
