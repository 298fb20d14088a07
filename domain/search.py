"""Search bots (issue 34): single-observer information-set MCTS over states the seat's sampler draws.

Each iteration draws one determinization with the game's ``sample`` from what the seat has seen (its view and its
redacted log, nothing else), then walks one tree shared by all determinizations: a node is a move of the seat that
made it, selected by UCT among the moves available in this determinization, each child's exploration counted by
how often it was available (its availability count) rather than by its parent's visits. System steps (the truck,
Pes, a deadline) are taken as they fall due and are not in the tree. Below the tree a playout of a few decisions
(the game's policy bot on each seat's view) ends in the game's evaluation of the state, a value per seat in [0, 1].

With an iteration budget and a given rng a decision is deterministic; a time budget stops at the first of the two.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from domain.engine import Bot, Command, Event, Rules, State, View, due_step

#: A state's worth to each seat, in [0, 1], for a playout that stops before the end.
Evaluation = Callable[[State], list[float]]
#: UCT's exploration constant for rewards in [0, 1].
EXPLORATION = 0.7
#: System steps in a row after which a determinization is given up as stuck (a bug in a game's rules).
MOST_STEPS = 10_000


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: at most ``iterations`` determinizations, and at most ``seconds``."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")


@dataclass
class Node:
    """A move in the tree: who made it, its visits, the mover's total reward, and how often it was available."""

    seat: int | None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[bytes, Node] = field(default_factory=dict)


def move_key(move: Command) -> bytes:
    """A move's identity among its siblings (the same command from any determinization)."""
    return orjson.dumps(move, option=orjson.OPT_SORT_KEYS)


def contest(points: Sequence[float], scale: float, rival: float | None = None) -> list[float]:
    """Each seat's chance of winning from its points' lead over its best rival (or over ``rival``), a logistic of
    the lead in units of ``scale``: an evaluation's usual last step."""
    values = []
    for seat, mine in enumerate(points):
        others = [other for index, other in enumerate(points) if index != seat]
        if rival is not None:
            others.append(rival)
        best = max(others) if others else mine
        values.append(1.0 / (1.0 + math.exp(-(mine - best) / scale)))
    return values


def outcome(result: dict[str, Any]) -> list[float]:
    """Each seat's reward for an ended game: a share of the win, 0 for the rest (a solo game Pes won: none)."""
    winners = result["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(result["scores"]))]


class SearchBot:
    """A bot that searches: a ``Bot`` that also takes the seat's redacted ``history``, which it needs to sample."""

    #: Tells callers (domain.engine.choose) to pass the seat's redacted log.
    reads_history = True

    def __init__(self, game: str, budget: Budget, evaluate: Evaluation, policy: Bot, plies: int | None) -> None:
        self.game = game
        self.budget = budget
        self.evaluate = evaluate
        self.policy = policy
        self.plies = plies

    @property
    def rules(self) -> Rules:
        """The game's rules, looked up on use: each game's bots module is imported by its rules module."""
        return importlib.import_module(f"domain.{self.game}").RULES

    def __call__(
        self, view: View, legal: list[Command], rng: random.Random, history: list[Event] | None = None
    ) -> Command:
        """The most visited of ``legal`` after the budget's search from ``view`` and ``history``."""
        if history is None:
            raise ValueError(f"the {self.game} search bot needs the seat's redacted history")
        if len(legal) == 1:
            return legal[0]
        root = self.search(view, history, rng)
        visits = {move_key(move): move for move in legal}
        best = max(visits, key=lambda key: root.children[key].visits if key in root.children else -1)
        return visits[best]

    def search(self, view: View, history: list[Event], rng: random.Random) -> Node:
        """The tree after the budget's iterations from what the seat has seen."""
        rules = self.rules
        root = Node(seat=None)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        iterations = 0
        while self.budget.iterations is None or iterations < self.budget.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(rules, rules.sample(view, history, rng), root, rng)
            iterations += 1
        return root

    def _iterate(self, rules: Rules, state: State, root: Node, rng: random.Random) -> None:
        """One determinization: select and expand in the tree, play out below it, back the values up."""
        path = [root]
        node = root
        expanded = False
        while not expanded:
            state = _settle(rules, state, rng)
            seats = rules.to_act(state)
            if not seats:
                break
            seat = seats[0]
            moves = {move_key(move): move for move in rules.legal_moves(state, seat)}
            for key in moves.keys() & node.children.keys():
                node.children[key].available += 1
            untried = [key for key in moves if key not in node.children]
            if untried:
                key = rng.choice(untried)
                node.children[key] = Node(seat=seat, available=1)
                expanded = True
            else:
                key = max(moves, key=lambda key: _uct(node.children[key]))
            node = node.children[key]
            path.append(node)
            state = rules.fold(rules.decide(state, seat, moves[key], rng), state)
        values = self._play_out(rules, state, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += values[visited.seat]

    def _play_out(self, rules: Rules, state: State, rng: random.Random) -> list[float]:
        """Up to ``plies`` decisions by the policy bot, then the end's outcome or the evaluation."""
        plies = 0
        while self.plies is None or plies < self.plies:
            state = _settle(rules, state, rng)
            seats = rules.to_act(state)
            if not seats:
                break
            seat = seats[0]
            move = self.policy(rules.view(state, seat), rules.legal_moves(state, seat), rng)
            state = rules.fold(rules.decide(state, seat, move, rng), state)
            plies += 1
        state = _settle(rules, state, rng)
        result = rules.result(state)
        return outcome(result) if result is not None else self.evaluate(state)


def levels(
    game: str, evaluate: Evaluation, policy: Bot, plies: int | None, iterations: dict[str, int]
) -> dict[str, Bot]:
    """The search bots of ``game`` by level name ("easy", "medium", "hard"), each with its number of ``iterations``.

    Budgets count iterations, not seconds, so that a replay recomputes a bot's move exactly (service.ops.verify);
    each game's hard budget is sized to decide within 1 s p95 on one core (tests/bench/search.py measures it).
    """
    return {
        name: SearchBot(game, Budget(iterations=count), evaluate, policy, plies) for name, count in iterations.items()
    }


def _uct(child: Node) -> float:
    """UCT with the child's availability count in place of its parent's visits (ISMCTS)."""
    return child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)


def _settle(rules: Rules, state: State, rng: random.Random) -> State:
    """The state once every system step due now is taken (chance drawn from ``rng``)."""
    for _ in range(MOST_STEPS):
        if rules.result(state) is not None:
            return state
        step = due_step(rules, state)
        if step is None:
            return state
        state = rules.fold(rules.decide(state, None, step, rng), state)
    raise RuntimeError(f"{rules.id}: system steps did not stop")
