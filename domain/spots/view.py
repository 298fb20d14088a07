"""What players may see of Spots (spec 7): the whole table but the deck order and the free-walk stack orders,
the same for every seat; everything once the game has ended."""

from __future__ import annotations

from typing import Any

from domain.engine import Event, Seat, Secret, View
from domain.spots.state import State


def view(state: State, seat: Seat) -> View:
    """What ``seat`` sees (the same as everyone), with ``you``: the viewer's seat."""
    return {**observe(state), "game": "spots", "you": seat}


def observe(state: State) -> dict[str, Any]:
    """The state without the deck order below its top card and the stack orders below each top tile.

    Once the game has ended the orders are shown too.
    """
    # Shared with the state, not copied (a copy was a measurable share of every command): see the engine's Rules.view.
    ended = state["phase"] == "ended"
    seen = {key: value for key, value in state.items() if key != "deck"}
    seen["positions"] = [
        {**_stack(position["stack"], ended), "face_up": position["face_up"], "treats": position["treats"]}
        for position in state["positions"]
    ]
    if "stacks" in state:  # shuffled, not yet laid out: a replay may stop right there
        seen["stacks"] = {top: _stack(stack, ended) for top, stack in state["stacks"].items()}
    deck = state["deck"]
    seen["deck"] = {"size": len(deck), "top": deck[0] if deck else None, **({"order": deck} if ended else {})}
    return seen


def _stack(stack: list[str], ended: bool) -> dict[str, Any]:
    return {"tile": stack[0], "size": len(stack), **({"stack": stack} if ended else {})}


def secrets(state: State) -> list[Secret]:
    """What nobody may see before the end: the deck order and each stack's order below its top.

    The deck's order is named with its public top card in front, and only from three cards up: two small numbers
    often stand side by side among die ids or die values by chance, three in a given order seldom.
    """
    if state["phase"] == "ended":
        return []
    stacks = [position["stack"] for position in state["positions"]] + list(state.get("stacks", {}).values())
    hidden: list[Secret] = [tuple(stack[1:]) for stack in stacks if len(stack) > 2]
    if len(state["deck"]) > 2:
        hidden.append(tuple(state["deck"]))
    return hidden


def redact(event: Event) -> Event:
    """Shuffles keep only what lies on top (the deck's top card, each stack's top tile)."""
    data = event["data"]
    if event["type"] == "DogDeckShuffled":
        return {"type": event["type"], "data": {"size": len(data["order"]), "top": data["order"][0]}}
    if event["type"] == "TileStacksShuffled":
        stacks = {colour: {"top": stack[0], "size": len(stack)} for colour, stack in data["stacks"].items()}
        return {"type": event["type"], "data": {"stacks": stacks}}
    return event
