"""Spots rules, Given events / When command / Then events: the worked examples (spec 9) and rulings R1-R31."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from domain.engine import BadOptions, IllegalMove
from domain.spots import RULES
from domain.spots.content import DOGS, TILE_SETS, TILES

# Card ids used below (spec table 2.4).
BURT, BRISTLES, URSULA, MAYOR, JOLENE, MISSY, HANDSOME, GRETCHEN, LIEF, GUMBO = 1, 2, 5, 6, 8, 11, 13, 16, 17, 19


class Dice:
    """An rng whose die rolls are scripted; shuffles and choices come from a seeded Random."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.rest = random.Random(7)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rest, name)


def given(
    packs: list[list[int]],
    *,
    tiles: str = "beginner",
    yards: list[list[int]] | None = None,
    dogs: dict[int, list[int]] | None = None,
    treats: list[int] | None = None,
    done: list[list[int]] | None = None,
    down: tuple[str, ...] = (),
    tile_treats: dict[str, int] | None = None,
    deck: list[int] | None = None,
    pes_treats: int = 0,
    pes_next: bool = False,
) -> list[dict]:
    """The events of a table: packs (open cards), completed cards, yards, dice on dogs, treats, tiles."""
    players = len(packs)
    done = done or [[] for _ in packs]
    dealt = [card for seat in range(players) for card in done[seat] + packs[seat]]
    rest = deck if deck is not None else [c for c in DOGS if c not in dealt]
    ev = [
        {"type": "GameStarted", "data": {"players": players, "tile_set": tiles,
                                         "pes_treats": pes_treats if players == 1 else None}},
        {"type": "TricksLaidOut", "data": {"positions": ["howl", "roll_over", *TILE_SETS[tiles]]}},
        {"type": "DogDeckShuffled", "data": {"order": dealt + rest}},
    ]
    for seat in range(players):
        for card in done[seat] + packs[seat]:
            ev.append({"type": "DogCardDealt", "data": {"seat": seat, "card": card, "deck_top": None}})
        if done[seat]:
            ev.append({"type": "DogsCompleted", "data": {"seat": seat, "cards": done[seat], "mode": "slow",
                                                          "returned": []}})
        if treats and treats[seat]:
            ev.append({"type": "TreatsGained", "data": {"seat": seat, "n": treats[seat], "source": "setup"}})
    die = 0
    for seat, values in enumerate(yards or []):
        for value in values:
            ev.append({"type": "StartDieRolled", "data": {"seat": seat, "die": die, "value": value}})
            die += 1
    owner = {card: seat for seat in range(players) for card in packs[seat]}
    for card, values in (dogs or {}).items():
        seat = owner[card]
        rolled = [{"die": die + i, "value": v} for i, v in enumerate(values)]
        ev += [{"type": "FirstPlayerChosen", "data": {"seat": seat}},
               {"type": "TrickChosen", "data": {"seat": seat, "tile": "howl"}},
               {"type": "DiceRolled", "data": {"seat": seat, "dice": rolled, "source": "supply"}}]
        ev += [{"type": "DiePlaced", "data": {"seat": seat, "die": d["die"], "card": card, "value": d["value"]}}
               for d in rolled]
        ev.append({"type": "TrickEnded", "data": {"seat": seat, "tile": "howl"}})
        die += len(values)
    for tile in down:
        ev.append({"type": "TileFlipped", "data": {"tile": tile, "face_up": False, "by": 0}})
    for tile, n in (tile_treats or {}).items():
        ev += [{"type": "TreatPlacedOnTile", "data": {"tile": tile}}] * n
    if pes_treats and players == 1:
        ev.append({"type": "PesTreatsGained", "data": {"n": pes_treats}})
    ev += [{"type": "FirstPlayerChosen", "data": {"seat": 0}}, {"type": "TurnStarted", "data": {"seat": 0}}]
    if pes_next:
        ev.append({"type": "TurnEnded", "data": {"seat": 0}})
    return ev


class Table:
    """A game folded from Given events, on which commands are played with scripted dice."""

    def __init__(self, events: list[dict]) -> None:
        self.state = RULES.fold(copy.deepcopy(events))

    def do(self, command: dict, *faces: int, seat: int | None | str = "active") -> list[dict]:
        """Play a command (seat: the active one unless given) and return its events."""
        seat = self.state["active"] if seat == "active" else seat
        rng = Dice(list(faces))
        events = RULES.decide(self.state, seat, command, rng)
        assert rng.faces == [], "not every scripted die was rolled"
        self.state = RULES.fold(events, self.state)
        return events

    def refuses(self, command: dict, reason: str, seat: int | None = None) -> None:
        """The command is rejected for this reason."""
        with pytest.raises(IllegalMove) as refused:
            RULES.decide(self.state, self.state["active"] if seat is None else seat, command, Dice([]))
        assert refused.value.reason == reason

    def legal(self) -> list[dict]:
        return RULES.legal_moves(self.state, self.state["active"])

    def seat(self, n: int = 0) -> dict:
        return self.state["seats"][n]

    def yard(self, n: int = 0) -> list[int]:
        return [self.state["values"][d] for d in self.seat(n)["yard"]]

    def face_up(self, tile: str) -> bool:
        return next(p["face_up"] for p in self.state["positions"] if p["stack"][0] == tile)


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def rolled(events: list[dict]) -> list[int]:
    """The dice of the last roll among the events."""
    roll = [e for e in events if e["type"] in ("DiceRolled", "DieSet")][-1]["data"]
    return [d["die"] for d in roll["dice"]] if "dice" in roll else [roll["die"]]


def trick(tile: str) -> dict:
    return {"type": "ChooseTrick", "tile": tile}


def place(die: int, card: int) -> dict:
    return {"type": "PlaceDie", "die": die, "card": card}


def bury(die: int) -> dict:
    return {"type": "BuryDie", "die": die}


DO, SKIP, ACCEPT = {"type": "DoStep"}, {"type": "SkipStep"}, {"type": "AcceptRoll"}


# --- worked examples (spec 9) --------------------------------------------------------------------------------

def test_run_places_what_fits_buries_the_rest_and_may_roll_again_e1():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]]))
    events = table.do(trick("run"), 3, 4, 6)
    assert types(events) == ["TrickChosen", "TileFlipped", "StepPerformed", "DiceRolled", "RollAccepted"]
    three, four, six = rolled(events)
    table.do(place(three, MISSY))
    table.do(place(four, MISSY))
    events = table.do(bury(six))
    assert events[0]["data"]["yard_total"] == 7 and "Busted" not in types(events)
    assert types(events)[-1] == "StepOffered" and table.state["phase"] == "offer"
    (two,) = rolled(table.do(DO, 2))
    table.do(place(two, BRISTLES))
    events = table.do(SKIP)
    assert types(events)[:3] == ["StepDeclined", "TrickEnded", "TurnEnded"]
    assert table.yard() == [1, 6] and table.state["active"] == 1


def test_a_yard_of_exactly_seven_pips_is_safe_and_the_dice_still_pending_are_placed_r7():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]]))
    three, four, six = rolled(table.do(trick("run"), 3, 4, 6))

    events = table.do(bury(six))

    assert events[0]["data"]["yard_total"] == 7 and "Busted" not in types(events)
    assert table.state["phase"] == "place"
    table.do(place(three, MISSY))
    table.do(place(four, MISSY))
    assert table.yard() == [1, 6]


def test_a_repeat_that_fits_nowhere_busts_and_loses_every_die_of_the_turn_e1():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]]))
    three, four, six = rolled(table.do(trick("run"), 3, 4, 6))
    for command in (place(three, MISSY), place(four, MISSY), bury(six)):
        table.do(command)
    (five,) = rolled(table.do(DO, 5))
    events = table.do(bury(five))
    assert types(events)[:4] == ["DieBuried", "Busted", "TrickEnded", "TurnEnded"]
    assert sorted(events[1]["data"]["returned"]) == sorted([0, three, four, six, five])
    assert table.yard() == [] and not table.face_up("run") and len(table.state["supply"]) == 40


def test_a_treat_rerolls_the_whole_roll_and_the_window_closes_at_zero_treats_e1_r5_r6():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1]], treats=[1, 0]))
    dice = rolled(table.do(trick("run"), 3, 4, 6))
    assert table.state["phase"] == "rolled"
    table.refuses({"type": "SpendTreat", "dice": [dice[2]]}, "MustRerollAll")
    events = table.do({"type": "SpendTreat", "dice": dice}, 1, 2, 2)
    assert types(events) == ["TreatSpent", "DiceRerolled", "RollAccepted"]
    assert [table.state["values"][d] for d in dice] == [1, 2, 2]


def test_walk_completes_every_dog_fast_and_draws_replacements_e2():
    table = Table(given([[URSULA, JOLENE], [GRETCHEN, MAYOR]], yards=[[3]], dogs={URSULA: [1]}))
    five, two = rolled(table.do(trick("walk"), 5, 2))
    table.do(place(five, URSULA))
    assert types(table.do(place(two, JOLENE)))[-1] == "StepOffered"
    (four,) = rolled(table.do(DO, 4))
    events = table.do(place(four, JOLENE))
    assert types(events)[1:5] == ["DogsCompleted", "DogCardDrawn", "DogCardDrawn", "TrickEnded"]
    assert events[1]["data"]["cards"] == [URSULA, JOLENE] and events[1]["data"]["mode"] == "fast"
    assert len(events[1]["data"]["returned"]) == 4
    assert len(table.seat()["pack"]) == 4 and table.yard() == [3]


def test_a_bust_prevents_the_fast_completion_e2():
    table = Table(given([[URSULA, JOLENE], [GRETCHEN, MAYOR]], yards=[[3]], dogs={URSULA: [1]}))
    five, two = rolled(table.do(trick("walk"), 5, 2))
    table.do(place(five, URSULA))
    table.do(place(two, JOLENE))
    (six,) = rolled(table.do(DO, 6))
    events = table.do(bury(six))
    assert "Busted" in types(events) and "DogsCompleted" not in types(events)


def test_slow_completion_completes_every_filled_dog_and_stops_drawing_at_six_cards_e3_r11_r12():
    table = Table(given([[BURT, MISSY, LIEF, HANDSOME], [GRETCHEN, MAYOR]], done=[[JOLENE], []],
                        dogs={BURT: [1], MISSY: [3, 4], LIEF: [1]}))
    events = table.do({"type": "CompleteDogs"})
    assert types(events)[:3] == ["DogsCompleted", "DogCardDrawn", "TurnEnded"]
    assert events[0]["data"]["cards"] == [BURT, MISSY] and len(events[0]["data"]["returned"]) == 3
    assert len(table.seat()["pack"]) == 6 and sum(c["done"] for c in table.seat()["pack"]) == 3
    assert all(p["face_up"] for p in table.state["positions"])


def test_complete_dogs_needs_a_filled_dog_r11_r31():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    assert {"type": "CompleteDogs"} not in table.legal()
    table.refuses({"type": "CompleteDogs"}, "NothingToComplete")


def test_pes_takes_the_treats_of_a_face_up_tile_and_spends_them_on_the_top_card_e4():
    table = Table(given([[MISSY, BRISTLES]], down=("walk", "fetch"), tile_treats={"run": 1}, pes_treats=1,
                        deck=[GUMBO, *[c for c in DOGS if c not in (MISSY, BRISTLES, GUMBO)]], pes_next=True))
    (step,) = RULES.automatic(table.state)
    assert step["delay"] == 0 and RULES.to_act(table.state) == []
    events = table.do(step["command"], 4, seat=None)
    assert types(events)[:7] == ["PesTurnStarted", "PesDieRolled", "TileFlipped", "PesTookTreats",
                                 "PesTreatsSpent", "PesDogCompleted", "TurnEnded"]
    assert events[5]["data"]["card"] == GUMBO and events[5]["data"]["reason"] == "treats"
    assert table.state["pes"]["treats"] == 0 and "TilesRefreshed" not in types(events)


def test_pes_completes_the_top_card_when_its_die_finds_a_face_down_tile_e4():
    table = Table(given([[MISSY, BRISTLES]], down=("walk", "fetch"), pes_treats=1, pes_next=True))
    events = table.do({"type": "PlayPes"}, 3, seat=None)
    assert types(events)[2] == "PesDogCompleted" and events[2]["data"]["reason"] == "die"
    assert table.state["pes"]["treats"] == 1


def test_pes_refreshes_first_when_one_tile_is_left_face_up_e4_r4():
    table = Table(given([[MISSY, BRISTLES]], down=("howl", "roll_over", "walk", "fetch", "beg"), pes_next=True))
    events = table.do({"type": "PlayPes"}, 4, seat=None)
    assert types(events)[:4] == ["PesTurnStarted", "TreatPlacedOnTile", "TilesRefreshed", "PesDieRolled"]
    assert types(events)[4:6] == ["TileFlipped", "PesTookTreats"]


def test_bolt_stops_early_only_when_paws_cover_the_dice_left_golden():
    table = Table(given([[BRISTLES, GRETCHEN], [MISSY, MAYOR]], tiles="obstacle_course"))
    assert table.do(trick("bolt"))[-1]["data"]["phase"] == "set_aside"
    table.refuses({"type": "SetAside", "n": 2}, "BadSetAsideCount")
    table.refuses({"type": "SetAside", "n": 13}, "BadSetAsideCount")
    events = table.do({"type": "SetAside", "n": 3}, 5)
    assert types(events)[:3] == ["DiceSetAside", "StepPerformed", "DiceRolled"]
    (first,) = rolled(events)
    events = table.do(place(first, GRETCHEN), 4)
    assert types(events)[-3:] == ["StepPerformed", "DiceRolled", "RollAccepted"]  # 2 left > 1 paw: no offer
    events = table.do(bury(rolled(events)[0]))
    assert types(events)[-1] == "StepOffered" and table.legal() == [DO, SKIP]
    events = table.do(SKIP)
    assert types(events)[:3] == ["StepDeclined", "DiceReturned", "TrickEnded"]
    assert len(events[1]["data"]["dice"]) == 1


def test_a_bust_returns_the_dice_still_set_aside_r8():
    table = Table(given([[BRISTLES, GRETCHEN], [MISSY, MAYOR]], tiles="obstacle_course", yards=[[6]], treats=[2, 0]))
    table.do(trick("bolt"))
    (first,) = rolled(table.do({"type": "SetAside", "n": 4}, 3))
    table.do(ACCEPT)
    events = table.do(bury(first))
    assert types(events)[1] == "Busted" and len(events[1]["data"]["returned"]) == 5
    assert table.seat()["treats"] == 2 and len(table.state["supply"]) == 40


# --- setup and turns -----------------------------------------------------------------------------------------

def test_only_tied_seats_reroll_their_buried_die_for_first_player_r1():
    events = RULES.setup(3, RULES.normalize_options({}, 3), Dice([5, 5, 2, 3, 6]))
    ties = [e["data"] for e in events if e["type"] == "StartTieRerolled"]
    assert [(t["seat"], t["value"]) for t in ties] == [(0, 3), (1, 6)]
    state = RULES.fold(events)
    assert [state["values"][s["yard"][0]] for s in state["seats"]] == [3, 6, 2]
    assert next(e for e in events if e["type"] == "FirstPlayerChosen")["data"]["seat"] == 1


def test_solo_seat_goes_first_whatever_it_rolled_and_pes_spends_starting_treats_r2_r29():
    events = RULES.setup(1, RULES.normalize_options({"pes_treats": 3}, 1), Dice([1]))
    state = RULES.fold(events)
    assert state["active"] == 0 and state["phase"] == "choose_action"
    assert types(events).count("PesDogCompleted") == 1 and state["pes"]["treats"] == 1
    assert state["seats"][0]["treats"] == 1 and len(state["seats"][0]["yard"]) == 1


@pytest.mark.parametrize("name", list(TILE_SETS))
def test_every_named_set_lays_howl_roll_over_then_one_tile_per_colour_r30(name):
    state = RULES.fold(RULES.setup(2, RULES.normalize_options({"tile_set": name}, 2), random.Random(1)))
    tops = [p["stack"][0] for p in state["positions"]]
    assert tops[:2] == ["howl", "roll_over"]
    assert [TILES[t].colour for t in tops[2:]] == ["yellow", "purple", "blue", "green"]


def test_the_refresh_puts_a_treat_on_the_last_face_up_tile_before_the_next_decision_r4():
    table = Table(given([[BURT, MISSY], [GRETCHEN, MAYOR]], dogs={BURT: [1]},
                        down=("howl", "roll_over", "walk", "run", "fetch")))
    events = table.do({"type": "CompleteDogs"})
    assert types(events)[-3:] == ["TurnStarted", "TreatPlacedOnTile", "TilesRefreshed"]
    assert events[-2]["data"]["tile"] == "beg" and all(p["face_up"] for p in table.state["positions"])


def test_treats_on_a_chosen_tile_are_taken_before_its_first_step_so_chew_doubles_them_r3():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="dog_park", treats=[1, 0],
                        tile_treats={"chew": 2}))
    events = table.do(trick("chew"))
    assert types(events)[1] == "TreatsTakenFromTile"
    assert [e["data"]["n"] for e in events if e["type"] == "TreatsGained"] == [3, 1]
    assert table.seat()["treats"] == 7


def test_an_empty_supply_busts_every_seat_at_the_start_of_a_turn_r14():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[1], [1] * 39]))
    events = table.do(trick("beg"))
    assert types(events)[-2:] == ["TurnStarted", "AllSeatsBusted"]
    assert len(table.state["supply"]) == 40 and table.state["active"] == 1


def test_an_optional_roll_is_not_offered_from_an_empty_supply_r15():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[], [1] * 38]))
    three, four = rolled(table.do(trick("walk"), 3, 4))
    table.do(place(three, MISSY))
    events = table.do(place(four, MISSY))
    assert {"type": "StepSkipped", "data": {"step": "may_roll_one", "reason": "no_dice"}} in events


# --- tiles ---------------------------------------------------------------------------------------------------

def test_howl_draws_a_dog_then_rolls_one():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    events = table.do(trick("howl"), 6)
    assert types(events)[2:5] == ["StepPerformed", "DogCardDrawn", "StepPerformed"]
    assert len(table.seat()["pack"]) == 3


def test_roll_over_rerolls_the_yard_and_skips_an_empty_one_r18_r31():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], yards=[[2, 5]]))
    dice = rolled(table.do(trick("roll_over"), 3, 4))
    assert table.yard() == [] and sorted(dice) == [0, 1]
    empty = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    events = empty.do(trick("roll_over"))
    assert {"type": "StepSkipped", "data": {"step": "roll_yard", "reason": "empty_yard"}} in events
    assert empty.state["phase"] == "offer"


def test_dig_lowers_or_raises_buried_dice_but_never_past_seven_r20():
    table = Table(given([[LIEF, BRISTLES], [GRETCHEN, MAYOR]], tiles="dog_park", yards=[[1], [6, 1]]))
    events = table.do(trick("dig"))
    assert events[-1]["data"]["uses"] == 3
    assert {"type": "AdjustBuriedDie", "die": 1, "delta": 1} not in table.legal()  # 6 cannot rise
    assert {"type": "AdjustBuriedDie", "die": 2, "delta": 1} not in table.legal()  # yard 7 is full
    assert types(table.do({"type": "AdjustBuriedDie", "die": 0, "delta": -1})) == ["BuriedDieDiscarded"]
    table.do({"type": "AdjustBuriedDie", "die": 1, "delta": -1})
    table.do({"type": "AdjustBuriedDie", "die": 2, "delta": 1}, 1, 1)
    assert table.yard(1) == [5, 2] and table.yard(0) == [] and table.state["trick"]["step"] == "roll_two"


def test_retrieve_sets_a_die_to_a_number_of_the_top_card_without_a_reroll_window_r16():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="hunting_grounds", yards=[[6]], treats=[2, 0],
                        deck=[HANDSOME, *[c for c in DOGS if c not in (MISSY, BRISTLES, GRETCHEN, MAYOR, HANDSOME)]]))
    table.do(trick("retrieve"))
    assert table.legal() == [{"type": "ChooseNumber", "n": 3}, {"type": "ChooseNumber", "n": 6}]
    events = table.do({"type": "ChooseNumber", "n": 6})
    assert types(events) == ["DieSet"] and table.state["phase"] == "place"
    assert "Busted" in types(table.do(bury(rolled(events)[0])))


def test_trot_moves_a_die_to_another_space_and_turns_it_r21():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="obstacle_course", dogs={MISSY: [3]}))
    table.do(trick("trot"))
    assert {"type": "MoveDie", "die": 0, "card": MISSY, "value": 4} in table.legal()
    events = table.do({"type": "MoveDie", "die": 0, "card": BRISTLES, "value": 1}, 2, 2)
    assert events[0]["data"]["old"] == 3 and table.state["values"][0] == 1
    missy, bristles = table.seat()["pack"]
    assert missy["spaces"] == {"3": None, "4": None} and bristles["spaces"]["1"] == 0
    assert types(events)[:3] == ["DieMoved", "StepPerformed", "DiceRolled"]


def test_track_may_reroll_any_non_empty_part_of_its_roll_r17():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="kennel_club", treats=[1, 0]))
    dice = rolled(table.do(trick("track"), 3, 4, 6))
    assert len([m for m in table.legal() if m["type"] == "SpendTreat"]) == 7
    table.do({"type": "SpendTreat", "dice": [dice[2]]}, 1)
    assert [table.state["values"][d] for d in dice] == [3, 4, 1]


def test_chase_rolls_one_more_die_each_time_r22():
    table = Table(given([[LIEF, HANDSOME], [GRETCHEN, MAYOR]], tiles="dog_park"))
    (one,) = rolled(table.do(trick("chase"), 1))
    table.do(place(one, LIEF))
    assert len(rolled(table.do(DO, 2, 3))) == 2


def test_dogpile_takes_a_die_from_a_dog_and_rolls_it_with_two_from_the_supply_r24():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="kennel_club", dogs={MISSY: [3]}))
    table.do(trick("dogpile"))
    assert table.legal() == [{"type": "TakeDie", "die": 0}]
    events = table.do({"type": "TakeDie", "die": 0}, 1, 2, 4)
    assert events[0]["data"]["from"] == MISSY and rolled(events)[0] == 0 and len(rolled(events)) == 3


def test_sprint_rolls_one_die_per_dog_with_an_empty_space():
    table = Table(given([[MISSY, BRISTLES, BURT], [GRETCHEN, MAYOR]], tiles="hunting_grounds"))
    assert len(rolled(table.do(trick("sprint"), 1, 2, 3))) == 3


def test_fetch_keeps_only_the_chosen_number_r27():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    table.do(trick("fetch"), 3, 3, 1, 5, 5, 5, 6, 2)
    assert [m["n"] for m in table.legal()] == [1, 2, 3, 5, 6]
    events = table.do({"type": "ChooseNumber", "n": 3})
    assert types(events) == ["NumberChosen", "DiceDiscarded"] and len(table.state["trick"]["pending"]) == 2


def test_guard_discards_every_die_above_the_named_number_r27():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="dog_park"))
    table.do(trick("guard"))
    events = table.do({"type": "ChooseNumber", "n": 2}, 1, 2, 3, 6)
    assert types(events)[-1] == "DiceDiscarded" and len(events[-1]["data"]["dice"]) == 2


def test_hunt_keeps_two_of_two_plus_paws_dice_r19_r27():
    table = Table(given([[LIEF, BRISTLES], [GRETCHEN, MAYOR]], tiles="hunting_grounds"))
    dice = rolled(table.do(trick("hunt"), 1, 2, 3, 4, 5))
    assert len(dice) == 5 and len(table.legal()) == 10
    events = table.do({"type": "KeepDice", "dice": [dice[0], dice[1]]})
    assert types(events) == ["DiceKept", "DiceDiscarded"] and len(events[1]["data"]["dice"]) == 3


def test_scavenge_may_discard_only_dice_strictly_below_the_yard_total_r25():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="puppy_pen", yards=[[3]]))
    dice = rolled(table.do(trick("scavenge"), 1, 2, 3, 5))
    assert [m["dice"] for m in table.legal()] == [[], [dice[0]], [dice[1]], [dice[0], dice[1]]]


def test_search_must_keep_a_set_of_eight_when_there_is_one_r27():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="kennel_club"))
    table.do(trick("search"), 6, 2, 6, 6, 6, 6, 6)
    assert len(table.legal()) == 6 and all(m["type"] == "KeepDice" for m in table.legal())
    none = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="kennel_club"))
    events = none.do(trick("search"), 6, 6, 6, 6, 6, 6, 6)
    discarded = next(e["data"] for e in events if e["type"] == "DiceDiscarded")
    assert discarded["reason"] == "no_eight" and len(discarded["dice"]) == 7 and none.state["active"] == 1


def test_play_dead_pays_a_buried_die_in_treats_r26():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="puppy_pen"))
    (four,) = rolled(table.do(trick("play_dead"), 4))
    events = table.do(bury(four))
    assert {"type": "TreatsGained", "data": {"seat": 0, "n": 4, "source": "play_dead"}} in events
    placed = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="puppy_pen"))
    (four,) = rolled(placed.do(trick("play_dead"), 4))
    assert "TreatsGained" not in types(placed.do(place(four, MISSY)))


def test_green_tiles_pay_treats_beg_gobble_stay():
    beg = Table(given([[LIEF, BRISTLES], [GRETCHEN, MAYOR]]))
    beg.do(trick("beg"))
    assert beg.seat()["treats"] == 1 + 3
    gobble = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="obstacle_course"))
    gobble.do(trick("gobble"))
    assert gobble.seat()["treats"] == 7 - 4
    stay = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]], tiles="hunting_grounds", down=("howl", "sprint")))
    stay.do(trick("stay"))
    assert stay.seat()["treats"] == 2


def test_free_walk_refresh_moves_a_face_down_top_tile_to_the_bottom_r28():
    events = RULES.setup(2, RULES.normalize_options({"tile_set": "free_walk"}, 2), random.Random(3))
    state = RULES.fold(events)
    stack = state["positions"][3]["stack"]
    state = RULES.evolve(state, {"type": "TileFlipped", "data": {"tile": stack[0], "face_up": False, "by": 0}})
    state = RULES.evolve(state, {"type": "TilesRefreshed", "data": {"revealed": [stack[1]]}})
    assert state["positions"][3]["stack"] == stack[1:] + stack[:1] and state["positions"][3]["face_up"]


def test_the_sixth_completed_dog_wins_at_once():
    table = Table(given([[BURT], [GRETCHEN, MAYOR]], done=[[2, 3, 4, 7, 8], []], dogs={BURT: [1]}))
    events = table.do({"type": "CompleteDogs"})
    assert types(events) == ["DogsCompleted", "GameEnded"] and RULES.result(table.state)["winners"] == [0]
    assert RULES.legal_moves(table.state, 0) == [] and RULES.legal_moves(table.state, 1) == []


def test_pes_wins_with_its_sixth_card_and_the_solo_seat_has_no_win():
    table = Table(given([[MISSY, BRISTLES]], down=("walk",), pes_next=True))
    for card in table.state["deck"][:5]:
        table.state = RULES.evolve(table.state, {"type": "PesDogCompleted",
                                                 "data": {"card": card, "deck_top": None, "reason": "die"}})
    events = table.do({"type": "PlayPes"}, 3, seat=None)
    assert types(events)[-1] == "GameEnded" and RULES.result(table.state)["winners"] == []


# --- commands that are refused -------------------------------------------------------------------------------

def test_commands_out_of_turn_phase_or_shape_are_refused():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    table.refuses(trick("walk"), "NotYourTurn", seat=1)
    table.refuses(ACCEPT, "WrongPhase")
    table.refuses({"type": "ChooseTrick", "tile": "dig"}, "TileNotAvailable")
    table.refuses({"type": "ChooseTrick", "tile": 3}, "TileNotAvailable")
    table.refuses({"type": "ChooseTrick", "tile": True}, "BadArgument")
    table.refuses({"type": "Dance"}, "UnknownCommand")
    table.refuses({"type": "PlayPes"}, "UnknownCommand")
    dice = rolled(table.do(trick("walk"), 3, 3))
    table.refuses(place(dice[0], BRISTLES), "NoMatchingSpace")
    table.refuses(place(39, MISSY), "NotPending")
    table.refuses({"type": "PlaceDie", "die": float(dice[0]), "card": MISSY}, "BadArgument")
    with pytest.raises(IllegalMove):
        RULES.decide(table.state, None, {"type": "PlayPes"}, Dice([]))


def test_apply_right_after_the_moves_are_listed_refuses_what_they_do_not_hold_as_decide_does():
    # A search lists a state's moves, then plays one of them on that very state by apply, whose check finds it among
    # the moves just listed: what they do not hold, or hold only for another seat, is refused all the same.
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    three, _ = rolled(table.do(trick("walk"), 3, 3))
    for seat, command, reason in [
        (0, place(three, BRISTLES), "NoMatchingSpace"),
        (0, {"type": "PlaceDie", "die": float(three), "card": MISSY}, "BadArgument"),
        (0, ACCEPT, "WrongPhase"),
        (1, place(three, MISSY), "NotYourTurn"),
    ]:
        assert RULES.legal_moves(table.state, 0)
        with pytest.raises(IllegalMove) as refused:
            RULES.apply(table.state, seat, command, Dice([]))
        assert refused.value.reason == reason


def test_apply_checks_a_command_against_the_state_as_it_is_now_not_as_its_moves_were_listed():
    table = Table(given([[MISSY, BRISTLES], [GRETCHEN, MAYOR]]))
    three, _ = rolled(table.do(trick("walk"), 3, 3))
    assert bury(three) in RULES.legal_moves(table.state, 0)
    RULES.apply(table.state, 0, bury(three), Dice([]))
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(table.state, 0, bury(three), Dice([]))
    assert refused.value.reason == "NotPending"


# --- options -------------------------------------------------------------------------------------------------

def test_options_default_to_the_beginner_set_and_one_pes_treat_in_solo():
    assert RULES.normalize_options({}, 1) == {"tile_set": "beginner", "pes_treats": 1}
    assert RULES.normalize_options({"tile_set": "new_family"}, 3) == {"tile_set": "beginner"}
    custom = RULES.normalize_options({"tile_set": "custom", "custom_tiles": ["stay", "hunt", "bolt", "dig"]}, 2)
    assert custom["custom_tiles"] == ["dig", "bolt", "hunt", "stay"]


@pytest.mark.parametrize(("options", "players", "option"), [
    ({"tile_set": "mystery"}, 2, "tile_set"),
    ({"pes_treats": 2}, 2, "pes_treats"),
    ({"pes_treats": 6}, 1, "pes_treats"),
    ({"pes_treats": True}, 1, "pes_treats"),
    ({"tile_set": "custom"}, 2, "custom_tiles"),
    ({"tile_set": "custom", "custom_tiles": ["walk", "dig", "run", "beg"]}, 2, "custom_tiles"),
    ({"tile_set": "custom", "custom_tiles": ["howl", "run", "fetch", "beg"]}, 2, "custom_tiles"),
    ({"custom_tiles": ["walk", "run", "fetch", "beg"]}, 2, "custom_tiles"),
    ({"speed": 3}, 2, "speed"),
    ({}, 6, "players"),
])
def test_bad_options_name_the_option_at_fault(options, players, option):
    with pytest.raises(BadOptions) as bad:
        RULES.normalize_options(options, players)
    assert bad.value.option == option


def test_the_random_set_and_the_custom_set_are_laid_out_by_colour():
    events = RULES.setup(2, RULES.normalize_options({"tile_set": "random"}, 2), random.Random(5))
    drawn = next(e["data"] for e in events if e["type"] == "RandomSetDrawn")
    assert all(TILES[tile].colour == colour for colour, tile in drawn.items())
    options = RULES.normalize_options({"tile_set": "custom", "custom_tiles": ["stay", "hunt", "bolt", "dig"]}, 2)
    laid = next(e["data"] for e in RULES.setup(2, options, random.Random(5)) if e["type"] == "TricksLaidOut")
    assert laid["positions"] == ["howl", "roll_over", "dig", "bolt", "hunt", "stay"]
