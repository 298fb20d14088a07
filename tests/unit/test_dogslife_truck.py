"""The dogcatcher truck (spec §4.7, R26-R28): Given events / When command / Then events."""

from __future__ import annotations

import pytest

from domain.dogslife import RULES
from domain.dogslife.truck import routes
from domain.engine import IllegalMove, event
from tests.unit.dogslife_given import Dice, after, at, deck, first, given, types, when


def truck_at(cell: str, rear: str | None) -> dict:
    return event("TruckMoved", route=[cell], to=cell, rear=rear, **{"from": "F5"})


def ended(state: dict) -> dict:
    return after(state, when(state, 0, {"type": "EndActions"}))


def test_truck_routes_use_the_whole_roll_without_turning_back():
    assert sorted(routes("H5", "H4", 2)) == [["G5", "F5"], ["H6", "H7"], ["I5", "J5"]]


def test_worked_example_e1_routes_and_escape_checks():
    state = given(
        truck_at("H5", "H4"),
        event("BoneFound", seat=1, slot=0), at(1, "H8"), at(2, "HOUSE4"), at(3, "KIOSK"), at(0, "G8"),
        dogs=("shepherd", "husky", "labrador", "poodle"),
        decks={1: deck("husky", "HU07"), 2: deck("labrador", "LB03")},
    )
    state = ended(state)
    rolled = when(state, None, {"type": "MoveTruck"}, Dice(2))
    assert rolled == [event("TruckDieRolled", seat=0, value=2, routes=routes("H5", "H4", 2))]
    state = after(state, rolled)
    assert RULES.to_act(state) == [0]
    assert len(RULES.legal_moves(state, 0)) == 4  # three routes and null
    events = when(state, 0, {"type": "ChooseTruckRoute", "route": ["H6", "H7"]})
    assert types(events)[:9] == [
        "TruckRouteChosen", "TruckMoved", "CardDrawn", "EscapeChecked", "ItemsDropped", "SentToPound",
        "CardDrawn", "EscapeChecked", "TurnEnded",
    ]
    assert first(events, "TruckRouteChosen") == {"route": ["H6", "H7"], "chosen_by": "seat"}
    assert first(events, "TruckMoved") == {"from": "H5", "route": ["H6", "H7"], "to": "H7", "rear": "H6"}
    assert [e["data"] for e in events if e["type"] == "EscapeChecked"] == [
        {"seat": 1, "result": "caught"}, {"seat": 2, "result": "escaped"},
    ]
    assert first(events, "ItemsDropped") == {"seat": 1, "space": "H8", "bones": 1, "newspapers": 0, "returned": 0}
    assert first(events, "SentToPound") == {"seat": 1, "reason": "truck", "from": "H8"}


def test_a_fork_waits_for_the_seat_until_the_route_deadline():
    state = after(ended(given(at(0, "E8"), route_deadline_seconds=20)), [])
    rolled = when(state, None, {"type": "MoveTruck"}, Dice(1))
    state = after(state, rolled)
    assert RULES.automatic(state) == [
        {"command": {"type": "ChooseTruckRoute", "route": None}, "delay": 20, "since": state["n"], "seat": 0},
    ]
    events = when(state, None, {"type": "ChooseTruckRoute", "route": None})
    assert first(events, "TruckRouteChosen")["chosen_by"] == "server"
    assert first(events, "TruckRouteChosen")["route"] in (["E5"], ["G5"])


def test_with_deadline_zero_the_server_chooses_at_once():
    state = ended(given(at(0, "E8"), route_deadline_seconds=0))
    events = when(state, None, {"type": "MoveTruck"}, Dice(1))
    assert types(events)[:3] == ["TruckDieRolled", "TruckRouteChosen", "TruckMoved"]
    assert first(events, "TruckRouteChosen")["chosen_by"] == "server"


def test_a_single_route_is_forced():
    state = ended(given(truck_at("A2", "A1"), at(0, "E8")))
    events = when(state, None, {"type": "MoveTruck"}, Dice(1))
    assert first(events, "TruckRouteChosen") == {"route": ["A3"], "chosen_by": "forced"}


def test_a_null_choice_lets_the_server_pick_and_an_unlisted_route_is_refused():
    state = after(ended(given(at(0, "E8"))), [])
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(1)))
    with pytest.raises(IllegalMove, match="IllegalRoute"):
        when(state, 0, {"type": "ChooseTruckRoute", "route": ["F4"]})
    with pytest.raises(IllegalMove, match="BadArgument"):
        when(state, 0, {"type": "ChooseTruckRoute"})
    events = when(state, 0, {"type": "ChooseTruckRoute", "route": None})
    assert first(events, "TruckRouteChosen")["chosen_by"] == "server"


def test_the_dog_on_the_end_cell_is_caught_before_the_adjacent_ones_are_checked():
    # R26: seat 1 stands on E5 where the truck ends; seat 0's own dog on D5 is checked after.
    state = ended(given(at(1, "E5"), at(0, "D5"), decks={0: deck("shepherd", "GS02")}, dogs=("shepherd", "boxer")))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(1)))
    events = when(state, 0, {"type": "ChooseTruckRoute", "route": ["E5"]})
    assert types(events)[2:7] == ["DogCaught", "SentToPound", "CardDrawn", "EscapeChecked", "SentToPound"]
    assert first(events, "DogCaught") == {"seat": 1, "cell": "E5"}
    assert first(events, "EscapeChecked") == {"seat": 0, "result": "caught"}


def test_a_dog_in_its_own_den_is_safe_from_the_truck():
    dogs, dens = ("shepherd", "boxer"), ("DEN3", "DEN1")
    state = ended(given(truck_at("C1", "B1"), at(1, "DEN1"), at(0, "E8"), dogs=dogs, dens=dens))
    events = when(state, None, {"type": "MoveTruck"}, Dice(1))
    assert first(events, "TruckMoved")["to"] == "D1"
    assert "EscapeChecked" not in types(events)


def test_a_released_dog_on_the_pound_space_is_checked_when_the_truck_ends_on_the_exit():
    state = ended(given(at(1, "POUND"), at(0, "E8"), decks={1: deck("boxer", "BX01")}, dogs=("shepherd", "boxer")))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(1)))
    events = when(state, 0, {"type": "ChooseTruckRoute", "route": ["G5"]})
    assert first(events, "EscapeChecked") == {"seat": 1, "result": "caught"}
