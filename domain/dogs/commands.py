"""The commands of §4.1-4.3: their arguments, their canonical forms, the rule-by-rule checks of the layout
commands, and what each command does once ``moves.decide`` has found it legal (``HANDLERS``).

Commands and their arguments are the spec's. Pens and tokens are named by id; tuples are JSON lists. Every
argument must be present, null where the spec allows null.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dogs.board import destinations
from domain.dogs.content import (
    GAS_CAP,
    GAS_PER_COIN,
    INFIRMARY_CAP,
    PAW_SPACES,
    PENS,
    RESOURCE_CARDS,
    RESOURCES,
    REWARD,
    breed_of,
    is_blocker,
    is_lost,
    pen_price,
    sale_price,
    supplies_price,
)
from domain.dogs.pens import (
    assign_tokens,
    built_pens,
    content_ok,
    healthy_and_sick,
    is_full_of_one_breed,
    max_placeable,
    next_pen,
    occupied_pens,
    pen_dogs,
    pen_of,
    vet_options,
)
from domain.dogs.state import Kennel, State, fair_price, infirmary_room
from domain.engine import Command, Event, event, reject_unknown_fields, require

#: A command's arguments, by name, once ``parse`` has checked their types.
Args = dict[str, Any]

#: Each command's arguments and their JSON types (None: the argument may be null but must be present).
ARGS: dict[str, dict[str, tuple[type | None, ...]]] = {
    "BuyGas": {"coins": (int,)},
    "PlayDogSwap": {"card": (str,), "space_a": (str,), "space_b": (str,)},
    "PlayReceiveDog": {"card": (str,), "group": (str,)},
    "MoveTruck": {"to": (str,)},
    "ReturnHome": {"bonus": (str, None)},
    "StayHome": {},
    "ArrangeKennel": {"pens": (dict,), "donate": (list,), "vet_card": (str, None)},
    "AcceptDonation": {"token": (str,), "pens": (dict, None)},
    "DeclineDonation": {"token": (str,)},
    "PlaceMeeple": {"box": (str,), "card": (str, None), "free_entry": (str, None)},
    "SkipBoxAction": {},
    "ActivatePen": {"discount": (str, None)},
    "SwapResources": {"give": (list,), "take": (list,)},
    "BuySupplies": {"food": (int,), "medicine": (int,)},
    "CureDogs": {"cures": (list,)},
    "SellDog": {"token": (str,), "bonus_cards": (list,)},
    "BuyDog": {"token": (str,), "pen": (str,)},
    "SwapDogAtFair": {"give": (str,), "take": (str,), "pen": (str,)},
    "FeedDogs": {"unfed": (list,)},
    "PaySalary": {"method": (str,), "card": (str, None)},
}


def _typed(command: Command, name: str, kinds: tuple[type | None, ...]) -> Any:
    require(name in command, "BadArgument", f"'{name}' is missing")
    value = command[name]
    if value is None:
        require(None in kinds, "BadArgument", f"'{name}' may not be null")
        return None
    types = tuple(kind for kind in kinds if kind is not None)
    require(isinstance(value, types) and not isinstance(value, bool), "BadArgument", f"'{name}' has the wrong type")
    return value


def _strings(values: list[Any], size: int | None = None) -> list[str]:
    require(all(isinstance(value, str) for value in values), "BadArgument", "expected a list of strings")
    require(size is None or len(values) == size, "BadArgument", "wrong list length")
    return values


def _pairs(values: list[Any]) -> list[list[str]]:
    for value in values:
        require(isinstance(value, list), "BadArgument", "expected a list of pairs")
        _strings(value, 2)
    return values


def parse(command: Any) -> tuple[str, Args]:
    """The command's type and typed arguments, or IllegalMove for any malformed shape."""
    require(isinstance(command, dict), "BadCommand", "a command is an object")
    kind = command.get("type")
    require(isinstance(kind, str) and kind in ARGS, "UnknownCommand", f"unknown command {kind!r}")
    reject_unknown_fields(command, ARGS[kind])
    return kind, {name: _typed(command, name, kinds) for name, kinds in ARGS[kind].items()}


# Canonical forms: equivalent commands (dogs of one breed, orders that change nothing) map to the listed one.

def _canonical_dog_swap(state: State, seat: int, args: Args) -> Args:
    def in_fill_order(node: str) -> int:
        return PAW_SPACES.index(node) if node in PAW_SPACES else -1

    first, second = sorted((args["space_a"], args["space_b"]), key=in_fill_order)
    return {**args, "space_a": first, "space_b": second}


def _canonical_swap(state: State, seat: int, args: Args) -> Args:
    order = {resource: i for i, resource in enumerate(RESOURCES)}
    return {
        side: sorted(_strings(args[side]), key=lambda resource: order.get(resource, -1)) for side in ("give", "take")
    }


def _canonical_sale(state: State, seat: int, args: Args) -> Args:
    return {**args, "bonus_cards": sorted(_strings(args["bonus_cards"]))}


def _canonical_feeding(state: State, seat: int, args: Args) -> Args:
    kennel = state["kennels"][seat]
    unfed = _pairs(args["unfed"])
    require(all(pen in kennel["pens"] and token in kennel["pens"][pen] for pen, token in unfed), "NotInPen")
    entries = [[pen, assign_tokens([(breed_of(token),)], kennel["pens"][pen])[0][0][0]] for pen, token in unfed]
    room = infirmary_room(kennel)
    split = room if 0 < room < len(entries) else len(entries)

    def by_pen(part: list[list[str]]) -> list[list[str]]:
        return sorted(part, key=lambda entry: PENS.index(entry[0]))

    return {"unfed": by_pen(entries[:split]) + by_pen(entries[split:])}


def _canonical_purchase(state: State, seat: int, args: Args) -> Args:
    return {**args, "token": _lowest_alike(args["token"], state["fair"])}


def _canonical_fair_swap(state: State, seat: int, args: Args) -> Args:
    kennel = state["kennels"][seat]
    home = pen_of(kennel, args["give"])
    give = _lowest_alike(args["give"], kennel["pens"][home]) if home else args["give"]
    return {**args, "give": give, "take": _lowest_alike(args["take"], state["fair"])}


def _lowest_alike(token: str, place: list[str]) -> str:
    """The lowest-id token of the same breed in the same place (the listed representative)."""
    if token not in place:
        return token
    return min((other for other in place if breed_of(other) == breed_of(token)), default=token)


#: The canonical form of each command whose listed form is not simply its arguments as given.
CANONICAL: dict[str, Callable[[State, int, Args], Args]] = {
    "PlayDogSwap": _canonical_dog_swap,
    "SwapResources": _canonical_swap,
    "SellDog": _canonical_sale,
    "FeedDogs": _canonical_feeding,
    "BuyDog": _canonical_purchase,
    "SwapDogAtFair": _canonical_fair_swap,
}


# Layout commands are checked rule by rule (their lists of legal forms can be long).

def _checked_layout(kennel: Kennel, pens: dict[str, Any], dogs: list[str]) -> dict[str, list[str]]:
    """A complete new layout of the built pens: legal contents using distinct dogs of ``dogs``."""
    require(set(pens) == set(built_pens(kennel)), "BadPens", "name every built pen and only those")
    layout = {pen: _strings(pens[pen]) for pen in built_pens(kennel) if isinstance(pens[pen], list)}
    require(len(layout) == len(pens), "BadArgument", "a pen's content is a list")
    placed = [token for tokens in layout.values() for token in tokens]
    require(len(set(placed)) == len(placed) and set(placed) <= set(dogs), "UnknownDog")
    require(all(content_ok(breed_of(token) for token in tokens) for tokens in layout.values()), "IllegalPen", "R7")
    return layout


def _check_arrangement(state: State, seat: int, args: Args) -> None:
    kennel = state["kennels"][seat]
    require(args["vet_card"] in vet_options(kennel), "BadCard")
    healthy, sick = healthy_and_sick(kennel, args["vet_card"] is not None)
    layout = _checked_layout(kennel, args["pens"], healthy)
    placed = {token for tokens in layout.values() for token in tokens}
    need = max_placeable([breed_of(token) for token in healthy], len(layout))
    require(len(placed) == need, "PlaceAsManyAsPossible", f"place {need} dogs")
    donate = _strings(args["donate"])
    require(len(set(donate)) == len(donate), "BadDonation")
    leftover = set(healthy) - placed
    sick_donated = set(donate) - leftover
    require(leftover <= set(donate) and sick_donated <= set(sick), "BadDonation", "donate exactly the dogs left out")
    require(len(sick_donated) == max(0, len(sick) - INFIRMARY_CAP), "BadDonation", "infirmary holds 6")


def _check_acceptance(state: State, seat: int, args: Args) -> None:
    offer = state["offer"]
    require(args["token"] == offer["token"], "NotOffered")
    kennel = state["kennels"][seat]
    if offer["sick"]:
        require(args["pens"] is None, "BadPens", "a sick dog goes to the infirmary")
    else:
        require(args["pens"] is not None, "BadPens", "lay out your pens")
        dogs = pen_dogs(kennel) + [offer["token"]]
        layout = _checked_layout(kennel, args["pens"], dogs)
        require(sum(len(tokens) for tokens in layout.values()) == len(dogs), "KeepAllDogs")


def _check_cures(state: State, seat: int, args: Args) -> None:
    kennel = state["kennels"][seat]
    cures = _pairs(args["cures"])
    tokens = [token for token, _ in cures]
    require(0 < len(cures) <= kennel["medicine"], "NoMedicine", "one medicine per cure, at least one cure")
    require(len(set(tokens)) == len(tokens) and set(tokens) <= set(kennel["infirmary"]), "NotInInfirmary")
    require(all(pen in kennel["pens"] for _, pen in cures), "PenNotBuilt")
    for pen in {pen for _, pen in cures}:
        added = [breed_of(token) for token, cured_into in cures if cured_into == pen]
        require(content_ok([*(breed_of(token) for token in kennel["pens"][pen]), *added]), "IllegalPen", "R7, R22")


#: The commands checked rule by rule rather than looked up among the listed legal moves.
CHECKS: dict[str, Callable[[State, int, Args], None]] = {
    "ArrangeKennel": _check_arrangement,
    "AcceptDonation": _check_acceptance,
    "CureDogs": _check_cures,
}


# What a legal command does: its events.

def _bonuses(seat: int, kennel: Kennel, pens: dict[str, list[str]]) -> list[Event]:
    """FullPenBonusPaid for each pen of ``pens`` newly full of one breed (R9)."""
    return [
        event("FullPenBonusPaid", seat=seat, pen=pen)
        for pen in PENS
        if pen in pens and not kennel["flags"][pen] and is_full_of_one_breed([breed_of(token) for token in pens[pen]])
    ]


def _played(seat: int, card: str | None) -> list[Event]:
    return [event("SpecialCardPlayed", seat=seat, card=card)] if card else []


def _gas_lost(gas_before: int, amount: int) -> int:
    """The gas above the cap (R6)."""
    return max(0, gas_before + amount - GAS_CAP)


def _loaded(seat: int, token: str, reward: int) -> list[Event]:
    """A picked-up dog: a lost one goes to the Fair with its reward (R13), any other onto the truck."""
    if is_lost(token):
        return [event("LostDogDeliveredToFair", seat=seat, token=token, reward=reward)]
    return [event("DogLoadedOnTruck", seat=seat, token=token)]


def _buy_gas(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    return [event("GasBought", seat=seat, coins=args["coins"], gas=GAS_PER_COIN * args["coins"])]


def _play_dog_swap(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    swapped = event("DogsSwappedOnBoard", seat=seat, space_a=args["space_a"], space_b=args["space_b"])
    return [*_played(seat, args["card"]), swapped]


def _play_receive_dog(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    group = args["group"]
    order = list(state["supply"][group])
    events = _played(seat, args["card"])
    while is_blocker(order[0]):
        events.append(event("BlockerReturned", group=group, token=order[0]))
        rng.shuffle(order)
        events.append(event("DogSupplyShuffled", group=group, order=list(order)))
    token = order[0]
    return events + [event("DogDrawnFromSupply", seat=seat, group=group, token=token)] + _loaded(seat, token, 0)


def _move_truck(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel, to = state["kennels"][seat], args["to"]
    token = state["board"][to]
    return [
        event("TruckMoved", seat=seat, **{"from": kennel["truck"]}, to=to, cost=destinations(state, seat)[to]),
        event("DogCollected", seat=seat, space=to, token=token),
        *_loaded(seat, token, REWARD[to]),
    ]


def _return_home(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel = state["kennels"][seat]
    events = [event("TruckReturned", seat=seat, order=len(state["returned"]) + 1)]
    if args["bonus"]:
        lost = _gas_lost(kennel["gas"] - 1, 1) if args["bonus"] == "gas" else 0
        events.append(event("ReturnBonusTaken", seat=seat, resource=args["bonus"], lost=lost))
    return events


def _stay_home(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    return [event("PlayerStayedHome", seat=seat)]


def _arrange_kennel(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel = state["kennels"][seat]
    _, sick = healthy_and_sick(kennel, args["vet_card"] is not None)
    donate = sorted(args["donate"])
    pens = {pen: list(args["pens"][pen]) for pen in built_pens(kennel)}
    return _played(seat, args["vet_card"]) + [
        event("KennelArranged", seat=seat, pens=pens, infirmary=[token for token in sick if token not in donate],
              donate=donate, sick_donated=[token for token in donate if token in sick]),
        *_bonuses(seat, kennel, pens),
    ]


def _accept_donation(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    offer, kennel = state["offer"], state["kennels"][seat]
    pens = None if args["pens"] is None else {pen: list(args["pens"][pen]) for pen in built_pens(kennel)}
    accepted = event("DonationAccepted", donor=offer["donor"], to=seat, token=offer["token"], pens=pens)
    return [accepted, *(_bonuses(seat, kennel, pens) if pens else [])]


def _decline_donation(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    return [event("DonationDeclined", token=args["token"], seat=seat, automatic=False)]


def _place_meeple(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel, card, box = state["kennels"][seat], args["card"], args["box"]
    events = [event("MeeplePlaced", seat=seat, box=box, via_free_entry=args["free_entry"] is not None, card=card)]
    events += _played(seat, args["free_entry"])
    if card is None:
        return events
    events.append(event("CardTaken", seat=seat, card=card, box=box))
    if card not in RESOURCE_CARDS:
        return events + [event("CardKept", seat=seat, card=card)]
    kind, amount = RESOURCE_CARDS[card]
    lost = _gas_lost(kennel["gas"], amount) if kind == "gas" else 0
    return events + [
        event("ResourceCardResolved", seat=seat, card=card, kind=kind, amount=amount, lost=lost),
        event("CardDiscarded", card=card),
    ]


def _skip_box_action(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    return [event("BoxActionSkipped", seat=seat, box=state["box"])]


def _activate_pen(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    pen = next_pen(state["kennels"][seat])
    activated = event("PenActivated", seat=seat, pen=pen, paid=pen_price(args["discount"]))
    return _played(seat, args["discount"]) + [activated]


def _swap_resources(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    return [event("ResourcesSwapped", seat=seat, give=args["give"], take=args["take"])]


def _buy_supplies(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    coins = supplies_price(args["food"], args["medicine"])
    return [event("SuppliesBought", seat=seat, coins=coins, food=args["food"], medicine=args["medicine"])]


def _cure_dogs(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel = state["kennels"][seat]
    pens = {pen: list(dogs) for pen, dogs in kennel["pens"].items()}
    for token, pen in args["cures"]:
        pens[pen].append(token)
    cured = [event("DogCured", seat=seat, token=token, pen=pen) for token, pen in args["cures"]]
    return cured + _bonuses(seat, kennel, pens)


def _sell_dog(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    cards_played = [played for card in args["bonus_cards"] for played in _played(seat, card)]
    return cards_played + [event("DogSold", seat=seat, token=args["token"], coins=sale_price(args["bonus_cards"]))]


def _fair_bonuses(state: State, seat: int, token: str, pen: str, give: str | None) -> list[Event]:
    """The full-pen bonus of a dog bought or swapped into ``pen`` (``give`` left first)."""
    kennel = state["kennels"][seat]
    pens = {pen: [dog for dog in kennel["pens"][pen] if dog != give] + [token]}
    return _bonuses(seat, kennel, pens)


def _buy_dog(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    bought = event("DogBought", seat=seat, token=args["token"], price=fair_price(state), pen=args["pen"])
    return [bought, *_fair_bonuses(state, seat, args["token"], args["pen"], None)]


def _swap_dog_at_fair(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel = state["kennels"][seat]
    swapped = event("DogSwappedAtFair", seat=seat, give=args["give"], take=args["take"], pen=args["pen"],
                    from_pen=pen_of(kennel, args["give"]))
    return [swapped, *_fair_bonuses(state, seat, args["take"], args["pen"], args["give"])]


def _feed_dogs(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    kennel = state["kennels"][seat]
    room = infirmary_room(kennel)
    events = []
    for i, (pen, token) in enumerate(args["unfed"]):
        kind = "DogFellSick" if i < room else "DogSentToFair"
        events.append(event(kind, seat=seat, pen=pen, token=token))
    unfed = {pen for pen, _ in args["unfed"]}
    return events + [event("PensFed", seat=seat, pens=[pen for pen in occupied_pens(kennel) if pen not in unfed])]


def _pay_salary(state: State, seat: int, args: Args, rng: random.Random) -> list[Event]:
    hired, method = state["kennels"][seat]["helper"], args["method"]
    if method == "none":
        return [event("HelperLost" if hired else "HelperNotRehired", seat=seat)]
    kind = "SalaryPaid" if hired else "HelperRehired"
    return _played(seat, args["card"]) + [event(kind, seat=seat, method=method, card=args["card"])]


#: What each command does: the events it causes, before the automatic steps they make due.
HANDLERS: dict[str, Callable[[State, int, Args, random.Random], list[Event]]] = {
    "BuyGas": _buy_gas,
    "PlayDogSwap": _play_dog_swap,
    "PlayReceiveDog": _play_receive_dog,
    "MoveTruck": _move_truck,
    "ReturnHome": _return_home,
    "StayHome": _stay_home,
    "ArrangeKennel": _arrange_kennel,
    "AcceptDonation": _accept_donation,
    "DeclineDonation": _decline_donation,
    "PlaceMeeple": _place_meeple,
    "SkipBoxAction": _skip_box_action,
    "ActivatePen": _activate_pen,
    "SwapResources": _swap_resources,
    "BuySupplies": _buy_supplies,
    "CureDogs": _cure_dogs,
    "SellDog": _sell_dog,
    "BuyDog": _buy_dog,
    "SwapDogAtFair": _swap_dog_at_fair,
    "FeedDogs": _feed_dogs,
    "PaySalary": _pay_salary,
}
