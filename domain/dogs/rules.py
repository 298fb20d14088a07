"""The DOGS ``Rules`` (spec: shared/rules/dogs.md, all sections): the engine contract of ``domain.engine``,
each method one call into the modules that hold the rules."""

from __future__ import annotations

import random
from typing import Any

from domain.choices import Node
from domain.dogs.bots import BOTS
from domain.dogs.choices import choices
from domain.dogs.content import MAX_PLAYERS, MIN_PLAYERS
from domain.dogs.moves import apply, automatic, decide, legal_moves, to_act
from domain.dogs.sample import sample
from domain.dogs.scoring import result
from domain.dogs.setup import OPTIONS_SCHEMA, normalize_options, setup
from domain.dogs.state import State, copy_state, evolve
from domain.dogs.text import REDRAW_AFTER, describe, label, render
from domain.dogs.view import redact, secrets, view
from domain.engine import Automatic, Command, Event, Rules, Seat, Secret, View
from domain.language import Message


class Dogs(Rules):
    """DOGS, the kennel-management game, for 2-4 players."""

    id = "dogs"
    name = "DOGS"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    bots = BOTS
    redraw_after = REDRAW_AFTER

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill in the start player (null: chosen at random, R31)."""
        return normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The setup events and the automatic start of round 1."""
        return setup(players, options, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """A command's events and the automatic steps they make due."""
        return decide(state, seat, command, rng)

    def apply(self, state: State, seat: Seat, command: Command, rng: random.Random) -> tuple[list[Event], State]:
        """``decide`` folded into the caller's own ``state`` as it goes, each event folded once."""
        return apply(state, seat, command, rng)

    def copy(self, state: State) -> State:
        """An independent copy of the state, part by part (no JSON round trip)."""
        return copy_state(state)

    def sample(self, view: View, history: list[Event], rng: random.Random) -> State:
        """The supplies', the draw pile's and the Fair pile's orders and the removed lost dogs, drawn among those the
        view and the log allow (domain/dogs/sample)."""
        return sample(view, history, rng)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every legal command of ``seat`` in canonical form."""
        return legal_moves(state, seat)

    def to_act(self, state: State) -> list[int]:
        """The one pending seat, if any."""
        return to_act(state)

    def automatic(self, state: State) -> list[Automatic]:
        """Always empty: system steps are emitted with the command that makes them due."""
        return automatic(state)

    def result(self, state: State) -> dict[str, Any] | None:
        """Scores and winners once the game has ended."""
        return result(state)

    def view(self, state: State, seat: Seat) -> View:
        """All but the supply and deck orders, the Fair pile below its top, removed lost dogs; ``you``: the viewer."""
        return view(state, seat)

    def redact(self, event: Event, seat: Seat) -> Event:
        """Shuffle orders and removed lost tokens are hidden from every seat."""
        return redact(event, seat)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """Hidden from all until the end (§7.2): supplies, draw pile, the Fair pile below its top, removed dogs."""
        return secrets(state, seat)

    def message(self, event: Event) -> Message:
        """What an event says (domain/dogs/locales)."""
        return describe(event)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """A move as a player says it ("Build the 2-point pen for 2 coins")."""
        return label(state, seat, move)

    def choices(self, state: State, seat: int) -> Node | None:
        """The moves as small steps: a card, then a dog, then another; a kennel one dog at a time."""
        return choices(state, seat)

    def render(self, state: State, seat: Seat = None) -> str:
        """The board, the action board and every kennel."""
        return render(state, seat)
