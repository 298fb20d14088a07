"""A Dog's Life, timed variant: the end of the last round, and sudden death between tied dogs (spec §4.9)."""

from __future__ import annotations

from domain.dogslife import RULES
from domain.dogslife.bots import greedy_bot
from domain.engine import event
from tests.unit.dogslife_given import Dice, after, at, first, given, types, when

DOGS_OF_THREE = ("shepherd", "boxer", "poodle")


def buried(seat: int, total: int) -> list[dict]:
    """The seat finds a bone and buries it, reaching ``total`` buried."""
    return [event("BoneFound", seat=seat, slot=0), event("BoneBuried", seat=seat, den="?", buried=total, slot=0)]


def last_turn_of_round(*scores: int, active: int = 2, **options) -> dict:
    """Three dogs in their dens with these buried bones; time is up and seat ``active`` ends the round."""
    bones = [ev for seat, total in enumerate(scores) for ev in (buried(seat, total) if total else [])]
    return given(
        *bones, event("TimeExpired"), dogs=DOGS_OF_THREE, active=active,
        timed_minutes=30, route_deadline_seconds=0, **options,
    )


def end_turn(state: dict, seat: int) -> tuple[dict, list[dict]]:
    """The seat ends its actions and the truck drives one cell; returns the new state and the events."""
    events = when(state, seat, {"type": "EndActions"})
    state = after(state, events)
    truck = when(state, None, {"type": "MoveTruck"}, Dice(1))
    return after(state, truck), events + truck


def turns(events: list[dict]) -> list[tuple[int, int]]:
    """(seat, round) of every turn started."""
    return [(ev["data"]["seat"], ev["data"]["round"]) for ev in events if ev["type"] == "TurnStarted"]


def test_a_strict_leader_when_the_last_round_ends_wins_on_time():
    state, events = end_turn(last_turn_of_round(1, 2, 1), 2)
    assert types(events)[-2:] == ["TurnEnded", "GameWon"]
    assert first(events, "GameWon") == {"seat": 1, "reason": "time"}


def test_a_tie_when_the_last_round_ends_starts_sudden_death_naming_the_tied_seats():
    state, events = end_turn(last_turn_of_round(1, 0, 1), 2)
    assert first(events, "SuddenDeathStarted") == {"seats": [0, 2]}
    assert "GameWon" not in types(events)
    assert RULES.view(state, 1)["sudden_death"] == [0, 2]
    assert "sudden death between seats 0 and 2" in RULES.render(state, 1)


def test_in_sudden_death_only_the_tied_dogs_play_on_and_the_others_are_skipped():
    state, events = end_turn(last_turn_of_round(1, 0, 1), 2)
    skipped = state["seats"][1]
    for seat in (0, 2, 0):
        assert RULES.to_act(state) == [seat] and RULES.legal_moves(state, 1) == []
        state, more = end_turn(state, seat)
        events += more
    assert turns(events) == [(0, 2), (2, 2), (0, 3), (2, 3)]
    assert all(ev["data"].get("seat") != 1 for ev in events)  # no hunger drop, no truck roll on its behalf
    assert state["seats"][1] == skipped


def test_rounds_are_still_counted_when_the_first_seat_is_skipped():
    state, events = end_turn(last_turn_of_round(0, 1, 1), 2)
    assert first(events, "SuddenDeathStarted") == {"seats": [1, 2]}
    state, more = end_turn(state, 1)
    state, last = end_turn(state, 2)
    assert turns(events + more + last) == [(1, 2), (2, 2), (1, 3)]


def test_the_first_bone_a_tied_dog_buries_wins_at_once():
    state, _ = end_turn(last_turn_of_round(1, 0, 1), 2)
    state = after(state, [event("BoneFound", seat=0, slot=0), at(0, "DEN1")])
    events = when(state, 0, {"type": "Bury"})
    assert types(events) == ["BoneBuried", "GameWon"]
    assert first(events, "GameWon") == {"seat": 0, "reason": "tiebreak"}


def test_reaching_the_bone_target_in_sudden_death_is_a_win_by_target():
    state, _ = end_turn(last_turn_of_round(1, 0, 1, bone_target=2), 2)
    state = after(state, [event("BoneFound", seat=0, slot=0), at(0, "DEN1")])
    assert first(when(state, 0, {"type": "Bury"}), "GameWon") == {"seat": 0, "reason": "target"}


def test_before_the_last_round_ends_a_bone_that_takes_the_lead_does_not_end_the_game():
    state = last_turn_of_round(1, 0, 1, active=0)
    state = after(state, [event("BoneFound", seat=0, slot=0), at(0, "DEN1")])
    events = when(state, 0, {"type": "Bury"})
    assert types(events) == ["BoneBuried"]


def test_a_greedy_bot_in_sudden_death_carries_its_one_bone_home_before_fetching_another():
    # Seat 2's poodle holds a bone on L8, three steps from its den DEN3 (L7, L6, DEN3); another bone lies on K8.
    state, _ = end_turn(last_turn_of_round(1, 0, 1), 2)
    state, _ = end_turn(state, 0)
    state = after(state, [
        event("BoneFound", seat=2, slot=1), at(2, "K8"), event("ItemDropped", seat=2, space="K8", item="bone", slot=1),
        event("BoneFound", seat=2, slot=0), at(2, "L8"),
    ])
    assert RULES.to_act(state) == [2]
    choice = greedy_bot(RULES.view(state, 2), RULES.legal_moves(state, 2), Dice())
    assert choice == {"type": "Move", "to": "L7"}


def test_a_sudden_death_logged_before_the_rule_was_corrected_still_folds_with_every_dog_playing_on():
    state = after(last_turn_of_round(1, 1, 1), [event("SuddenDeathStarted")])
    assert state["sudden_death"] == [0, 1, 2]
