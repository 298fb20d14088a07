"""The invariants of spec §8, asserted on any A Dog's Life state (used by the playout tests)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.dogslife.board import ADDRESSES, KIND, KIOSK, LAMPPOSTS, POUND, STREET_ADJ, STREETS, TRASH
from domain.dogslife.content import BONES, DOGS, PEE_TOKENS, SEARCH_TOKENS, SLOTS
from domain.dogslife.state import address_of, dog_ap


def check_invariants(state: dict[str, Any]) -> None:
    """Assert §8 items 1-9 (10-12 are checked by the contract and the tests around it)."""
    if state["phase"] == "setup":
        return  # dogs and decks are still being dealt
    seats = state["seats"]
    carried = [item for dog in seats for item in dog["slots"] if item is not None]
    ground = state["ground"].values()
    # 1. bones
    assert state["bones"] >= 0 and all(spot["bones"] >= 0 for spot in ground)
    assert state["bones"] + carried.count("bone") + sum(s["bones"] for s in ground) + sum(
        d["buried"] for d in seats
    ) == BONES
    # 2. newspapers
    papers = state["stack"] + [i for i in carried if i != "bone"] + [a for s in ground for a in s["papers"]]
    assert sorted(address_of(item) for item in papers) == ADDRESSES
    assert not state["ground"].get(KIOSK, {}).get("papers")
    # 3. search tokens
    assert state["tokens"] + len(state["searched"]) == SEARCH_TOKENS
    assert len(set(state["searched"])) == len(state["searched"]) and set(state["searched"]) <= TRASH
    # 4. pee
    marks = Counter(state["marks"].values())
    assert set(state["marks"]) <= LAMPPOSTS
    for seat, dog in enumerate(seats):
        assert dog["reserve"] + dog["bladder"] + marks[seat] == PEE_TOKENS and 0 <= dog["bladder"] <= 2
        assert dog["reserve"] >= 0
        # 5. hunger, carrying, AP
        assert 0 <= dog["hunger"] <= 4 and len(dog["slots"]) == SLOTS
        # 6. decks
        deck = DOGS[dog["dog"]].deck
        assert sorted(dog["deck"] + dog["discard"]) == sorted(deck)
        assert DOGS[dog["dog"]].shuffle_card not in dog["discard"]
        # 7. board or pound, never both; nothing carried in the pound
        assert (dog["space"] is None) == (dog["pound"] in (1, 2, 3, 4))
        assert dog["space"] is not None or dog["slots"] == [None] * SLOTS
    if state["active"] is not None:
        assert 0 <= state["ap"] <= dog_ap(state, state["active"])
    # 8. between turns, at a route choice and (but for a dog passing through) in the action phase,
    # no two dogs share a space and none is on the truck's cell; mid-truck events are excluded
    at_rest = state["phase"] in ("between", "start", "actions") or state["routes"]
    if at_rest:
        mover = state["active"] if state["phase"] == "actions" else None
        spaces = [d["space"] for s, d in enumerate(seats) if d["space"] not in (None, POUND) and s != mover]
        assert len(spaces) == len(set(spaces)) and state["truck"]["cell"] not in spaces
    for dog in seats:
        assert KIND.get(dog["space"]) != "den" or dog["space"] == dog["den"]
    # 9. truck
    truck = state["truck"]
    assert truck["cell"] in STREETS and (truck["rear"] is None or truck["rear"] in STREET_ADJ[truck["cell"]])


def addresses(value: Any) -> list[int]:
    """Every newspaper "address" found anywhere in a JSON value (a view, an event, a response)."""
    if isinstance(value, dict):
        own = [value["address"]] if "address" in value else []
        return own + [a for v in value.values() for a in addresses(v)]
    if isinstance(value, list):
        return [a for v in value for a in addresses(v)]
    return []
