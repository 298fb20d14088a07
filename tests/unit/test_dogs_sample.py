"""DOGS' sampler (issue 34) over seeded games: a sampled state shows every seat its true view and moves, keeps the
invariants, plays on to an end, holds the true tokens and cards in its hidden places with what was seen where it was,
draws them rather than copies them, and reads nothing but the view and the log."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from domain.dogs import RULES
from domain.dogs.content import GROUPS, is_blocker, is_lost, token_group
from domain.dogs.rounds import automatic_events
from domain.engine import Event, Seat, State
from domain.playout import next_actor, play
from tests.unit.sweeps import SWEEPS, Sample
from tests.unit.test_dogs_playout import check_invariants
from tests.unit.test_spots_sample import DRAWS, chi_square_fits_uniform

PLAYER_COUNTS = [2, 3, 4]
GAMES = 2
#: Legal moves are compared, and the invariants checked, at every this many events (the views at a sample of the
#: events besides, every type among it: tests/unit/sweeps.py); a few states a game play on.
EVERY = 5
PLAY_ON = 3


def game_events(players: int, game: int) -> list[Event]:
    """One seeded game between a greedy bot and random ones."""
    bots = [RULES.bots["greedy"], *[RULES.bots["random"]] * (players - 1)]
    return play(RULES, players, bots, f"dogs-sample-{players}-{game}").events


def seats(players: int) -> list[Seat]:
    """A spectator and every seat (DOGS shows them all the same table, §7.1)."""
    return [None, *range(players)]


def positions(events: list[Event]) -> Iterator[tuple[int, State, dict[Seat, list[Event]], list[str]]]:
    """Each point of a game: its index, the true state after it, every seat's redacted log up to it, and the Fair
    cards seen on top so far (read off the true states)."""
    logs: dict[Seat, list[Event]] = {seat: [] for seat in seats(events[0]["data"]["player_count"])}
    fair_seen: dict[str, None] = {}
    state = None
    for index, ev in enumerate(events):
        state = RULES.evolve(state, ev)
        for seat, log in logs.items():
            log.append(RULES.redact(ev, seat))
        if state["fair_deck"]:
            fair_seen[state["fair_deck"][0]] = None
        yield index, state, logs, list(fair_seen)


def at_rest(state: State) -> bool:
    """Between commands: a seat decides, and no system step is due (it would follow in the same batch)."""
    return bool(RULES.to_act(state)) and not automatic_events(state, random.Random(0))


def rest_from(events: list[Event], start: int, seat: Seat) -> tuple[State, list[Event]]:
    """A copy of the true state at the first rest from event ``start`` on, and ``seat``'s log up to it."""
    return next(
        (RULES.copy(state), list(logs[seat])) for index, state, logs, _ in positions(events)
        if index >= start and at_rest(state)
    )


def play_to_an_end(state: State, rng: random.Random) -> State:
    """Random legal moves until the game ends."""
    while RULES.result(state) is None:
        seat, command = next_actor(RULES, state)
        if command is None:
            command = rng.choice(RULES.legal_moves(state, seat))
        state = RULES.fold(RULES.decide(state, seat, command, rng), state)
    return state


def assert_hidden_parts_fit(true: State, drawn: State, fair_seen: list[str]) -> None:
    """The drawn supplies (with the removed dogs), draw pile and Fair pile hold the true tokens and cards, and the
    Fair cards seen on top lie where the truth has them."""
    for group in GROUPS:
        in_group = [token for token in true["removed"] if token_group(token) == group]
        assert sorted(drawn["supply"][group] + [t for t in drawn["removed"] if token_group(t) == group]) == sorted(
            true["supply"][group] + in_group
        )
    assert [token_group(token) for token in drawn["removed"]] == [token_group(token) for token in true["removed"]]
    assert sorted(drawn["deck"]) == sorted(true["deck"])
    assert [card if card in fair_seen else None for card in drawn["fair_deck"]] == [
        card if card in fair_seen else None for card in true["fair_deck"]
    ]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("stride", SWEEPS)
def test_a_sampled_state_shows_each_seat_its_true_view_and_moves_and_keeps_the_invariants(
    stride: int, players: int
) -> None:
    rng = random.Random(f"views-{players}")
    for game in range(GAMES):
        events, sweep = game_events(players, game), Sample(stride)
        for index, state, logs, fair_seen in positions(events):
            if not sweep.takes(events[index]["type"]) and not (index % EVERY == 0 and at_rest(state)):
                continue
            for seat in seats(players):
                seen = RULES.view(state, seat)
                sampled = RULES.sample(seen, logs[seat], rng)
                assert RULES.view(sampled, seat) == seen
                if index % EVERY == 0 and at_rest(state):
                    assert_hidden_parts_fit(state, sampled, fair_seen)
                    check_invariants(sampled)
                    if seat is not None:
                        assert RULES.legal_moves(sampled, seat) == RULES.legal_moves(state, seat)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_game_plays_on_from_a_sampled_state_to_its_end(players: int) -> None:
    rng = random.Random(f"play-on-{players}")
    events = game_events(players, 0)
    apart = len(events) // (PLAY_ON + 1)
    for index, state, logs, _ in positions(events):
        if index < apart or index % apart or not at_rest(state):
            continue
        sampled = RULES.sample(RULES.view(state, 0), logs[0], rng)
        ended = play_to_an_end(sampled, rng)
        check_invariants(ended)
        assert RULES.result(ended) is not None


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_hidden_orders_are_drawn_not_copied_from_the_true_state(players: int) -> None:
    rng = random.Random(f"drawn-{players}")
    copied: Counter[str] = Counter()
    rests = 0
    for _, state, logs, _ in positions(game_events(players, 1)):
        if not at_rest(state) or state["step"] == "over":
            continue
        rests += 1
        sampled = RULES.sample(RULES.view(state, 1), logs[1], rng)
        copied.update(part for part in ("supply", "deck", "fair_deck", "removed") if sampled[part] == state[part])
    # The supplies and the pile are long most of the game; the Fair pile is known whole from round 4 on, and the
    # unseen lost dogs of a group may be few.
    assert copied["supply"] < rests / 10 and copied["deck"] < rests / 5 and copied["fair_deck"] < rests, copied
    # With 3 or 4 players no lost dog is removed: the empty list is the truth.
    assert copied["removed"] < rests if players == 2 else copied["removed"] == rests


def test_the_top_of_the_draw_pile_is_each_unseen_card_equally_often() -> None:
    state, log = rest_from(game_events(3, 0), 100, 0)
    cards = sorted(state["deck"])
    assert len(cards) >= 6
    view, rng = RULES.view(state, 0), random.Random(34)
    counts = Counter(cards.index(RULES.sample(view, log, rng)["deck"][0]) for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(cards))


def test_each_lost_dog_never_seen_is_the_removed_one_equally_often() -> None:
    """With 2 players one lost dog of each group is set aside unseen (§3.1): any of the group's unseen lost dogs."""
    state, log = rest_from(game_events(2, 0), 60, 1)
    group = GROUPS[0]
    lost = sorted(
        token for token in [*state["supply"][group], state["removed"][0]] if not is_blocker(token) and is_lost(token)
    )
    assert len(lost) >= 3
    view, rng = RULES.view(state, 1), random.Random(34)
    counts = Counter(lost.index(RULES.sample(view, log, rng)["removed"][0]) for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(lost))


def test_the_sample_is_the_same_whatever_the_true_state_hides() -> None:
    """The sampler reads only the view and the log: a true state with other hidden orders, the same view, gives the
    very same sample from the same rng."""
    state, log = rest_from(game_events(2, 1), 200, 0)
    twin = RULES.copy(state)
    for group in GROUPS:
        twin["supply"][group].reverse()
    twin["deck"].reverse()
    twin["fair_deck"][1:] = reversed(twin["fair_deck"][1:])
    supply = twin["supply"][GROUPS[0]]
    at = next(at for at, token in enumerate(supply) if not is_blocker(token) and is_lost(token))
    supply[at], twin["removed"][0] = twin["removed"][0], supply[at]
    assert twin != state and RULES.view(twin, 0) == RULES.view(state, 0)
    assert RULES.sample(RULES.view(twin, 0), log, random.Random(7)) == RULES.sample(
        RULES.view(state, 0), log, random.Random(7)
    )


def test_sampling_and_playing_on_leave_the_true_state_and_the_log_as_they_were() -> None:
    """A search samples many states from one view and log, so no sample may share a list with them."""
    state, log = rest_from(game_events(3, 1), 150, 2)
    kept_state, kept_log = RULES.copy(state), copy.deepcopy(log)
    play_to_an_end(RULES.sample(RULES.view(state, 2), log, random.Random(0)), random.Random(1))
    assert state == kept_state and log == kept_log


def test_in_round_one_the_fair_card_below_the_top_is_each_card_never_on_top_equally_often() -> None:
    state, log = rest_from(game_events(4, 0), 40, 3)
    assert state["round"] == 1
    below = sorted(state["fair_deck"][1:])
    view, rng = RULES.view(state, 3), random.Random(34)
    counts = Counter(below.index(RULES.sample(view, log, rng)["fair_deck"][1]) for _ in range(DRAWS))
    assert chi_square_fits_uniform(counts, len(below))
