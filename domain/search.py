"""Search bots (issue 34): greedy's rollouts over sampled states, compared with common random numbers.

A decision narrows the seat's legal moves to a few candidates (the policy's own choice first, then the game's
``candidates``), then spends its budget on determinizations: each draws a full state with the game's ``sample``
from what the seat has seen (its view and its redacted log, nothing else) and plays every surviving candidate on
it, each followed by a playout of the playout bot (the policy, or a faster one like it) on every seat's view,
with the same random draws for every candidate (common random numbers: two candidates differ by their own effect,
not by luck). The playout stops at the end (the seat's share of the win) or after ``plies`` decisions (the game's
evaluation). Candidates are halved round by round (sequential halving) so the budget goes to the ones close to
the best. A candidate replaces the policy's choice only when its lead over it on the same drawn states, less
``confidence`` standard errors of that paired difference, stays above ``margin``. The clock (``seconds``) is read
before each drawn state and at every ply of a playout: a drawn state whose playouts the clock cuts short is dropped.

This is a one-step policy improvement of greedy: it plays greedy's move unless the rollouts say that another move,
followed by greedy everywhere, does better.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from domain.engine import Bot, Command, Event, Rules, State, View
from domain.playout import due_step

#: A state's worth to one seat, in [0, 1], for a playout that stops before the end.
Evaluation = Callable[[State, int], float]
#: More candidates than the policy's choice, in the order a game thinks worth trying.
Candidates = Callable[[View, list[Command]], list[Command]]
#: System steps in a row after which a determinization is given up as stuck (a bug in a game's rules).
MOST_STEPS = 10_000


class OutOfTime(Exception):
    """A rollout passed its decision's deadline."""


@dataclass(frozen=True)
class Level:
    """How much one decision searches: ``determinizations`` sampled states, at most ``candidates`` moves, playouts
    of at most ``plies`` decisions (None: to the end), and at most ``seconds`` of thinking (None: no clock)."""

    determinizations: int
    candidates: int
    plies: int | None = None
    seconds: float | None = None
    #: The mean reward by which a candidate must beat the policy's own choice to replace it.
    margin: float = 0.0
    #: Standard errors of the paired difference (the same drawn states) the lead must keep above ``margin``: a move
    #: that won a few lucky playouts does not replace the policy's.
    confidence: float = 0.0


def outcome(result: dict[str, Any], seat: int) -> float:
    """``seat``'s share of the win of an ended game (0 when it lost, or Pes won a solo game)."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def paired_lead(policy: list[float], other: list[float], confidence: float) -> float:
    """How far ``other``'s rewards lead the policy's on the same drawn states (``other`` was played on the first
    ones), less ``confidence`` standard errors of the mean difference; -inf with nothing to compare."""
    diffs = [mine - theirs for mine, theirs in zip(other, policy, strict=False)]
    count = len(diffs)
    if count == 0 or (confidence and count < 2):
        return -math.inf
    mean = sum(diffs) / count
    if not confidence:
        return mean
    variance = sum((diff - mean) ** 2 for diff in diffs) / (count - 1)
    return mean - confidence * math.sqrt(variance / count)


def move_key(move: Command) -> bytes:
    """A move's identity (the same command from any state)."""
    return orjson.dumps(move, option=orjson.OPT_SORT_KEYS)


class SearchBot:
    """A ``Bot`` that also takes the seat's redacted ``history``, which it needs to sample states."""

    #: Tells callers to pass the seat's redacted log.
    reads_history = True

    def __init__(
        self,
        rules: Callable[[], Rules],
        level: Level,
        policy: Bot,
        candidates: Candidates,
        evaluate: Evaluation | None = None,
        playout: Bot | None = None,
    ) -> None:
        self._rules = rules
        self.level = level
        self.policy = policy
        self.playout = playout or policy
        self.candidates = candidates
        self.evaluate = evaluate

    def __call__(
        self, view: View, legal: list[Command], rng: random.Random, history: list[Event] | None = None
    ) -> Command:
        """The candidate whose playouts scored best, from ``view`` and ``history``."""
        if history is None:
            raise ValueError("a search bot needs the seat's redacted history")
        # The clock runs from the call: the policy's own choice (Spots' solo lookahead) counts against it.
        deadline = None if self.level.seconds is None else time.perf_counter() + self.level.seconds
        if len(legal) == 1:
            return legal[0]
        first = self.policy(view, legal, rng)
        moves = _distinct([first, *self.candidates(view, legal)])[: self.level.candidates]
        if len(moves) == 1:
            return first
        rewards = self.compare(view, history, moves, rng, deadline)
        leads = [paired_lead(rewards[0], rewards[index], self.level.confidence) for index in range(len(moves))]
        best = max(range(1, len(moves)), key=lambda index: (leads[index], -index))
        return moves[best] if leads[best] > self.level.margin else first

    def compare(
        self, view: View, history: list[Event], moves: list[Command], rng: random.Random, deadline: float | None = None
    ) -> list[list[float]]:
        """Each move's rewards, one per determinization played until ``deadline``, halving the field round by round:
        the policy's own choice (the first) is played on every one, another move on the first ones until dropped."""
        rules = self._rules()
        seat = view["you"]
        level = self.level
        rounds = max(1, math.ceil(math.log2(len(moves))))
        per_round = max(1, level.determinizations // rounds)
        rewards: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        spent = 0.0
        for _ in range(rounds):
            for _ in range(per_round):
                began = time.perf_counter()
                # Stop when one more determinization, as long as the last one, would pass the clock.
                if deadline is not None and began + spent >= deadline:
                    break
                base = rules.sample(view, history, rng)
                seed = rng.getrandbits(64)
                try:
                    drawn = [
                        self.rollout(rules, rules.copy(base), seat, moves[index], random.Random(seed), deadline)
                        for index in alive
                    ]
                except OutOfTime:
                    # A determinization cut short is dropped whole: its candidates must share its draws.
                    break
                for index, reward in zip(alive, drawn, strict=True):
                    rewards[index].append(reward)
                spent = time.perf_counter() - began
            means = [sum(each) / len(each) if each else 0.0 for each in rewards]
            # The policy's own choice stays in the field: it is what a replacement must beat.
            alive = [0, *sorted((i for i in alive if i), key=lambda i: -means[i])[: max(1, (len(alive) - 1) // 2)]]
        return rewards

    def rollout(
        self, rules: Rules, state: State, seat: int, move: Command, rng: random.Random, deadline: float | None = None
    ) -> float:
        """``seat``'s reward for ``move`` at ``state`` followed by the playout bot on every seat; OutOfTime once the
        clock passes ``deadline``; ``state`` is the caller's copy, which the playout changes (Rules.apply)."""
        _, state = rules.apply(state, seat, move, rng)
        plies = 0
        while True:
            state = settle(rules, state, rng)
            result = rules.result(state)
            if result is not None:
                return outcome(result, seat)
            if self.level.plies is not None and plies >= self.level.plies:
                break
            # A playout to the end of a long game outlasts a decision's budget: the clock is read at every ply.
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            actor = rules.to_act(state)[0]
            chosen = self.playout(rules.view(state, actor), rules.legal_moves(state, actor), rng)
            _, state = rules.apply(state, actor, chosen, rng)
            plies += 1
        if self.evaluate is None:
            raise ValueError("a playout cut short needs an evaluation")
        return self.evaluate(state, seat)


def settle(rules: Rules, state: State, rng: random.Random) -> State:
    """The state once every system step due now is taken (chance drawn from ``rng``), worked out on ``state``."""
    for _ in range(MOST_STEPS):
        if rules.result(state) is not None:
            return state
        step = due_step(rules, state)
        if step is None:
            return state
        _, state = rules.apply(state, None, step, rng)
    raise RuntimeError(f"{rules.id}: system steps did not stop")


def in_order(view: View, legal: list[Command]) -> list[Command]:
    """The legal moves as the rules list them: a game's default candidates."""
    return legal


def _distinct(moves: list[Command]) -> list[Command]:
    """``moves`` without repeats, in order."""
    seen: set[bytes] = set()
    kept = []
    for move in moves:
        key = move_key(move)
        if key not in seen:
            seen.add(key)
            kept.append(move)
    return kept
