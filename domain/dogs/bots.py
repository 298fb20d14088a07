"""Bots for DOGS (§10): a uniform random player and a greedy heuristic one.

The greedy bot scores each legal command by the kennel it would leave behind (the §5.2 formula
plus coins and a little for dogs still to come), using only its view. Prices, the pen order and the
infirmary's size come from the rules themselves (``content``, ``pens``, ``state``), never from copies.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from domain.dogs.board import destinations
from domain.dogs.content import (
    GAS_PER_COIN,
    PEN_CAPACITY,
    RESOURCE_CARDS,
    REWARD,
    breed_of,
    card_kind,
    is_lost,
    is_sick,
    pen_price,
    sale_price,
    supplies_price,
)
from domain.dogs.moves import BOX_COMMANDS, LEGAL
from domain.dogs.pens import built_pens, healthy_and_sick, max_placeable, next_pen, occupied_pens, pen_of
from domain.dogs.scoring import breakdown
from domain.dogs.state import Kennel, infirmary_room
from domain.engine import Bot, Command, State, View
from domain.evaluation import contest

#: The gas the greedy bot tops its tank up to when it refuels.
REFUEL_TARGET = 6


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


def worth(kennel: Kennel, players: int) -> float:
    """A kennel's value: the final score formula plus coins and room for more dogs."""
    parts = breakdown(kennel, players, None)
    growth = 0.5 * sum(len(dogs) for dogs in kennel["pens"].values() if 0 < len(dogs) < PEN_CAPACITY)
    pens_left = 1.5 * (len(built_pens(kennel)) - len(occupied_pens(kennel)))
    return parts["total"] + 0.8 * kennel["coins"] + growth + pens_left + (3 if kennel["helper"] else 0)


def _dog_value(kennel: Kennel, token: str, players: int) -> float:
    """What one more healthy dog of this breed is worth to the kennel."""
    dogs = [breed_of(dog) for pen in kennel["pens"].values() for dog in pen] + [breed_of(dog) for dog in kennel["load"]]
    pens = len(built_pens(kennel))
    room = max_placeable([*dogs, breed_of(token)], pens) > max_placeable(dogs, pens)
    new = breed_of(token) not in dogs
    return (2.0 + (4 if players == 2 else 2) * new + 1.5 * (breed_of(token) in dogs)) if room else 0.0


def _truck_score(view: View, seat: int, move: Command) -> float:
    kennel = view["kennels"][seat]
    kind = move["type"]
    if kind == "PlayReceiveDog":
        return 5.0
    if kind == "MoveTruck":
        token = view["board"][move["to"]]
        cost = destinations(view, seat)[move["to"]]
        if is_lost(token):
            gain = REWARD[move["to"]] * 0.8
        elif is_sick(token):
            sick = len(kennel["infirmary"])
            gain = 1.0 if sick < 3 and kennel["medicine"] > sick else -1.0
        else:
            gain = _dog_value(kennel, token, view["players"])
        return gain / cost - 0.6
    if kind == "ReturnHome":
        return 0.0 + (0.4 if move["bonus"] == _scarcest(kennel) else 0)
    if kind == "StayHome":
        return -0.1
    return -5.0


def _scarcest(kennel: Kennel) -> str:
    need = {
        "food": kennel["food"] - len(occupied_pens(kennel)) - 1,
        "medicine": kennel["medicine"] - len(kennel["infirmary"]),
        "gas": kennel["gas"] - 5,
    }
    return min(need, key=lambda resource: need[resource])


def kennel_after(view: View, seat: int, move: Command) -> Kennel:
    """The kennel as the move would leave it, enough for scoring (full-pen bonuses and played cards aside)."""
    kennel = copy.deepcopy(view["kennels"][seat])
    kind = move["type"]
    if kind in ("ArrangeKennel", "AcceptDonation") and move["pens"] is not None:
        kennel["pens"] = move["pens"]
        if kind == "ArrangeKennel":
            _, sick = healthy_and_sick(kennel, move["vet_card"] is not None)
            kennel["infirmary"] = [token for token in sick if token not in move["donate"]]
            kennel["load"] = []
    elif kind == "AcceptDonation":
        kennel["infirmary"].append(move["token"])
    elif kind == "ActivatePen":
        kennel["pens"][next_pen(kennel)] = []
        kennel["coins"] -= pen_price(move["discount"])
    elif kind == "SwapResources":
        for resource in move["give"]:
            kennel[resource] -= 1
        for resource in move["take"]:
            kennel[resource] += 1
    elif kind == "BuySupplies":
        kennel["coins"] -= supplies_price(move["food"], move["medicine"])
        kennel["food"] += move["food"]
        kennel["medicine"] += move["medicine"]
    elif kind == "CureDogs":
        for token, pen in move["cures"]:
            kennel["infirmary"].remove(token)
            kennel["pens"][pen].append(token)
            kennel["medicine"] -= 1
    elif kind == "SellDog":
        kennel["pens"][pen_of(kennel, move["token"])].remove(move["token"])
        kennel["coins"] += sale_price(move["bonus_cards"])
        kennel["cards"] = [card for card in kennel["cards"] if card not in move["bonus_cards"]]
    elif kind == "BuyDog":
        kennel["pens"][move["pen"]].append(move["token"])
        kennel["coins"] -= view["fair_price"]
    elif kind == "SwapDogAtFair":
        kennel["pens"][pen_of(kennel, move["give"])].remove(move["give"])
        kennel["pens"][move["pen"]].append(move["take"])
    elif kind == "FeedDogs":
        # The first unfed dogs fall sick while the infirmary has room; the others go to the Fair (R25).
        for pen, token in move["unfed"]:
            kennel["pens"][pen].remove(token)
            if infirmary_room(kennel) > 0:
                kennel["infirmary"].append(token)
    return kennel


def _food_need(kennel: Kennel) -> float:
    """A penalty for lacking food for the coming feeding or coins for the salary."""
    return 3.0 * max(0, len(occupied_pens(kennel)) - kennel["food"]) + (2.0 if kennel["coins"] < 1 else 0.0)


def _kennel_score(view: View, seat: int, move: Command) -> float:
    kennel = kennel_after(view, seat, move)
    last = view["last_round"] is not None and view["phase"] >= 2
    value = worth(kennel, view["players"]) - (0 if last and view["phase"] == 3 else _food_need(kennel))
    if last:
        value -= 0.8 * kennel["coins"]
    return value


def _place_score(view: View, seat: int, move: Command) -> float:
    kennel = view["kennels"][seat]
    card = move["card"]
    value = 0.0
    if card in RESOURCE_CARDS:
        kind, amount = RESOURCE_CARDS[card]
        value += amount * (0.8 if kind == "coins" else 0.6)
    elif card:
        value += {
            "HELPER": 1.5,
            "DISCOUNT": 1.0,
            "PRIZE_DOG": 1.2,
            "TRAINED_DOG": 0.8,
            "RECEIVE_DOG": 1.5,
            "VETERINARIAN": 0.6,
        }.get(card_kind(card), 0.3)
    if move["free_entry"]:
        value -= 1.0
    # The box's actions as the view would allow them once the meeple stands there.
    fair_deck = view["fair_deck"]
    top = fair_deck["top"] if isinstance(fair_deck, dict) else fair_deck[0]
    pseudo = {**view, "fair_deck": [top], "box": move["box"]}
    base = _kennel_score(view, seat, {"type": "SkipBoxAction"})
    best = 0.0
    for kind in BOX_COMMANDS[move["box"]]:
        for option in LEGAL[kind](pseudo, seat):
            best = max(best, _kennel_score(pseudo, seat, option) - base)
    if move["box"] == "CITY_HALL" and best > 0:
        best += 2.0 + len(kennel["load"])
    return value + best


def _salary_score(view: View, seat: int, move: Command) -> float:
    kennel = view["kennels"][seat]
    if move["method"] == "card":
        return 3.0
    if move["method"] == "coin":
        return 2.0 if kennel["helper"] or kennel["coins"] >= 3 else -1.0
    return 0.0


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """The legal move with the best heuristic value (ties broken at random)."""
    value = _value(view, legal)
    if legal[0]["type"] == "BuyGas":
        # The first of the best, no draw: the bots' moves of recorded games stay as they were.
        return max(legal, key=value)
    scored = [(value(move), rng.random(), i) for i, move in enumerate(legal)]
    return legal[max(scored)[2]]


def ranked(view: View, legal: list[Command]) -> list[Command]:
    """The legal moves best first by greedy's heuristic value (ties in the rules' order), a search's candidates."""
    value = _value(view, legal)
    return [move for _, _, move in sorted(((-value(move), i, move) for i, move in enumerate(legal)), key=_first2)]


def _first2(item: tuple[float, int, Command]) -> tuple[float, int]:
    return item[0], item[1]


def _value(view: View, legal: list[Command]) -> Callable[[Command], float]:
    """Greedy's heuristic value of each of ``legal`` (all of one kind) at ``view``."""
    seat = view["you"]
    kind = legal[0]["type"]
    if kind == "BuyGas":
        kennel = view["kennels"][seat]
        # The coins that top the tank up to the target, keeping a coin for the salary.
        want = max(0, (REFUEL_TARGET - kennel["gas"] + GAS_PER_COIN - 1) // GAS_PER_COIN)
        spend = min(want, max(0, kennel["coins"] - 1))
        return lambda move: -abs(move["coins"] - spend)
    if view["step"] == "trucks":
        score = _truck_score
    elif kind == "PlaceMeeple":
        score = _place_score
    elif kind == "PaySalary":
        score = _salary_score
    else:
        score = _kennel_score
    return lambda move: score(view, seat, move)


#: Points of a lead that make a win about three times as likely as a loss, for a search's evaluation.
LEAD_SCALE = 6.0


def standing(state: State, seat: int) -> float:
    """``seat``'s chance of winning from its kennel's worth (greedy's measure) against its best rival's, for a
    search's playout cut short."""
    players = len(state["kennels"])
    return contest([worth(kennel, players) for kennel in state["kennels"]], seat, LEAD_SCALE)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
