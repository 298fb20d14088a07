"""Spots in words: the log says what a seat may do and what happened in the reader's language, never the machine's
step names or ids; players by name, Pes by its own, dogs and tiles by their display names."""

from __future__ import annotations

from domain.engine import event
from domain.language import LANGUAGES, render, seat, term
from domain.spots import RULES
from domain.spots.content import TILE_SETS
from domain.spots.text import die_name

NAMES = ["Olha", "Taras", "Nina"]


def said(ev: dict, language: str = "en") -> str:
    return render(RULES.message(ev), language, NAMES)


def test_an_offered_step_reads_as_what_the_player_may_do():
    assert said(event("StepOffered", seat=0, step="may_roll_one", phase="offer")) == "Olha may roll one more die."
    assert said(event("StepOffered", seat=2, step="run_on", phase="offer")) == "Nina may run on (roll one more die)."
    assert said(event("StepOffered", seat=1, step="run_on", phase="offer"), "uk") == (
        "Taras може бігти далі (кинути ще 1 кубик)."
    )


def test_a_forced_choice_says_nothing_until_the_player_makes_it():
    assert said(event("StepOffered", seat=0, step="fetch", phase="select")) == ""
    assert said(event("NumberChosen", seat=0, n=2)) == "Olha names 2."


def test_a_step_done_says_nothing_of_its_own_and_a_declined_one_says_what_stops():
    assert said(event("StepPerformed", step="beg_paws")) == ""
    assert said(event("StepDeclined", step="run_on")) == "The run stops."
    assert said(event("StepDeclined", step="may_roll_one"), "it") == "Non si tira un altro dado."


def test_a_skipped_step_says_why_in_words():
    skipped = event("StepSkipped", step="draw_dog", reason="pack_full")

    assert said(skipped) == "Skipped: drawing a dog (the pack already holds 6 dogs)."
    assert said(skipped, "uk") == "Пропущено крок «узяти карту песика»: у зграї вже 6 песиків."


def test_discarded_dice_are_counted_in_each_language_s_plural_never_listed_by_id():
    lines = [said(event("DiceDiscarded", dice=list(range(n)), reason="fetch"), "uk") for n in (1, 3, 5)]

    assert said(event("DiceDiscarded", dice=[4, 6, 7], reason="fetch")) == (
        "3 dice not showing that number go back to the supply."
    )
    assert [line.split(" без")[0] for line in lines] == ["1 кубик", "3 кубики", "5 кубиків"]
    assert said(event("DiceDiscarded", dice=[], reason="scavenge")) == ""


def test_rolled_dice_are_listed_by_value():
    rolled = event("DiceRolled", seat=1, dice=[{"die": 3, "value": 2}, {"die": 9, "value": 6}], source="supply")

    assert said(rolled) == "Taras rolls: 2 and 6."
    assert said(rolled, "pt") == "Taras lança: 2 e 6."


def test_a_refresh_names_the_tiles_it_turned_up_by_the_rulebook_s_names():
    refreshed = event("TilesRefreshed", revealed=["howl", "dig", "run"])

    assert said(refreshed) == "Refresh: Howl, Dig, and Run turn face up."
    assert said(refreshed, "uk") == "Оновлення тайлів команд: горілиць перевернуто Голос, Копати і Бігти."


def test_the_free_walk_shuffle_names_only_the_tiles_on_top():
    shuffled = event("TileStacksShuffled", stacks={"yellow": ["dig", "trot"], "blue": ["hunt", "search"]})

    for seen in (shuffled, RULES.redact(shuffled, None)):
        assert said(seen) == "The free-walk stacks are shuffled; on top: Dig and Hunt."


def test_a_game_names_its_tile_set_by_name_and_pes_by_its_own():
    started = event("GameStarted", players=1, tile_set="puppy_pen", pes_treats=1)

    assert said(started) == "A solo game of Spots against Pes starts. Tiles: Puppy Pen."
    assert said(started, "uk") == (
        "Починається соло-гра в «Крапки» проти суперника на ім'я Пес. Тайли команд: Загін для цуценят."
    )


def test_every_tile_set_has_a_name_in_every_language():
    for tile_set in [*TILE_SETS, "random", "custom", "free_walk"]:
        started = event("GameStarted", players=2, tile_set=tile_set, pes_treats=None)
        assert len({said(started, code) for code in LANGUAGES}) == len(LANGUAGES), tile_set


def test_the_result_line_names_the_winner():
    assert said(event("GameEnded", winner="pes", completed={"0": 3}, pes_completed=6)) == (
        "Pes wins with 6 dogs completed."
    )
    assert said(event("GameEnded", winner=2, completed={"0": 3, "1": 1, "2": 6}, pes_completed=0), "uk") == (
        "Перемагає Nina. Завершених песиків: 6."
    )


def test_a_player_s_dogs_are_named_and_their_spaces_shown():
    dealt = event("DogCardDealt", seat=0, card=12, deck_top=3)

    assert said(dealt) == "Olha is dealt Lil Beth (3-5)."
    assert said(dealt, "uk") == "Olha отримує карту песика Ліл Бет (3-5)."


def test_a_player_is_always_an_argument_never_a_word_in_the_text():
    assert RULES.message(event("TurnStarted", seat=1))["args"] == {"player": seat(1)}
    assert RULES.message(event("PesTurnStarted"))["args"] == {"pes": term("spots-pes")}


def test_a_die_is_named_by_its_value_and_by_its_place_only_beside_another_of_its_value():
    state = {"values": {5: 4, 7: 4, 9: 2}}

    assert render({"key": "spots-bury-die", "args": {"die": die_name(state, 7, [5, 7, 9])}}) == "Bury the 4 (die 2)"
    assert render({"key": "spots-bury-die", "args": {"die": die_name(state, 9, [5, 7, 9])}}) == "Bury the 2"
