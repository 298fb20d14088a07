"""The action deadline of A Dog's Life (spec R32, 4.3.13): Given events / When the server times out / Then events."""

from __future__ import annotations

import random

import pytest

from domain.dogslife import RULES
from domain.dogslife.actions import in_transit
from domain.dogslife.board import POUND
from domain.engine import IllegalMove, event, rng_for
from domain.playout import next_actor
from tests.unit.dogslife_given import after, at, given, types, when
from tests.unit.dogslife_invariants import check_invariants

TIME_OUT = {"type": "TimeOutActions"}


def moved(seat: int, frm: str, to: str, ap_left: int) -> dict:
    """The DogMoved event of one step."""
    return event("DogMoved", seat=seat, to=to, ap_left=ap_left, **{"from": frm})


def test_the_action_deadline_counts_from_the_event_that_started_the_phase():
    events = RULES.setup(3, RULES.normalize_options({"action_deadline_seconds": 90}, 3), random.Random(2))
    started = types(events).index("ActionPhaseStarted") + 1  # event numbers are 1-based
    state = RULES.fold(events)
    deadline = {"command": TIME_OUT, "delay": 90, "since": started, "seat": state["active"]}
    assert RULES.automatic(state) == [deadline]
    seat = state["active"]
    state = after(state, when(state, seat, RULES.legal_moves(state, seat)[0]))
    assert RULES.automatic(state) == [deadline]  # acting does not restart the clock


def test_the_default_deadline_is_two_minutes_and_zero_turns_it_off():
    assert RULES.automatic(given())[0]["delay"] == 120
    state = given(action_deadline_seconds=0)
    assert RULES.automatic(state) == []
    with pytest.raises(IllegalMove, match="NoActionDeadline"):
        when(state, None, TIME_OUT)


def test_a_dog_at_rest_that_times_out_just_ends_its_actions_and_the_truck_follows():
    state = given(at(0, "E8", 5))
    events = when(state, None, TIME_OUT)
    assert events == [event("ActionPhaseEnded", seat=0, reason="timeout")]
    assert RULES.automatic(after(state, events)) == [
        {"command": {"type": "MoveTruck"}, "delay": 0, "since": state["n"] + 1},
    ]


def test_the_server_times_out_only_an_action_phase():
    state = after(given(at(0, "E8")), [event("ActionPhaseEnded", seat=0, reason="ended")])
    with pytest.raises(IllegalMove, match="NoActionDeadline"):
        when(state, None, TIME_OUT)
    with pytest.raises(IllegalMove, match="UnknownCommand"):
        when(given(), 0, TIME_OUT)  # a seat cannot time itself out


def passing_through_the_pound_exit(ap_left: int, *marks: dict) -> dict:
    """Seat 0 steps from POUND onto seat 2 on G5; the truck on F5 and seat 1 on H5 keep both ways out busy."""
    state = given(at(1, "H5"), at(2, "G5"), *marks, at(0, POUND, ap_left), dogs=("shepherd", "boxer", "poodle"))
    state = after(state, when(state, 0, {"type": "Move", "to": "G5"}))
    assert in_transit(state, 0) and state["truck"]["cell"] == "F5"
    return state


def test_a_dog_in_transit_is_walked_to_the_nearest_stopping_space_with_ties_to_the_lowest_id():
    # Two steps away lie E5 and KIOSK (via F5) and H4, H6 and I5 (via H5): E5 is the lowest id.
    state = passing_through_the_pound_exit(5)
    assert when(state, None, TIME_OUT) == [
        moved(0, "G5", "F5", 3), moved(0, "F5", "E5", 2), event("ActionPhaseEnded", seat=0, reason="timeout"),
    ]


def test_the_walk_is_made_of_ordinary_moves_so_a_foreign_mark_is_sniffed():
    state = passing_through_the_pound_exit(5, event("LamppostMarked", seat=1, cell="E5", replaced=None))
    assert when(state, None, TIME_OUT) == [
        moved(0, "G5", "F5", 3), moved(0, "F5", "E5", 2),
        event("LamppostSniffed", seat=0, cell="E5", owner=1),
        event("ActionPhaseEnded", seat=0, reason="sniff"),
    ]


def test_the_walk_spends_ap_and_may_use_up_the_last_one():
    state = passing_through_the_pound_exit(3)
    assert when(state, None, TIME_OUT) == [
        moved(0, "G5", "F5", 1), moved(0, "F5", "E5", 0), event("ActionPhaseEnded", seat=0, reason="ap"),
    ]


def test_a_walk_of_one_step_goes_back_when_that_is_the_lowest_id():
    # As in worked example E6: seat 0 steps from E8 onto the Boxer's E7; the Poodle holds E6, so E8 and KIOSK remain.
    state = given(at(1, "E7"), at(2, "E6"), at(0, "E8", 4), dogs=("shepherd", "boxer", "poodle"))
    state = after(state, when(state, 0, {"type": "Move", "to": "E7"}))
    assert when(state, None, TIME_OUT) == [
        moved(0, "E7", "E8", 2), event("ActionPhaseEnded", seat=0, reason="timeout"),
    ]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_timing_out_random_dogs_at_random_moments_always_leaves_them_at_rest(players):
    rng = random.Random(f"timeouts-{players}")
    state = RULES.fold(RULES.setup(players, RULES.normalize_options({}, players), rng_for(f"t{players}", 1)))
    walked = 0
    for step in range(3000):
        if RULES.is_over(state):
            break
        seat, command = next_actor(RULES, state)
        acting = command is None and state["phase"] == "actions"
        if acting and (in_transit(state, seat) or rng.random() < 0.1):
            walked += in_transit(state, seat)
            seat, command = None, TIME_OUT
        elif command is None:
            command = rng.choice(RULES.legal_moves(state, seat))
        events = RULES.decide(state, seat, command, rng_for(f"t{players}", step + 2))
        state = after(state, events)
        check_invariants(state)
        if command == TIME_OUT:
            assert events[-1]["type"] == "ActionPhaseEnded"
            assert not in_transit(state, events[-1]["data"]["seat"])
    assert walked > 10
