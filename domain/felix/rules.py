"""Felix as a ``Rules``: the engine contract, each method one call into the modules that hold the rules."""

from __future__ import annotations

import random
from typing import Any

from domain.choices import Node
from domain.engine import Automatic, Command, Event, Rules, Seat, Secret, State, View
from domain.felix import bots, choices, moves, sample, scoring, setup, text, view
from domain.felix.content import MAX_PLAYERS, MIN_PLAYERS
from domain.felix.state import copy_state, evolve
from domain.language import Message


class Felix(Rules):
    """Felix: The Cat in the Sack, 3 to 5 players, as shared/rules/felix.md specifies."""

    id = "felix"
    name = "Felix: The Cat in the Sack"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = setup.OPTIONS_SCHEMA
    bots = bots.BOTS

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Felix has no options; only 3 to 5 players (R1)."""
        return setup.normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The GameStarted that records every chance outcome of setup, and round 1."""
        return setup.setup(players, options, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event to the state (in place)."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """Every event a command causes, up to the next decision; Felix draws no chance after setup."""
        return moves.decide(state, seat, command)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command the seat on turn may issue; nothing for anyone else."""
        return moves.legal_moves(state, seat)

    def to_act(self, state: State) -> list[int]:
        """The seat on turn, if any."""
        return moves.to_act(state)

    def automatic(self, state: State) -> list[Automatic]:
        """None: reveals, resolution and round ends happen inside the decide that triggers them."""
        return moves.automatic(state)

    def result(self, state: State) -> dict[str, Any] | None:
        """The scores and winners once round 9 is over."""
        return scoring.result(state)

    def view(self, state: State, seat: Seat) -> View:
        """What ``seat`` sees: own hand, mice, won pile and row card; sizes of the rest."""
        return view.view(state, seat)

    def redact(self, event: Event, seat: Seat) -> Event:
        """The event without other hands, the removed cards, the dummy stack and others' placed cards."""
        return view.redact(event, seat)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """The cards hidden from ``seat`` now."""
        return view.secrets(state, seat)

    def message(self, event: Event) -> Message:
        """What an event says (domain/felix/locales)."""
        return text.describe(event)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """A move as a player says it ("Bid 3 mice")."""
        return text.label(state, seat, move)

    def choices(self, state: State, seat: int) -> Node | None:
        """A card to put face down on the board; pass or a bid on a stepper; buy or decline the row."""
        return choices.choices(state, seat)

    def sample(self, view: View, history: list[Event], rng: random.Random) -> State:
        """A state drawn among those consistent with a seat's view and its redacted log: the unseen cards dealt
        uniformly within their sets, rivals' mice and won piles exactly as the log moved them."""
        return sample.sample(view, history, rng)

    def copy(self, state: State) -> State:
        """A private copy of the state's own shape (no JSON round trip)."""
        return copy_state(state)

    def render(self, state: State, seat: Seat = None) -> str:
        """The table as ``seat`` sees it."""
        return text.render(state, seat)
