"""The game's printed material and fixed numbers (spec §2, the player counts of §1.3, the prices of §4), loaded
from ``content/*.yaml`` and checked at import, with the lookups on them.

Everything the rulebook shows only in pictures (board, card faces, token symbols) lives in
the YAML files; this module turns it into constants and refuses data that breaks the spec.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import yaml

_DIR = Path(__file__).parent / "content"


def _load(name: str) -> dict[str, Any]:
    with open(_DIR / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


_board = _load("board")
_breeds = _load("breeds")
_cards = _load("cards")
_kennel = _load("kennel")

#: Player counts (§1.3).
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# Board.
NODES: dict[str, tuple[str, int | None, int, int]] = {k: tuple(v) for k, v in _board["nodes"].items()}
CENTER = "CENTER"
FILL_ORDER: list[str] = list(_board["fill_order"])
PAW_SPACES = FILL_ORDER
AREA: dict[str, str] = {node: spec[0] for node, spec in NODES.items()}
REWARD: dict[str, int] = {node: spec[1] for node, spec in NODES.items() if spec[1] is not None}
ADJACENT: dict[str, list[str]] = {node: [] for node in NODES}
for _road_end, _other_end in _board["edges"]:
    ADJACENT[_road_end].append(_other_end)
    ADJACENT[_other_end].append(_road_end)
GROUPS = ("city", "country")

# Dogs and blockers.
TOKENS_PER_BREED: int = _breeds["tokens_per_breed"]
LOST_NUMBERS: set[int] = set(_breeds["lost"])
SICK_NUMBERS: set[int] = set(_breeds["sick"])
BLOCKERS_PER_GROUP: int = _breeds["blockers_per_group"]
BREEDS: list[str] = list(_breeds["breeds"])
BREED_NAMES: dict[str, str] = {b: spec["name"] for b, spec in _breeds["breeds"].items()}
BREED_GROUP: dict[str, str] = {b: spec["group"] for b, spec in _breeds["breeds"].items()}
BREED_REMOVED: dict[str, list[int]] = {b: spec["removed"] for b, spec in _breeds["breeds"].items()}

# Cards.
RESOURCE_CARDS: dict[str, tuple[str, int]] = {k: tuple(v) for k, v in _cards["resource_cards"].items()}
REMOVED_WITH_TWO: list[str] = list(_cards["removed_with_two_players"])
SPECIAL_COUNTS: dict[str, int] = dict(_cards["special_cards"])
SPECIAL_CARDS: list[str] = [f"{kind}_{i}" for kind, n in SPECIAL_COUNTS.items() for i in range(1, n + 1)]
ACTION_CARDS: list[str] = list(RESOURCE_CARDS) + SPECIAL_CARDS
FAIR_CARDS: dict[str, list[str]] = {k: list(v) for k, v in _cards["fair_cards"].items()}
#: A special card type's face: its name, when it may be played and its effect.
SPECIAL_FACES: dict[str, dict[str, str]] = dict(_cards["special_card_faces"])

# Kennel and action board.
COLOURS: list[str] = list(_kennel["colours"])
START_RESOURCES: dict[str, int] = dict(_kennel["start_resources"])
GAS_CAP: int = _kennel["gas_cap"]
GAS_PER_COIN: int = _kennel["gas_per_coin"]
INFIRMARY_CAP: int = _kennel["infirmary_cap"]
PENS: list[str] = list(_kennel["pens"])
STARTING_PENS: list[str] = [p for p, pts in _kennel["pens"].items() if pts is None]
ADDITIONAL_PENS: list[str] = [p for p, pts in _kennel["pens"].items() if pts is not None]
ADDITIONAL_POINTS: dict[str, int] = {p: pts for p, pts in _kennel["pens"].items() if pts is not None}
PEN_CAPACITY: int = _kennel["pen_capacity"]
PEN_SCORES: dict[tuple[int, ...], int] = {
    tuple(int(n) for n in str(k).split(",")): v for k, v in _kennel["pen_scores"].items()
}
PEN_PRICE: int = _kennel["pen_price"]
PEN_DISCOUNT: int = _kennel["pen_discount"]
SUPPLIES_PER_COIN: int = _kennel["supplies_per_coin"]
BOXES: list[str] = list(_kennel["boxes"])
BOX_NAMES: dict[str, str] = dict(_kennel["boxes"])
CARDS_PER_BOX: int = _kennel["cards_per_box"]
BOX_CAPACITY: dict[int, int] = {int(k): v for k, v in _kennel["box_capacity"].items()}
DIVERSITY_POINTS: dict[int, int] = {int(k): v for k, v in _kennel["diversity_points"].items()}
HELPER_POINTS: int = _kennel["helper_points"]
SICK_PENALTY: int = _kennel["sick_penalty"]
GROUP_PENALTY: int = _kennel["two_player_group_penalty"]
FAIR_PRICE_BASE: int = _kennel["fair_price_base"]
FAIR_SALE_COINS: int = _kennel["fair_sale_coins"]
BONUS_COINS: dict[str, int] = dict(_kennel["bonus_coins"])
RESOURCES = ("food", "medicine", "gas")


def card_kind(card: str) -> str:
    """The type of an action card: a resource type for resource cards, else the special type."""
    return RESOURCE_CARDS[card][0] if card in RESOURCE_CARDS else card.rsplit("_", 1)[0]


def pen_price(discount: str | None) -> int:
    """What City Hall charges for the next pen: the pen price, less with a DISCOUNT card (R33, 2.7.2)."""
    return PEN_PRICE - PEN_DISCOUNT if discount else PEN_PRICE


def sale_price(bonus_cards: list[str]) -> int:
    """What the Dog Fair pays for a dog sold with these Trained Dog and Prize Dog cards (R17, R23)."""
    return FAIR_SALE_COINS + sum(BONUS_COINS[card_kind(card)] for card in bonus_cards)


def supplies_price(food: int, medicine: int) -> int:
    """The coins the Pet Shop charges for this food and medicine (R21)."""
    return (food + medicine) // SUPPLIES_PER_COIN


def card_name(card: str) -> str:
    """An action card's face as printed: ``Food ×2``, ``Dog Swap``."""
    if card in RESOURCE_CARDS:
        kind, amount = RESOURCE_CARDS[card]
        return f"{kind.capitalize()} ×{amount}"
    return SPECIAL_FACES[card_kind(card)]["name"]


def _key_part(item_id: str) -> str:
    """An id as a part of a catalogue key: ``SAINT_BERNARD`` as ``saint-bernard``."""
    return item_id.lower().replace("_", "-")


def breed_key(breed: str) -> str:
    """The catalogue key of a breed's name (domain/dogs/locales)."""
    return f"dogs-breed-{_key_part(breed)}"


def card_key(card: str) -> str:
    """The catalogue key of an action card's face: copies of one face share it."""
    if card in RESOURCE_CARDS:
        kind, amount = RESOURCE_CARDS[card]
        return f"dogs-card-{kind}-{amount}"
    return f"dogs-card-{_key_part(card_kind(card))}"


def box_key(box: str) -> str:
    """The catalogue key of an action box's name."""
    return f"dogs-box-{_key_part(box)}"


def space_key(node: str) -> str:
    """The catalogue key of a board space's name."""
    return f"dogs-space-{_key_part(node)}"


def pen_key(pen: str) -> str:
    """The catalogue key of a pen's name."""
    return f"dogs-pen-{_key_part(pen)}"


def breed_of(token: str) -> str:
    """The breed of a dog token ``BREED#n``."""
    return token.split("#")[0]


def is_blocker(token: str) -> bool:
    """True for the 2-player blocker tokens."""
    return token.startswith("BLOCKER_")


def token_group(token: str) -> str:
    """City or country: the back of a dog or blocker token."""
    return token.split("_")[1].lower() if is_blocker(token) else BREED_GROUP[breed_of(token)]


def is_lost(token: str) -> bool:
    """True if the dog token shows the lost symbol."""
    return int(token.split("#")[1]) in LOST_NUMBERS


def is_sick(token: str) -> bool:
    """True if the dog token shows the sick symbol."""
    return int(token.split("#")[1]) in SICK_NUMBERS


def breeds_in_play(players: int) -> list[str]:
    """The breeds the player count keeps (spec 3.2)."""
    return [b for b in BREEDS if players not in BREED_REMOVED[b]]


def dog_tokens(breeds: list[str]) -> list[str]:
    """Every dog token of the given breeds."""
    return [f"{b}#{n}" for b in breeds for n in range(1, TOKENS_PER_BREED + 1)]


def blocker_tokens(group: str) -> list[str]:
    """The three blockers with the given back."""
    return [f"BLOCKER_{group.upper()}_{i}" for i in range(1, BLOCKERS_PER_GROUP + 1)]


def distances_from(start: str) -> dict[str, int]:
    """Unweighted road distance from ``start`` to every node."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt in ADJACENT[node]:
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                todo.append(nxt)
    return dist


def static_content() -> dict[str, Any]:
    """The board graph with drawing coordinates, the breeds and tokens, the cards, the boxes and the pens."""
    return {
        "board": {
            # x, y: a space's centre on a grid of unit cells (the grid of spec 2.4), y down, as SVG draws.
            "width": 1 + max(col for _area, _reward, _row, col in NODES.values()),
            "height": 1 + max(row for _area, _reward, row, _col in NODES.values()),
            "spaces": [
                {
                    "id": node,
                    "name": _space_name(node, area),
                    "name_key": space_key(node),
                    "area": area,
                    "reward": reward,
                    "paw_space": node in PAW_SPACES,
                    "x": col + 0.5,
                    "y": row + 0.5,
                    "adjacent": ADJACENT[node],
                }
                for node, (area, reward, row, col) in NODES.items()
            ],
            "roads": [list(road) for road in _board["edges"]],
        },
        "breeds": [
            {
                "id": b,
                "name": BREED_NAMES[b],
                "name_key": breed_key(b),
                "group": BREED_GROUP[b],
                "removed_with_players": BREED_REMOVED[b],
            }
            for b in BREEDS
        ],
        "tokens": [
            *(
                {"id": token, "breed": breed_of(token), "group": token_group(token), "symbol": _symbol(token)}
                for token in dog_tokens(BREEDS)
            ),
            *(
                {"id": token, "breed": None, "group": group, "symbol": "blocker"}
                for group in GROUPS
                for token in blocker_tokens(group)
            ),
        ],
        "cards": [
            *(
                {"id": card, "kind": kind, "name": card_name(card), "name_key": card_key(card), "amount": amount}
                for card, (kind, amount) in RESOURCE_CARDS.items()
            ),
            *(
                {
                    "id": card,
                    "kind": card_kind(card),
                    **SPECIAL_FACES[card_kind(card)],
                    "name_key": card_key(card),
                    "when_key": f"{card_key(card)}-when",
                    "effect_key": f"{card_key(card)}-effect",
                }
                for card in SPECIAL_CARDS
            ),
        ],
        "fair_cards": [{"id": card, "breeds": breeds} for card, breeds in FAIR_CARDS.items()],
        "boxes": [{"id": box, "name": BOX_NAMES[box], "name_key": box_key(box)} for box in BOXES],
        "pens": [
            {
                "id": pen,
                "name": _pen_name(pen),
                "name_key": pen_key(pen),
                "points": ADDITIONAL_POINTS.get(pen),
                "starting": pen in STARTING_PENS,
            }
            for pen in PENS
        ],
        "colours": COLOURS,
    }


def _space_name(node: str, area: str) -> str:
    """A space's English name: ``city space 3``, ``the centre`` (the ids are for the wire only)."""
    return "the centre" if node == CENTER else f"{area} space {node[1:]}"


def _pen_name(pen: str) -> str:
    """A pen's English name: ``first pen`` for a starting pen, ``2-point pen`` for an additional one."""
    return ("first pen", "second pen")[STARTING_PENS.index(pen)] if pen in STARTING_PENS else (
        f"{ADDITIONAL_POINTS[pen]}-point pen"
    )


def _symbol(token: str) -> str:
    return "lost" if is_lost(token) else "sick" if is_sick(token) else "healthy"


def _validate() -> None:
    assert len(_board["edges"]) == 26 and sorted(FILL_ORDER) == sorted(n for n in NODES if n != CENTER)
    dist = distances_from(CENTER)
    for node, reward in REWARD.items():
        assert reward == min(4, dist[node]), f"reward of {node}"
    assert sum(REWARD[n] for n in PAW_SPACES if AREA[n] == "city") == 12
    assert sum(REWARD[n] for n in PAW_SPACES if AREA[n] == "country") == 27
    for group in GROUPS:
        assert sum(1 for b in BREEDS if BREED_GROUP[b] == group) == 6
    assert len(RESOURCE_CARDS) == 20 and len(SPECIAL_CARDS) == 20 and set(SPECIAL_FACES) == set(SPECIAL_COUNTS)
    assert all(RESOURCE_CARDS[c][1] == 3 for c in REMOVED_WITH_TWO) and len(REMOVED_WITH_TWO) == 4
    assert sorted(b for breeds in FAIR_CARDS.values() for b in breeds) == sorted(BREEDS)
    for breeds in FAIR_CARDS.values():
        assert {BREED_GROUP[b] for b in breeds} == set(GROUPS)
        assert sum(1 for b in breeds if 2 in BREED_REMOVED[b]) == 1
        assert sum(1 for b in breeds if 3 in BREED_REMOVED[b]) <= 1
    assert PENS[: len(STARTING_PENS)] == STARTING_PENS
    assert len(COLOURS) == MAX_PLAYERS and set(BOX_CAPACITY) == set(range(MIN_PLAYERS, MAX_PLAYERS + 1))


_validate()
