"""Bots for DOGS: a uniform random player and a greedy heuristic one (§10).

The greedy bot scores each legal command by the kennel it would leave behind (the §5.2 formula
plus coins and a little for dogs still to come), using only its view.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from domain.dogs.content import RESOURCE_CARDS, REWARD, breed_of, card_kind, is_lost, is_sick
from domain.dogs.moves import BOX_COMMANDS, OPTIONS, built_pens, destinations, occupied_pens, pen_of
from domain.dogs.pens import max_placeable
from domain.dogs.scoring import breakdown
from domain.engine import Bot, Command, View

Kennel = dict[str, Any]


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


def worth(k: Kennel, players: int) -> float:
    """A kennel's value: the final score formula plus coins and room for more dogs."""
    parts = breakdown(k, players, None)
    growth = 0.5 * sum(len(dogs) for dogs in k["pens"].values() if 0 < len(dogs) < 4)
    pens_left = 1.5 * (len(built_pens(k)) - len(occupied_pens(k)))
    return parts["total"] + 0.8 * k["coins"] + growth + pens_left + (3 if k["helper"] else 0)


def _dog_value(k: Kennel, token: str, players: int) -> float:
    """What one more healthy dog of this breed is worth to the kennel."""
    dogs = [breed_of(t) for dogs in k["pens"].values() for t in dogs] + [breed_of(t) for t in k["load"]]
    room = max_placeable([*dogs, breed_of(token)], len(built_pens(k))) > max_placeable(dogs, len(built_pens(k)))
    new = breed_of(token) not in dogs
    return (2.0 + (4 if players == 2 else 2) * new + 1.5 * (breed_of(token) in dogs)) if room else 0.0


def _truck_score(view: View, seat: int, move: Command) -> float:
    k = view["kennels"][seat]
    kind = move["type"]
    if kind == "PlayReceiveDog":
        return 5.0
    if kind == "MoveTruck":
        token = view["board"][move["to"]]
        cost = destinations(view, seat)[move["to"]]
        if is_lost(token):
            gain = REWARD[move["to"]] * 0.8
        elif is_sick(token):
            gain = 1.0 if len(k["infirmary"]) < 3 and k["medicine"] > len(k["infirmary"]) else -1.0
        else:
            gain = _dog_value(k, token, view["players"])
        return gain / cost - 0.6
    if kind == "ReturnHome":
        return 0.0 + (0.4 if move["bonus"] == _scarcest(k) else 0)
    if kind == "StayHome":
        return -0.1
    return -5.0


def _scarcest(k: Kennel) -> str:
    need = {"food": k["food"] - len(occupied_pens(k)) - 1, "medicine": k["medicine"] - len(k["infirmary"]),
            "gas": k["gas"] - 5}
    return min(need, key=need.get)


def _after(view: View, seat: int, move: Command) -> Kennel:
    """The kennel as the move would leave it (enough for scoring)."""
    k = copy.deepcopy(view["kennels"][seat])
    kind = move["type"]
    if kind in ("ArrangeKennel", "AcceptDonation") and move["pens"] is not None:
        k["pens"] = move["pens"]
        if kind == "ArrangeKennel":
            k["infirmary"] = [t for t in k["infirmary"] + [t for t in k["load"] if is_sick(t)]
                              if t not in move["donate"] and not (move["vet_card"] and t in k["load"])]
            k["load"] = []
    elif kind == "AcceptDonation":
        k["infirmary"].append(move["token"])
    elif kind == "ActivatePen":
        k["pens"][next(p for p in ("A2", "A3", "A5") if p not in k["pens"])] = []
        k["coins"] -= 1 if move["discount"] else 2
    elif kind == "SwapResources":
        for r in move["give"]:
            k[r] -= 1
        for r in move["take"]:
            k[r] += 1
    elif kind == "BuySupplies":
        k["coins"] -= (move["food"] + move["medicine"]) // 2
        k["food"] += move["food"]
        k["medicine"] += move["medicine"]
    elif kind == "CureDogs":
        for token, pen in move["cures"]:
            k["infirmary"].remove(token)
            k["pens"][pen].append(token)
            k["medicine"] -= 1
    elif kind == "SellDog":
        k["pens"][pen_of(k, move["token"])].remove(move["token"])
        k["coins"] += 2 + sum(1 if card_kind(c) == "TRAINED_DOG" else 2 for c in move["bonus_cards"])
        k["cards"] = [c for c in k["cards"] if c not in move["bonus_cards"]]
    elif kind == "BuyDog":
        k["pens"][move["pen"]].append(move["token"])
        k["coins"] -= view["fair_price"]
    elif kind == "SwapDogAtFair":
        k["pens"][pen_of(k, move["give"])].remove(move["give"])
        k["pens"][move["pen"]].append(move["take"])
    elif kind == "FeedDogs":
        for i, (pen, token) in enumerate(move["unfed"]):
            k["pens"][pen].remove(token)
            if len(k["infirmary"]) < 6 and i < 6:
                k["infirmary"].append(token)
    return k


def _food_need(k: Kennel) -> float:
    """A penalty for lacking food for the coming feeding or coins for the salary."""
    return 3.0 * max(0, len(occupied_pens(k)) - k["food"]) + (2.0 if k["coins"] < 1 else 0.0)


def _kennel_score(view: View, seat: int, move: Command) -> float:
    k = _after(view, seat, move)
    last = view["last_round"] is not None and view["phase"] >= 2
    value = worth(k, view["players"]) - (0 if last and view["phase"] == 3 else _food_need(k))
    if last:
        value -= 0.8 * k["coins"]
    return value


def _place_score(view: View, seat: int, move: Command) -> float:
    k = view["kennels"][seat]
    card = move["card"]
    value = 0.0
    if card in RESOURCE_CARDS:
        kind, amount = RESOURCE_CARDS[card]
        value += amount * (0.8 if kind == "coins" else 0.6)
    elif card:
        value += {"HELPER": 1.5, "DISCOUNT": 1.0, "PRIZE_DOG": 1.2, "TRAINED_DOG": 0.8, "RECEIVE_DOG": 1.5,
                  "VETERINARIAN": 0.6}.get(card_kind(card), 0.3)
    if move["free_entry"]:
        value -= 1.0
    pseudo = {**view, "fair_deck": [view["fair_deck"]["top"] if isinstance(view["fair_deck"], dict)
                                    else view["fair_deck"][0]], "box": move["box"]}
    base = _kennel_score(view, seat, {"type": "SkipBoxAction"})
    best = 0.0
    for kind in BOX_COMMANDS[move["box"]]:
        for option in OPTIONS[kind](pseudo, seat):
            best = max(best, _kennel_score(pseudo, seat, option) - base)
    if move["box"] == "CITY_HALL" and best > 0:
        best += 2.0 + len(k["load"])
    return value + best


def _salary_score(view: View, seat: int, move: Command) -> float:
    k = view["kennels"][seat]
    if move["method"] == "card":
        return 3.0
    if move["method"] == "coin":
        return 2.0 if k["helper"] or k["coins"] >= 3 else -1.0
    return 0.0


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """The legal move with the best heuristic value (ties broken at random)."""
    seat = view["you"]
    kind = legal[0]["type"]
    if kind == "BuyGas":
        k = view["kennels"][seat]
        want = max(0, (6 - k["gas"] + 2) // 3)
        return max(legal, key=lambda m: -abs(m["coins"] - min(want, max(0, k["coins"] - 1))))
    if view["step"] == "trucks":
        score = _truck_score
    elif kind == "PlaceMeeple":
        score = _place_score
    elif kind == "PaySalary":
        score = _salary_score
    else:
        score = _kennel_score
    scored = [(score(view, seat, m), rng.random(), i) for i, m in enumerate(legal)]
    return legal[max(scored)[2]]


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
