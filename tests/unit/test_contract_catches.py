"""The contract itself: a game that shows a secret, or keeps an unknown field, fails its playout."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dogs.rules import DogsRules
from domain.engine import Event, Seat, View
from domain.spots.game import Spots
from tests.unit.contract import check_playout


def no_invariants(state: Any) -> None:
    """These games' own invariants are not what is tested here."""


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


class PaddingDropped(DogsRules):
    """DOGS that drops an unknown field instead of refusing the command."""

    def decide(self, state: Any, seat: Seat, command: Any, rng: Any) -> list[Event]:
        """The events of the command without its padding."""
        if isinstance(command, dict):
            command = {k: v for k, v in command.items() if k != "padding"}
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
