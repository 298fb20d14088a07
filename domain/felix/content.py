"""Felix's content (spec section 2): the card sets, the mice and mouse cards per player count, and lookups on them.

Also the fixed numbers of sections 3-5 that the rest reads: the players (R1), the rounds, the mice each seat
starts with.
"""

from __future__ import annotations

from typing import Any

#: Only 3 to 5 players (R1).
MIN_PLAYERS = 3
MAX_PLAYERS = 5
ROUNDS = 9
START_MICE = 15
#: Per player count: the mouse cards in use (ascending) and the bank before stocking them (section 2.2).
MOUSE_CARDS = {3: [3, 6], 4: [2, 4, 6], 5: [2, 3, 4, 6]}
BANK_BEFORE_STOCKING = {3: 21, 4: 27, 5: 33}
#: The 3-player game auctions a virtual fourth set, one card of it per row, at position 0.
DUMMY_PLAYERS = 3
DUMMY_SET = 3
DUMMY = "dummy"

#: Five animal card sets: seat i owns set i, and the 3-player dummy plays set 3.
SETS = 5
CATS = {"cat-8": -8, "cat-5": -5, "cat3": 3, "cat5": 5, "cat8": 8, "cat11": 11, "cat15": 15}
KINDS = [*CATS, "rabbit", "bigdog", "smalldog"]
DOGS = ("bigdog", "smalldog")
KIND_NAMES = {
    **{kind: f"cat {value}" for kind, value in CATS.items()},
    "rabbit": "rabbit",
    "bigdog": "large dog",
    "smalldog": "small dog",
}


# --- Cards -----------------------------------------------------------------------------------------


def card_set(card: str) -> int:
    """The set (seat colour) a card id belongs to."""
    return int(card.split("/")[0])


def card_name(card: str) -> str:
    """A readable card name, e.g. ``cat 15 (set 2)``."""
    return f"{KIND_NAMES[card_kind(card)]} (set {card_set(card)})"


def name_key(kind: str) -> str:
    """The catalogue key of a card kind's display name (domain/felix/locales): every set's card of it is named so."""
    return f"felix-card-{kind}"


def card_kind(card: str) -> str:
    """The kind part of a card id, e.g. ``cat15`` or ``smalldog``."""
    return card.split("/")[1]


def set_cards(set_number: int) -> list[str]:
    """The ten card ids of one set, cats in ascending value first."""
    return [f"{set_number}/{kind}" for kind in KINDS]


def cat_value(card: str) -> int | None:
    """A cat's value; None for anything that is not a cat."""
    return CATS.get(card_kind(card))


def card_points(card: str) -> int:
    """What a card scores in a won pile: a cat its value, a rabbit 0."""
    return CATS.get(card_kind(card), 0)


def is_dog(card: str) -> bool:
    """True for a large or small dog."""
    return card_kind(card) in DOGS


# --- Mice and the row per player count -------------------------------------------------------------


def total_mice(players: int) -> int:
    """T: the mice in play for a player count (R23)."""
    return START_MICE * players + BANK_BEFORE_STOCKING[players]


def refill_cost(players: int) -> int:
    """S: what stocking every mouse card takes from the bank."""
    return sum(MOUSE_CARDS[players])


def has_dummy(players: int) -> bool:
    """True for the 3-player game, whose rows hold a dummy's card too (R12)."""
    return players == DUMMY_PLAYERS


def row_length(players: int) -> int:
    """Cards in a full row: one per seat, plus the dummy's with 3 players."""
    return players + 1 if has_dummy(players) else players


# --- What a client draws the game with -------------------------------------------------------------


def static_content() -> dict[str, Any]:
    """The card kinds, every card id a view may name, and the mouse cards per player count (section 2)."""
    return {
        "kinds": [
            {
                "id": kind,
                "name": KIND_NAMES[kind],
                "name_key": name_key(kind),
                "value": None if kind in DOGS else CATS.get(kind, 0),
                "dog": kind in DOGS,
            }
            for kind in KINDS
        ],
        "cards": [
            {
                "id": card,
                "set": set_number,
                "kind": card_kind(card),
                "name": card_name(card),
                "name_key": name_key(card_kind(card)),
            }
            for set_number in range(SETS)
            for card in set_cards(set_number)
        ],
        "dummy": {"owner": DUMMY, "set": DUMMY_SET},
        "mouse_cards": {str(players): values for players, values in MOUSE_CARDS.items()},
        "rounds": ROUNDS,
        "start_mice": START_MICE,
    }
