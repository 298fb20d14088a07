"""The printed material and the fixed numbers (spec §2): the six dogs and their decks (§2.3-2.4), the supplies and
tracks (§2.5), the player counts (§1), and the static content a client draws the game with (the board is board.py's).

The dogs and their cards are loaded from ``content/dogs.yaml`` and checked at import.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from domain.dogslife.board import ADDRESSES, HOUSE_OF, board_content
from domain.language import message, render

HERE = Path(__file__).parent / "content"

MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: §2.5: the supplies at the start.
BONES = 30
SEARCH_TOKENS = 15
#: §2.1: pee tokens per dog; one starts in the bladder, the rest in the reserve.
PEE_TOKENS = 8
START_BLADDER = 1
MAX_BLADDER = 2
#: §2.1: the carrying spaces of a dog sheet.
SLOTS = 2
#: §2.5: the hunger track runs 0..4 and starts full; a dog leaving the pound has its hunger set to 2 (§4.2).
MAX_HUNGER = 4
RELEASE_HUNGER = 2
#: §4.2: the pound track space on which a dog leaves without drawing.
POUND_RELEASE = 4

#: Card sections in the order a card row lists them (spec §2.4).
SECTIONS = ("trash", "restaurant", "newspaper", "attack", "escape", "pound")
FINDS = ("trash", "restaurant", "newspaper")
CARDS_PER_DECK = 13


@dataclass(frozen=True)
class Dog:
    """One breed: its AP per turn and its 12 result cards (the shuffle card is ``prefix + "00"``)."""

    id: str
    breed: str
    prefix: str
    ap: int
    cards: dict[str, dict[str, Any]]

    @property
    def shuffle_card(self) -> str:
        """The id of the dog's shuffle card."""
        return self.prefix + "00"

    @property
    def deck(self) -> list[str]:
        """All 13 card ids, shuffle card first."""
        return [self.shuffle_card, *self.cards]


def _find(text: str) -> str | int | None:
    """A find result: "B" (bone), 1..3 days of food, or None (nothing)."""
    if text == "–":
        return None
    if text == "B":
        return "B"
    days = int(text)
    if days not in (1, 2, 3):
        raise ValueError(f"food days out of range: {text}")
    return days


def _card(row: str) -> dict[str, Any]:
    """Parse one card row ``trash|restaurant|newspaper|claws|truck|pound``."""
    parts = row.split("|")
    if len(parts) != len(SECTIONS):
        raise ValueError(f"card row needs {len(SECTIONS)} sections: {row!r}")
    trash, restaurant, newspaper, claws, truck, pound = parts  # printed as claws and truck
    if int(claws) not in range(4) or truck not in ("esc", "CAUGHT") or pound not in ("leave", "stay"):
        raise ValueError(f"bad card row {row!r}")
    return {
        "trash": _find(trash),
        "restaurant": _find(restaurant),
        "newspaper": _find(newspaper),
        "attack": int(claws),
        "escape": "escaped" if truck == "esc" else "caught",
        "pound": pound,
    }


def _load_dogs() -> dict[str, Dog]:
    raw = yaml.safe_load((HERE / "dogs.yaml").read_text(encoding="utf-8"))
    dogs = {}
    for dog_id, spec in raw.items():
        cards = {card_id: _card(row) for card_id, row in spec["cards"].items()}
        expected = [f"{spec['prefix']}{i:02d}" for i in range(1, CARDS_PER_DECK)]
        if list(cards) != expected:
            raise ValueError(f"{dog_id}: cards must be {expected[0]}..{expected[-1]} in order")
        dogs[dog_id] = Dog(dog_id, spec["breed"], spec["prefix"], int(spec["ap"]), cards)
    if len(dogs) != 6 or len({d.prefix for d in dogs.values()}) != 6:
        raise ValueError("there must be six dogs with distinct card prefixes")
    return dogs


DOGS: dict[str, Dog] = _load_dogs()
#: Every result card by id, whatever its dog.
CARDS: dict[str, dict[str, Any]] = {cid: card for dog in DOGS.values() for cid, card in dog.cards.items()}
#: The dog a card id belongs to, by its two-letter prefix.
DOG_BY_PREFIX: dict[str, str] = {dog.prefix: dog.id for dog in DOGS.values()}


def dog_key(dog_id: str) -> str:
    """The key of a dog's breed in the catalogues: "German Shepherd"."""
    return f"dogslife-dog-{dog_id}"


def card_key(card_id: str) -> str:
    """The key of a card's printed name in the catalogues (domain/dogslife/locales): "Labrador 4"."""
    return f"dogslife-card-{card_id.lower()}"


def _named(card_id: str) -> dict[str, str]:
    """A card's id, its English name and the key of its name in every language."""
    return {"id": card_id, "name": render(message(card_key(card_id))), "name_key": card_key(card_id)}


def static_content() -> dict[str, Any]:
    """Every space with its drawing coordinates and adjacency, the newspaper addresses, the dogs and their cards."""
    return {
        "board": board_content(),
        "newspapers": [{"address": address, "house": HOUSE_OF[address]} for address in ADDRESSES],
        "dogs": [
            {"id": dog.id, "name": dog.breed, "name_key": dog_key(dog.id), "ap": dog.ap, "deck": dog.deck}
            for dog in DOGS.values()
        ],
        "cards": [
            card
            for dog in DOGS.values()
            for card in [
                {**_named(dog.shuffle_card), "dog": dog.id, "shuffle": True},
                *(
                    {**_named(card_id), "dog": dog.id, "shuffle": False, **card}
                    for card_id, card in dog.cards.items()
                ),
            ]
        ],
    }
