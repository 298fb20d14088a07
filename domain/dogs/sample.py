"""DOGS' sampler (issue 34): a full state drawn among those consistent with all one seat has seen (§7).

DOGS hides nothing from one seat that it shows another (§7.1): what §7.2 hides is hidden from all, and every choice
a player makes is made without it, so no move tells anything about it. What is hidden:

- each supply's order: its tokens are those of its group seen nowhere on the table (the view shows every other
  place), and it is drawn from the top only, or shuffled whole, so the rest lies in a uniform order;
- with 2 players, the lost dog removed from each group (§3.1): one of the group's lost dogs never seen, each alike;
- the draw pile's order: the action cards seen nowhere. A reshuffle puts the old pile above the shuffled discards,
  but the deal that follows in the same batch takes all of the old pile, so between commands the pile is one
  uniform order of its cards;
- the Fair pile below its top: it turns one card a round (top to bottom), so the cards seen on top so far lie at
  its bottom in the order they were seen (the log's FairCardRevealed and FairCardRotated), the others between.

Not exact inside one command's batch of events, where no seat decides: between a reshuffle and its deal (the old
pile's cards and the discards are shuffled together here), and during setup, where tokens and cards not yet in a
supply or pile are left out of it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from domain.dogs.content import (
    ACTION_CARDS,
    BREED_GROUP,
    FAIR_CARDS,
    GROUPS,
    REMOVED_WITH_TWO,
    blocker_tokens,
    dog_tokens,
    is_blocker,
    is_lost,
)
from domain.dogs.state import State, copy_state
from domain.engine import Event, View

#: What a view adds to the state it shows.
_VIEW_ONLY = ("pending", "fair_price", "game", "you")


def sample(view: View, history: list[Event], rng: random.Random) -> State:
    """A state drawn uniformly among those consistent with ``view`` and the seat's redacted ``history``."""
    state = {key: value for key, value in view.items() if key not in _VIEW_ONLY}
    if view["step"] != "over":  # once over, the view shows every order
        seen = set(_strings({key: value for key, value in state.items() if key not in ("supply", "deck")}))
        state["removed"], state["supply"] = _supplies(view, seen, rng)
        state["deck"] = _shuffled([card for card in _action_cards(view) if card not in seen], rng)[: view["deck"]]
        state["fair_deck"] = _fair_deck(view["fair_deck"], history, rng)
    # The view shares the true state's lists: the sample gets its own.
    return copy_state(state)


def _strings(value: Any) -> Iterator[str]:
    """Every string in a view's part, at any depth: the tokens and cards it shows."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _supplies(view: View, seen: set[str], rng: random.Random) -> tuple[list[str], dict[str, list[str]]]:
    """The removed lost dogs (one a group, 2 players) and each supply: its group's unseen tokens, shuffled."""
    removed: list[str] = []
    supply: dict[str, list[str]] = {}
    for group in GROUPS:
        tokens = dog_tokens([breed for breed in view["breeds"] if BREED_GROUP[breed] == group])
        if view["players"] == 2:
            tokens += blocker_tokens(group)
        unseen = _shuffled([token for token in tokens if token not in seen], rng)
        if view["removed"]:
            # The first unseen lost dog of a uniform order is a uniform one among them.
            lost = next(token for token in unseen if not is_blocker(token) and is_lost(token))
            removed.append(lost)
            unseen.remove(lost)
        # During setup, tokens not yet shuffled into their supply lie in no place: the view counts none.
        supply[group] = unseen[: view["supply"][group]["tokens"]]
    return removed, supply


def _action_cards(view: View) -> list[str]:
    """The action cards in play: with 2 players, four fewer (§3.1)."""
    return [card for card in ACTION_CARDS if view["players"] > 2 or card not in REMOVED_WITH_TWO]


def _fair_deck(shown: dict[str, Any], history: list[Event], rng: random.Random) -> list[str]:
    """The Fair pile: its top, the cards never on top in any order, then those seen on top, in the order seen."""
    if not shown["cards"]:
        return []
    order: dict[str, None] = {}
    for ev in history:
        if ev["type"] == "FairCardRevealed":
            order[ev["data"]["card"]] = None
        elif ev["type"] == "FairCardRotated":
            order[ev["data"]["new"]] = None
    # The top is the last card seen until the pile has come full circle; then the first sightings give the order.
    top = shown["top"]
    order[top] = None
    seen = list(order)
    cycle = [*seen, *_shuffled([card for card in FAIR_CARDS if card not in seen], rng)]
    at = cycle.index(top)
    return cycle[at:] + cycle[:at]


def _shuffled(items: list[str], rng: random.Random) -> list[str]:
    """The items in a uniform random order."""
    rng.shuffle(items)
    return items
