"""Setup, options, hunger, the pound and the timed variant of A Dog's Life (spec §3, §4.2, §4.9)."""

from __future__ import annotations

import random

import jsonschema
import pytest

from domain.dogslife import RULES
from domain.dogslife.state import paper
from domain.engine import BadOptions, IllegalMove, event
from tests.unit.dogslife_given import Dice, after, at, deck, first, given, types, when


def test_options_are_completed_with_defaults_that_match_the_schema():
    options = RULES.normalize_options({}, 4)
    assert options["bone_target"] == 4 and options["timed_minutes"] == 0 and options["route_deadline_seconds"] == 20
    assert options["timed_rounds"] == 0 and options["action_deadline_seconds"] == 120
    jsonschema.validate(options, RULES.options_schema)


def test_the_schema_too_refuses_a_game_timed_both_by_minutes_and_by_rounds():
    jsonschema.validate(RULES.normalize_options({"timed_rounds": 10}, 2), RULES.options_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"timed_minutes": 30, "timed_rounds": 10}, RULES.options_schema)


@pytest.mark.parametrize(
    ("options", "players", "bad"),
    [
        ({"bone_target": 1}, 3, "bone_target"),
        ({"bone_target": 7}, 3, "bone_target"),
        ({"bone_target": True}, 3, "bone_target"),
        ({"bone_target": 6}, 6, "bone_target"),  # R2: 6 x 5 is not below 30
        ({"timed_minutes": -1}, 3, "timed_minutes"),
        ({"timed_minutes": "10"}, 3, "timed_minutes"),
        ({"timed_rounds": -1}, 3, "timed_rounds"),
        ({"timed_rounds": 1001}, 3, "timed_rounds"),
        ({"timed_rounds": 10, "timed_minutes": 30}, 3, "timed_rounds"),  # §4.9: minutes or rounds
        ({"action_deadline_seconds": None}, 3, "action_deadline_seconds"),
        ({"action_deadline_seconds": 3601}, 3, "action_deadline_seconds"),
        ({"route_deadline_seconds": 2.5}, 3, "route_deadline_seconds"),
        ({"dog_assignment": "auction"}, 3, "dog_assignment"),
        ({"first_seat": 3}, 3, "first_seat"),
        ({"colour": "red"}, 3, "colour"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options, players, bad):
    with pytest.raises(BadOptions) as refused:
        RULES.normalize_options(options, players)
    assert refused.value.option == bad


def test_setup_deals_dogs_and_dens_then_the_first_turn_starts_with_a_hunger_drop():
    events = RULES.setup(3, RULES.normalize_options({"first_seat": 2}, 3), random.Random(5))
    assert types(events)[:12] == ["GameStarted", *["DogAssigned"] * 3, *["DenAssigned"] * 3, *["DeckShuffled"] * 3,
                                  "NewspaperStackShuffled", "FirstPlayerChosen"]
    assert types(events)[12:] == ["TurnStarted", "HungerDropped", "ActionPhaseStarted"]
    state = RULES.fold(events)
    assert len({d["dog"] for d in state["seats"]}) == 3 and len({d["den"] for d in state["seats"]}) == 3
    assert all(d["space"] == d["den"] and d["bladder"] == 1 and d["reserve"] == 7 for d in state["seats"])
    assert state["active"] == 2 and state["seats"][2]["hunger"] == 3 and RULES.to_act(state) == [2]


def test_chosen_dogs_are_picked_in_seat_order_before_play_begins():
    state = RULES.fold(RULES.setup(2, RULES.normalize_options({"dog_assignment": "choose"}, 2), random.Random(1)))
    assert RULES.to_act(state) == [0] and len(RULES.legal_moves(state, 0)) == 6
    state = after(state, when(state, 0, {"type": "ChooseDog", "dog": "husky"}))
    assert {"type": "ChooseDog", "dog": "husky"} not in RULES.legal_moves(state, 1)
    events = when(state, 1, {"type": "ChooseDog", "dog": "poodle"})
    assert types(events)[:3] == ["DogAssigned", "DeckShuffled", "TurnStarted"]
    assert after(state, events)["phase"] == "actions"


def test_a_husky_gets_eight_ap():
    state = given(dogs=("husky", "boxer"))
    assert state["ap"] == 8


def end_turn_of_seat_0(state):
    """Seat 0 ends its actions and the truck (server-chosen at once) drives off; returns the events."""
    state = after(state, when(state, 0, {"type": "EndActions"}))
    return when(state, None, {"type": "MoveTruck"}, Dice(1))


def test_a_dog_still_at_hunger_zero_starves_drops_its_newspaper_and_goes_to_the_pound():
    # E2: the Boxer (seat 1) at hunger 0 carrying a newspaper on E10.
    state = given(
        event("HungerDropped", seat=1, hunger=0), at(1, "KIOSK"), event("NewspaperTaken", seat=1, slot=0, address=1),
        at(1, "E10"), at(0, "DEN1"), dogs=("shepherd", "boxer", "poodle"), route_deadline_seconds=0,
    )
    events = end_turn_of_seat_0(state)
    start = types(events).index("TurnStarted")
    assert types(events)[start:start + 6] == [
        "TurnStarted", "DogStarved", "ItemsDropped", "SentToPound", "TurnEnded", "TurnStarted",
    ]
    assert first(events, "ItemsDropped") == {"seat": 1, "space": "E10", "bones": 0, "newspapers": 1, "returned": 0}
    assert first(events, "SentToPound") == {"seat": 1, "reason": "hunger", "from": "E10"}
    assert after(state, events)["ground"] == {"E10": {"bones": 0, "papers": [paper(1)]}}


def test_a_newspaper_a_starving_dog_drops_on_the_kiosk_goes_back_into_the_reshuffled_stack():
    # R22: a forced drop never leaves a newspaper on the kiosk.
    state = given(
        event("HungerDropped", seat=1, hunger=0), at(1, "KIOSK"), event("NewspaperTaken", seat=1, slot=0, address=1),
        at(0, "DEN1"), dogs=("shepherd", "boxer", "poodle"), route_deadline_seconds=0,
    )
    events = end_turn_of_seat_0(state)
    dropped = types(events).index("ItemsDropped")
    assert types(events)[dropped:dropped + 3] == ["ItemsDropped", "NewspaperStackShuffled", "SentToPound"]
    assert first(events, "ItemsDropped") == {"seat": 1, "space": "KIOSK", "bones": 0, "newspapers": 0, "returned": 1}
    final = after(state, events)
    assert "KIOSK" not in final["ground"] and sorted(final["stack"]) == sorted(state["stack"] + [paper(1)])


def test_food_at_hunger_zero_saves_the_dog():
    state = given(event("HungerDropped", seat=1, hunger=0), event("FoodFound", seat=1, days=1, hunger=1),
                  at(1, "E10"), at(0, "DEN1"), dogs=("shepherd", "boxer"), route_deadline_seconds=0)
    events = end_turn_of_seat_0(state)
    assert first(events, "HungerDropped") == {"seat": 1, "hunger": 0}


def pounded(track, *cards, ap_dog="boxer"):
    """Seat 1's Boxer in the pound on ``track`` with ``cards`` on top of its deck; seat 0 to end its turn."""
    stays = [event("StayedInPound", seat=1, track=k) for k in range(2, track + 1)]
    return given(
        event("SentToPound", seat=1, reason="hunger", **{"from": "E10"}), *stays, at(0, "DEN1"),
        dogs=("shepherd", ap_dog), decks={1: deck(ap_dog, *cards)}, route_deadline_seconds=0,
    )


def test_one_stay_card_keeps_the_dog_in_the_pound_and_moves_it_along_the_track():
    events = end_turn_of_seat_0(pounded(1, "BX03"))
    assert first(events, "StayedInPound") == {"seat": 1, "track": 2}
    assert "TruckDieRolled" not in types(events)[types(events).index("StayedInPound"):]


def test_two_leave_cards_release_the_dog_on_the_pound_space_with_hunger_two():
    state = pounded(2, "BX02", "BX06")
    events = end_turn_of_seat_0(state)
    assert types(events)[-5:] == ["TurnStarted", "CardDrawn", "CardDrawn", "LeftPound", "ActionPhaseStarted"]
    dog = after(state, events)["seats"][1]
    assert dog["space"] == "POUND" and dog["hunger"] == 2 and dog["bladder"] == 1
    assert RULES.legal_moves(after(state, events), 1)[0] == {"type": "Move", "to": "G5"}


def test_every_pound_card_is_drawn_even_after_a_stay():
    events = end_turn_of_seat_0(pounded(2, "BX01", "BX02"))  # stay, then leave
    assert [e["data"]["card"] for e in events if e["type"] == "CardDrawn" and e["data"]["purpose"] == "pound"] == [
        "BX01", "BX02",
    ]
    assert first(events, "StayedInPound") == {"seat": 1, "track": 3}


def test_the_fourth_turn_in_the_pound_is_an_automatic_release():
    events = end_turn_of_seat_0(pounded(4))
    start = types(events).index("TurnStarted")
    assert types(events)[start:] == ["TurnStarted", "LeftPound", "ActionPhaseStarted"]


def test_the_timed_variant_expires_by_the_clock_and_the_round_is_completed():
    state = given(event("BoneBuried", seat=0, den="DEN1", buried=1, slot=0), at(1, "DEN2"),
                  dogs=("shepherd", "boxer"), active=1, timed_minutes=30, route_deadline_seconds=0)
    expire = {"command": {"type": "ExpireTime"}, "delay": 1800, "since": 1}
    assert expire in RULES.automatic(state)
    assert when(state, None, {"type": "ExpireTime"}) == [event("TimeExpired")]
    state = after(state, [event("TimeExpired")])
    assert expire not in RULES.automatic(state)
    state = after(state, when(state, 1, {"type": "EndActions"}))
    events = when(state, None, {"type": "MoveTruck"}, Dice(1))
    assert types(events)[-2:] == ["TurnEnded", "GameWon"]
    assert first(events, "GameWon") == {"seat": 0, "reason": "time"}


def time_is_due(state) -> bool:
    """Whether an ExpireTime step is pending."""
    return any(step["command"]["type"] == "ExpireTime" for step in RULES.automatic(state))


def test_the_round_counter_calls_time_as_soon_as_the_last_round_begins():
    # timed_rounds 2: in round 1 nothing is due; once round 2 starts, ExpireTime is due at once.
    state = given(at(0, "DEN1"), dogs=("shepherd", "boxer"), timed_rounds=2, route_deadline_seconds=0)
    assert not time_is_due(state)
    with pytest.raises(IllegalMove, match="NotTimed"):
        when(state, None, {"type": "ExpireTime"})
    state = after(state, [event("TurnStarted", seat=0, round=2), event("ActionPhaseStarted", seat=0, ap=7)])
    assert RULES.automatic(state)[0] == {"command": {"type": "ExpireTime"}, "delay": 0, "since": state["n"]}
    assert when(state, None, {"type": "ExpireTime"}) == [event("TimeExpired")]
    assert not time_is_due(after(state, [event("TimeExpired")]))


def test_a_game_timed_by_rounds_is_won_by_the_leader_when_the_last_round_ends():
    state = given(event("BoneFound", seat=0, slot=0), event("BoneBuried", seat=0, den="DEN1", buried=1, slot=0),
                  at(1, "DEN2"), dogs=("shepherd", "boxer"), active=1, timed_rounds=1, route_deadline_seconds=0)
    assert when(state, None, {"type": "ExpireTime"}) == [event("TimeExpired")]
    state = after(state, [event("TimeExpired")])
    state = after(state, when(state, 1, {"type": "EndActions"}))
    events = when(state, None, {"type": "MoveTruck"}, Dice(1))
    assert types(events)[-2:] == ["TurnEnded", "GameWon"]
    assert first(events, "GameWon") == {"seat": 0, "reason": "time"}


def test_a_last_round_spent_wholly_in_the_pound_still_ends_the_game_after_it():
    # timed_rounds 2. Seat 1 is in the pound; seat 0, ahead by one bone, is caught by its own truck in round 1.
    # No dog acts again until round 3 would begin, so ExpireTime never had its moment: the rules call time there.
    state = given(
        event("SentToPound", seat=1, reason="hunger", **{"from": "E10"}),
        event("BoneFound", seat=0, slot=0), event("BoneBuried", seat=0, den="DEN1", buried=1, slot=0), at(0, "E5"),
        dogs=("shepherd", "boxer"), decks={0: deck("shepherd", "GS01"), 1: deck("boxer", "BX01", "BX03", "BX05")},
        timed_rounds=2,
    )
    state = after(state, when(state, 0, {"type": "EndActions"}))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(1)))
    events = when(state, 0, {"type": "ChooseTruckRoute", "route": ["E5"]})
    assert types(events)[types(events).index("TurnEnded"):] == [
        "TurnEnded",
        "TurnStarted", "CardDrawn", "StayedInPound", "TurnEnded",  # seat 1, round 1
        "TurnStarted", "CardDrawn", "StayedInPound", "TurnEnded",  # seat 0, round 2
        "TurnStarted", "CardDrawn", "CardDrawn", "StayedInPound", "TurnEnded",  # seat 1, round 2
        "TimeExpired", "GameWon",
    ]
    assert first(events, "GameWon") == {"seat": 0, "reason": "time"}
