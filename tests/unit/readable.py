"""What the API shows humans, checked over seeded games: every game at several sizes, and where a secret may hide.

The text of an event and the label of a move are strings, so the leak finder sees each as one leaf: it catches a
secret printed as it is. A game's text names things as players do (a Felix card as ``Player 3's cat 15``), so
``spoken`` also looks for each secret under the name that game's text gives it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from domain.dogs.content import BREED_NAMES, breed_of
from domain.engine import Secret
from domain.felix.content import DUMMY, DUMMY_SET, card_set
from domain.felix.text import owned_card
from domain.language import FALLBACK, render
from domain.secrecy import find_leaks

#: (game, players, options) of the games played: each game at small and large tables, Spots with every tile set
#: (so every trick is done), A Dog's Life with dogs chosen (so the choice is labelled) and a short bone target.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("felix", 3, {}),
    ("felix", 5, {}),
    *(
        ("spots", players, {"tile_set": tile_set})
        for players, tile_set in [
            (1, "beginner"), (2, "dog_park"), (3, "obstacle_course"), (4, "hunting_grounds"), (5, "kennel_club"),
            (2, "puppy_pen"), (3, "free_walk"),
        ]
    ),
    ("dogs", 2, {}),
    ("dogs", 4, {}),
    ("dogslife", 2, {"bone_target": 2, "dog_assignment": "choose"}),
    ("dogslife", 5, {"bone_target": 2}),
]
IDS = [f"{game}-{players}-{options.get('tile_set', 'default')}" for game, players, options in GAMES]

def _dog_token(token: str, language: str) -> list[str]:
    """A DOGS dog token as a line may name it besides its id ``BEAGLE#3``: ``Beagle #3``."""
    return [f"{BREED_NAMES[breed_of(token)]} #{token.split('#')[1]}"] if "#" in token else []


def _felix_card(card: str, language: str) -> list[str]:
    """A Felix card as a line names it with whose it is: ``Player 3's cat 15``, or the dummy's (set 3, 3 players).

    A line names a card by its kind alone only where every card of that kind in it is face up to all.
    """
    owners: list[int | str] = [card_set(card), *([DUMMY] if card_set(card) == DUMMY_SET else [])]
    return [render(owned_card(card, owner), language) for owner in owners]


#: Each game's other names of a secret string, beside the string itself.
NAMES: dict[str, Callable[[str, str], list[str]]] = {
    "felix": _felix_card,
    "dogs": _dog_token,
}


def spoken(game: str, text: str, secrets: list[Secret], language: str = FALLBACK) -> list[Secret]:
    """The secrets ``text`` (in ``language``) reveals: as a leaf (leak finder), or a secret string under any of its
    names in that language, as words."""
    found = find_leaks(text, secrets)
    names = NAMES.get(game, lambda _secret, _language: [])
    for secret in secrets:
        if isinstance(secret, str) and any(_said(name, text) for name in [secret, *names(secret, language)]):
            found.append(secret)
    return found


def _said(name: str, text: str) -> bool:
    """``name`` stands in ``text`` as whole words: ``Beagle #1`` is not said by ``Beagle #12``."""
    # The plain look first, at C speed: nearly every name is absent, and the pattern was the sweeps' largest cost.
    return name in text and re.search(rf"(?<![\w#]){re.escape(name)}(?![\w#])", text) is not None
