"""A Dog's Life's sampler (issue 34) over seeded games: a sampled state shows every seat its true view and moves,
keeps the invariants, plays on to an end, deals the newspapers' addresses as what the seat saw allows and the decks'
orders uniformly, draws them rather than copies them, and reads nothing but the view and the log."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from domain.dogslife import RULES
from domain.dogslife.board import ADDRESSES
from domain.dogslife.sample import Papers
from domain.dogslife.state import address_of, is_paper
from domain.engine import Event, Seat, State, rng_for
from domain.playout import next_actor
from tests.unit.dogslife_invariants import check_invariants
from tests.unit.sweeps import SWEEPS, Sample
from tests.unit.test_dogslife_playouts import playout_options
from tests.unit.test_spots_sample import DRAWS, chi_square_fits_uniform

PLAYER_COUNTS = [2, 3, 4, 5]
GAMES = 3
#: Legal moves are compared at every this many rests; a few rests a game play on.
EVERY = 3
PLAY_ON = 3
#: The events that change the newspaper stack.
STACK_CHANGES = ("NewspaperTaken", "NewspaperDelivered", "ItemsDropped", "NewspaperStackShuffled")
#: Half-width, in standard errors, of the interval a binomial frequency must fall in (a fixed seed keeps it steady).
Z = 4.0


class Game:
    """A seeded game of greedy dogs: its log, and the log's length and a copy of the state after each command."""

    def __init__(self, players: int, game: int) -> None:
        seed = f"dogslife-sample-{players}-{game}"
        options = RULES.normalize_options(playout_options(game), players)
        self.players = players
        self.log: list[Event] = RULES.setup(players, options, rng_for(seed, 1))
        state = RULES.fold(self.log)
        self.rests: list[tuple[int, State]] = [(len(self.log), RULES.copy(state))]
        self.redacted: dict[Seat, list[Event]] = {}
        rng = random.Random(seed)
        while RULES.result(state) is None:
            state, caused = step(state, rng)
            self.log += caused
            self.rests.append((len(self.log), RULES.copy(state)))

    def seen_by(self, seat: Seat, length: int) -> list[Event]:
        """The first ``length`` events as ``seat`` was given them."""
        if seat not in self.redacted:
            self.redacted[seat] = [RULES.redact(ev, seat) for ev in self.log]
        return self.redacted[seat][:length]

    def seats(self) -> list[Seat]:
        """A spectator and every seat."""
        return [None, *range(self.players)]


def step(state: State, rng: random.Random) -> tuple[State, list[Event]]:
    """One greedy move or due system step, folded: the state after it and its events."""
    seat, command = next_actor(RULES, state)
    if command is None:
        command = RULES.bots["greedy"](RULES.view(state, seat), RULES.legal_moves(state, seat), rng)
    caused = RULES.decide(state, seat, command, rng)
    return RULES.fold(caused, state), caused


def play_to_an_end(state: State, rng: random.Random) -> State:
    """Greedy moves until the game ends."""
    while RULES.result(state) is None:
        state, _ = step(state, rng)
    return state


def games() -> Iterator[Game]:
    """Every seeded game of the property checks."""
    for players in PLAYER_COUNTS:
        for game in range(GAMES):
            yield Game(players, game)


def carried(state: State, seat: int) -> dict[int, int]:
    """The addresses of the newspapers ``seat`` carries, by slot."""
    return {slot: address_of(item) for slot, item in enumerate(state["seats"][seat]["slots"]) if is_paper(item)}


@pytest.mark.parametrize("game", list(range(GAMES)))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("stride", SWEEPS)
def test_a_sampled_state_shows_each_seat_its_true_view_and_moves_and_keeps_the_invariants(stride, players, game):
    played, rng, sweep = Game(players, game), random.Random(f"views-{players}-{game}"), Sample(stride)
    state = None
    seats = played.seats()
    for index, ev in enumerate(played.log):  # every event (a sample in `make test`), inside a command's batch too
        state = RULES.evolve(state, ev)
        if not sweep.takes(ev["type"]):
            continue
        seat = seats[index % len(seats)]  # each seat in its turn
        seen = RULES.view(state, seat)
        sampled = RULES.sample(seen, played.seen_by(seat, index + 1), rng)
        assert RULES.view(sampled, seat) == seen
        check_invariants(sampled)
    for length, true in played.rests[::EVERY]:
        for seat in range(players):
            sampled = RULES.sample(RULES.view(true, seat), played.seen_by(seat, length), rng)
            assert RULES.legal_moves(sampled, seat) == RULES.legal_moves(true, seat)
            assert [sorted(dog["deck"]) for dog in sampled["seats"]] == [sorted(dog["deck"]) for dog in true["seats"]]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_game_plays_on_from_a_sampled_state_to_its_end(players):
    played, rng = Game(players, 0), random.Random(f"play-on-{players}")
    apart = len(played.rests) // (PLAY_ON + 1)
    for length, true in played.rests[apart:-1:apart]:
        ended = play_to_an_end(RULES.sample(RULES.view(true, 0), played.seen_by(0, length), rng), rng)
        check_invariants(ended)
        assert RULES.result(ended) is not None


def test_no_newspaper_another_dog_carries_bears_an_address_delivered_since_it_took_it():
    """A paper taken, then carried: any paper delivered since lay elsewhere, so the sample never gives it that address.

    The sampler's nested sets at work: an address shuffled back into the stack may only go to papers that left the
    stack after it went in.
    """
    rng, checked = random.Random("since"), 0
    for played in games():
        filled: dict[tuple[int, int], int] = {}
        delivered: list[tuple[int, int]] = []
        rests = dict(played.rests)
        for index, ev in enumerate(played.log):
            data = ev["data"]
            if ev["type"] in ("NewspaperTaken", "ItemPickedUp"):
                filled[data["seat"], data["slot"]] = index
            elif ev["type"] == "NewspaperDelivered":
                delivered.append((index, data["address"]))
            if index + 1 not in rests or index % EVERY:
                continue
            true = rests[index + 1]
            sampled = RULES.sample(RULES.view(true, 0), played.seen_by(0, index + 1), rng)
            for other in range(1, played.players):
                for slot, address in carried(sampled, other).items():
                    since = {paper for at, paper in delivered if at > filled[other, slot]}
                    assert address not in since, (other, slot, address, since)
                    checked += bool(since)
    assert checked > 20


def test_the_hidden_parts_are_drawn_not_copied_from_the_true_state():
    rng = random.Random("drawn")
    copied, rests = Counter[str](), 0
    played = Game(3, 1)
    for length, true in played.rests[1:-1]:
        rests += 1
        sampled = RULES.sample(RULES.view(true, 0), played.seen_by(0, length), rng)
        copied["stack"] += sampled["stack"] == true["stack"]
        copied["decks"] += all(a["deck"] == b["deck"] for a, b in zip(sampled["seats"], true["seats"], strict=True))
        copied["carried"] += all(carried(sampled, other) == carried(true, other) for other in (1, 2))
    # The carried papers are often none at all, and then alike.
    assert copied["stack"] < rests / 10 and copied["decks"] < rests / 10 and copied["carried"] < rests, copied


def test_the_top_card_of_another_dogs_deck_is_each_of_its_cards_equally_often():
    played = Game(3, 0)
    length, true = next((length, true) for length, true in played.rests[30:] if len(true["seats"][2]["deck"]) >= 5)
    cards = sorted(true["seats"][2]["deck"])
    view, log, rng = RULES.view(true, 0), played.seen_by(0, length), random.Random(34)
    counts = Counter(cards.index(RULES.sample(view, log, rng)["seats"][2]["deck"][0]) for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(cards))


def test_before_any_delivery_the_top_of_the_stack_bears_each_address_the_seat_has_not_seen_equally_often():
    played = Game(3, 1)
    first_delivery = next(i for i, ev in enumerate(played.log) if ev["type"] == "NewspaperDelivered")
    length, true = next((length, true) for length, true in reversed(played.rests) if length <= first_delivery)
    assert len(true["stack"]) < len(ADDRESSES) - 1  # papers were taken
    unseen = [address for address in ADDRESSES if address not in carried(true, 0).values()]
    view, log, rng = RULES.view(true, 0), played.seen_by(0, length), random.Random(34)
    counts = Counter(unseen.index(address_of(RULES.sample(view, log, rng)["stack"][0])) for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(unseen))


def test_a_paper_taken_just_after_a_delivery_bears_the_delivered_address_once_in_as_many_as_the_stack_held():
    """The delivered paper went into a stack of m papers, shuffled: the next paper another dog takes is it with
    probability 1/m."""
    for played in games():
        for index, ev in enumerate(played.log):
            if ev["type"] != "NewspaperStackShuffled" or played.log[index - 1]["type"] != "NewspaperDelivered":
                continue
            # The stack's next change: a paper another dog takes from it, as seat 0 sees it?
            taken = next(at for at in range(index + 1, len(played.log)) if played.log[at]["type"] in STACK_CHANGES)
            data = played.log[taken]["data"]
            if played.log[taken]["type"] != "NewspaperTaken" or data["seat"] == 0:
                continue
            state = RULES.fold(played.log[: taken + 1])
            stack_then = len(state["stack"]) + 1
            address = played.log[index - 1]["data"]["address"]
            view, log, rng = RULES.view(state, 0), played.seen_by(0, taken + 1), random.Random(34)
            drawn = (carried(RULES.sample(view, log, rng), data["seat"])[data["slot"]] for _ in range(DRAWS))
            hits = sum(paper == address for paper in drawn)
            p = 1 / stack_then
            assert abs(hits / DRAWS - p) <= Z * math.sqrt(p * (1 - p) / DRAWS), (hits, DRAWS, stack_then)
            return
    pytest.fail("no paper taken just after a delivery in the seeded games")


def test_the_sample_is_the_same_whatever_the_true_state_hides():
    """The sampler reads only the view and the log: a true state with other decks' orders and other hidden papers,
    the same view, gives the very same sample from the same rng."""
    played = Game(3, 1)
    length, true = next((length, true) for length, true in played.rests[40:] if carried(true, 1))
    twin = RULES.copy(true)
    for dog in twin["seats"]:
        dog["deck"].reverse()
    slot = next(iter(carried(twin, 1)))
    twin["seats"][1]["slots"][slot], twin["stack"][0] = twin["stack"][0], twin["seats"][1]["slots"][slot]
    twin["stack"].reverse()
    assert twin != true and RULES.view(twin, 0) == RULES.view(true, 0)
    log = played.seen_by(0, length)
    assert RULES.sample(RULES.view(twin, 0), log, random.Random(7)) == RULES.sample(
        RULES.view(true, 0), log, random.Random(7)
    )


def test_sampling_and_playing_on_leave_the_true_state_and_the_log_as_they_were():
    played = Game(3, 2)
    length, true = played.rests[len(played.rests) // 2]
    log = played.seen_by(2, length)
    kept_state, kept_log = RULES.copy(true), copy.deepcopy(log)
    play_to_an_end(RULES.sample(RULES.view(true, 2), log, random.Random(0)), random.Random(1))
    assert true == kept_state and log == kept_log


def test_a_log_that_does_not_begin_with_the_games_start_is_refused():
    """Without the start, the newspapers' first shuffle is missing and no paper could be followed."""
    played = Game(2, 0)
    length, true = played.rests[5]
    with pytest.raises(ValueError, match="GameStarted"):
        RULES.sample(RULES.view(true, 1), played.seen_by(1, length)[1:], random.Random(0))


class SmallStack:
    """The newspapers' moves on a table of five papers and three dogs (seat 0 the one who samples): a dog takes the
    stack's top (only seat 0 sees its address), delivers its first paper (everyone sees the address; it goes under
    the stack, which is shuffled), or is sent to the pound at the kiosk (its papers go back; the stack is shuffled).

    Played once with the true addresses and every shuffle's order, it gives what seat 0 saw and where each address
    lies; played with the sampler's Papers on stand-ins, it gives the sampler's draw.
    """

    PAPERS = 5

    def __init__(self, moves: list[tuple[str, int]]) -> None:
        self.moves = moves
        self.shuffles: list[int] = []
        size, held = self.PAPERS, [0, 0, 0]
        for kind, dog in moves:  # the stack's size at each shuffle
            if kind == "take":
                size, held[dog] = size - 1, held[dog] + 1
                continue
            moved = 1 if kind == "deliver" else held[dog]
            size, held[dog] = size + moved, held[dog] - moved
            self.shuffles.append(size)

    def play(self, stack: list[Any], orders: Sequence[Sequence[int]], papers: Papers | None = None) -> Any:
        """What seat 0 saw (the addresses as played) and where every paper lies; with ``papers``, noted there."""
        held: list[list[Any]] = [[], [], []]
        seen, orders_left = [], iter(orders)
        for kind, dog in self.moves:
            if kind == "take":
                held[dog].append(stack.pop(0))
                if dog == 0:
                    seen.append(held[dog][-1])
            else:
                if kind == "deliver":
                    seen.append(held[dog][0])
                    stack.append(held[dog].pop(0))
                else:
                    stack, held[dog] = stack + held[dog], []
                stack = [stack[at] for at in next(orders_left)]
        return seen, (tuple(stack), tuple(tuple(items) for items in held))

    def posterior(self, seen: list[int]) -> Counter:
        """How many shuffles (the first and every later one) give each table, among those that show ``seen``."""
        tables: Counter = Counter()
        for first in itertools.permutations(range(1, self.PAPERS + 1)):
            for orders in itertools.product(*(itertools.permutations(range(size)) for size in self.shuffles)):
                shown, table = self.play(list(first), orders)
                tables[table] += shown == seen
        return +tables

    def draws(self, seen: list[int], rng: random.Random) -> Counter:
        """The sampler's tables: stand-ins played through the same moves, each paper's address drawn by Papers."""
        papers = Papers(list(range(1, self.PAPERS + 1)))
        stand_ins = [f"p{at}" for at in range(self.PAPERS)]
        papers.level.update(dict.fromkeys(stand_ins, 0))
        # The stand-ins keep their order through a shuffle, as in the sampler's folded stack.
        addresses = iter(seen)
        held: list[list[str]] = [[], [], []]
        stack = stand_ins
        for kind, dog in self.moves:
            if kind == "take":
                held[dog].append(stack.pop(0))
                if dog == 0:
                    papers.seen(held[dog][-1], next(addresses))
                continue
            if kind == "deliver":
                papers.seen(held[dog][0], next(addresses))
                stack.append(held[dog].pop(0))
            else:
                stack, held[dog] = stack + held[dog], []
            papers.shuffled(stack)
        tables: Counter = Counter()
        for _ in range(DRAWS):
            drawn = papers.draw(rng)
            tables[tuple(drawn[item] for item in stack), tuple(tuple(drawn[i] for i in items) for items in held)] += 1
        return tables


#: Moves of the small table: deliveries only, then kiosk returns too.
DELIVERIES = [
    [("take", 1), ("take", 2), ("deliver", 1), ("take", 2)],
    [("take", 1), ("take", 0), ("deliver", 0), ("take", 1), ("take", 2)],
    [("take", 1), ("take", 2), ("deliver", 1), ("take", 1), ("deliver", 2), ("take", 0)],
]
KIOSK = [
    [("take", 1), ("take", 2), ("deliver", 1), ("take", 1), ("take", 2), ("kiosk", 2), ("take", 0)],
    [("take", 1), ("take", 2), ("deliver", 2), ("take", 2), ("kiosk", 1), ("take", 1)],
]


@pytest.mark.parametrize("moves", DELIVERIES)
def test_with_deliveries_only_the_papers_addresses_are_drawn_as_the_shuffles_make_them_by_enumeration(moves):
    """Every table the shuffles could have made, given what seat 0 saw, is equally likely; the sampler draws each
    of them, and nothing else, equally often."""
    small, rng = SmallStack(moves), random.Random(34)
    seen, _ = small.play(rng.sample(range(1, SmallStack.PAPERS + 1), SmallStack.PAPERS), orders_for(small, rng))
    exact = small.posterior(seen)
    assert len(set(exact.values())) == 1
    tables = sorted(exact)
    drawn = small.draws(seen, rng)
    assert set(drawn) == set(tables)
    assert chi_square_fits_uniform(Counter({tables.index(t): n for t, n in drawn.items()}), len(tables))


@pytest.mark.parametrize("moves", KIOSK)
def test_after_a_kiosk_return_the_sampler_still_draws_only_tables_the_shuffles_could_have_made(moves):
    """Not in the shuffles' proportions (domain/dogslife/sample), but never a table they could not make."""
    small, rng = SmallStack(moves), random.Random(34)
    seen, _ = small.play(rng.sample(range(1, SmallStack.PAPERS + 1), SmallStack.PAPERS), orders_for(small, rng))
    assert set(small.draws(seen, rng)) <= set(small.posterior(seen))


def orders_for(small: SmallStack, rng: random.Random) -> list[list[int]]:
    """A uniform order for each of the small table's shuffles."""
    return [rng.sample(range(size), size) for size in small.shuffles]
