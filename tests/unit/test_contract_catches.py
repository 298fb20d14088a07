"""The contract itself: a game that shows a secret, keeps an unknown field, keeps a state JSON cannot carry,
changes it in decide or through a view fails its playout."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dogs.rules import Dogs
from domain.engine import Event, Seat, View
from domain.spots.rules import Spots
from tests.unit.contract import check_playout, no_invariants


class DeckInTheView(Spots):
    """Spots whose view shows one seat the whole dog deck."""

    def view(self, state: Any, seat: Seat) -> View:
        """The view, plus the deck in order for seat 1."""
        return {**super().view(state, seat), **({"deck_order": list(state["deck"])} if seat == 1 else {})}


class ShufflesUnredacted(Spots):
    """Spots whose events go out as they are, shuffle orders included."""

    def redact(self, event: Event, seat: Seat) -> Event:
        """The event unchanged."""
        return event


class PaddingDropped(Dogs):
    """DOGS that drops an unknown field instead of refusing the command."""

    def decide(self, state: Any, seat: Seat, command: Any, rng: Any) -> list[Event]:
        """The events of the command without its padding."""
        if isinstance(command, dict):
            command = {k: v for k, v in command.items() if k != "padding"}
        return super().decide(state, seat, command, rng)


class TupleInTheState(Dogs):
    """DOGS whose state keeps a tuple, which JSON gives back as a list."""

    def evolve(self, state: Any, event: Event) -> Any:
        """The state, with a tuple beside it."""
        return {**super().evolve(state, event), "pair": (1, 2)}


class BotMarksTheView(Spots):
    """Spots whose bots add a die to the first seat's yard in the view they are given, whose parts the state shares."""

    def __init__(self) -> None:
        super().__init__()
        self.bots = {name: self.rummaging(bot) for name, bot in Spots.bots.items()}

    @staticmethod
    def rummaging(bot: Any) -> Any:
        """``bot``, after it marks the view."""

        def move(view: View, legal: list, rng: Any) -> Any:
            view["seats"][0]["yard"].append(0)
            return bot(view, legal, rng)

        return move


class DecideCounts(Dogs):
    """DOGS whose decide counts its calls in the state it is given."""

    def decide(self, state: Any, seat: Seat, command: Any, rng: Any) -> list[Event]:
        """The events of the command, after a mark left in ``state``."""
        state["decided"] = state.get("decided", 0) + 1
        return super().decide(state, seat, command, rng)


def test_a_view_that_shows_one_seat_a_secret_fails_the_playout():
    with pytest.raises(AssertionError, match="the view shown to seat 1 reveals"):
        check_playout(DeckInTheView(), 2, "leaky-view", no_invariants)


def test_an_event_that_shows_a_secret_fails_the_playout():
    with pytest.raises(AssertionError, match="the TileStacksShuffled shown to seat None reveals"):
        check_playout(ShufflesUnredacted(), 2, "leaky-event", no_invariants, {"tile_set": "free_walk"})


def test_a_game_that_accepts_a_command_with_an_unknown_field_fails_the_playout():
    with pytest.raises(AssertionError, match="an unknown field"):
        check_playout(PaddingDropped(), 2, "padded", no_invariants)


def test_a_state_that_does_not_survive_a_json_round_trip_fails_the_playout():
    with pytest.raises(AssertionError, match="does not survive a JSON round trip"):
        check_playout(TupleInTheState(), 2, "tuple", no_invariants)


def test_a_bot_that_changes_the_view_it_reads_fails_the_playout():
    with pytest.raises(AssertionError, match="or the bot reading it, changed the state"):
        check_playout(BotMarksTheView(), 2, "rummaging", no_invariants)


def test_a_decide_that_changes_the_state_it_is_given_fails_the_playout():
    with pytest.raises(AssertionError, match="mutated the state"):
        check_playout(DecideCounts(), 2, "mutating", no_invariants)
