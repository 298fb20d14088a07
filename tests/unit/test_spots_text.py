"""Spots in the terminal: the log says what a seat may do and what happened, never the machine's step names."""

from __future__ import annotations

from domain.engine import event
from domain.spots import RULES


def test_an_offered_step_reads_as_what_the_seat_may_do():
    offered = event("StepOffered", seat=0, step="may_roll_one", phase="offer")
    assert RULES.describe(offered) == "Seat 0 may roll one more die."
    assert RULES.describe(event("StepOffered", seat=2, step="run_on", phase="offer")) == (
        "Seat 2 may run on (roll one more die)."
    )


def test_a_forced_choice_says_nothing_until_the_seat_makes_it():
    assert RULES.describe(event("StepOffered", seat=0, step="fetch", phase="select")) == ""
    assert RULES.describe(event("NumberChosen", seat=0, n=2)) == "Seat 0 names 2."


def test_a_step_done_says_nothing_of_its_own_and_a_declined_one_says_what_stops():
    assert RULES.describe(event("StepPerformed", step="beg_paws")) == ""
    assert RULES.describe(event("StepDeclined", step="run_on")) == "The run stops."
    assert RULES.describe(event("StepDeclined", step="may_roll_one")) == "No extra die is rolled."


def test_a_skipped_step_says_why_in_words():
    skipped = event("StepSkipped", step="draw_dog", reason="pack_full")
    assert RULES.describe(skipped) == "Drawing a dog is skipped: the pack already holds 6 dogs."


def test_discarded_dice_are_counted_never_listed_by_id():
    discarded = event("DiceDiscarded", dice=[4, 6, 7], reason="fetch")
    assert RULES.describe(discarded) == "3 dice not showing that number go back to the supply."
    assert RULES.describe(event("DiceDiscarded", dice=[], reason="scavenge")) == ""


def test_rolled_dice_are_listed_by_value():
    rolled = event("DiceRolled", seat=1, dice=[{"die": 3, "value": 2}, {"die": 9, "value": 6}], source="supply")
    assert RULES.describe(rolled) == "Seat 1 rolls: 2 and 6."


def test_a_refresh_names_the_tiles_it_turned_up():
    refreshed = event("TilesRefreshed", revealed=["howl", "dig", "run"])
    assert RULES.describe(refreshed) == "Refresh: Howl, Dig and Run turn face up."


def test_the_free_walk_shuffle_names_only_the_tiles_on_top():
    shuffled = event("TileStacksShuffled", stacks={"yellow": ["dig", "trot"], "blue": ["hunt", "search"]})
    for seen in (shuffled, RULES.redact(shuffled, None)):
        line = RULES.describe(seen)
        assert line == "The free-walk stacks are shuffled; on top: Dig and Hunt."


def test_pes_wins_by_name_with_its_dogs():
    ended = event("GameEnded", winner="pes", completed={"0": 3}, pes_completed=6)
    assert RULES.describe(ended) == "Pes wins with 6 dogs completed."
