"""The engine contract's adapter for A Dog's Life (the whole of spec shared/rules/dogslife.md): each method is one
call into the modules that implement its sections."""

from __future__ import annotations

import random
from typing import Any

from domain.choices import Node
from domain.dogslife import choices, moves, sample, scoring, setup, text, view
from domain.dogslife.bots import BOTS, EARLIER_BOTS
from domain.dogslife.content import MAX_PLAYERS, MIN_PLAYERS
from domain.dogslife.setup import OPTIONS_SCHEMA
from domain.dogslife.state import State, copy, evolve
from domain.engine import Automatic, Command, Event, Rules, Seat, Secret, View
from domain.language import Message


class DogsLife(Rules):
    """A Dog's Life (2001 rules): bury bones in your den before the others, and keep out of the dogcatcher's truck."""

    id = "dogslife"
    name = "A Dog's Life"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_schema = OPTIONS_SCHEMA
    # 2: "actions_since", the start of the action deadline; 3: newspapers held by id, "sudden_death" lists the tied
    state_version = 3
    bots = BOTS
    earlier_bots = EARLIER_BOTS

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Defaults filled in; BadOptions for an unknown option or a value out of range (§3)."""
        return setup.normalize_options(options, players)

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """§3: seat the dogs, deal the dens, shuffle decks and newspapers, pick the first seat."""
        return setup.setup_events(players, options, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        """Fold one event."""
        return evolve(state, event)

    def copy(self, state: State) -> State:
        """A structural copy (state.py knows the shape), several times faster than the default JSON round trip."""
        return copy(state)

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """The events a command causes; IllegalMove for anything the rules refuse."""
        return moves.decide(state, seat, command, rng)

    def apply(self, state: State, seat: Seat, command: Command, rng: random.Random) -> tuple[list[Event], State]:
        """``decide`` worked out on the caller's own ``state``, each event folded once."""
        return moves.apply(state, seat, command, rng)

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command decide accepts from ``seat`` now."""
        return moves.legal_moves(state, seat)

    def sample(self, view: View, history: list[Event], rng: random.Random) -> State:
        """Deck orders and newspapers' addresses drawn among those the view and the log allow
        (domain/dogslife/sample)."""
        return sample.sample(view, history, rng)

    def to_act(self, state: State) -> list[int]:
        """The setup chooser, the active seat in its action phase, or the active seat at a truck fork."""
        return moves.to_act(state)

    def automatic(self, state: State) -> list[Automatic]:
        """The truck's roll (at once), the deadlines of the action phase and the route choice, and the timed end."""
        return moves.automatic(state)

    def result(self, state: State) -> dict[str, Any] | None:
        """The winner and every dog's buried bones, once the game is over (§5)."""
        return scoring.result(state)

    def view(self, state: State, seat: Seat) -> View:
        """The table as ``seat`` sees it (§7)."""
        return view.view(state, seat)

    def redact(self, event: Event, seat: Seat) -> Event:
        """The event as ``seat`` sees it (§7)."""
        return view.redact(event, seat)

    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """Deck and stack orders, and the newspapers ``seat`` does not carry (§7)."""
        return view.secrets(state, seat)

    def message(self, event: Event) -> Message:
        """What an event says (domain/dogslife/locales)."""
        return text.describe(event)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """A move as a player says it ("Move to the lamppost E-5")."""
        return text.label(state, seat, move)

    def choices(self, state: State, seat: int) -> Node | None:
        """An action, then its details: where to move on the board, whom to attack, what to drop."""
        return choices.choices(state, seat)

    def render(self, state: State, seat: Seat = None) -> str:
        """The city map and the dog sheets."""
        return text.render(state, seat)
