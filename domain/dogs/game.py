"""The DOGS decider: commands checked against the rules, turned into events, then the automatic steps.

Every system step (income, checks, donations offered, refills, scoring) is emitted right after
the command that makes it due, so ``automatic`` is always empty and one seat is always pending.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dogs.content import (
    AREA,
    BONUS_COINS,
    BOXES,
    CARDS_PER_BOX,
    FAIR_SALE_COINS,
    GAS_CAP,
    GROUPS,
    INFIRMARY_CAP,
    PAW_SPACES,
    PEN_PRICE,
    PENS,
    RESOURCE_CARDS,
    RESOURCES,
    REWARD,
    breed_of,
    card_kind,
    is_blocker,
    is_lost,
)
from domain.dogs.moves import (
    OPTIONS,
    assign_tokens,
    built_pens,
    can_take_donation,
    commands_for,
    destinations,
    fair_price,
    healthy_and_sick,
    next_pen,
    occupied_pens,
    pen_of,
    pending,
    vet_options,
)
from domain.dogs.pens import content_ok, is_full_of_one_breed, max_placeable
from domain.dogs.scoring import final_scores, ranking
from domain.dogs.setup import deal_boxes, fill_board
from domain.dogs.state import State, evolve, pen_dogs
from domain.engine import Command, Event, copy_json, event, reject_unknown_fields, require

#: Each command's arguments and their JSON types (None: the argument may be null but must be present).
ARGS: dict[str, dict[str, tuple]] = {
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


def _typed(command: Command, name: str, kinds: tuple) -> Any:
    require(name in command, "BadArgument", f"'{name}' is missing")
    value = command[name]
    if value is None:
        require(None in kinds, "BadArgument", f"'{name}' may not be null")
        return None
    types = tuple(k for k in kinds if k is not None)
    require(isinstance(value, types) and not isinstance(value, bool), "BadArgument", f"'{name}' has the wrong type")
    return value


def _strings(values: list, size: int | None = None) -> list[str]:
    require(all(isinstance(v, str) for v in values), "BadArgument", "expected a list of strings")
    require(size is None or len(values) == size, "BadArgument", "wrong list length")
    return values


def _pairs(values: list) -> list[list[str]]:
    for v in values:
        require(isinstance(v, list), "BadArgument", "expected a list of pairs")
        _strings(v, 2)
    return values


def parse(command: Any) -> tuple[str, dict[str, Any]]:
    """The command's type and typed arguments, or IllegalMove for any malformed shape."""
    require(isinstance(command, dict), "BadCommand", "a command is an object")
    kind = command.get("type")
    require(isinstance(kind, str) and kind in ARGS, "UnknownCommand", f"unknown command {kind!r}")
    reject_unknown_fields(command, ARGS[kind])
    return kind, {name: _typed(command, name, kinds) for name, kinds in ARGS[kind].items()}


# Canonical forms: equivalent commands (dogs of one breed, orders that change nothing) map to the listed one.

def _canon_PlayDogSwap(s: State, seat: int, a: dict) -> dict:
    spaces = sorted((a["space_a"], a["space_b"]), key=lambda n: PAW_SPACES.index(n) if n in PAW_SPACES else -1)
    return {**a, "space_a": spaces[0], "space_b": spaces[1]}


def _canon_SwapResources(s: State, seat: int, a: dict) -> dict:
    key = {r: i for i, r in enumerate(RESOURCES)}
    return {side: sorted(_strings(a[side]), key=lambda r: key.get(r, -1)) for side in ("give", "take")}


def _canon_SellDog(s: State, seat: int, a: dict) -> dict:
    return {**a, "bonus_cards": sorted(_strings(a["bonus_cards"]))}


def _canon_FeedDogs(s: State, seat: int, a: dict) -> dict:
    k = s["kennels"][seat]
    unfed = _pairs(a["unfed"])
    require(all(p in k["pens"] and t in k["pens"][p] for p, t in unfed), "NotInPen")
    entries = [[p, assign_tokens([(breed_of(t),)], k["pens"][p])[0][0][0]] for p, t in unfed]
    room = INFIRMARY_CAP - len(k["infirmary"])
    split = room if 0 < room < len(entries) else len(entries)

    def by_pen(part: list[list[str]]) -> list[list[str]]:
        return sorted(part, key=lambda e: PENS.index(e[0]))

    return {"unfed": by_pen(entries[:split]) + by_pen(entries[split:])}


def _canon_BuyDog(s: State, seat: int, a: dict) -> dict:
    return {**a, "token": _lowest_alike(a["token"], s["fair"])}


def _canon_SwapDogAtFair(s: State, seat: int, a: dict) -> dict:
    k = s["kennels"][seat]
    home = pen_of(k, a["give"])
    give = _lowest_alike(a["give"], k["pens"][home]) if home else a["give"]
    return {**a, "give": give, "take": _lowest_alike(a["take"], s["fair"])}


def _lowest_alike(token: str, place: list[str]) -> str:
    """The lowest-id token of the same breed in the same place (the listed representative)."""
    return min((t for t in place if breed_of(t) == breed_of(token)), default=token) if token in place else token


CANONICAL: dict[str, Callable[[State, int, dict], dict]] = {
    name[len("_canon_"):]: fn for name, fn in dict(globals()).items() if name.startswith("_canon_")
}


# Layout commands are checked rule by rule.

def _check_layout(k: dict[str, Any], pens: dict, dogs: list[str]) -> dict[str, list[str]]:
    """A complete new layout of the built pens: legal contents using distinct dogs of ``dogs``."""
    require(set(pens) == set(built_pens(k)), "BadPens", "name every built pen and only those")
    layout = {pen: _strings(pens[pen]) if isinstance(pens[pen], list) else None for pen in built_pens(k)}
    require(all(v is not None for v in layout.values()), "BadArgument", "a pen's content is a list")
    placed = [t for dogs_in in layout.values() for t in dogs_in]
    require(len(set(placed)) == len(placed) and set(placed) <= set(dogs), "UnknownDog")
    require(all(content_ok(breed_of(t) for t in v) for v in layout.values()), "IllegalPen", "R7")
    return layout


def _check_ArrangeKennel(s: State, seat: int, a: dict) -> None:
    k = s["kennels"][seat]
    require(a["vet_card"] in vet_options(k), "BadCard")
    healthy, sick = healthy_and_sick(k, a["vet_card"] is not None)
    layout = _check_layout(k, a["pens"], healthy)
    placed = {t for v in layout.values() for t in v}
    need = max_placeable([breed_of(t) for t in healthy], len(layout))
    require(len(placed) == need, "PlaceAsManyAsPossible", f"place {need} dogs")
    donate = _strings(a["donate"])
    require(len(set(donate)) == len(donate), "BadDonation")
    leftover = set(healthy) - placed
    sick_donated = set(donate) - leftover
    require(leftover <= set(donate) and sick_donated <= set(sick), "BadDonation", "donate exactly the dogs left out")
    require(len(sick_donated) == max(0, len(sick) - INFIRMARY_CAP), "BadDonation", "infirmary holds 6")


def _check_AcceptDonation(s: State, seat: int, a: dict) -> None:
    offer = s["offer"]
    require(a["token"] == offer["token"], "NotOffered")
    k = s["kennels"][seat]
    if offer["sick"]:
        require(a["pens"] is None, "BadPens", "a sick dog goes to the infirmary")
    else:
        require(a["pens"] is not None, "BadPens", "lay out your pens")
        dogs = pen_dogs(k) + [offer["token"]]
        layout = _check_layout(k, a["pens"], dogs)
        require(sum(len(v) for v in layout.values()) == len(dogs), "KeepAllDogs")


def _check_CureDogs(s: State, seat: int, a: dict) -> None:
    k = s["kennels"][seat]
    cures = _pairs(a["cures"])
    tokens = [t for t, _ in cures]
    require(0 < len(cures) <= k["medicine"], "NoMedicine", "one medicine per cure, at least one cure")
    require(len(set(tokens)) == len(tokens) and set(tokens) <= set(k["infirmary"]), "NotInInfirmary")
    require(all(pen in k["pens"] for _, pen in cures), "PenNotBuilt")
    for pen in {p for _, p in cures}:
        added = [breed_of(t) for t, p in cures if p == pen]
        require(content_ok([*(breed_of(t) for t in k["pens"][pen]), *added]), "IllegalPen", "R7, R22")


CHECKS: dict[str, Callable[[State, int, dict], None]] = {
    "CureDogs": _check_CureDogs,
    "ArrangeKennel": _check_ArrangeKennel,
    "AcceptDonation": _check_AcceptDonation,
}


# Effects: the events a legal command causes.

def _bonuses(seat: int, k: dict[str, Any], pens: dict[str, list[str]]) -> list[Event]:
    return [
        event("FullPenBonusPaid", seat=seat, pen=pen)
        for pen in PENS
        if pen in pens and not k["flags"][pen] and is_full_of_one_breed([breed_of(t) for t in pens[pen]])
    ]


def _played(seat: int, card: str | None) -> list[Event]:
    return [event("SpecialCardPlayed", seat=seat, card=card)] if card else []


def _gas_lost(gas_before: int, amount: int) -> int:
    return max(0, gas_before + amount - GAS_CAP)


def _loaded(seat: int, token: str, reward: int) -> list[Event]:
    if is_lost(token):
        return [event("LostDogDeliveredToFair", seat=seat, token=token, reward=reward)]
    return [event("DogLoadedOnTruck", seat=seat, token=token)]


def _do_BuyGas(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    return [event("GasBought", seat=seat, coins=a["coins"], gas=3 * a["coins"])]


def _do_PlayDogSwap(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    swapped = event("DogsSwappedOnBoard", seat=seat, space_a=a["space_a"], space_b=a["space_b"])
    return [*_played(seat, a["card"]), swapped]


def _do_PlayReceiveDog(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    group = a["group"]
    order = list(s["supply"][group])
    events = _played(seat, a["card"])
    while is_blocker(order[0]):
        events.append(event("BlockerReturned", group=group, token=order[0]))
        rng.shuffle(order)
        events.append(event("DogSupplyShuffled", group=group, order=list(order)))
    token = order[0]
    return events + [event("DogDrawnFromSupply", seat=seat, group=group, token=token)] + _loaded(seat, token, 0)


def _do_MoveTruck(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k, to = s["kennels"][seat], a["to"]
    token = s["board"][to]
    return [
        event("TruckMoved", seat=seat, **{"from": k["truck"]}, to=to, cost=destinations(s, seat)[to]),
        event("DogCollected", seat=seat, space=to, token=token),
        *_loaded(seat, token, REWARD[to]),
    ]


def _do_ReturnHome(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k = s["kennels"][seat]
    events = [event("TruckReturned", seat=seat, order=len(s["returned"]) + 1)]
    if a["bonus"]:
        lost = _gas_lost(k["gas"] - 1, 1) if a["bonus"] == "gas" else 0
        events.append(event("ReturnBonusTaken", seat=seat, resource=a["bonus"], lost=lost))
    return events


def _do_StayHome(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    return [event("PlayerStayedHome", seat=seat)]


def _do_ArrangeKennel(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k = s["kennels"][seat]
    _, sick = healthy_and_sick(k, a["vet_card"] is not None)
    donate = sorted(a["donate"])
    pens = {pen: list(a["pens"][pen]) for pen in built_pens(k)}
    return _played(seat, a["vet_card"]) + [
        event("KennelArranged", seat=seat, pens=pens, infirmary=[t for t in sick if t not in donate], donate=donate,
              sick_donated=[t for t in donate if t in sick]),
        *_bonuses(seat, k, pens),
    ]


def _do_AcceptDonation(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    offer = s["offer"]
    pens = None if a["pens"] is None else {pen: list(a["pens"][pen]) for pen in built_pens(s["kennels"][seat])}
    accepted = event("DonationAccepted", donor=offer["donor"], to=seat, token=offer["token"], pens=pens)
    return [accepted, *(_bonuses(seat, s["kennels"][seat], pens) if pens else [])]


def _do_DeclineDonation(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    return [event("DonationDeclined", token=a["token"], seat=seat, automatic=False)]


def _do_PlaceMeeple(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k, card, box = s["kennels"][seat], a["card"], a["box"]
    events = [event("MeeplePlaced", seat=seat, box=box, via_free_entry=a["free_entry"] is not None, card=card)]
    events += _played(seat, a["free_entry"])
    if card is None:
        return events
    events.append(event("CardTaken", seat=seat, card=card, box=box))
    if card not in RESOURCE_CARDS:
        return events + [event("CardKept", seat=seat, card=card)]
    kind, amount = RESOURCE_CARDS[card]
    lost = _gas_lost(k["gas"], amount) if kind == "gas" else 0
    return events + [
        event("ResourceCardResolved", seat=seat, card=card, kind=kind, amount=amount, lost=lost),
        event("CardDiscarded", card=card),
    ]


def _do_SkipBoxAction(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    return [event("BoxActionSkipped", seat=seat, box=s["box"])]


def _do_ActivatePen(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    paid = PEN_PRICE - (1 if a["discount"] else 0)
    pen = next_pen(s["kennels"][seat])
    return _played(seat, a["discount"]) + [event("PenActivated", seat=seat, pen=pen, paid=paid)]


def _do_SwapResources(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    return [event("ResourcesSwapped", seat=seat, give=a["give"], take=a["take"])]


def _do_BuySupplies(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    coins = (a["food"] + a["medicine"]) // 2
    return [event("SuppliesBought", seat=seat, coins=coins, food=a["food"], medicine=a["medicine"])]


def _do_CureDogs(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k = s["kennels"][seat]
    pens = {pen: list(dogs) for pen, dogs in k["pens"].items()}
    for token, pen in a["cures"]:
        pens[pen].append(token)
    cured = [event("DogCured", seat=seat, token=t, pen=pen) for t, pen in a["cures"]]
    return cured + _bonuses(seat, k, pens)


def _do_SellDog(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    coins = FAIR_SALE_COINS + sum(BONUS_COINS[card_kind(c)] for c in a["bonus_cards"])
    played = [e for c in a["bonus_cards"] for e in _played(seat, c)]
    return played + [event("DogSold", seat=seat, token=a["token"], coins=coins)]


def _after_fair(s: State, seat: int, token: str, pen: str, give: str | None) -> list[Event]:
    k = s["kennels"][seat]
    pens = {pen: [t for t in k["pens"][pen] if t != give] + [token]}
    return _bonuses(seat, k, pens)


def _do_BuyDog(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    bought = event("DogBought", seat=seat, token=a["token"], price=fair_price(s), pen=a["pen"])
    return [bought, *_after_fair(s, seat, a["token"], a["pen"], None)]


def _do_SwapDogAtFair(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k = s["kennels"][seat]
    swapped = event("DogSwappedAtFair", seat=seat, give=a["give"], take=a["take"], pen=a["pen"],
                    from_pen=pen_of(k, a["give"]))
    return [swapped, *_after_fair(s, seat, a["take"], a["pen"], a["give"])]


def _do_FeedDogs(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    k = s["kennels"][seat]
    room = INFIRMARY_CAP - len(k["infirmary"])
    events = []
    for i, (pen, token) in enumerate(a["unfed"]):
        kind = "DogFellSick" if i < room else "DogSentToFair"
        events.append(event(kind, seat=seat, pen=pen, token=token))
    unfed = {pen for pen, _ in a["unfed"]}
    return events + [event("PensFed", seat=seat, pens=[p for p in occupied_pens(k) if p not in unfed])]


def _do_PaySalary(s: State, seat: int, a: dict, rng: random.Random) -> list[Event]:
    hired, method = s["kennels"][seat]["helper"], a["method"]
    if method == "none":
        return [event("HelperLost" if hired else "HelperNotRehired", seat=seat)]
    kind = "SalaryPaid" if hired else "HelperRehired"
    return _played(seat, a["card"]) + [event(kind, seat=seat, method=method, card=a["card"])]


EFFECTS: dict[str, Callable[[State, int, dict, random.Random], list[Event]]] = {
    name[len("_do_"):]: fn for name, fn in dict(globals()).items() if name.startswith("_do_")
}


def command_events(state: State, seat: int | None, command: Any, rng: random.Random) -> list[Event]:
    """The events of one seat's command alone, or IllegalMove."""
    kind, args = parse(command)
    due = pending(state)
    require(due is not None, "NotYourTurn", "nobody may act now")
    step, who = due
    require(seat == who, "NotYourTurn", f"seat {who} decides now")
    require(kind in commands_for(state, step), "WrongMoment", f"{kind} is not possible now")
    if kind in CHECKS:
        CHECKS[kind](state, seat, args)
    else:
        canon = {"type": kind, **(CANONICAL[kind](state, seat, args) if kind in CANONICAL else args)}
        require(canon in OPTIONS[kind](state, seat), "NotLegal", f"{kind} with these arguments is not legal now")
        args = {k: v for k, v in canon.items() if k != "type"}
    return EFFECTS[kind](state, seat, args, rng)


# Automatic steps.

def _last_round_checks(s: State) -> list[Event]:
    if not any(k["moved"] for k in s["kennels"]):
        return [event("LastRoundDeclared", round=s["round"], reason="all_stayed_home")]
    for area in GROUPS:
        spaces = [n for n in PAW_SPACES if AREA[n] == area]
        blockers = sum(1 for n in spaces if s["board"][n] and is_blocker(s["board"][n]))
        needed = sum(1 for n in spaces if s["board"][n] is None) + blockers
        if len(s["supply"][area]) + blockers < needed:
            return [event("LastRoundDeclared", round=s["round"], reason="supply_short", area=area)]
    return []


def _donation_step(s: State) -> list[Event]:
    if not s["donations"]:
        return [event("PhaseEnded", phase=1)]
    donor, token, sick = s["donations"][0]
    offer = s["offer"]
    if offer and offer["open"]:
        if can_take_donation(s, offer["to"], token, sick):
            return []
        return [event("DonationDeclined", token=token, seat=offer["to"], automatic=True)]
    to = ((offer["to"] if offer else donor) + 1) % s["players"]
    if to == donor:
        return [event("DogDonatedToFair", donor=donor, token=token)]
    return [event("DonationOffered", donor=donor, token=token, sick=sick, to=to)]


def _end_of_round(s: State, rng: random.Random) -> list[Event]:
    n = s["players"]
    leftover = [c for box in BOXES for c in s["boxes"][box]]
    events = [event("BoxCardsDiscarded", cards=leftover)]
    deck = list(s["deck"])
    if len(deck) < CARDS_PER_BOX * len(BOXES):
        fresh = s["discard"] + leftover
        rng.shuffle(fresh)
        deck += fresh
        events.append(event("CardDeckReshuffled", order=list(deck)))
    events.append(event("BoxCardsDealt", cards=deal_boxes(deck)))
    events.append(event("FairCardRotated", old=s["fair_deck"][0], new=s["fair_deck"][1]))
    board = dict(s["board"])
    supply = {g: list(toks) for g, toks in s["supply"].items()}
    if n == 2:
        collected = {node: tok for node, tok in board.items() if tok and is_blocker(tok)}
        events.append(event("BlockersCollected", tokens=collected))
        for node, tok in collected.items():
            board[node] = None
            supply[AREA[node]].append(tok)
        for group in GROUPS:
            rng.shuffle(supply[group])
            events.append(event("DogSupplyShuffled", group=group, order=list(supply[group])))
    placements = fill_board(board, supply)
    events.append(event("BoardRefilled", placements=placements))
    board.update(placements)
    if n == 2 and s["last_round"] is None and sum(1 for t in board.values() if t and is_blocker(t)) == 6:
        events.append(event("LastRoundDeclared", round=s["round"] + 1, reason="all_blockers_out"))
    return events + [
        event("StartPlayerPassed", seat=(s["start"] + 1) % n),
        event("RoundEnded", round=s["round"]),
        event("RoundStarted", round=s["round"] + 1),
    ]


def _final(s: State) -> list[Event]:
    scores = final_scores(s)
    order, winners = ranking(scores)
    ended = event("GameEnded", ranking=order, winners=winners, removed=s["removed"])
    return [event("FinalScored", scores=scores), ended]


def automatic_events(s: State, rng: random.Random) -> list[Event]:
    """The next batch of system events due now; empty when a seat must decide or the game is over."""
    step = s["step"]
    if step == "round_start":
        return [event("TrucksPlacedAtCenter")] + ([event("IncomePaid", amount=1)] if s["round"] > 1 else [])
    if step == "arrange" and s["last_round"] is None:
        return _last_round_checks(s)
    if step == "donate":
        return _donation_step(s)
    if step == "place" and not s["queue"]:
        return [event("MeeplesReturned"), event("PhaseEnded", phase=2)]
    if step == "feed":
        seat = s["queue"][0]
        pens = occupied_pens(s["kennels"][seat])
        return [event("PensFed", seat=seat, pens=pens)] if s["kennels"][seat]["food"] >= len(pens) else []
    if step == "refresh":
        return _end_of_round(s, rng)
    if step == "final":
        return _final(s)
    return []


def advance(state: State, events: list[Event], rng: random.Random) -> list[Event]:
    """``events`` followed by every automatic event they make due; ``state`` is left untouched."""
    s = copy_json(state) if state is not None else None
    for ev in events:
        s = evolve(s, ev)
    out = list(events)
    while batch := automatic_events(s, rng):
        for ev in batch:
            s = evolve(s, ev)
        out += batch
    return out


def decide(state: State, seat: int | None, command: Command, rng: random.Random) -> list[Event]:
    """The events of a command and of the automatic steps that follow, or IllegalMove."""
    return advance(state, command_events(state, seat, command, rng), rng)
