"""Every legal move has a label a player would say, distinct among its seat's moves in each language, told no secret.

Checked at each decision of the seeded games of tests/unit/readable.py (a sample of them, every kind of decision
among it, in `make test`: sweeps.Sample).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.catalogue import GAMES as RULES
from domain.engine import Command, Event, State, View, rng_for
from domain.language import LANGUAGES, render
from domain.playout import play
from tests.unit.readable import GAMES, IDS, spoken
from tests.unit.sweeps import SWEEPS, Sample, offered


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize("stride", SWEEPS)
def test_every_legal_move_has_a_label_distinct_among_its_seat_s_moves_that_names_none_of_its_secrets(
    stride, game, players, options
):
    rules = RULES[game]
    now: list[State] = []
    labelled: list[str] = []
    sample = Sample(stride)

    def follow(ev: Event, state: State) -> None:
        now[:] = [state]

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        if sample.takes(offered(legal)):
            check_labels(view, legal)
        return rules.bots["greedy"](view, legal, rng)

    def check_labels(view: View, legal: list[Command]) -> None:
        # The bot decides on the state the last event left: the state a client's view and moves come from.
        state, seat = now[0], view["you"]
        secrets = rules.secrets(state, seat)
        for language in LANGUAGES:
            labels = [render(rules.label(state, seat, move), language) for move in legal]
            assert all(label.strip() for label in labels), f"an empty label among {labels}"
            twins = {label: [m for m, lab in zip(legal, labels, strict=True) if lab == label]
                     for label, n in Counter(labels).items() if n > 1}
            assert not twins, f"moves of seat {seat} share labels in {language}: {twins}"
            told = spoken(game, " | ".join(labels), secrets, language)
            assert not told, f"the labels tell seat {seat} {told} in {language}"
        labelled.extend(render(rules.label(state, seat, move)) for move in legal)

    finished = play(rules, players, [bot] * players, f"labels-{game}-{players}", options, follow)

    assert finished.result is not None and labelled


def _felix_auction() -> tuple[State, int]:
    """A Felix game in its first auction, and the seat on turn."""
    felix = RULES["felix"]
    state = felix.fold(felix.setup(3, {}, rng_for("auction", 1)))
    while state["phase"] != "auction":
        seat = felix.to_act(state)[0]
        state = felix.fold(felix.decide(state, seat, felix.legal_moves(state, seat)[0], rng_for("auction", 2)), state)
    return state, felix.to_act(state)[0]


def test_a_felix_bid_is_labelled_in_mice_and_a_pass_with_what_it_takes():
    state, seat = _felix_auction()

    labels = [render(RULES["felix"].label(state, seat, move)) for move in RULES["felix"].legal_moves(state, seat)]

    assert labels[:3] == ["Pass and take 3 mice from the 3 mouse card", "Bid 1 mouse", "Bid 2 mice"]


def test_two_spots_dice_of_one_value_are_told_apart_by_their_place_in_the_roll():
    # Given the seat on turn rolled two 4s and a 2 for Walk and kept the roll
    spots = RULES["spots"]
    state = spots.fold(spots.setup(2, spots.normalize_options({}, 2), rng_for("dice", 1)))
    seat = state["active"]
    rolled = [{"die": 5, "value": 4}, {"die": 7, "value": 4}, {"die": 9, "value": 2}]
    given = [
        {"type": "TrickChosen", "data": {"seat": seat, "tile": "walk"}},
        {"type": "DiceRolled", "data": {"seat": seat, "dice": rolled, "source": "supply"}},
        {"type": "RollAccepted", "data": {"seat": seat}},
    ]
    state = spots.fold(given, state)

    # When its moves are labelled
    labels = [spots.label(state, seat, move) for move in spots.legal_moves(state, seat) if move["type"] == "BuryDie"]

    # Then the two 4s are told apart by their place among the dice rolled (1-based), the 2 is not
    assert [render(label) for label in labels] == ["Bury the 4 (die 1)", "Bury the 4 (die 2)", "Bury the 2"]
    assert [render(label, "uk") for label in labels] == [
        "Закопати кубик із 4 (№ 1)", "Закопати кубик із 4 (№ 2)", "Закопати кубик із 2",
    ]
