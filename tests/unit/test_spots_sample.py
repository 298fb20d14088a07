"""Spots' sampler (issue 34): a state drawn from a seat's view and redacted log shows that seat the same table, lets
it make the same moves, plays on to an end, and puts every hidden card and tile anywhere it could be, uniformly."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from statistics import NormalDist

import pytest

from domain.engine import Event, State, rng_for
from domain.playout import next_actor
from domain.spots import RULES
from tests.unit.test_spots_playouts import check_invariants, playout_options

#: Seeded games per player count and tile set; every seat samples at the first end of a command past every
#: EVENTS_APART-th event of each.
GAMES = 2
EVENTS_APART = 40
TILE_SETS = ["beginner", "random", "custom", "free_walk"]
#: Draws for the frequency checks, and how unlikely a uniform draw's chi-square may be before the test fails.
DRAWS = 6000
SIGNIFICANCE = 0.001


OnRest = Callable[[list[Event], State], None]


def play_to_an_end(state: State, rng: random.Random, on_rest: OnRest | None = None) -> State:
    """Play greedy moves (and due automatic steps) until the game ends, showing ``on_rest`` each command's end."""
    while RULES.result(state) is None:
        seat, command = next_actor(RULES, state)
        if command is None:
            command = RULES.bots["greedy"](RULES.view(state, seat), RULES.legal_moves(state, seat), rng)
        events = RULES.decide(state, seat, command, rng)
        state = RULES.fold(events, state)
        if on_rest:
            on_rest(events, state)
    return state


class Game:
    """A seeded greedy game: its log, a copy of its state at the first end of a command past every EVENTS_APART-th
    event, and when each tile first lay on top of a position (read off the true states, event by event)."""

    def __init__(self, players: int, tile_set: str, seed: str) -> None:
        options = RULES.normalize_options(playout_options(tile_set), players)
        self.log = RULES.setup(players, options, rng_for(seed, 1))
        state = RULES.fold(self.log)
        self.rests: list[tuple[int, State]] = [(len(self.log), RULES.copy(state))]

        def on_rest(caused: list[Event], after: State) -> None:
            self.log += caused
            if after["phase"] == "ended" or after["since"] // EVENTS_APART > self.rests[-1][1]["since"] // EVENTS_APART:
                self.rests.append((len(self.log), RULES.copy(after)))

        play_to_an_end(state, random.Random(seed), on_rest)
        self.first_on_top: dict[str, int] = {}
        replay = None
        for at, event in enumerate(self.log):
            replay = RULES.evolve(replay, event)
            for position in replay["positions"]:
                self.first_on_top.setdefault(position["stack"][0], at)

    def seen_by(self, seat: int, length: int) -> list[Event]:
        """The first ``length`` events as the seat was given them."""
        return [RULES.redact(event, seat) for event in self.log[:length]]

    def tops(self, length: int) -> set[str]:
        """The tiles that had lain on top of a position within the first ``length`` events."""
        return {tile for tile, at in self.first_on_top.items() if at < length}


def assert_hidden_parts_fit(true: State, drawn: State, tops: set[str]) -> None:
    """The drawn deck and stacks hold the true cards and tiles, with what was seen where the truth has it."""
    assert drawn["deck"][:1] == true["deck"][:1] and sorted(drawn["deck"]) == sorted(true["deck"])
    for real, fake in zip(true["positions"], drawn["positions"], strict=True):
        assert sorted(fake["stack"]) == sorted(real["stack"])
        assert [tile if tile in tops else None for tile in fake["stack"]] == [
            tile if tile in tops else None for tile in real["stack"]
        ]


@pytest.mark.parametrize("tile_set", TILE_SETS)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_a_drawn_state_shows_every_seat_its_view_and_moves_and_plays_on_to_an_end(players, tile_set):
    for game in range(GAMES):
        seed = f"sample-{players}-{tile_set}-{game}"
        played, rng = Game(players, tile_set, seed), random.Random(seed)
        for at, (length, true) in enumerate(played.rests):
            for seat in range(players):
                drawn = RULES.sample(RULES.view(true, seat), played.seen_by(seat, length), rng)
                assert RULES.view(drawn, seat) == RULES.view(true, seat)
                assert RULES.legal_moves(drawn, seat) == RULES.legal_moves(true, seat)
                assert_hidden_parts_fit(true, drawn, played.tops(length))
                check_invariants(drawn)
            if at == len(played.rests) // 2:  # a whole playout takes a while: one from the middle of each game
                assert RULES.result(play_to_an_end(drawn, rng)) is not None


def test_a_drawn_state_shares_nothing_with_the_view_it_came_from():
    played = Game(2, "free_walk", "shares")
    length, true = played.rests[3]
    view = RULES.view(true, 0)
    before = RULES.copy(true)
    play_to_an_end(RULES.sample(view, played.seen_by(0, length), random.Random(0)), random.Random(1))
    assert true == before


def chi_square_fits_uniform(counts: Counter, places: int) -> bool:
    """True when the counts over ``places`` equally likely places pass a chi-square test at SIGNIFICANCE.

    The critical value is Wilson and Hilferty's cube approximation, close at these degrees of freedom.
    """
    total = sum(counts.values())
    expected = total / places
    statistic = sum((counts[place] - expected) ** 2 / expected for place in range(places))
    df = places - 1
    z = NormalDist().inv_cdf(1 - SIGNIFICANCE)
    critical = df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3
    return set(counts) <= set(range(places)) and statistic < critical


def test_an_unseen_dog_card_lies_at_every_place_below_the_top_of_the_deck_equally_often():
    played = Game(3, "beginner", "deck")
    length, true = played.rests[3]
    view, history = RULES.view(true, 1), played.seen_by(1, length)
    card, rng = true["deck"][-1], random.Random(34)
    counts = Counter(RULES.sample(view, history, rng)["deck"].index(card) - 1 for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(true["deck"]) - 1)


def test_an_unseen_free_walk_tile_lies_at_every_place_between_the_top_and_the_tiles_seen_equally_often():
    played = Game(2, "free_walk", "stack")
    # A stack a refresh has turned, with tiles seen at its bottom and some still unseen.
    length, true, position, unseen = next(
        (length, state, p, unseen)
        for length, state in played.rests
        for p, pos in enumerate(state["positions"])
        if 2 <= len(unseen := [tile for tile in pos["stack"] if tile not in played.tops(length)]) <= 3
    )
    view, history, rng = RULES.view(true, 0), played.seen_by(0, length), random.Random(34)
    counts = Counter(
        RULES.sample(view, history, rng)["positions"][position]["stack"].index(unseen[0]) - 1 for _ in range(DRAWS)
    )
    assert chi_square_fits_uniform(counts, len(unseen))
