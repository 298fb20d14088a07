"""The kit reads a view's choices: the paths to every move, a move picked by labels or targets, a walk by a bot."""

from __future__ import annotations

import doctest
import random

import pytest
from dogpark_client import choices

from domain.catalogue import EXTRA_GAMES
from service.core.reads import spoken_choices

COUNTER = EXTRA_GAMES["counter"]


def counter_choices(language: str = "en") -> dict:
    """Seat 0's choices at the start of a counter game, as a view carries them."""
    state = COUNTER.fold(COUNTER.setup(2, COUNTER.normalize_options({}, 2), random.Random(1)))
    shown = spoken_choices(COUNTER.choices(state, 0), language, ["Ana", "Rex"])
    assert shown is not None
    return shown


def test_the_module_s_examples_hold():
    assert doctest.testmod(choices).failed == 0


def test_the_paths_of_a_view_s_choices_are_its_legal_moves_with_their_labels():
    assert list(choices.paths(counter_choices())) == [
        (["Add 1"], {"type": "Increment", "by": 1}),
        (["Add 2"], {"type": "Increment", "by": 2}),
    ]


def test_a_move_is_picked_by_the_labels_in_the_reader_s_language():
    assert choices.pick(counter_choices("uk"), ["Додати 2"]) == {"type": "Increment", "by": 2}


def test_an_answer_that_is_no_option_is_refused_by_name():
    with pytest.raises(KeyError, match="no option 'Add 3'"):
        choices.pick(counter_choices(), ["Add 3"])


def test_a_walk_takes_the_option_its_chooser_picks_at_each_node():
    assert choices.walk(counter_choices(), lambda node: node["options"][-1]) == {"type": "Increment", "by": 2}
