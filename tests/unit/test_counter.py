"""Counter, the benchmarks' game: Given events / When a command / Then events; its options; how it is enabled."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from domain.catalogue import GAMES, extra_games
from domain.counter import RULES
from domain.engine import BadOptions, Event, IllegalMove, State, event, rng_for
from domain.language import render
from tests.unit.contract import check_playout

# --- Given / When / Then ----------------------------------------------------------------------------


def given(moves: int = 1000, *plays: tuple[int, int]) -> State:
    """A game of ``moves`` moves after the (seat, by) plays given, in order."""
    events = [event("GameStarted", moves=moves)]
    total = 0
    for seat, by in plays:
        total += by
        events.append(event("Incremented", seat=seat, by=by, total=total))
    return RULES.fold(events)


def when(state: State, seat: int, by: object) -> list[Event]:
    """The events seat's Increment causes."""
    return RULES.decide(state, seat, {"type": "Increment", "by": by}, rng_for("counter", 0))


def test_a_game_starts_with_seat_0_to_move_and_nothing_counted():
    state = RULES.fold(RULES.setup(2, RULES.normalize_options({}, 2), rng_for("counter", 1)))
    assert state["total"] == 0 and state["counts"] == [0, 0] and state["moves"] == 1000
    assert RULES.to_act(state) == [0]


def test_a_move_adds_its_step_to_the_total_and_passes_the_turn():
    state = given(10, (0, 2))
    assert when(state, 1, 1) == [event("Incremented", seat=1, by=1, total=3)]
    state = RULES.fold(when(state, 1, 1), state)
    assert state["counts"] == [2, 1] and RULES.to_act(state) == [0]


def test_the_seat_on_turn_may_add_one_or_two_and_the_other_seat_nothing():
    state = given(10, (0, 1))
    assert RULES.legal_moves(state, 1) == [{"type": "Increment", "by": 1}, {"type": "Increment", "by": 2}]
    assert RULES.legal_moves(state, 0) == []
    assert [render(RULES.label(state, 1, move)) for move in RULES.legal_moves(state, 1)] == ["Add 1", "Add 2"]


def test_a_seat_may_not_move_out_of_turn():
    with pytest.raises(IllegalMove) as refused:
        when(given(10, (0, 1)), 0, 1)
    assert refused.value.reason == "NotYourTurn"


@pytest.mark.parametrize("by", [0, 3, -1, "1", True, None])
def test_only_one_or_two_may_be_added(by):
    with pytest.raises(IllegalMove) as refused:
        when(given(10), 0, by)
    assert refused.value.reason == "BadArgument"


def test_the_last_move_ends_the_game_and_the_larger_count_wins():
    state = given(3, (0, 2), (1, 1))
    assert when(state, 0, 1) == [
        event("Incremented", seat=0, by=1, total=4),
        event("GameEnded", scores=[3, 1], winners=[0]),
    ]
    state = RULES.fold(when(state, 0, 1), state)
    assert RULES.result(state) == {"scores": [3, 1], "winners": [0]}
    assert RULES.to_act(state) == [] and RULES.legal_moves(state, 1) == []


def test_equal_counts_share_the_win():
    ended = when(given(2, (0, 2)), 1, 2)[-1]
    assert ended == event("GameEnded", scores=[2, 2], winners=[0, 1])


def test_no_move_is_accepted_after_the_end():
    state = RULES.fold(when(given(1), 0, 1), given(1))
    with pytest.raises(IllegalMove) as refused:
        when(state, 1, 1)
    assert refused.value.reason == "GameOver"


@pytest.mark.parametrize(
    ("options", "players", "option"),
    [({}, 3, "players"), ({"moves": 0}, 2, "moves"), ({"moves": 20_001}, 2, "moves"), ({"rounds": 5}, 2, "rounds")],
)
def test_options_outside_the_schema_are_refused(options, players, option):
    with pytest.raises(BadOptions) as refused:
        RULES.normalize_options(options, players)
    assert refused.value.option == option


def test_the_table_reads_as_one_line_and_every_event_as_one_sentence():
    state = given(2, (0, 2))
    assert RULES.render(state, 1) == "Total 2 (seat 0 2, seat 1 0); move 1 of 2; seat 1 to move"
    ended = RULES.fold(when(state, 1, 1), state)
    assert RULES.render(ended, None) == "Total 3 (seat 0 2, seat 1 1); move 2 of 2; over"
    assert RULES.describe(event("Incremented", seat=1, by=1, total=3)) == "Player 2 adds 1: the total is 3."


@pytest.mark.parametrize("seed", range(5))
def test_random_games_keep_the_engine_contract(seed):
    events = check_playout(RULES, 2, f"counter-{seed}", lambda state: None, {"moves": 9})
    assert [ev["type"] for ev in events].count("Incremented") == 9 and events[-1]["type"] == "GameEnded"


# --- Enabling it ------------------------------------------------------------------------------------


def test_the_public_catalogue_leaves_the_counter_out():
    assert "counter" not in GAMES


def test_dogpark_extra_games_names_the_games_to_add():
    assert extra_games({"DOGPARK_EXTRA_GAMES": " counter "}) == {"counter": RULES}
    assert extra_games({"DOGPARK_EXTRA_GAMES": ""}) == {}
    with pytest.raises(ValueError, match="'chess'"):
        extra_games({"DOGPARK_EXTRA_GAMES": "counter,chess"})


def test_a_process_started_with_the_variable_offers_the_counter():
    env = {**os.environ, "DOGPARK_EXTRA_GAMES": "counter"}
    script = "from domain.catalogue import GAMES, static_content; print(sorted(GAMES), static_content('counter'))"
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['counter', 'dogs', 'dogslife', 'felix', 'spots'] {}"
