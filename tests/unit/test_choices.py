"""Every game's moves as choices: every leaf one legal move, every legal move one leaf, no screen of 200 buttons.

Played over the seeded games of every game (tests/unit/readable.py): at each decision of each seat (a sample of
them, every kind of decision among it, in `make test`: sweeps.Sample), the choice tree's leaves are exactly its legal
moves, a ``board`` node's options all have targets from the game's static content, a ``number`` node's options
differ by one integer in order, no ``buttons`` node offers more than 20, and neither the tree nor its words in any
language tell the seat a secret.
"""

from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from typing import Any

import pytest

from domain import choices
from domain.catalogue import EXTRA_GAMES, static_content
from domain.catalogue import GAMES as PUBLIC_GAMES
from domain.engine import Command, Event, Secret, State, View
from domain.language import LANGUAGES, message
from domain.playout import play
from domain.secrecy import find_leaks
from service.core.reads import spoken_choices
from tests.unit.readable import GAMES, IDS, spoken
from tests.unit.sweeps import SWEEPS, Sample, offered

RULES = {**PUBLIC_GAMES, **EXTRA_GAMES}
#: The largest node seen per game and way of showing, for the report below.
LARGEST: dict[str, Counter[str]] = defaultdict(Counter)


def content_ids(value: Any) -> set[str]:
    """Every string in a game's static content: the ids a target may name."""
    if isinstance(value, dict):
        return {found for item in value.values() for found in content_ids(item)} | set(map(str, value))
    if isinstance(value, list):
        return {found for item in value for found in content_ids(item)}
    return {value} if isinstance(value, str) else set()


def check_tree(tree: choices.Node | None, legal: list[Command], targets: set[str], game: str) -> None:
    """The tree offers exactly ``legal``, each once, in nodes a screen can show."""
    leaves = choices.leaves(tree)
    assert sorted(map(json.dumps, leaves)) == sorted(map(json.dumps, legal)), "the leaves are not the legal moves"
    for node in choices.nodes(tree):
        options, shown_as = node["options"], node["as"]
        LARGEST[game][shown_as] = max(LARGEST[game][shown_as], len(options))
        assert options, "a node without options"
        if shown_as == "buttons":
            assert len(options) <= choices.MOST_BUTTONS, f"{len(options)} buttons at {node['prompt']}"
        if shown_as == "board":
            missing = [option.get("target") for option in options if option.get("target") not in targets]
            assert not missing, f"board targets not in the static content: {missing}"
        if shown_as == "number":
            numbers = [number_of(option) for option in options]
            assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), f"not a stepper: {numbers}"


def check_secrets(game: str, tree: choices.Node | None, secrets: list[Secret]) -> None:
    """The tree tells its seat none of the seat's secrets: in its data, nor in its words in any language."""
    assert not find_leaks(tree, secrets), f"the choices hold {find_leaks(tree, secrets)}"
    for language in LANGUAGES:
        shown = spoken_choices(tree, language, None)
        words = " | ".join(words_of(shown))
        told = spoken(game, words, secrets, language)
        assert not told, f"the choices tell {told} in {language}"


def words_of(node: dict[str, Any] | None) -> list[str]:
    """Every prompt and label of a rendered tree."""
    if node is None:
        return []
    found = [node["prompt"]]
    for option in node["options"]:
        found += [option["label"], *words_of(option.get("next"))]
    return found


def number_of(option: dict[str, Any]) -> int:
    """The one integer a ``number`` option's label carries."""
    values = [value for value in option["label"]["args"].values() if isinstance(value, int)]
    assert len(values) == 1, f"a number option's label holds {values}"
    return values[0]


@pytest.mark.parametrize(("game", "players", "options"), [*GAMES, ("counter", 2, {})], ids=[*IDS, "counter-2"])
@pytest.mark.parametrize("stride", SWEEPS)
def test_every_legal_move_is_exactly_one_leaf_of_choices_that_a_screen_can_show_and_tell_no_secret(
    stride, game, players, options
):
    rules = RULES[game]
    targets = content_ids(static_content(game))
    now: list[State] = []
    decisions = 0
    sample = Sample(stride)

    def follow(ev: Event, state: State) -> None:
        now[:] = [state]

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        nonlocal decisions
        state, seat = now[0], view["you"]
        if sample.takes(offered(legal)):
            tree = rules.choices(state, seat)
            check_tree(tree, legal, targets, game)
            check_secrets(game, tree, rules.secrets(state, seat))
        decisions += 1
        return rules.bots["random" if decisions % 3 == 0 else next(iter(rules.bots))](view, legal, rng)

    finished = play(rules, players, [bot] * players, f"choices-{game}-{players}", options, follow)

    assert finished.result is not None and decisions
    print(f"\n{game} {players}p: {sample.checked} of {decisions} decisions checked, largest node by kind "
          f"{dict(LARGEST[game])}")


def test_a_tree_refuses_two_moves_whose_steps_are_the_same():
    step = choices.Step(prompt=message("table-choose-move"), label=message("counter-add", by=1))

    with pytest.raises(ValueError, match="end before"):
        choices.tree([{"type": "A"}, {"type": "B"}], lambda move: [step])


def test_a_seat_with_no_moves_has_no_choices():
    counter = RULES["counter"]
    state = counter.fold(counter.setup(2, counter.normalize_options({}, 2), random.Random(1)))

    assert counter.choices(state, 1) is None
    assert choices.leaves(counter.choices(state, 0)) == counter.legal_moves(state, 0)
