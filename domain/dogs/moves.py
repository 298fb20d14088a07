"""Who decides now and which commands they may issue: the legal-move enumerators.

Each ``options_<Command>`` lists every legal form of one command in its canonical form
(see the package docstring); ``decide`` checks a command by canonicalising it and looking it up,
except for the layout commands, which are checked rule by rule (their lists can be long).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from typing import Any

from domain.dogs.board import route_costs
from domain.dogs.content import (
    ADDITIONAL_PENS,
    BONUS_COINS,
    BOX_CAPACITY,
    BOXES,
    FAIR_CARDS,
    FAIR_PRICE_BASE,
    GAS_CAP,
    INFIRMARY_CAP,
    PAW_SPACES,
    PEN_PRICE,
    PENS,
    RESOURCES,
    breed_of,
    card_kind,
    is_blocker,
    is_sick,
)
from domain.dogs.pens import content_ok, cure_plans, layouts, max_placeable
from domain.dogs.state import State, blocker_nodes, pen_dogs, trucks_out
from domain.engine import Command

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


def commands_for(state: State, step: str) -> tuple[str, ...]:
    """The command types the pending step accepts."""
    if step == "action":
        return (*BOX_COMMANDS[state["box"]], "SkipBoxAction")
    return STEP_COMMANDS[step]


def owned(kennel: dict[str, Any], kind: str) -> list[str]:
    """The player's special cards of one type."""
    return [c for c in kennel["cards"] if card_kind(c) == kind]


def built_pens(kennel: dict[str, Any]) -> list[str]:
    """The player's built pens, in pen order."""
    return [pen for pen in PENS if pen in kennel["pens"]]


def pen_of(kennel: dict[str, Any], token: str) -> str | None:
    """The pen holding ``token``, if any."""
    return next((pen for pen, dogs in kennel["pens"].items() if token in dogs), None)


def pen_breeds(kennel: dict[str, Any], pen: str) -> list[str]:
    """The breeds in one pen."""
    return [breed_of(t) for t in kennel["pens"][pen]]


def fair_price(state: State) -> int:
    """What the next Fair purchase costs (R23)."""
    return max(1, FAIR_PRICE_BASE - len(state["fair"]))


def assign_tokens(contents: list[tuple[str, ...]], tokens: list[str]) -> tuple[list[list[str]], list[str]]:
    """Map breed contents to tokens, lowest id first; return the pens' tokens and the unused tokens."""
    free: dict[str, list[str]] = {}
    for tok in sorted(tokens):
        free.setdefault(breed_of(tok), []).append(tok)
    pens = [[free[b].pop(0) for b in content] for content in contents]
    return pens, sorted(t for toks in free.values() for t in toks)


def canonical_tokens(tokens: list[str], pool: list[str]) -> list[str]:
    """The lowest-id tokens of ``pool`` with the same breeds as ``tokens`` (dogs of one breed are alike)."""
    return assign_tokens([tuple(breed_of(t) for t in tokens)], pool)[0][0]


# Phase 1.

def options_BuyGas(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    return [{"type": "BuyGas", "coins": c} for c in range(min(k["coins"], (GAS_CAP - k["gas"]) // 3) + 1)]


def options_PlayDogSwap(state: State, seat: int) -> list[Command]:
    spaces = [n for n in PAW_SPACES if state["board"][n] and not is_blocker(state["board"][n])]
    return [
        {"type": "PlayDogSwap", "card": card, "space_a": a, "space_b": b}
        for card in owned(state["kennels"][seat], "DOG_SWAP")
        for a, b in combinations(spaces, 2)
    ]


def options_PlayReceiveDog(state: State, seat: int) -> list[Command]:
    groups = [g for g, toks in state["supply"].items() if any(not is_blocker(t) for t in toks)]
    return [
        {"type": "PlayReceiveDog", "card": card, "group": g}
        for card in owned(state["kennels"][seat], "RECEIVE_DOG")
        for g in groups
    ]


def destinations(state: State, seat: int) -> dict[str, int]:
    """Paw spaces the truck may move to (R1-R3), with their cheapest cost."""
    k = state["kennels"][seat]
    taken = {state["kennels"][s]["truck"] for s in trucks_out(state)}
    costs = route_costs(k["truck"], blocker_nodes(state))
    return {
        node: costs[node]
        for node in PAW_SPACES
        if state["board"][node] and not is_blocker(state["board"][node]) and node not in taken
        and k["gas"] - costs[node] >= 1
    }


def options_MoveTruck(state: State, seat: int) -> list[Command]:
    return [{"type": "MoveTruck", "to": node} for node in destinations(state, seat)]


def earns_return_bonus(state: State, seat: int) -> bool:
    """First returner (3-4 players) or the last truck out (R5)."""
    first = state["players"] >= 3 and not state["returned"]
    return first or trucks_out(state) == [seat]


def options_ReturnHome(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    if not k["moved"] or k["gas"] < 1:
        return []
    bonuses = RESOURCES if earns_return_bonus(state, seat) else (None,)
    return [{"type": "ReturnHome", "bonus": b} for b in bonuses]


def options_StayHome(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    return [{"type": "StayHome"}] if k["truck"] == "CENTER" and not k["moved"] else []


def healthy_and_sick(kennel: dict[str, Any], vet: bool) -> tuple[list[str], list[str]]:
    """H and S of the arrangement (R10, R16): the dogs to lay out and the dogs for the infirmary."""
    load_sick = [t for t in kennel["load"] if is_sick(t)]
    load_healthy = [t for t in kennel["load"] if not is_sick(t)]
    if vet:
        return pen_dogs(kennel) + kennel["load"], list(kennel["infirmary"])
    return pen_dogs(kennel) + load_healthy, kennel["infirmary"] + load_sick


def vet_options(kennel: dict[str, Any]) -> list[str | None]:
    """No card, or any Veterinarian card when sick dogs ride the truck."""
    has_sick = any(is_sick(t) for t in kennel["load"])
    return [None, *(owned(kennel, "VETERINARIAN") if has_sick else [])]


def options_ArrangeKennel(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    pens = built_pens(k)
    out = []
    for vet in vet_options(k):
        healthy, sick = healthy_and_sick(k, vet is not None)
        excess = max(0, len(sick) - INFIRMARY_CAP)
        sick_choices = {tuple(sorted(canonical_tokens(list(c), sick))) for c in combinations(sorted(sick), excess)}
        for contents in layouts([breed_of(t) for t in healthy], len(pens)):
            placed, leftover = assign_tokens(contents, healthy)
            for donated_sick in sorted(sick_choices):
                out.append({
                    "type": "ArrangeKennel", "pens": dict(zip(pens, placed, strict=True)),
                    "donate": sorted(leftover + list(donated_sick)), "vet_card": vet,
                })
    return out


def can_take_donation(state: State, seat: int, token: str, sick: bool) -> bool:
    """Whether the offeree has room for the donated dog (R11)."""
    k = state["kennels"][seat]
    if sick:
        return len(k["infirmary"]) < INFIRMARY_CAP
    dogs = [breed_of(t) for t in pen_dogs(k)] + [breed_of(token)]
    return max_placeable(dogs, len(built_pens(k))) == len(dogs)


def options_AcceptDonation(state: State, seat: int) -> list[Command]:
    offer = state["offer"]
    k = state["kennels"][seat]
    if offer["sick"]:
        return [{"type": "AcceptDonation", "token": offer["token"], "pens": None}]
    dogs = pen_dogs(k) + [offer["token"]]
    pens = built_pens(k)
    return [
        {"type": "AcceptDonation", "token": offer["token"],
         "pens": dict(zip(pens, assign_tokens(c, dogs)[0], strict=True))}
        for c in layouts([breed_of(t) for t in dogs], len(pens))
    ]


def options_DeclineDonation(state: State, seat: int) -> list[Command]:
    return [{"type": "DeclineDonation", "token": state["offer"]["token"]}]


# Phase 2.

def box_capacity(state: State) -> int:
    """Normal meeples a box holds."""
    return BOX_CAPACITY[state["players"]]


def options_PlaceMeeple(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    out = []
    for box in BOXES:
        normal = sum(1 for _, free in state["meeples"][box] if not free)
        if normal < box_capacity(state):
            cards = state["boxes"][box] or [None]
            out += [{"type": "PlaceMeeple", "box": box, "card": c, "free_entry": None} for c in cards]
        elif not any(free for _, free in state["meeples"][box]):
            out += [{"type": "PlaceMeeple", "box": box, "card": None, "free_entry": f} for f in owned(k, "FREE_ENTRY")]
    return out


def options_SkipBoxAction(state: State, seat: int) -> list[Command]:
    return [{"type": "SkipBoxAction"}]


def next_pen(kennel: dict[str, Any]) -> str | None:
    """The additional pen City Hall would build next (R33)."""
    return next((pen for pen in ADDITIONAL_PENS if pen not in kennel["pens"]), None)


def options_ActivatePen(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    if next_pen(k) is None:
        return []
    plain = [None] if k["coins"] >= PEN_PRICE else []
    discounts = owned(k, "DISCOUNT") if k["coins"] >= PEN_PRICE - 1 else []
    return [{"type": "ActivatePen", "discount": d} for d in plain + discounts]


def _multisets(size: int) -> list[list[str]]:
    return [list(c) for c in combinations_with_replacement(RESOURCES, size)]


def options_SwapResources(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    out = []
    for size in (1, 2):
        for give in _multisets(size):
            if any(Counter(give)[r] > k[r] for r in give):
                continue
            for take in _multisets(size):
                gas = k["gas"] - give.count("gas") + take.count("gas")
                if take != give and gas <= GAS_CAP:
                    out.append({"type": "SwapResources", "give": give, "take": take})
    return out


def options_BuySupplies(state: State, seat: int) -> list[Command]:
    coins = state["kennels"][seat]["coins"]
    return [
        {"type": "BuySupplies", "food": food, "medicine": 2 * k - food}
        for k in range(1, coins + 1)
        for food in range(2 * k + 1)
    ]


def options_CureDogs(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    pens = built_pens(k)
    sick = [breed_of(t) for t in k["infirmary"]]
    commands = []
    for plan in cure_plans([pen_breeds(k, p) for p in pens], sick, k["medicine"]):
        added = [(b, pen) for pen, add in zip(pens, plan, strict=True) for b in add]
        tokens = assign_tokens([tuple(b for b, _ in added)], k["infirmary"])[0][0]
        commands.append({"type": "CureDogs", "cures": [[t, pen] for t, (_, pen) in zip(tokens, added, strict=True)]})
    return commands


def sale_bonus_sets(kennel: dict[str, Any]) -> list[list[str]]:
    """Every set of Trained/Prize cards the player may add to a sale, ids sorted."""
    cards = sorted(c for c in kennel["cards"] if card_kind(c) in BONUS_COINS)
    return [list(c) for r in range(len(cards) + 1) for c in combinations(cards, r)]


def options_SellDog(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    on_card = FAIR_CARDS[state["fair_deck"][0]]
    dogs = [t for t in pen_dogs(k) if breed_of(t) in on_card]
    return [{"type": "SellDog", "token": t, "bonus_cards": b} for t in dogs for b in sale_bonus_sets(k)]


def one_per_breed(tokens: list[str]) -> list[str]:
    """The lowest-id token of each breed: dogs of one breed in one place are alike."""
    lowest: dict[str, str] = {}
    for tok in sorted(tokens):
        lowest.setdefault(breed_of(tok), tok)
    return list(lowest.values())


def options_BuyDog(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    if k["coins"] < fair_price(state):
        return []
    return [
        {"type": "BuyDog", "token": t, "pen": pen}
        for t in one_per_breed(state["fair"])
        for pen in built_pens(k)
        if content_ok(pen_breeds(k, pen) + [breed_of(t)])
    ]


def options_SwapDogAtFair(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    gives = [t for pen in built_pens(k) for t in one_per_breed(k["pens"][pen])]
    out = []
    for give in gives:
        for pen in built_pens(k):
            breeds = [breed_of(t) for t in k["pens"][pen] if t != give]
            out += [
                {"type": "SwapDogAtFair", "give": give, "take": t, "pen": pen}
                for t in one_per_breed(state["fair"])
                if content_ok(breeds + [breed_of(t)])
            ]
    return out


# Phase 3.

def occupied_pens(kennel: dict[str, Any]) -> list[str]:
    """Built pens holding at least one dog."""
    return [pen for pen in built_pens(kennel) if kennel["pens"][pen]]


def options_FeedDogs(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    occupied = occupied_pens(k)
    hungry = len(occupied) - k["food"]
    room = INFIRMARY_CAP - len(k["infirmary"])
    out = []
    for pens in combinations(occupied, hungry):
        for breeds in product(*(sorted(set(pen_breeds(k, p))) for p in pens)):
            entries = [[p, assign_tokens([(b,)], k["pens"][p])[0][0][0]] for p, b in zip(pens, breeds, strict=True)]
            # Only which dogs reach the infirmary first matters, not the order inside each part.
            firsts = combinations(range(hungry), room) if 0 < room < hungry else [range(hungry)]
            for first in firsts:
                order = [entries[i] for i in first] + [e for i, e in enumerate(entries) if i not in first]
                out.append({"type": "FeedDogs", "unfed": order})
    return out


def options_PaySalary(state: State, seat: int) -> list[Command]:
    k = state["kennels"][seat]
    paid = ([{"type": "PaySalary", "method": "coin", "card": None}] if k["coins"] else []) + [
        {"type": "PaySalary", "method": "card", "card": c} for c in owned(k, "HELPER")
    ]
    if k["helper"]:
        return paid or [{"type": "PaySalary", "method": "none", "card": None}]
    return [*paid, {"type": "PaySalary", "method": "none", "card": None}]


OPTIONS = {name[len("options_"):]: fn for name, fn in dict(globals()).items() if name.startswith("options_")}


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every legal command of ``seat`` now, canonical forms only."""
    due = pending(state)
    if due is None or due[1] != seat:
        return []
    return [move for kind in commands_for(state, due[0]) for move in OPTIONS[kind](state, seat)]
