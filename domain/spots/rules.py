"""Spots as the engine's ``Rules`` (spec 1: its id, name and player counts): each method one call into the module
that holds the rule."""

from __future__ import annotations

import random
from typing import Any

from domain.choices import Node
from domain.engine import Command, Event, Rules, Seat, Secret, View
from domain.language import Message
from domain.spots.bots import BOTS
from domain.spots.choices import choices
from domain.spots.content import MAX_PLAYERS, MIN_PLAYERS
from domain.spots.moves import apply, automatic, decide, legal_moves, to_act
from domain.spots.sample import sample
from domain.spots.scoring import result
from domain.spots.setup import OPTIONS_SCHEMA, normalize_options, opening
from domain.spots.state import State, copy_state, evolve
from domain.spots.text import describe, label, render
from domain.spots.view import redact, secrets, view


class Spots(Rules):
    """Spots (Крапки): push-your-luck dice, 1-5 players, solo against Pes."""

    id = "spots"
    name = "Spots"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    bots = BOTS

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Return complete options with defaults filled in; raise BadOptions."""
        return normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """The events that lay out the table and start the first turn."""
        return opening(players, options, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event."""
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """The events a command causes, automatic follow-ups included; IllegalMove if it is not legal."""
        return decide(state, seat, command, rng)

    # The calls a search's playout makes on every command are the modules' functions themselves: a method that called
    # one cost a frame per call, five a command (1.7% of a random playout's instructions).
    apply = staticmethod(apply)
    legal_moves = staticmethod(legal_moves)
    to_act = staticmethod(to_act)
    automatic = staticmethod(automatic)
    result = staticmethod(result)

    def view(self, state: State, seat: Seat) -> View:
        """The whole table but the deck order and the free-walk stack orders (section 7); ``you``: the viewer's seat."""
        return view(state, seat)

    def redact(self, event: Event, seat: Seat) -> Event:
        """Deck and stack orders are cut to what lies on top."""
        return redact(event)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """The deck order and the free-walk stack orders, the same for every seat (section 7)."""
        return secrets(state)

    def sample(self, view: View, history: list[Event], rng: random.Random) -> State:
        """The deck and free-walk stack orders drawn among those the view and the log allow (domain/spots/sample)."""
        return sample(view, history, rng)

    def message(self, event: Event) -> Message:
        """What an event says (domain/spots/locales)."""
        return describe(event)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """A move as a player says it ("Place the 4 on Bongo")."""
        return label(state, seat, move)

    def choices(self, state: State, seat: int) -> Node | None:
        """Dice, dogs, spaces and tiles picked on the table; numbers as steppers; buttons for the rest."""
        return choices(state, seat)

    def copy(self, state: State) -> State:
        """A structural copy of the state's own shape (no JSON round trip)."""
        return copy_state(state)

    def render(self, state: State, seat: Seat = None) -> str:
        """The table as text."""
        return render(state)
