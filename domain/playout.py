"""Run whole games with bots, in memory: for the CLI, the bot win-rate report and tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.engine import Bot, Command, Event, Rules, Seat, State, View, rng_for
from domain.table.scoring import abandoned

#: The events of an all-bot game's log before the game's own: the table's TableOpened.
TABLE_EVENTS = 1

#: A game that has not ended after this many commands is a bug in its rules (or its bots never try to win: give
#: ``play`` a ``max_events`` to end such a game as the server's table does).
MAX_COMMANDS = 100_000


@dataclass
class Playout:
    """A finished game: its events, final state and result."""

    rules: Rules
    events: list[Event]
    state: State
    result: dict[str, Any]


def due_step(rules: Rules, state: State) -> Command | None:
    """The system step to take now, if any: one due at once, or the first deadline when no seat may act."""
    steps = rules.automatic(state)
    if not steps:  # most decisions: a search's playout asks before every command
        return None
    steps = sorted(steps, key=lambda step: step["delay"])
    if steps[0]["delay"] == 0 or not rules.to_act(state):
        # Without a clock, a deadline simply passes when nobody else can act.
        return steps[0]["command"]
    return None


def seat_to_act(rules: Rules, state: State) -> int:
    """The first seat that may act; RuntimeError when none may and no step is due (a bug in the rules)."""
    seats = rules.to_act(state)
    if not seats:
        raise RuntimeError("nobody may act and no automatic step is due")
    return seats[0]


def next_actor(rules: Rules, state: State) -> tuple[Seat, Command | None]:
    """Who acts next: (None, automatic command) when a system step is due, else (seat, None)."""
    step = due_step(rules, state)
    return (None, step) if step is not None else (seat_to_act(rules, state), None)


def play(
    rules: Rules,
    players: int,
    bots: list[Bot],
    seed: str,
    options: dict[str, Any] | None = None,
    on_event: Callable[[Event, State], None] | None = None,
    max_events: int | None = None,
) -> Playout:
    """Play one game with one bot per seat; randomness derived from ``seed`` as the server does.

    With ``max_events``, the game ends as the server's table ends it: the command whose events bring its log to that
    many events (the table's TableOpened counted, as the server counts them) abandons it, and the result says so
    (``{"abandoned": {"reason": "max_events", "limit"}, "scores": [], "winners": []}``).
    """
    options = rules.normalize_options(options or {}, players)
    events = rules.setup(players, options, rng_for(seed, 1))
    state = _fold(rules, events, None, on_event)
    bot_rng = random.Random(f"bots:{seed}")
    logs = [SeatLog(rules, seat) for seat in range(players)]
    for _ in range(MAX_COMMANDS):
        result = rules.result(state)
        if result is None and max_events is not None and TABLE_EVENTS + len(events) >= max_events:
            result = abandoned({"reason": "max_events", "limit": max_events})
        if result is not None:
            return Playout(rules, events, state, result)
        command = due_step(rules, state)
        seat: Seat = None
        if command is None:
            seat = seat_to_act(rules, state)
            legal = rules.legal_moves(state, seat)
            command = choose(bots[seat], rules.view(state, seat), legal, bot_rng, logs[seat].read(events))
        caused = rules.decide(state, seat, command, rng_for(seed, len(events) + 1))
        state = _fold(rules, caused, state, on_event)
        events += caused
    raise RuntimeError(f"{rules.id}: game did not end after {MAX_COMMANDS} commands")


class SeatLog:
    """A seat's redacted log, redacted once per event as the game's log grows."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.events: list[Event] = []

    def read(self, events: list[Event]) -> list[Event]:
        """The seat's redaction of ``events`` (the game's log so far, which only grows)."""
        self.events += [self.rules.redact(ev, self.seat) for ev in events[len(self.events) :]]
        return self.events


def choose(bot: Bot, view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
    """``bot``'s move; a bot that reads the log (a search bot's ``reads_history``) is also given ``history``."""
    if getattr(bot, "reads_history", False):
        return bot(view, legal, rng, history)  # type: ignore[call-arg]
    return bot(view, legal, rng)


def _fold(
    rules: Rules, events: list[Event], state: State | None, on_event: Callable[[Event, State], None] | None
) -> State:
    """Apply ``events`` in order, showing ``on_event`` each with the state after it."""
    for ev in events:
        state = rules.evolve(state, ev)
        if on_event:
            on_event(ev, state)
    return state


def win_rates(
    rules: Rules,
    players: int,
    lineup: list[str],
    games: int,
    options: dict[str, Any] | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    bots: dict[str, Bot] | None = None,
) -> list[float]:
    """Share of ``games`` seeded games each seat wins (a shared win counts for every winner).

    ``on_game`` is given each game's result as it ends (a progress bar; Pes's wins in solo Spots); ``bots`` are the
    bots the lineup names (the game's own bots by default).
    """
    named = rules.bots if bots is None else bots
    wins = [0.0] * players
    for game in range(games):
        # Rotate the lineup so no bot profits from a fixed seat.
        shift = game % players
        names = lineup[shift:] + lineup[:shift]
        result = play(rules, players, [named[name] for name in names], f"rate-{game}", options).result
        for seat in result["winners"]:
            wins[(seat + shift) % players] += 1
        if on_game:
            on_game(result)
    return [won / games for won in wins]
