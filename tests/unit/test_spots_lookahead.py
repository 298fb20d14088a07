"""Spots' solo lookahead: its race model plays Pes's turns out from the tiles as our turn leaves them (section 4.8)."""

from __future__ import annotations

import pytest

from domain.engine import State, rng_for
from domain.spots import RULES
from domain.spots.lookahead import POSITIONS, _pes_short, turn_end_chance

#: Pes one card (two half-cards) short of six.
ONE_CARD = 2


def test_pes_completes_no_card_on_a_turn_that_refreshes_the_tiles_first() -> None:
    # One tile face up: Pes's refresh puts a treat on it and turns every tile face up before its die is rolled.
    assert _pes_short(1, ONE_CARD, 1, 0, True) == 1.0


def test_pes_completes_its_last_card_when_its_die_finds_a_face_down_tile() -> None:
    assert _pes_short(1, ONE_CARD, 2, 0, True) == pytest.approx(1 - 4 / POSITIONS)


def test_pes_one_treat_short_wins_when_its_die_finds_the_tile_holding_a_treat() -> None:
    assert _pes_short(1, 1, POSITIONS, 1, True) == pytest.approx(1 - 1 / POSITIONS)


def test_pes_gains_no_treat_from_a_refresh_when_the_supply_has_none() -> None:
    assert _pes_short(1, 1, 1, 0, False) == 1.0
    assert _pes_short(1, 1, 1, 0, True) == pytest.approx(1 - 1 / POSITIONS)


def test_pes_is_less_likely_to_be_short_after_more_turns() -> None:
    chances = [_pes_short(turns, 10, 4, 0, True) for turns in range(0, 30, 5)]
    assert chances == sorted(chances, reverse=True)
    assert chances[0] == 1.0 and chances[-1] < 0.5


def _at_turn_end(up: int) -> State:
    """A solo game's state at the end of our first turn (nothing done), with the first ``up`` tiles face up."""
    state = RULES.fold(RULES.setup(1, RULES.normalize_options({}, 1), rng_for("lookahead", 1)))
    for index, position in enumerate(state["positions"]):
        position["face_up"] = index < up
    return state


def test_a_turn_that_leaves_one_tile_face_up_beats_one_that_leaves_two() -> None:
    # With one face up Pes refreshes first and cannot complete a card; with two, four of its die's faces do.
    assert turn_end_chance(_at_turn_end(1)) > turn_end_chance(_at_turn_end(2)) + 0.02


def test_a_turn_that_leaves_more_tiles_face_down_scores_lower_above_the_refresh() -> None:
    chances = [turn_end_chance(_at_turn_end(up)) for up in range(2, POSITIONS + 1)]
    assert chances == sorted(chances)
