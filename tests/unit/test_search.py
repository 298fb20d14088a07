"""The search bots (domain/search.py): legal moves from the seat's view and redacted log, the same move from the
same draws, and greedy's choice kept unless the rollouts find a better one."""

from __future__ import annotations

import random
import time

import pytest

from domain.dogslife import RULES as DOGSLIFE
from domain.engine import Bot, Command, Rules, State
from domain.felix import RULES as FELIX
from domain.levels import SEARCHERS, level_bots
from domain.playout import SeatLog, due_step, play
from domain.search import Level, SearchBot, in_order, paired_lead
from domain.spots import RULES as SPOTS

#: A small search, so that a whole game stays quick.
SMALL = Level(determinizations=2, candidates=3)


def small_bot(rules_getter: object = lambda: FELIX) -> SearchBot:
    """A search bot of Felix's with a small budget."""
    return SearchBot(rules_getter, SMALL, FELIX.bots["greedy"], in_order)  # type: ignore[arg-type]


def seat_turn(
    rules: Rules, seed: str, decisions: int, players: int = 4
) -> tuple[dict, list[Command], list[dict], int]:
    """A greedy game of ``rules`` played ``decisions`` decisions in: the view, legal moves and redacted log of the seat
    to act (with more than one legal move)."""
    events = rules.setup(players, rules.normalize_options({}, players), random.Random(seed))
    state = rules.fold(events)
    rng = random.Random(seed)
    made = 0
    while True:
        step = due_step(rules, state)
        if step is not None:
            caused = rules.decide(state, None, step, rng)
        else:
            seat = rules.to_act(state)[0]
            legal = rules.legal_moves(state, seat)
            if made >= decisions and len(legal) > 1:
                return rules.view(state, seat), legal, SeatLog(rules, seat).read(events), seat
            caused = rules.decide(state, seat, rules.bots["greedy"](rules.view(state, seat), legal, rng), rng)
            made += 1
        events = events + caused
        state = rules.fold(caused, state)


def test_a_search_bot_plays_a_whole_game_with_legal_moves_only() -> None:
    bots = [small_bot(), FELIX.bots["greedy"], FELIX.bots["greedy"], FELIX.bots["greedy"]]
    # decide raises IllegalMove at the first move the rules refuse.
    assert play(FELIX, 4, bots, "search-legal").result["winners"]


def test_a_spots_search_bot_cut_short_by_its_evaluation_plays_a_whole_game() -> None:
    searcher = SEARCHERS["spots"]
    # Spots' own playouts and evaluation, on a small budget: the medium level took 27 s a game in a full run.
    small = Level(determinizations=2, candidates=2, plies=10)
    greedy = SPOTS.bots["greedy"]
    bot = SearchBot(lambda: SPOTS, small, greedy, searcher.candidates, searcher.evaluate, searcher.playout)
    assert play(SPOTS, 2, [bot, SPOTS.bots["greedy"]], "search-spots").result["winners"]


def test_the_same_draws_give_the_same_move() -> None:
    view, legal, history, _ = seat_turn(FELIX, "same", 12)
    moves = [small_bot()(view, legal, random.Random(5), history) for _ in range(2)]
    assert moves[0] == moves[1]
    assert moves[0] in legal


def test_a_search_bot_refuses_to_play_without_the_seats_log() -> None:
    view, legal, _, _ = seat_turn(FELIX, "nolog", 12)
    with pytest.raises(ValueError, match="redacted history"):
        small_bot()(view, legal, random.Random(1))


class Scripted(SearchBot):
    """A search whose rollouts score each move by a fixed table (by its position among the legal moves)."""

    def __init__(self, worth: dict[str, float], margin: float) -> None:
        super().__init__(lambda: FELIX, Level(determinizations=4, candidates=6, margin=margin), _first, in_order)
        self.worth = worth

    def rollout(
        self, rules: object, state: State, seat: int, move: Command, rng: random.Random, deadline: float | None = None
    ) -> float:
        return self.worth.get(str(move.get("amount", move["type"])), 0.0)


def _first(view: dict, legal: list[Command], rng: random.Random) -> Command:
    return legal[0]


def bidding_turn() -> tuple[dict, list[Command], list[dict]]:
    """A seat's turn with Pass and at least three bids among its moves."""
    for decisions in range(0, 40):
        view, legal, history, _ = seat_turn(FELIX, "bids", decisions)
        if legal[0] == {"type": "Pass"} and len(legal) >= 4:
            return view, legal, history
    raise AssertionError("no bidding turn with three bids")


def test_the_search_plays_the_move_whose_rollouts_score_best() -> None:
    view, legal, history = bidding_turn()
    third = str(legal[3]["amount"])
    assert Scripted({"Pass": 0.2, third: 0.9}, margin=0.0)(view, legal, random.Random(2), history) == legal[3]


def test_the_policys_move_stays_unless_another_leads_by_the_margin() -> None:
    view, legal, history = bidding_turn()
    second = str(legal[2]["amount"])
    assert Scripted({"Pass": 0.5, second: 0.6}, margin=0.2)(view, legal, random.Random(2), history) == legal[0]


def test_a_lead_of_a_few_lucky_playouts_is_not_trusted() -> None:
    # Given a move that led the policy's on two drawn states of four and trailed on the others
    policy, other = [0.0, 0.0, 0.0, 0.0], [1.0, 1.0, -0.5, -0.5]
    # Then its mean lead counts without confidence, and falls below zero at two standard errors
    assert paired_lead(policy, other, 0.0) == pytest.approx(0.25)
    assert paired_lead(policy, other, 2.0) < 0


def test_a_steady_lead_on_the_same_drawn_states_is_trusted() -> None:
    policy, other = [0.2, 0.5, 0.1, 0.7], [0.3, 0.6, 0.2, 0.8]
    assert paired_lead(policy, other, 2.0) == pytest.approx(0.1)


def test_a_dogs_life_level_plays_a_legal_move_from_a_sampled_state() -> None:
    # Given a seat of A Dog's Life with several moves, some way into a greedy game
    view, legal, history, _ = seat_turn(DOGSLIFE, "dogslife-level", 60, players=3)
    for name in ("medium", "hard"):
        # When its search level decides
        move = level_bots("dogslife")[name](view, legal, random.Random(3), history)
        # Then the move is one of the legal ones
        assert move in legal


def test_a_dogs_life_playout_cut_short_is_scored_by_bones() -> None:
    view, legal, history, seat = seat_turn(DOGSLIFE, "dogslife-standing", 60, players=3)
    state = DOGSLIFE.sample(view, history, random.Random(1))
    before = SEARCHERS["dogslife"].evaluate(state, seat)  # type: ignore[misc]
    state["seats"][seat]["buried"] += 1
    assert SEARCHERS["dogslife"].evaluate(state, seat) > before  # type: ignore[misc]


def slow(bot: Bot) -> Bot:
    """``bot``, a millisecond slower a move: a playout to the end of A Dog's Life then takes a few tenths of a s."""

    def play_slowly(view: dict, legal: list[Command], rng: random.Random) -> Command:
        time.sleep(0.001)
        return bot(view, legal, rng)

    return play_slowly


def test_the_deadline_holds_inside_a_long_playout() -> None:
    # Given a search with a tenth of a second and playouts to the end of a slow game
    view, legal, history, _ = seat_turn(DOGSLIFE, "dogslife-clock", 30, players=3)
    searcher = SEARCHERS["dogslife"]
    level = Level(determinizations=100, candidates=3, seconds=0.1)
    greedy = DOGSLIFE.bots["greedy"]
    bot = SearchBot(lambda: DOGSLIFE, level, greedy, searcher.candidates, playout=slow(greedy))
    # When it decides
    began = time.perf_counter()
    move = bot(view, legal, random.Random(4), history)
    # Then it answers soon after its clock runs out, with greedy's move (no playout ran to its end)
    assert time.perf_counter() - began < 0.3
    assert move == greedy(view, legal, random.Random(4))


def test_a_solo_spots_search_plays_greedys_move() -> None:
    # Given a solo seat of Spots with several moves (searches over greedy lost to greedy alone against Pes)
    view, legal, history, _ = seat_turn(SPOTS, "spots-solo", 6, players=1)
    # Then its search tries no other move, and the hard level plays greedy's
    assert SEARCHERS["spots"].candidates(view, legal) == []
    hard = level_bots("spots")["hard"](view, legal, random.Random(5), history)
    assert hard == SPOTS.bots["greedy"](view, legal, random.Random(5))
