"""Hidden information (spec §7): shuffle orders are server-only; a newspaper's address is seen only by its carrier.

``view``, ``redact`` and ``secrets``.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from domain.dogslife.state import State, address_of, is_paper
from domain.engine import Event, Seat, Secret, View

#: Events whose "order" field is a secret shuffle permutation.
SHUFFLES = ("DeckShuffled", "DeckReshuffled", "NewspaperStackShuffled")
#: State fields a view leaves out: rebuilt below, or bookkeeping (event numbers) no seat needs.
SERVER_ONLY = ("seats", "ground", "stack", "n", "fork_since", "actions_since")
#: Events whose "address" field only the acting seat saw.
PRIVATE_ADDRESS = ("NewspaperTaken", "ItemPickedUp")


def _slot(item: Any, mine: bool) -> Any:
    """A carried item: "bone", None, or a newspaper (with its address only for the carrier)."""
    if not is_paper(item):
        return item
    return {"item": "newspaper", "address": address_of(item)} if mine else "newspaper"


def _addresses(papers: list[str]) -> list[int]:
    return [address_of(item) for item in papers]


def view(state: State, seat: Seat) -> View:
    """The state with secrets removed; everything once the game is over."""
    over = state["phase"] == "over"
    seats = []
    for other, dog in enumerate(state["seats"]):
        seats.append({
            **{key: value for key, value in dog.items() if key not in ("slots", "deck")},
            "carrying": [_slot(item, over or other == seat) for item in dog["slots"]],
            "deck": list(dog["deck"]) if over else len(dog["deck"]),
            "discard": list(dog["discard"]),
        })
    ground = {
        space: {"bones": spot["bones"], "newspapers": _addresses(spot["papers"]) if over else len(spot["papers"])}
        for space, spot in state["ground"].items()
    }
    public = {key: value for key, value in state.items() if key not in SERVER_ONLY}
    return {
        **public,
        "game": "dogslife",
        "you": seat,
        "seats": seats,
        "ground": ground,
        "stack": _addresses(state["stack"]) if over else len(state["stack"]),
    }


def secrets(state: State, seat: Seat) -> list[Secret]:
    """What ``seat`` may not learn now: every deck's order, the stack's order, each newspaper it does not carry."""
    if state["phase"] == "over":
        return []
    seats = state["seats"]
    # A deck by its neighbouring cards: card ids are unique, and no public list (a discard pile never shares a card
    # with its deck) holds two of them in deck order, so even part of an order is caught.
    hidden: list[Secret] = [pair for dog in seats for pair in pairwise(dog["deck"])]
    if len(state["stack"]) > 1:
        hidden.append(tuple(address_of(item) for item in state["stack"]))  # the order as a shuffle event holds it
    hidden += state["stack"]
    hidden += [item for spot in state["ground"].values() for item in spot["papers"]]
    carried = [item for other, dog in enumerate(seats) if other != seat for item in dog["slots"] if is_paper(item)]
    return hidden + carried


def redact(event: Event, seat: Seat) -> Event:
    """The event without the shuffle orders, and without the address unless ``seat`` is the one who saw it."""
    data = event["data"]
    if event["type"] in SHUFFLES:
        data = {key: value for key, value in data.items() if key != "order"}
    elif event["type"] in PRIVATE_ADDRESS and "address" in data and data["seat"] != seat:
        data = {key: value for key, value in data.items() if key != "address"}
    return {"type": event["type"], "data": data}
