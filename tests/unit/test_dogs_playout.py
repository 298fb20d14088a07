"""DOGS over whole random games: the engine contract and the spec's invariants (§8) after every event."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.dogs import RULES
from domain.dogs.content import (
    ACTION_CARDS,
    BOXES,
    CENTER,
    GAS_CAP,
    INFIRMARY_CAP,
    PENS,
    REMOVED_WITH_TWO,
    RESOURCE_CARDS,
    breed_of,
    breeds_in_play,
    dog_tokens,
    is_blocker,
    is_sick,
    token_group,
)
from domain.dogs.pens import content_ok
from domain.dogs.scoring import breakdown
from domain.dogs.state import HOME, box_capacity, fair_price
from tests.unit.contract import check_playout, playout_games

#: Seeded games per player count: 200 in `make soak` (about 7 minutes here); fewer keep `make test` quick.
GAMES = playout_games(4)
PER_GROUP = {2: 27, 3: 35, 4: 42}


def dog_places(state: dict) -> list[str]:
    """Every token in every place it can be (I1, I2)."""
    places = [t for toks in state["supply"].values() for t in toks] + [t for t in state["board"].values() if t]
    places += state["fair"] + state["removed"] + [t for t in state["hand"] if "#" in t]
    places += [d[1] for d in state["donations"]]
    for k in state["kennels"]:
        places += k["load"] + k["infirmary"] + [t for dogs in k["pens"].values() for t in dogs]
    return places


def check_invariants(state: dict) -> None:
    """The invariants I1-I13 of the spec on one state."""
    n = state["players"]
    if state["step"] == "setup":
        return
    tokens = dog_places(state)
    assert len(tokens) == len(set(tokens)), "a token is in two places"  # I1
    dogs = [t for t in tokens if not is_blocker(t) and t not in state["removed"]]
    per_group = Counter(token_group(t) for t in dogs)
    assert per_group == {"city": PER_GROUP[n], "country": PER_GROUP[n]}
    assert set(dogs) <= set(dog_tokens(breeds_in_play(n)))
    blockers = [t for t in tokens if is_blocker(t)]
    assert len(blockers) == (6 if n == 2 else 0)  # I2
    assert all(b not in state["fair"] for b in blockers)
    cards = list(state["deck"]) + state["discard"] + [c for c in state["hand"] if c in ACTION_CARDS]
    cards += [c for cs in state["boxes"].values() for c in cs]
    cards += [c for k in state["kennels"] for c in k["cards"]]
    expected = [c for c in ACTION_CARDS if n > 2 or c not in REMOVED_WITH_TWO]
    assert sorted(cards) == sorted(expected)  # I3
    assert all(len(cs) <= 2 for cs in state["boxes"].values()) and len(state["fair_deck"]) == 4
    assert not any(c in RESOURCE_CARDS for k in state["kennels"] for c in k["cards"])
    trucks = [k["truck"] for k in state["kennels"] if k["truck"] not in (HOME, CENTER)]
    assert len(trucks) == len(set(trucks))  # I5
    assert state["phase"] == 1 or all(k["truck"] == HOME for k in state["kennels"])
    for k in state["kennels"]:
        assert min(k["coins"], k["food"], k["medicine"]) >= 0 and 0 <= k["gas"] <= GAS_CAP  # I6
        assert k["truck"] in (HOME, CENTER) or k["gas"] >= 1
        assert all(content_ok(breed_of(t) for t in dogs) for dogs in k["pens"].values())  # I7
        built = [p for p in PENS if p in k["pens"]]
        assert built == PENS[: len(built)] and len(built) >= 2
        assert len(k["infirmary"]) <= INFIRMARY_CAP  # I8
        assert all(not is_sick(t) for t in k["load"]) or state["phase"] == 1
        assert k["bonus_coins"] <= 5 and k["bonus_coins"] == sum(k["flags"].values())  # I11
    if state["phase"] == 2 and any(state["meeples"].values()):
        for box in BOXES:  # I9
            normal = [m for m in state["meeples"][box] if not m[1]]
            assert len(normal) <= box_capacity(state) and len(state["meeples"][box]) - len(normal) <= 1
            assert len(state["boxes"][box]) + len(normal) == 2
        for seat, k in enumerate(state["kennels"]):  # I10
            assert sum(1 for ms in state["meeples"].values() for m in ms if m[0] == seat) <= k["meeples"]
    assert fair_price(state) == max(1, 10 - len(state["fair"]))  # I12
    if state["last_round"] is not None:
        assert state["last_round"] >= state["round"]  # I13
    if state["step"] == "over":  # I14
        for score in state["scores"]:
            k = state["kennels"][score["seat"]]
            assert score == {"seat": score["seat"], **breakdown(k, n, state["last_round"])}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract_and_the_invariants(players: int) -> None:
    for game in range(GAMES):
        events = check_playout(RULES, players, f"dogs-{players}-{game}", check_invariants, samples=1)
        assert events[-1]["type"] == "GameEnded"
