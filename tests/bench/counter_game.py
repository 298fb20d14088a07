"""A bench-only game whose every command appends exactly one event, so a log of any length can be written.

No real game reaches thousands of events; this one lets the bench write such a log through the real
CommandHandler (and so take snapshots exactly as production does). It is registered in
``domain.catalogue.GAMES`` only inside the bench process, never in the server's.
"""

from __future__ import annotations

import random
from typing import Any

from domain.catalogue import GAMES
from domain.engine import Command, Event, Rules, Seat, State, View, event, require
from domain.language import Message, message


class Counter(Rules):
    """One seat; the only command, Tick, appends one Ticked event; the game never ends."""

    id = "bench-counter"
    name = "Bench counter"
    min_players = 1
    max_players = 1
    options_schema: dict[str, Any] = {"type": "object", "properties": {}, "additionalProperties": False}
    bots: dict = {}

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """No options."""
        return {}

    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """One event starts the count."""
        return [event("CounterStarted")]

    def evolve(self, state: State | None, ev: Event) -> State:
        """Count the Ticked events."""
        if ev["type"] == "CounterStarted":
            return {"ticks": 0}
        state["ticks"] += 1
        return state

    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """Tick from seat 0 -> one Ticked event."""
        require(seat == 0 and command.get("type") == "Tick", "UnknownCommand")
        return [event("Ticked", n=state["ticks"] + 1)]

    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Seat 0 may always tick."""
        return [{"type": "Tick"}] if seat == 0 else []

    def to_act(self, state: State) -> list[int]:
        """Always seat 0."""
        return [0]

    def automatic(self, state: State) -> list:
        """Nothing automatic, so the handler never enqueues a job."""
        return []

    def result(self, state: State) -> dict[str, Any] | None:
        """Never over."""
        return None

    def view(self, state: State, seat: Seat) -> View:
        """The count."""
        return dict(state)

    def redact(self, ev: Event, seat: Seat) -> Event:
        """Nothing hidden."""
        return ev

    def secrets(self, state: State, seat: Seat) -> list[str]:
        """Nothing hidden."""
        return []

    def message(self, ev: Event) -> Message:
        """A tick, in Counter's words (this game has no catalogues of its own)."""
        return message("counter-add", by=1)

    def label(self, state: State, seat: int, move: Command) -> Message:
        """Tick, in Counter's words."""
        return message("counter-add", by=1)


RULES = Counter()


def register() -> str:
    """Add the counter game to this process's catalogue; returns its id."""
    GAMES.setdefault(RULES.id, RULES)
    return RULES.id
