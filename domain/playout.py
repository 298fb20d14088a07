"""Run whole games with bots, in memory: for the CLI, the bot win-rate report and tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.engine import Bot, Command, Event, Rules, Seat, State, rng_for

#: A game that has not ended after this many commands is a bug in its rules.
MAX_COMMANDS = 100_000


@dataclass
class Playout:
    """A finished (or abandoned) game: its events and final state."""

    rules: Rules
    events: list[Event] = field(default_factory=list)
    state: State = None

    @property
    def result(self) -> dict[str, Any] | None:
        """The game's result, None if it did not end."""
        return self.rules.result(self.state) if self.state is not None else None


def next_actor(rules: Rules, state: State) -> tuple[Seat, Command | None]:
    """Who acts next: (None, automatic command) when a system step is due, else (seat, None)."""
    steps = sorted(rules.automatic(state), key=lambda step: step["delay"])
    seats = rules.to_act(state)
    if steps and (steps[0]["delay"] == 0 or not seats):
        # Without a clock, a deadline simply passes when nobody else can act.
        return None, steps[0]["command"]
    if not seats:
        raise RuntimeError("nobody may act and no automatic step is due")
    return seats[0], None


def play(
    rules: Rules,
    players: int,
    bots: list[Bot],
    seed: str,
    options: dict[str, Any] | None = None,
    on_event: Callable[[Event, State], None] | None = None,
) -> Playout:
    """Play one game with one bot per seat; randomness derived from ``seed`` as the server does."""
    options = rules.normalize_options(options or {}, players)
    out = Playout(rules)

    def apply(events: list[Event]) -> None:
        for ev in events:
            out.state = rules.evolve(out.state, ev)
            out.events.append(ev)
            if on_event:
                on_event(ev, out.state)

    apply(rules.setup(players, options, rng_for(seed, 1)))
    bot_rng = random.Random(f"bots:{seed}")
    for _ in range(MAX_COMMANDS):
        if rules.is_over(out.state):
            return out
        seat, command = next_actor(rules, out.state)
        if command is None:
            legal = rules.legal_moves(out.state, seat)
            command = bots[seat](rules.view(out.state, seat), legal, bot_rng)
        apply(rules.decide(out.state, seat, command, rng_for(seed, len(out.events) + 1)))
    raise RuntimeError(f"{rules.id}: game did not end after {MAX_COMMANDS} commands")


def win_rates(
    rules: Rules,
    players: int,
    lineup: list[str],
    games: int,
    options: dict | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> list[float]:
    """Share of ``games`` seeded games each seat wins (a shared win counts for every winner).

    ``on_game`` is given each game's result as it ends (a progress bar; Pes's wins in solo Spots).
    """
    wins = [0.0] * players
    for g in range(games):
        # Rotate the lineup so no bot profits from a fixed seat.
        names = lineup[g % players :] + lineup[: g % players]
        result = play(rules, players, [rules.bots[n] for n in names], f"rate-{g}", options).result
        for seat in result["winners"]:
            wins[(seat + g % players) % players] += 1
        if on_game:
            on_game(result)
    return [w / games for w in wins]
