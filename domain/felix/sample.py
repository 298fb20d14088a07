"""Felix's sampler (issue 34): a full state drawn among those consistent with all one seat has seen.

The seat's redacted log hides only card ids: the other hands and the removed cards in ``GameStarted`` (and the
dummy stack with 3 players), and the card of every ``CardPlayed`` by another seat. Every other event, each
movement of mice among them (R6), reaches every seat unchanged. So the sampler completes the log and folds it
with ``evolve``: rivals' mice and won piles then come out exactly as they are, from the one place that moves them.

Completing the log is a deal per set. A set's unseen cards are its ten less those seen: turned face up in play,
or (the seat's own set) in its own hand. Every card of the set lies in one of its hidden places: its setup-removed
card, its owner's face-down card in the row, its owner's hand, or (the dummy's set) the dummy stack below the
cards turned over so far. Nothing in the rules tells these apart, so one shuffle deals them, each deal equally
likely.
"""

from __future__ import annotations

import random

from domain.engine import Event, State, View
from domain.felix.content import DUMMY, DUMMY_SET, has_dummy, set_cards
from domain.felix.state import evolve


def sample(view: View, history: list[Event], rng: random.Random) -> State:
    """A state drawn uniformly among the deals of unseen cards that agree with ``view`` and ``history``."""
    if not history or history[0]["type"] != "GameStarted":
        raise ValueError("a Felix sample needs the seat's log from GameStarted on")
    # The view needs no reading of its own: it is a function of the state, which the completed log folds to.
    events = list(history)
    shown, face_down = _turned_over(history, events)
    events[0] = _deal(history, shown, face_down, events, rng)
    state = None
    for ev in events:
        state = evolve(state, ev)
    return state


def _turned_over(history: list[Event], events: list[Event]) -> tuple[dict[int, list[str]], dict[int, int]]:
    """Each set's cards turned face up in play, in order, and the index of each seat's CardPlayed still face down.

    A rival's card that has been turned over is put back into its CardPlayed in ``events``.
    """
    shown: dict[int, list[str]] = {set_number: [] for set_number in _sets(history[0]["data"]["player_count"])}
    face_down: dict[int, int] = {}
    for index, ev in enumerate(history):
        data = ev["data"]
        if ev["type"] == "CardPlayed" and "card" not in data:
            face_down[data["seat"]] = index
        elif ev["type"] == "CardRevealed":
            owner = data["owner"]
            shown[DUMMY_SET if owner == DUMMY else owner].append(data["card"])
            if owner in face_down:
                played = face_down.pop(owner)
                events[played] = _with_card(history[played], data["card"])
    return shown, face_down


def _deal(
    history: list[Event],
    shown: dict[int, list[str]],
    face_down: dict[int, int],
    events: list[Event],
    rng: random.Random,
) -> Event:
    """The GameStarted of one uniform deal of each set's unseen cards; face-down cards go into ``events``."""
    started = history[0]["data"]
    hands: dict[str, list[str]] = {}
    removed: dict[str, str] = {}
    extra: dict[str, list[str]] = {}
    for set_number, seen in shown.items():
        key = str(set_number)
        known_hand = started["hands"].get(key)
        known = seen if known_hand is None else known_hand
        unseen = [card for card in set_cards(set_number) if card not in known]
        rng.shuffle(unseen)
        removed[key] = unseen.pop()
        if set_number == DUMMY_SET and has_dummy(started["player_count"]):
            # The stack's top cards were turned over in order; the rest lie below them in any order.
            extra["dummy_stack"] = seen + unseen
        elif known_hand is not None:
            hands[key] = list(known_hand)
        else:
            if set_number in face_down:
                index = face_down[set_number]
                events[index] = _with_card(history[index], unseen.pop())
            hands[key] = [card for card in set_cards(set_number) if card != removed[key]]
    return {"type": "GameStarted", "data": {**started, "hands": hands, "setup_removed": removed, **extra}}


def _sets(players: int) -> list[int]:
    """The card sets in play: one per seat, and the dummy's with 3 players."""
    return [*range(players), DUMMY_SET] if has_dummy(players) else list(range(players))


def _with_card(ev: Event, card: str) -> Event:
    """A copy of a redacted CardPlayed with its card put back."""
    return {"type": ev["type"], "data": {**ev["data"], "card": card}}
