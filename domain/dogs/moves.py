"""Who acts and what they may do (§4.0-4.3): the pending seat, the legal moves, and ``decide``.

Each command type has one lister here (``LEGAL``), which names every legal form of the command in its
canonical form (see the package docstring). ``decide`` checks a command by canonicalising it and looking it
up in that list, except for the layout commands, which are checked rule by rule (their lists can be long);
then the command's handler (``commands.HANDLERS``) gives its events. Every system step (income, checks,
donations offered, refills, scoring) follows at once, in the same batch (``rounds``), so ``automatic`` is
always empty and one seat is always pending until the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement, product

from domain.dogs.board import destinations
from domain.dogs.commands import CANONICAL, CHECKS, HANDLERS, parse
from domain.dogs.content import (
    BONUS_COINS,
    BOXES,
    FAIR_CARDS,
    GAS_CAP,
    GAS_PER_COIN,
    INFIRMARY_CAP,
    PAW_SPACES,
    RESOURCES,
    SUPPLIES_PER_COIN,
    breed_of,
    card_kind,
    is_blocker,
    pen_price,
)
from domain.dogs.pens import (
    assign_tokens,
    built_pens,
    canonical_tokens,
    content_ok,
    cure_plans,
    healthy_and_sick,
    layouts,
    next_pen,
    occupied_pens,
    one_per_breed,
    pen_breeds,
    pen_dogs,
    vet_options,
)
from domain.dogs.rounds import automatic_events
from domain.dogs.state import (
    Kennel,
    State,
    box_capacity,
    copy_state,
    evolve,
    fair_price,
    infirmary_room,
    owned,
    trucks_out,
)
from domain.engine import Automatic, Command, Event, IllegalMove, require

#: The commands each step accepts.
STEP_COMMANDS: dict[str, tuple[str, ...]] = {
    "refuel": ("BuyGas",),
    "trucks": ("PlayDogSwap", "PlayReceiveDog", "MoveTruck", "ReturnHome", "StayHome"),
    "arrange": ("ArrangeKennel",),
    "donation": ("AcceptDonation", "DeclineDonation"),
    "place": ("PlaceMeeple",),
    "feed": ("FeedDogs",),
    "salary": ("PaySalary",),
}
#: The actions of each box (§4.2 step 3); SkipBoxAction is always one more.
BOX_COMMANDS: dict[str, tuple[str, ...]] = {
    "CITY_HALL": ("ActivatePen",),
    "WAREHOUSE": ("SwapResources",),
    "PET_SHOP": ("BuySupplies",),
    "VET": ("CureDogs",),
    "FAIR": ("SellDog", "BuyDog", "SwapDogAtFair"),
}


def pending(state: State) -> tuple[str, int] | None:
    """The kind of decision due now and the seat that makes it; None when the system acts or the game is over."""
    step = state["step"]
    if step in STEP_COMMANDS and step != "donation" and state["queue"]:
        return step, state["queue"][0]
    if step == "trucks":
        return step, state["turn"]
    if step == "action":
        return step, state["actor"]
    offer = state["offer"]
    if step == "donate" and offer and offer["open"]:
        return "donation", offer["to"]
    return None


def to_act(state: State) -> list[int]:
    """The one pending seat, if any."""
    due = pending(state)
    return [due[1]] if due else []


def automatic(state: State) -> list[Automatic]:
    """Always empty: every system step is emitted with the command that makes it due."""
    return []


def commands_for(state: State, step: str) -> tuple[str, ...]:
    """The command types the pending step accepts."""
    if step == "action":
        return (*BOX_COMMANDS[state["box"]], "SkipBoxAction")
    return STEP_COMMANDS[step]


# Phase 1 (§4.1).

def _legal_buy_gas(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    most = min(kennel["coins"], (GAS_CAP - kennel["gas"]) // GAS_PER_COIN)
    return [{"type": "BuyGas", "coins": coins} for coins in range(most + 1)]


def _legal_dog_swap(state: State, seat: int) -> list[Command]:
    spaces = [node for node in PAW_SPACES if state["board"][node] and not is_blocker(state["board"][node])]
    return [
        {"type": "PlayDogSwap", "card": card, "space_a": space_a, "space_b": space_b}
        for card in owned(state["kennels"][seat], "DOG_SWAP")
        for space_a, space_b in combinations(spaces, 2)
    ]


def _legal_receive_dog(state: State, seat: int) -> list[Command]:
    groups = [group for group, tokens in state["supply"].items() if any(not is_blocker(token) for token in tokens)]
    return [
        {"type": "PlayReceiveDog", "card": card, "group": group}
        for card in owned(state["kennels"][seat], "RECEIVE_DOG")
        for group in groups
    ]


def _legal_move_truck(state: State, seat: int) -> list[Command]:
    return [{"type": "MoveTruck", "to": node} for node in destinations(state, seat)]


def earns_return_bonus(state: State, seat: int) -> bool:
    """First returner (3-4 players) or the last truck out (R5)."""
    first = state["players"] >= 3 and not state["returned"]
    return first or trucks_out(state) == [seat]


def _legal_return_home(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    if not kennel["moved"] or kennel["gas"] < 1:
        return []
    bonuses = RESOURCES if earns_return_bonus(state, seat) else (None,)
    return [{"type": "ReturnHome", "bonus": bonus} for bonus in bonuses]


def _legal_stay_home(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    return [{"type": "StayHome"}] if kennel["truck"] == "CENTER" and not kennel["moved"] else []


def _legal_arrangements(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    pens = built_pens(kennel)
    out = []
    for vet in vet_options(kennel):
        healthy, sick = healthy_and_sick(kennel, vet is not None)
        excess = max(0, len(sick) - INFIRMARY_CAP)
        sick_choices = sorted({
            tuple(sorted(canonical_tokens(list(choice), sick))) for choice in combinations(sorted(sick), excess)
        })
        for placed, leftover in layouts(healthy, pens):
            for donated_sick in sick_choices:
                out.append({
                    "type": "ArrangeKennel", "pens": placed,
                    "donate": sorted(leftover + donated_sick), "vet_card": vet,
                })
    return out


def _legal_acceptances(state: State, seat: int) -> list[Command]:
    offer, kennel = state["offer"], state["kennels"][seat]
    if offer["sick"]:
        return [{"type": "AcceptDonation", "token": offer["token"], "pens": None}]
    dogs = pen_dogs(kennel) + [offer["token"]]
    pens = built_pens(kennel)
    return [
        {"type": "AcceptDonation", "token": offer["token"], "pens": placed}
        for placed, _ in layouts(dogs, pens)
    ]


def _legal_decline(state: State, seat: int) -> list[Command]:
    return [{"type": "DeclineDonation", "token": state["offer"]["token"]}]


# Phase 2 (§4.2).

def _legal_placements(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    out = []
    for box in BOXES:
        normal = sum(1 for _, free in state["meeples"][box] if not free)
        if normal < box_capacity(state):
            cards = state["boxes"][box] or [None]
            out += [{"type": "PlaceMeeple", "box": box, "card": card, "free_entry": None} for card in cards]
        elif not any(free for _, free in state["meeples"][box]):
            out += [
                {"type": "PlaceMeeple", "box": box, "card": None, "free_entry": card}
                for card in owned(kennel, "FREE_ENTRY")
            ]
    return out


def _legal_skip(state: State, seat: int) -> list[Command]:
    return [{"type": "SkipBoxAction"}]


def _legal_activate_pen(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    if next_pen(kennel) is None:
        return []
    plain = [None] if kennel["coins"] >= pen_price(None) else []
    discounts = [card for card in owned(kennel, "DISCOUNT") if kennel["coins"] >= pen_price(card)]
    return [{"type": "ActivatePen", "discount": discount} for discount in plain + discounts]


def _multisets(size: int) -> list[list[str]]:
    return [list(choice) for choice in combinations_with_replacement(RESOURCES, size)]


def _legal_swaps(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    out = []
    for size in (1, 2):
        for give in _multisets(size):
            if any(Counter(give)[resource] > kennel[resource] for resource in give):
                continue
            for take in _multisets(size):
                gas = kennel["gas"] - give.count("gas") + take.count("gas")
                if take != give and gas <= GAS_CAP:
                    out.append({"type": "SwapResources", "give": give, "take": take})
    return out


def _legal_supplies(state: State, seat: int) -> list[Command]:
    coins = state["kennels"][seat]["coins"]
    return [
        {"type": "BuySupplies", "food": food, "medicine": SUPPLIES_PER_COIN * spent - food}
        for spent in range(1, coins + 1)
        for food in range(SUPPLIES_PER_COIN * spent + 1)
    ]


def _legal_cures(state: State, seat: int) -> list[Command]:
    return [{"type": "CureDogs", "cures": cures} for cures in cure_plans(state["kennels"][seat])]


def _sale_bonus_sets(kennel: Kennel) -> list[list[str]]:
    """Every set of Trained/Prize cards the player may add to a sale, ids sorted."""
    cards = sorted(card for card in kennel["cards"] if card_kind(card) in BONUS_COINS)
    return [list(chosen) for size in range(len(cards) + 1) for chosen in combinations(cards, size)]


def _legal_sales(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    on_card = FAIR_CARDS[state["fair_deck"][0]]
    dogs = [token for token in pen_dogs(kennel) if breed_of(token) in on_card]
    return [
        {"type": "SellDog", "token": token, "bonus_cards": bonus}
        for token in dogs
        for bonus in _sale_bonus_sets(kennel)
    ]


def _legal_purchases(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    if kennel["coins"] < fair_price(state):
        return []
    return [
        {"type": "BuyDog", "token": token, "pen": pen}
        for token in one_per_breed(state["fair"])
        for pen in built_pens(kennel)
        if content_ok(pen_breeds(kennel, pen) + [breed_of(token)])
    ]


def _legal_fair_swaps(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    gives = [token for pen in built_pens(kennel) for token in one_per_breed(kennel["pens"][pen])]
    out = []
    for give in gives:
        for pen in built_pens(kennel):
            breeds = [breed_of(token) for token in kennel["pens"][pen] if token != give]
            out += [
                {"type": "SwapDogAtFair", "give": give, "take": take, "pen": pen}
                for take in one_per_breed(state["fair"])
                if content_ok(breeds + [breed_of(take)])
            ]
    return out


# Phase 3 (§4.3).

def _legal_feedings(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    occupied = occupied_pens(kennel)
    hungry = len(occupied) - kennel["food"]
    room = infirmary_room(kennel)
    out = []
    for pens in combinations(occupied, hungry):
        for breeds in product(*(sorted(set(pen_breeds(kennel, pen))) for pen in pens)):
            entries = [
                [pen, assign_tokens([(breed,)], kennel["pens"][pen])[0][0][0]]
                for pen, breed in zip(pens, breeds, strict=True)
            ]
            # Only which dogs reach the infirmary first matters, not the order inside each part.
            firsts = combinations(range(hungry), room) if 0 < room < hungry else [range(hungry)]
            for first in firsts:
                order = [entries[i] for i in first] + [entry for i, entry in enumerate(entries) if i not in first]
                out.append({"type": "FeedDogs", "unfed": order})
    return out


def _legal_salaries(state: State, seat: int) -> list[Command]:
    kennel = state["kennels"][seat]
    paid = ([{"type": "PaySalary", "method": "coin", "card": None}] if kennel["coins"] else []) + [
        {"type": "PaySalary", "method": "card", "card": card} for card in owned(kennel, "HELPER")
    ]
    if kennel["helper"]:
        return paid or [{"type": "PaySalary", "method": "none", "card": None}]
    return [*paid, {"type": "PaySalary", "method": "none", "card": None}]


#: Every legal form of each command type, in canonical form.
LEGAL: dict[str, Callable[[State, int], list[Command]]] = {
    "BuyGas": _legal_buy_gas,
    "PlayDogSwap": _legal_dog_swap,
    "PlayReceiveDog": _legal_receive_dog,
    "MoveTruck": _legal_move_truck,
    "ReturnHome": _legal_return_home,
    "StayHome": _legal_stay_home,
    "ArrangeKennel": _legal_arrangements,
    "AcceptDonation": _legal_acceptances,
    "DeclineDonation": _legal_decline,
    "PlaceMeeple": _legal_placements,
    "SkipBoxAction": _legal_skip,
    "ActivatePen": _legal_activate_pen,
    "SwapResources": _legal_swaps,
    "BuySupplies": _legal_supplies,
    "CureDogs": _legal_cures,
    "SellDog": _legal_sales,
    "BuyDog": _legal_purchases,
    "SwapDogAtFair": _legal_fair_swaps,
    "FeedDogs": _legal_feedings,
    "PaySalary": _legal_salaries,
}


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every legal command of ``seat`` now, canonical forms only."""
    due = pending(state)
    if due is None or due[1] != seat:
        return []
    return [move for kind in commands_for(state, due[0]) for move in LEGAL[kind](state, seat)]


def command_events(state: State, seat: int | None, command: Command, rng: random.Random) -> list[Event]:
    """The events of one seat's command alone, or IllegalMove."""
    kind, args = parse(command)
    due = pending(state)
    if due is None:
        raise IllegalMove("NotYourTurn", "nobody may act now")
    step, who = due
    require(seat == who, "NotYourTurn", f"seat {who} decides now")
    require(kind in commands_for(state, step), "WrongMoment", f"{kind} is not possible now")
    if kind in CHECKS:
        CHECKS[kind](state, who, args)
    else:
        canonical = {"type": kind, **(CANONICAL[kind](state, who, args) if kind in CANONICAL else args)}
        require(canonical in LEGAL[kind](state, who), "NotLegal", f"{kind} with these arguments is not legal now")
        args = {name: value for name, value in canonical.items() if name != "type"}
    return HANDLERS[kind](state, who, args, rng)


def advance(state: State, events: list[Event], rng: random.Random) -> list[Event]:
    """``events`` followed by every automatic event they make due; ``state`` is left untouched."""
    return _advanced(copy_state(state), events, rng)[0]


def _advanced(current: State, events: list[Event], rng: random.Random) -> tuple[list[Event], State]:
    """``events`` and every automatic event they make due, and ``current`` (changed in place) after all of them."""
    for event in events:
        current = evolve(current, event)
    out = list(events)
    while batch := automatic_events(current, rng):
        for event in batch:
            current = evolve(current, event)
        out += batch
    return out, current


def decide(state: State, seat: int | None, command: Command, rng: random.Random) -> list[Event]:
    """The events of a command and of the automatic steps that follow, or IllegalMove."""
    return advance(state, command_events(state, seat, command, rng), rng)


def apply(state: State, seat: int | None, command: Command, rng: random.Random) -> tuple[list[Event], State]:
    """``decide`` folded into ``state`` itself (the caller's own) as it goes: the events, and the state after."""
    return _advanced(state, command_events(state, seat, command, rng), rng)
