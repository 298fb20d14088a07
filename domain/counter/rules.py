"""Counter as a ``Rules``: the engine contract, each method one call into the modules that hold the rules."""

from __future__ import annotations

import random
from typing import Any

from domain.choices import Node
from domain.counter import bots, choices, moves, scoring, setup, text, view
from domain.counter.content import PLAYERS
from domain.counter.state import evolve
from domain.engine import Automatic, Command, Event, Rules, Seat, Secret, State, View
from domain.language import Message


class Counter(Rules):
    """Two seats alternate adding 1 or 2 to a total, for a set number of moves (the benchmarks' game)."""

    id = "counter"
    name = "Counter"
    min_players = PLAYERS
    max_players = PLAYERS
    options_schema = setup.OPTIONS_SCHEMA
    bots = bots.BOTS
    redraw_after = frozenset({"GameStarted", "Incremented", "GameEnded"})

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Two players; ``moves`` from 1 to 20,000 (default 1000)."""
        return setup.normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """GameStarted: nothing is left to chance."""
        return setup.setup(players, options)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event to the state (in place)."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """Incremented, and GameEnded after the last move."""
        return moves.decide(state, seat, command)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Add 1 or add 2, for the seat on turn."""
        return moves.legal_moves(state, seat)

    def to_act(self, state: State) -> list[int]:
        """The seat on turn."""
        return moves.to_act(state)

    def automatic(self, state: State) -> list[Automatic]:
        """None: the game has no system steps."""
        return moves.automatic(state)

    def result(self, state: State) -> dict[str, Any] | None:
        """Each seat's sum and the winners, once the last move is made."""
        return scoring.result(state)

    def view(self, state: State, seat: Seat) -> View:
        """Everything: nothing is hidden."""
        return view.view(state, seat)

    def redact(self, event: Event, seat: Seat) -> Event:
        """The event as it is: nothing is hidden."""
        return view.redact(event, seat)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """None."""
        return view.secrets(state, seat)

    def message(self, event: Event) -> Message:
        """What an event says (domain/counter/locales)."""
        return text.describe(event)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """Add 1 or Add 2, as the move's label."""
        return text.label(move)

    def choices(self, state: State, seat: int) -> Node | None:
        """Add 1 or Add 2, as a stepper."""
        return choices.choices(state, seat)

    def render(self, state: State, seat: Seat = None) -> str:
        """The table as one line."""
        return text.render(state, seat)
