"""A whole Spots state drawn among those a seat's view and log allow (issue 34's simulator; spec 7).

Spots hides only orders, the same from every seat: the dog deck below its top card, and each free-walk stack below
its top tile. Every other card is in sight (a pack, Pes's pile, the deck's top), so the deck holds exactly the
unseen cards, in an order the shuffle made uniform and nothing has shown since. A free-walk stack turns: each
refresh moves a face-down top to the bottom and reveals the next tile, so the tiles seen so far lie in the order
they were seen, at the bottom, and only the never-seen ones between the top and them are in an unknown order. The
log says the order they were seen in (TricksLaidOut, then each TilesRefreshed).
"""

from __future__ import annotations

import random
from typing import Any

from domain.engine import Event, View
from domain.spots.content import BY_COLOUR, DOGS, TILES
from domain.spots.state import State, copy_state

#: What a view adds to the state it shows.
_VIEW_ONLY = ("game", "you")


def sample(view: View, history: list[Event], rng: random.Random) -> State:
    """A state drawn uniformly among those consistent with ``view`` and the seat's redacted ``history``."""
    seen = _tiles_seen(history) if view["tile_set"] == "free_walk" else {}
    state = {key: value for key, value in view.items() if key not in _VIEW_ONLY}
    state["deck"] = _deck(view, rng)
    state["positions"] = [
        {"stack": _stack(position, seen, rng), "face_up": position["face_up"], "treats": position["treats"]}
        for position in view["positions"]
    ]
    if "stacks" in view:  # shuffled, not yet laid out
        state["stacks"] = {top: _stack(shown, seen, rng) for top, shown in view["stacks"].items()}
    # The view shares the true state's lists: the sample gets its own.
    return copy_state(state)


def _deck(view: View, rng: random.Random) -> list[int]:
    """The top card, then every card in no pack and no pile, shuffled (the whole order once the game has ended)."""
    deck = view["deck"]
    if "order" in deck:
        return list(deck["order"])
    if deck["top"] is None:
        return []
    held = {card["card"] for seat in view["seats"] for card in seat["pack"]}
    held |= set(view["pes"]["pile"]) if view["pes"] else set()
    unseen = [card for card in DOGS if card not in held and card != deck["top"]]
    rng.shuffle(unseen)
    return [deck["top"], *unseen]


def _tiles_seen(history: list[Event]) -> dict[str, list[str]]:
    """Each colour's tiles in the order they first lay on top of its stack."""
    seen: dict[str, dict[str, None]] = {}
    for event in history:
        if event["type"] == "TricksLaidOut":
            tops = event["data"]["positions"]
        elif event["type"] == "TilesRefreshed":
            tops = event["data"]["revealed"]
        else:
            continue
        for tile in tops:
            seen.setdefault(TILES[tile].colour, {})[tile] = None
    return {colour: list(tiles) for colour, tiles in seen.items()}


def _stack(shown: dict[str, Any], seen: dict[str, list[str]], rng: random.Random) -> list[str]:
    """A stack with the shown top: the tiles seen in their order, the unseen ones shuffled after them, turned so that
    the top comes first (a stack that has come full circle is known whole)."""
    if "stack" in shown:
        return list(shown["stack"])
    top = shown["tile"]
    if shown["size"] == 1:
        return [top]
    order = seen.get(TILES[top].colour, [])
    order = order if top in order else [*order, top]
    unseen = [tile for tile in BY_COLOUR[TILES[top].colour] if tile not in order]
    rng.shuffle(unseen)
    # The last tile seen is the top until the stack has come full circle, so the unseen ones follow the top.
    cycle = [*order, *unseen]
    at = cycle.index(top)
    return cycle[at:] + cycle[:at]
