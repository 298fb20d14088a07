"""Felix's hidden information (spec section 7): what a seat sees, the events as it gets them, its secrets."""

from __future__ import annotations

from typing import Any

from domain.engine import Event, Seat, Secret, State, View
from domain.felix.content import ROUNDS
from domain.felix.scoring import result, setup_removed_by_set


def view(state: State, seat: Seat) -> View:
    """What ``seat`` sees (None: a spectator): own hand, mice, won pile and row card; sizes of the rest."""
    over = state["phase"] == "ended"

    def mine(items: list[Any]) -> list[Any]:
        return [item if over or owner == seat else None for owner, item in enumerate(items)]

    seen = [slot["card"] for slot in state["row"] if slot["face_up"]]
    seen += state["out_of_play"] + [card for pile in state["won"] for card in pile]
    return {
        "game": "felix",
        "you": seat,
        "players": state["players"],
        "phase": state["phase"],
        "round": state["round"],
        "rounds": ROUNDS,
        "start_seat": state["start_seat"],
        "turn": state["turn"],
        "stocked": state["stocked"],
        "bank": state["bank"],
        "total_mice": state["total_mice"],
        "mouse_cards": [dict(card) for card in state["mouse_cards"]],
        "table": list(state["table"]),
        "passed": list(state["passed"]),
        "passes": state["passes"],
        "high": state["high"],
        "high_bidder": state["high_bidder"],
        "row": [
            {**slot, "card": slot["card"] if over or slot["face_up"] or slot["owner"] == seat else None}
            for slot in state["row"]
        ],
        "hands": mine([list(hand) for hand in state["hands"]]),
        "hand_sizes": [len(hand) for hand in state["hands"]],
        "mice": mine(list(state["mice"])),
        "won": mine([list(pile) for pile in state["won"]]),
        "won_sizes": [len(pile) for pile in state["won"]],
        "out_of_play": list(state["out_of_play"]),
        # Every card that has been face up: public at the table, kept here as a perfect memory for bots.
        "seen": sorted(seen),
        "dummy_stack_size": len(state["dummy_stack"]),
        "setup_removed": setup_removed_by_set(state) if over else None,
        "result": result(state),
    }


def redact(event: Event, seat: Seat) -> Event:
    """Hide other hands, the removed cards and the dummy stack at the start, and others' placed cards."""
    data = event["data"]
    if event["type"] == "GameStarted":
        hidden = ("setup_removed", "dummy_stack", "hands")
        hands = {key: cards for key, cards in data["hands"].items() if seat is not None and key == str(seat)}
        return {
            "type": event["type"],
            "data": {**{key: value for key, value in data.items() if key not in hidden}, "hands": hands},
        }
    if event["type"] == "CardPlayed" and data["seat"] != seat:
        return {"type": event["type"], "data": {key: value for key, value in data.items() if key != "card"}}
    return event


def secrets(state: State, seat: Seat) -> list[Secret]:
    """The card ids ``seat`` may not see now: others' hands and face-down cards, the removed cards, the dummy stack.

    Card ids are unique in a game. Every card of the dummy stack is a secret by itself, so its order needs no
    tuple. Two things the view hides are no secrets here: others' won piles were face up to all when won (R20),
    and others' mice follow from the public events that move them (R6).
    """
    if state["phase"] == "ended":
        return []
    hidden = [card for owner, hand in enumerate(state["hands"]) if owner != seat for card in hand]
    hidden += [slot["card"] for slot in state["row"] if not slot["face_up"] and slot["owner"] != seat]
    return hidden + state["setup_removed"] + state["dummy_stack"]
