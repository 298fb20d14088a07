"""The search bots (domain/search.py): legal moves from the seat's view and redacted log, the same move from the
same draws, and greedy's choice kept unless the rollouts find a better one."""

from __future__ import annotations

import random

import pytest

from domain.engine import Command, State
from domain.felix import RULES as FELIX
from domain.levels import SEARCHERS
from domain.playout import SeatLog, due_step, play
from domain.search import Level, SearchBot, in_order
from domain.spots import RULES as SPOTS

#: A small search, so that a whole game stays quick.
SMALL = Level(determinizations=2, candidates=3)


def small_bot(rules_getter: object = lambda: FELIX) -> SearchBot:
    """A search bot of Felix's with a small budget."""
    return SearchBot(rules_getter, SMALL, FELIX.bots["greedy"], in_order)  # type: ignore[arg-type]


def seat_turn(rules: object, seed: str, decisions: int) -> tuple[dict, list[Command], list[dict], int]:
    """A greedy game of Felix played ``decisions`` decisions in: the view, legal moves and redacted log of the seat
    to act (with more than one legal move)."""
    state: State = None
    events = FELIX.setup(4, FELIX.normalize_options({}, 4), random.Random(seed))
    state = FELIX.fold(events)
    rng = random.Random(seed)
    made = 0
    while True:
        step = due_step(FELIX, state)
        if step is not None:
            caused = FELIX.decide(state, None, step, rng)
        else:
            seat = FELIX.to_act(state)[0]
            legal = FELIX.legal_moves(state, seat)
            if made >= decisions and len(legal) > 1:
                return FELIX.view(state, seat), legal, SeatLog(FELIX, seat).read(events), seat
            caused = FELIX.decide(state, seat, FELIX.bots["greedy"](FELIX.view(state, seat), legal, rng), rng)
            made += 1
        events = events + caused
        state = FELIX.fold(caused, state)


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

    def rollout(self, rules: object, state: State, seat: int, move: Command, rng: random.Random) -> float:
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
