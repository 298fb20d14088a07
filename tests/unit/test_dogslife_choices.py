"""A Dog's Life's moves as choices: an action, then where, whom or what; the dog's steps and the truck's turns are
clicks on the city board, on spaces of the static content."""

from __future__ import annotations

from domain.choices import leaves, nodes
from domain.dogslife import RULES
from domain.dogslife.content import static_content
from domain.engine import event, rng_for
from domain.language import message, render
from tests.unit.dogslife_given import Dice, after, at, given, when

SPACES = {space["id"] for space in static_content()["board"]["spaces"]}


def option(node: dict, label: str) -> dict:
    """The option of ``node`` whose English label is ``label``."""
    return next(choice for choice in node["options"] if render(choice["label"]) == label)


def test_a_dog_moves_by_a_click_on_the_space_it_goes_to():
    state = given(at(0, "E5"))

    where = option(RULES.choices(state, 0), "Move")["next"]

    assert where["as"] == "board" and where["prompt"] == message("dogslife-where-to")
    assert sorted(choice["target"] for choice in where["options"]) == ["D5", "E4", "E6", "F5"]
    assert option(where, "Move to the street F-5")["command"] == {"type": "Move", "to": "F5"}


def test_every_target_on_the_board_is_a_space_of_the_static_content():
    state = given(at(0, "D1"), at(1, "E1"))

    targets = {choice["target"] for node in nodes(RULES.choices(state, 0)) for choice in node["options"]
               if "target" in choice}

    assert targets and targets <= SPACES


def test_an_attack_is_a_click_on_the_space_of_the_dog_attacked():
    state = given(at(0, "E5"), at(1, "E6"))

    whom = option(RULES.choices(state, 0), "Attack a dog")["next"]

    assert whom["as"] == "board"
    assert [(choice["target"], choice["command"]) for choice in whom["options"]] == [
        ("E6", {"type": "Attack", "target_seat": 1})
    ]


def test_an_item_to_drop_is_chosen_by_its_name():
    state = given(at(0, "E6"), event("BoneFound", seat=0, slot=0))

    what = option(RULES.choices(state, 0), "Drop something")["next"]

    assert what["as"] == "buttons"
    assert [render(choice["label"]) for choice in what["options"]] == ["Drop the bone"]


def test_actions_without_details_are_one_click():
    state = given(at(0, "E5"))

    ended = option(RULES.choices(state, 0), "End your actions")

    assert ended["command"] == {"type": "EndActions"}


def test_the_truck_turns_are_clicked_at_its_forks_and_the_random_route_is_one_button():
    state = given(event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "F5"}), at(0, "A1"))
    state = after(state, when(state, 0, {"type": "EndActions"}))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(2)))

    root = RULES.choices(state, 0)
    turns = option(root, "Choose the route")["next"]

    assert option(root, "Let the route be drawn at random")["command"] == {"type": "ChooseTruckRoute", "route": None}
    assert turns["as"] == "board" and sorted(choice["target"] for choice in turns["options"]) == ["G5", "H6", "I5"]
    assert option(turns, "Through H-6")["command"] == {"type": "ChooseTruckRoute", "route": ["H6", "H7"]}


def test_a_route_is_told_apart_only_where_it_forks():
    state = given(event("TruckMoved", route=["H5"], to="H5", rear="H4", **{"from": "F5"}), at(0, "A1"))
    state = after(state, when(state, 0, {"type": "EndActions"}))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(4)))

    tree = RULES.choices(state, 0)

    assert sorted(map(str, leaves(tree))) == sorted(map(str, RULES.legal_moves(state, 0)))
    assert all(len(node["options"]) > 1 for node in nodes(tree)[1:])


def test_dogs_to_choose_are_offered_by_breed_with_the_dog_as_target():
    options = RULES.normalize_options({"dog_assignment": "choose"}, 2)
    state = RULES.fold(RULES.setup(2, options, rng_for("choices", 1)))

    which = RULES.choices(state, 0)

    assert which["prompt"] == message("dogslife-which-dog")
    assert option(which, "Play the Labrador")["target"] == "labrador"


def test_a_seat_whose_turn_it_is_not_has_no_choices():
    assert RULES.choices(given(at(0, "E5")), 1) is None
