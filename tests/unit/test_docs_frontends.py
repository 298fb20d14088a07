"""docs/frontends.md's worked examples are what the server gives: one per game, each as the seeded game has it."""

from __future__ import annotations

import json

import pytest

from tests.unit.frontends_examples import DOCUMENT, EXAMPLES, blocks, example


def test_the_document_has_a_worked_example_for_each_game_and_no_other():
    assert sorted(blocks(DOCUMENT.read_text(encoding="utf-8"))) == sorted(EXAMPLES)


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_each_worked_example_is_the_seeded_game_s_choices_as_a_view_gives_them(game):
    shown = json.loads(blocks(DOCUMENT.read_text(encoding="utf-8"))[game])

    assert shown == example(game)
