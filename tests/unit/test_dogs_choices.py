"""DOGS' moves as choices: a Dog Swap is its card, then the first dog, then the second; a kennel is arranged one
dog at a time; no node of a seeded game offers more than 20 buttons."""

from __future__ import annotations

import json
import random

from domain import choices
from domain.dogs import RULES
from domain.dogs.content import is_blocker, is_lost, is_sick
from domain.dogs.pens import built_pens
from domain.engine import Command, Event, State, View
from domain.playout import play as play_out
from tests.unit.dogs_given import holding, play, table


def test_the_swap_is_card_then_first_dog_then_second_dog():
    state = holding(table(), 0, "DOG_SWAP_1")
    root = RULES.choices(state, 0)

    played = next(option for option in root["options"] if option["label"]["key"] == "dogs-choice-play")
    first = played["next"]
    second = first["options"][0]["next"]

    assert (first["prompt"]["key"], first["as"]) == ("dogs-ask-swap-first", "board")
    assert (second["prompt"]["key"], second["as"]) == ("dogs-ask-swap-second", "board")
    assert {option["command"]["space_a"] for option in second["options"]} == {first["options"][0]["target"]}
    assert [option["target"] for option in second["options"]] == [
        option["command"]["space_b"] for option in second["options"]
    ]


def healthy_dog(token: str) -> bool:
    """A dog token that rides the truck home and needs a pen."""
    return not is_blocker(token) and not is_lost(token) and not is_sick(token)


def _back_with_dogs(dogs: int) -> State:
    """A 2-player game at seat 0's arrangement, its truck home with ``dogs`` dogs, seat 1 having stayed home."""
    state = table(players=2)
    while state["step"] != "arrange":
        (seat,) = RULES.to_act(state)
        moves = RULES.legal_moves(state, seat)
        kinds = {move["type"]: move for move in moves}
        healthy = [m for m in moves if m["type"] == "MoveTruck" and healthy_dog(state["board"][m["to"]])]
        if seat == 0 and len(state["kennels"][0]["load"]) < dogs and healthy:
            move = healthy[0]
        else:
            move = kinds.get("StayHome") or kinds.get("ReturnHome") or moves[0]
        state = play(state, move)
    return state


def test_a_kennel_is_arranged_one_dog_at_a_time():
    state = _back_with_dogs(3)
    (seat,) = RULES.to_act(state)
    tree = RULES.choices(state, seat)
    pens = built_pens(state["kennels"][seat])

    asked = choices.nodes(tree)

    assert sorted(map(json.dumps, choices.leaves(tree))) == sorted(map(json.dumps, RULES.legal_moves(state, seat)))
    assert len(asked) > 1
    assert {node["prompt"]["key"] for node in asked} <= {"dogs-ask-dog-place", "dogs-ask-sick-dog", "dogs-ask-vet"}
    assert all(len(node["options"]) <= len(pens) + 1 for node in asked)


def test_the_largest_node_of_a_seeded_game_has_at_most_20_buttons():
    now: list[State] = []
    largest = 0

    def follow(ev: Event, state: State) -> None:
        now[:] = [state]

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        nonlocal largest
        for node in choices.nodes(RULES.choices(now[0], view["you"])):
            if node["as"] == "buttons":
                largest = max(largest, len(node["options"]))
        return RULES.bots["random"](view, legal, rng)

    finished = play_out(RULES, 3, [bot] * 3, "dogs-choices-largest", on_event=follow)

    assert finished.result is not None
    assert 0 < largest <= choices.MOST_BUTTONS
