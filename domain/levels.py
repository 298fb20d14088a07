"""The bot levels per game (issue 34): ``easy``, a beginner (greedy with slips, domain/beginner.py), and ``medium``
and ``hard``, each a search budget over the game's greedy bot (domain/search.py), or over a stronger bot of the
game's own (A Dog's Life: the streetwise bot, domain/dogslife/policy.py).

Felix measured best with few candidates: with five, a move that won a few lucky playouts replaced greedy's too
often (tests/bench/search.py: 44% [30-60] of 36 games at five candidates, 65% [50-78] of 40 at two)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from domain.beginner import beginner
from domain.dogs import bots as dogs_bots
from domain.dogslife import bots as dogslife_bots
from domain.dogslife import policy as dogslife_policy
from domain.engine import Bot, Rules
from domain.search import Candidates, Evaluation, Level, SearchBot, in_order
from domain.spots import bots as spots_bots


@dataclass(frozen=True)
class Searcher:
    """How a game searches: its levels, the bot whose moves it improves on (None: greedy), the bot its playouts play
    (None: that bot), its evaluation of a playout cut short (None: playouts run to the end) and the order in which it
    tries moves besides that bot's."""

    levels: dict[str, Level]
    policy: Bot | None = None
    playout: Bot | None = None
    evaluate: Evaluation | None = None
    candidates: Candidates = in_order


SEARCHERS: dict[str, Searcher] = {
    "felix": Searcher(
        {
            "medium": Level(determinizations=4, candidates=2, seconds=0.2),
            "hard": Level(determinizations=16, candidates=3, seconds=0.8),
        }
    ),
    "dogs": Searcher(
        {
            "medium": Level(determinizations=3, candidates=3, plies=20, seconds=0.2),
            "hard": Level(determinizations=12, candidates=3, plies=20, seconds=0.8),
        },
        evaluate=dogs_bots.standing,
        candidates=dogs_bots.ranked,
    ),
    "spots": Searcher(
        {
            "medium": Level(determinizations=4, candidates=3, plies=30, seconds=0.2, confidence=1.0),
            "hard": Level(determinizations=16, candidates=3, plies=40, seconds=0.8, confidence=1.0),
        },
        playout=spots_bots.heuristic_bot,
        evaluate=spots_bots.progress,
        candidates=spots_bots.ranked,
    ),
    # hard plays the streetwise bot's own move (one candidate: no search), medium searches over it: hard's budget
    # of search over the same bot won 9 of 28 games against greedy where the bot alone won 12 (docs/bots.md).
    "dogslife": Searcher(
        {
            "medium": Level(determinizations=4, candidates=2, plies=100, seconds=0.2, confidence=2.0),
            "hard": Level(determinizations=0, candidates=1),
        },
        policy=dogslife_policy.streetwise_bot,
        evaluate=dogslife_bots.standing,
        candidates=dogslife_policy.ranked,
    ),
}


def _rules(game: str) -> Rules:
    """The game's rules, looked up on use: each game's rules module imports its bots."""
    return importlib.import_module(f"domain.{game}").RULES


def level_bots(game: str) -> dict[str, Bot]:
    """``game``'s bots by level name: easy, and the search levels where the game has them."""
    greedy = _rules(game).bots["greedy"]
    bots: dict[str, Bot] = {"easy": beginner(greedy)}
    searcher = SEARCHERS.get(game)
    if searcher is not None:
        for name, level in searcher.levels.items():
            bots[name] = SearchBot(
                lambda: _rules(game),
                level,
                searcher.policy or greedy,
                searcher.candidates,
                searcher.evaluate,
                searcher.playout,
            )
    return bots
