"""Phase 2 of A Dog's Life (spec §4.3 and rulings): Given events / When command / Then events."""

from __future__ import annotations

import pytest

from domain.dogslife import RULES
from domain.dogslife.state import paper
from domain.engine import IllegalMove, event
from tests.unit.dogslife_given import Dice, after, at, deck, first, given, types, when


def moves(state, seat=0):
    return RULES.legal_moves(state, seat)


def test_a_dog_moves_one_space_for_one_ap():
    state = given(at(0, "E8"))
    events = when(state, 0, {"type": "Move", "to": "E9"})
    assert first(events, "DogMoved") == {"seat": 0, "from": "E8", "to": "E9", "ap_left": 6}


def test_a_dog_cannot_move_to_a_space_that_is_not_adjacent():
    with pytest.raises(IllegalMove, match="NotAdjacent"):
        when(given(at(0, "E8")), 0, {"type": "Move", "to": "E10"})


def test_no_dog_may_walk_into_the_pound_even_from_its_exit():
    with pytest.raises(IllegalMove, match="PoundClosed"):
        when(given(at(0, "G5")), 0, {"type": "Move", "to": "POUND"})


def test_only_the_owner_enters_a_den_and_unused_dens_stay_closed():
    state = given(at(0, "I1"), at(1, "A7"))  # DEN2 is seat 1's; with 4 players DEN6 is unused
    with pytest.raises(IllegalMove, match="NotYourDen"):
        when(state, 0, {"type": "Move", "to": "DEN2"})
    state = given(at(0, "A7"))
    with pytest.raises(IllegalMove, match="NotYourDen"):
        when(state, 0, {"type": "Move", "to": "DEN6"})


def test_a_building_costs_one_ap_to_enter_and_one_to_leave_by_any_entrance():
    state = given(at(0, "F5"))
    state = after(state, when(state, 0, {"type": "Move", "to": "KIOSK"}))
    events = when(state, 0, {"type": "Move", "to": "H6"})
    assert first(events, "DogMoved")["ap_left"] == 5


def test_a_cell_holding_a_dog_and_its_own_mark_blocks_even_passing_through():
    # E5: the Labrador stands on its mark on E5; the Husky on D5 may not enter.
    state = given(
        at(1, "E5"), event("LamppostMarked", seat=1, cell="E5", replaced=None), at(0, "D5", 6),
        dogs=("husky", "labrador", "poodle"),
    )
    with pytest.raises(IllegalMove, match="BlockedByDogAndMark"):
        when(state, 0, {"type": "Move", "to": "E5"})
    assert {"type": "Move", "to": "E5"} not in moves(state)


def test_entering_a_foreign_mark_sniffs_and_ends_the_phase_then_the_dog_may_pee_over_it():
    state = given(
        at(1, "E5"), event("LamppostMarked", seat=1, cell="E5", replaced=None), at(1, "E6"), at(0, "D5", 6),
        dogs=("husky", "labrador", "poodle"),
    )
    events = when(state, 0, {"type": "Move", "to": "E5"})
    assert types(events) == ["DogMoved", "LamppostSniffed", "ActionPhaseEnded"]
    assert first(events, "LamppostSniffed") == {"seat": 0, "cell": "E5", "owner": 1}
    assert first(events, "ActionPhaseEnded")["reason"] == "sniff"
    # At its next turn, with bladder 1, it pees over the mark and the Labrador gets its token back.
    state = after(state, events + [event("TurnStarted", seat=0, round=2), event("ActionPhaseStarted", seat=0, ap=8)])
    marked = when(state, 0, {"type": "Pee"})
    assert first(marked, "LamppostMarked") == {"seat": 0, "cell": "E5", "replaced": 1, "ap_left": 7}
    assert after(state, marked)["seats"][1]["reserve"] == state["seats"][1]["reserve"] + 1


def test_a_dog_never_sniffs_its_own_mark():
    state = given(event("LamppostMarked", seat=0, cell="E5", replaced=None), at(0, "D5"))
    assert types(when(state, 0, {"type": "Move", "to": "E5"})) == ["DogMoved"]


def test_a_foreign_mark_on_an_occupied_cell_cannot_be_entered():
    state = given(event("LamppostMarked", seat=2, cell="E5", replaced=None), at(1, "E5"), at(0, "D5"))
    with pytest.raises(IllegalMove, match="SniffOnOccupied"):
        when(state, 0, {"type": "Move", "to": "E5"})


def test_passing_through_needs_a_stopping_space_within_the_ap_left():
    # E6: the Poodle (seat 0) on E6, the Boxer (seat 1) on E7, the kiosk empty.
    one_ap = given(at(1, "E7"), at(0, "E6", 1))
    with pytest.raises(IllegalMove, match="NowhereToStop"):
        when(one_ap, 0, {"type": "Move", "to": "E7"})
    two_ap = given(at(1, "E7"), at(0, "E6", 2))
    state = after(two_ap, when(two_ap, 0, {"type": "Move", "to": "E7"}))
    assert sorted(m["to"] for m in moves(state)) == ["E6", "E8", "KIOSK"]
    assert all(m["type"] == "Move" for m in moves(state))
    with pytest.raises(IllegalMove, match="InTransit"):
        when(state, 0, {"type": "EndActions"})


def test_a_dog_in_transit_may_not_attack():
    state = after(given(at(1, "E7"), at(0, "E6", 3)), [at(0, "E7", 2)])
    with pytest.raises(IllegalMove, match="InTransit"):
        when(state, 0, {"type": "Attack", "target_seat": 1})


def test_searching_trash_draws_a_card_and_places_a_token_whatever_the_result():
    state = given(at(0, "C5"), decks={0: deck("shepherd", "GS12")})
    events = when(state, 0, {"type": "SearchTrash"})
    assert types(events) == ["CardDrawn", "NothingFound", "TrashSearched"]
    assert after(state, events)["searched"] == ["C5"]
    with pytest.raises(IllegalMove, match="NoUnsearchedTrash"):
        when(after(state, events), 0, {"type": "SearchTrash"})


def test_trash_day_with_a_shuffle_card_on_top():
    # E4: 14 tokens out, the Fox Terrier on L9 with FT00 on top of a 2-card deck.
    cans = ["C1", "J1", "E3", "H3", "L3", "A4", "C5", "K5", "B8", "J8", "A10", "E10", "H10", "C12"]
    searched = [event("TrashSearched", seat=1, cell=c, ap_left=7) for c in cans]
    gone = ["FT01", *[f"FT{i:02d}" for i in range(3, 13)]]
    drawn = [event("CardDrawn", seat=0, purpose="trash", card=card, result=None) for card in gone]
    state = given(*searched, *drawn, at(0, "L9"), dogs=("foxterrier", "boxer"), decks={0: [*gone, "FT00", "FT02"]})
    assert state["seats"][0]["deck"] == ["FT00", "FT02"] and state["tokens"] == 1
    events = when(state, 0, {"type": "SearchTrash"})
    assert types(events)[:2] == ["CardDrawn", "DeckReshuffled"] and events[0]["data"]["result"] == "shuffle"
    assert types(events)[-2:] == ["TrashSearched", "TrashDayHappened"]
    assert first(events, "TrashDayHappened") == {"kept": "L9", "returned": 14}
    end = after(state, events)
    assert end["searched"] == ["L9"] and end["tokens"] == 14
    assert len(end["seats"][0]["deck"]) + len(end["seats"][0]["discard"]) == 13


def test_begging_is_once_per_restaurant_per_turn_and_food_is_capped_at_four():
    state = given(at(0, "REST1"), decks={0: deck("shepherd", "GS03")})  # restaurant 3 days, hunger 4
    events = when(state, 0, {"type": "Beg"})
    assert first(events, "FoodFound") == {"seat": 0, "days": 3, "hunger": 4}
    with pytest.raises(IllegalMove, match="AlreadyBegged"):
        when(after(state, events), 0, {"type": "Beg"})


def test_a_bone_found_with_a_full_mouth_is_lost():
    full = [event("BoneFound", seat=0, slot=0), event("BoneFound", seat=0, slot=1)]
    state = given(*full, at(0, "REST1"), decks={0: deck("shepherd", "GS07")})
    events = when(state, 0, {"type": "Beg"})
    assert first(events, "NothingFound") == {"seat": 0, "reason": "no_slot"}


def test_taking_newspapers_until_the_mouth_is_full():
    state = given(at(0, "KIOSK"))
    state = after(state, when(state, 0, {"type": "TakeNewspaper"}))
    events = when(state, 0, {"type": "TakeNewspaper"})
    assert first(events, "NewspaperTaken") == {"seat": 0, "slot": 1, "address": 2, "ap_left": 5}
    with pytest.raises(IllegalMove, match="MouthFull"):
        when(after(state, events), 0, {"type": "TakeNewspaper"})


def test_delivering_reveals_the_address_reshuffles_the_stack_and_draws_a_reward():
    state = given(at(0, "KIOSK"), decks={0: deck("shepherd", "GS01")})
    state = after(state, when(state, 0, {"type": "TakeNewspaper"}))  # address 1
    assert {"type": "DeliverNewspaper"} not in moves(state)
    state = after(state, [at(0, "HOUSE1", 5)])
    events = when(state, 0, {"type": "DeliverNewspaper"})
    assert types(events) == ["NewspaperDelivered", "NewspaperStackShuffled", "CardDrawn", "BoneFound"]
    assert first(events, "NewspaperDelivered") == {"seat": 0, "house": "HOUSE1", "address": 1, "slot": 0, "ap_left": 4}
    end = after(state, events)
    assert end["seats"][0]["slots"] == ["bone", None] and sorted(end["stack"]) == [paper(n) for n in range(1, 13)]


def test_a_newspaper_cannot_be_dropped_on_the_kiosk_but_a_bone_can():
    state = given(at(0, "KIOSK"), event("BoneFound", seat=0, slot=1))
    state = after(state, when(state, 0, {"type": "TakeNewspaper"}))
    with pytest.raises(IllegalMove, match="NoNewspaperOnKiosk"):
        when(state, 0, {"type": "Drop", "slot": 0})
    events = when(state, 0, {"type": "Drop", "slot": 1})
    assert first(events, "ItemDropped") == {"seat": 0, "space": "KIOSK", "item": "bone", "slot": 1, "ap_left": 5}


def test_picking_up_a_newspaper_takes_the_last_one_dropped():
    state = given(at(0, "KIOSK"))
    for _ in range(2):
        state = after(state, when(state, 0, {"type": "TakeNewspaper"}))
    state = after(state, [at(0, "H6", 5)])
    state = after(state, when(state, 0, {"type": "Drop", "slot": 0}))
    state = after(state, when(state, 0, {"type": "Drop", "slot": 1}))
    events = when(state, 0, {"type": "PickUp", "item": "newspaper"})
    assert first(events, "ItemPickedUp")["address"] == 2 and first(events, "ItemPickedUp")["slot"] == 0


def test_burying_the_target_bone_wins_at_once_with_no_truck():
    bones = [event("BoneBuried", seat=0, den="DEN1", buried=3, slot=0), event("BoneFound", seat=0, slot=0)]
    state = given(*bones, at(0, "DEN1"))
    events = when(state, 0, {"type": "Bury"})
    assert types(events) == ["BoneBuried", "GameWon"]
    assert first(events, "GameWon") == {"seat": 0, "reason": "target"}
    end = after(state, events)
    assert RULES.result(end)["winners"] == [0] and RULES.automatic(end) == [] and RULES.to_act(end) == []


def test_burying_needs_the_own_den_and_a_bone():
    state = given(event("BoneFound", seat=0, slot=0), at(0, "D1"))
    with pytest.raises(IllegalMove, match="NotInOwnDen"):
        when(state, 0, {"type": "Bury"})
    with pytest.raises(IllegalMove, match="NoBone"):
        when(given(at(0, "DEN1")), 0, {"type": "Bury"})


def test_drinking_fills_the_bladder_from_the_reserve_only():
    state = given(at(0, "E4"))
    events = when(state, 0, {"type": "Drink"})
    assert first(events, "BladderFilled") == {"seat": 0, "bladder": 2, "reserve": 6, "ap_left": 6}
    with pytest.raises(IllegalMove, match="CannotDrink"):
        when(after(state, events), 0, {"type": "Drink"})


def test_a_dog_cannot_pee_twice_on_its_own_lamppost():
    marked = event("LamppostMarked", seat=0, cell="E5", replaced=None)
    state = given(at(0, "E5"), marked, event("BladderFilled", seat=0, bladder=1, reserve=6))
    with pytest.raises(IllegalMove, match="AlreadyMarked"):
        when(state, 0, {"type": "Pee"})


def test_fight_tie_then_win_then_pick_up_the_loot():
    # E3: the Boxer on J5 with 4 AP, the Poodle in HOUSE7 carrying a bone.
    state = given(
        event("BoneFound", seat=1, slot=0), at(1, "HOUSE7"), at(0, "J5", 4),
        dogs=("boxer", "poodle"), decks={0: deck("boxer", "BX04", "BX09"), 1: deck("poodle", "PO10", "PO06")},
    )
    tie = when(state, 0, {"type": "Attack", "target_seat": 1})
    assert first(tie, "FightResolved") == {"attacker_claws": 3, "defender_claws": 3, "winner": None}
    state = after(state, tie)
    win = when(state, 0, {"type": "Attack", "target_seat": 1})
    assert types(win) == ["AttackDeclared", "CardDrawn", "CardDrawn", "FightResolved", "ItemsDropped", "SentToPound"]
    assert first(win, "ItemsDropped") == {"seat": 1, "space": "HOUSE7", "bones": 1, "newspapers": 0, "returned": 0}
    state = after(state, win)
    state = after(state, when(state, 0, {"type": "Move", "to": "HOUSE7"}))
    events = when(state, 0, {"type": "PickUp", "item": "bone"})
    assert types(events) == ["ItemPickedUp", "ActionPhaseEnded"]
    assert RULES.automatic(after(state, events))[0]["command"] == {"type": "MoveTruck"}


def test_an_attacker_who_loses_goes_to_the_pound_and_does_not_move_the_truck():
    state = given(
        at(1, "HOUSE7"), at(0, "J5", 4),
        dogs=("poodle", "boxer"), decks={0: deck("poodle", "PO12"), 1: deck("boxer", "BX01")},
    )
    events = when(state, 0, {"type": "Attack", "target_seat": 1})
    assert types(events)[3:8] == ["FightResolved", "SentToPound", "ActionPhaseEnded", "TurnEnded", "TurnStarted"]
    assert "TruckDieRolled" not in types(events)
    assert first(events, "ActionPhaseEnded")["reason"] == "lost_fight"


def test_a_dog_sent_to_the_pound_keeps_its_hunger_bladder_and_reserve_until_release():
    # R38 (hunger) and R8 (bladder and reserve): only the place changes on the way to the pound.
    state = given(
        at(1, "HOUSE7"), at(0, "J5", 4), event("HungerDropped", seat=0, hunger=3),
        dogs=("poodle", "boxer"), decks={0: deck("poodle", "PO12"), 1: deck("boxer", "BX01")},
    )
    pounded = after(state, when(state, 0, {"type": "Attack", "target_seat": 1}))["seats"][0]
    before = state["seats"][0]
    assert pounded["pound"] == 1 and pounded["space"] is None
    assert (pounded["hunger"], pounded["bladder"], pounded["reserve"]) == (3, before["bladder"], before["reserve"])


def test_a_dog_in_its_own_den_may_be_attacked_through_the_entrance():
    state = given(at(1, "DEN2"), at(0, "I1"))
    assert {"type": "Attack", "target_seat": 1} in moves(state)
    assert {"type": "Attack", "target_seat": 2} not in moves(state)


def test_ending_actions_hands_over_to_the_truck_at_once():
    state = after(given(at(0, "E8")), when(given(at(0, "E8")), 0, {"type": "EndActions"}))
    assert RULES.to_act(state) == []
    assert RULES.automatic(state) == [{"command": {"type": "MoveTruck"}, "delay": 0, "since": state["n"]}]


@pytest.mark.parametrize(
    "command",
    [
        {"type": "Move", "to": 5},
        {"type": "Move"},
        {"type": "Drop", "slot": True},
        {"type": "Drop", "slot": 1.0},
        {"type": "Drop", "slot": -1},
        {"type": "PickUp", "item": "cat"},
        {"type": "Attack", "target_seat": "1"},
        {"type": "Attack", "target_seat": 0},
        {"type": "Attack", "target_seat": 99},
        {"type": "ChooseTruckRoute", "route": ["E9"]},
        {"type": "ChooseDog", "dog": "husky"},
        {"type": ["Move"]},
        {"type": "MoveTruck"},
    ],
)
def test_malformed_commands_are_illegal_moves(command):
    with pytest.raises(IllegalMove):
        when(given(at(0, "E8")), 0, command)


@pytest.mark.parametrize(
    ("seat", "command"),
    [
        (0, {"type": "Move", "to": "E9", "padding": "x" * 100}),
        (0, {"type": "EndActions", "reason": "bored"}),
        (0, {"type": "Pee", "cell": "E8"}),
        (None, {"type": "TimeOutActions", "note": None}),
    ],
)
def test_a_command_with_a_field_it_does_not_take_is_refused(seat, command):
    # Fields are stored as sent, so anything a command does not take is refused rather than kept for ever.
    state = given(at(0, "E8"), action_deadline_seconds=60)
    when(state, seat, {k: v for k, v in command.items() if k in ("type", "to")})  # accepted without the extra field
    with pytest.raises(IllegalMove, match="BadArgument"):
        when(state, seat, command)


def test_a_truck_route_or_a_dog_choice_with_an_extra_field_is_refused():
    state = given(at(0, "E8"), route_deadline_seconds=20)
    state = after(state, when(state, 0, {"type": "EndActions"}))
    state = after(state, when(state, None, {"type": "MoveTruck"}, Dice(2)))
    route = RULES.legal_moves(state, 0)[0]
    with pytest.raises(IllegalMove, match="BadArgument"):
        when(state, 0, {**route, "comment": "left"})
    choosing = RULES.fold(RULES.setup(2, RULES.normalize_options({"dog_assignment": "choose"}, 2), Dice()))
    with pytest.raises(IllegalMove, match="BadArgument"):
        when(choosing, 0, {"type": "ChooseDog", "dog": "husky", "also": "boxer"})
