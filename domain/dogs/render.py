"""Text for the terminal: one line per event and an ASCII picture of the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from domain.dogs.content import (
    ADJACENT,
    BONUS_COINS,
    BOX_NAMES,
    BOXES,
    BREED_NAMES,
    FAIR_CARDS,
    FAIR_SALE_COINS,
    GAS_CAP,
    INFIRMARY_CAP,
    NODES,
    PAW_SPACES,
    PEN_PRICE,
    PENS,
    REWARD,
    breed_of,
    card_kind,
    card_name,
    is_blocker,
    is_lost,
    is_sick,
)
from domain.dogs.moves import destinations, fair_price, next_pen
from domain.dogs.state import HOME, State

CELL = 14
#: The events after which the terminal draws the table again: each round, each phase-1 turn (a truck moved, or a
#: dog came aboard) and each new phase, so the trucks show while they are out.
REDRAW_AFTER = frozenset(
    {"RoundStarted", "DogLoadedOnTruck", "LostDogDeliveredToFair", "TruckReturned", "PhaseEnded", "GameEnded"}
)
#: How a return ranks, as the log says it.
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_LAST_ROUND_WHY = {
    "all_stayed_home": "every truck stayed home",
    "all_blockers_out": "all six blockers are on the board",
}
_PHASES = {1: "collecting dogs", 2: "actions", 3: "feeding and salaries"}


def dog_name(token: str) -> str:
    """A token on the board or a truck as a player names it: ``Poodle``, ``sick Poodle``, ``lost Mutt``, ``blocker``.

    The lost and sick symbols matter only there: a dog in a pen or at the Fair is healthy, one in the infirmary sick.
    """
    if is_blocker(token):
        return "blocker"
    state = "lost " if is_lost(token) else "sick " if is_sick(token) else ""
    return state + BREED_NAMES[breed_of(token)]


def _a(token: str) -> str:
    return f"a {dog_name(token)}"


def _breed(token: str) -> str:
    return BREED_NAMES[breed_of(token)]


def _breeds(tokens: list[str]) -> str:
    """``Golden Retriever and 2 Rottweilers``: dogs of a breed are alike."""
    counts = Counter(map(_breed, tokens))
    return _listing(name if n == 1 else f"{n} {name}s" for name, n in counts.items())


def _listing(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = list(items)
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def _amount(n: int, resource: str) -> str:
    """``1 coin``, ``3 coins``, ``2 gas``: coins count, the other resources are measured."""
    return _coins(n) if resource == "coins" else f"{n} {resource}"


def _size(d: dict[str, Any], field: str) -> int:
    """How many items a hidden field held: its length, or the count a redaction left in its place."""
    value = d.get(field)
    return len(value) if isinstance(value, list | dict) else d.get("count", 0)


def _fair_card(card: str) -> str:
    return _listing(BREED_NAMES[b] for b in FAIR_CARDS[card])


def _placed(start: str, placements: dict[str, str]) -> str:
    """A fill or refill of the board: how many tokens, and the lost and sick dogs and blockers among them."""
    tokens = list(placements.values())
    special = [
        _count(sum(map(test, tokens)), what)
        for test, what in ((is_blocker, "blocker"), (_lost, "lost dog"), (_sick, "sick dog"))
        if any(map(test, tokens))
    ]
    among = f", among them {_listing(special)}" if special else ""
    return f"{start}: {_count(len(tokens), 'new token')}{among}." if tokens else ""


def _lost(token: str) -> bool:
    return not is_blocker(token) and is_lost(token)


def _sick(token: str) -> bool:
    return not is_blocker(token) and is_sick(token)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _arranged(d: dict[str, Any]) -> str:
    """KennelArranged: the dogs in each pen, the infirmary, and the dogs given away."""
    pens = [f"{pen} {_breeds(dogs)}" for pen, dogs in d["pens"].items() if dogs]
    parts = [f"Seat {d['seat']} arranges its kennel: {'; '.join(pens) or 'every pen empty'}"]
    if d["infirmary"]:
        parts.append(f"{_count(len(d['infirmary']), 'sick dog')} in the infirmary")
    line = "; ".join(parts) + "."
    if d["donate"]:
        gifts = [("a sick " if t in d.get("sick_donated", []) else "a ") + _breed(t) for t in d["donate"]]
        line += f" It gives away {_listing(gifts)}."
    return line


def _last_round(d: dict[str, Any]) -> str:
    if d["reason"] == "supply_short":
        why = f"the {d['area']} supply cannot refill the board"
    else:
        why = _LAST_ROUND_WHY[d["reason"]]
    return f"Round {d['round']} will be the last: {why}."


def _lost_removed(d: dict[str, Any]) -> str:
    n = _size(d, "tokens")
    return f"{_count(n, 'lost dog')} {'is' if n == 1 else 'are'} removed face down, unseen." if n else ""


def _bought(d: dict[str, Any]) -> str:
    goods = [_amount(d[r], r) for r in ("food", "medicine") if d[r]]
    return f"Seat {d['seat']} buys {_listing(goods)} for {_coins(d['coins'])}." if goods else ""


def _salary_paid(d: dict[str, Any], verb: str, coin: str) -> str:
    means = coin if d["method"] == "coin" else f"with {card_name(d['card'])}"
    return f"Seat {d['seat']} {verb} {means}."


def _ended(d: dict[str, Any]) -> str:
    winners = d["winners"]
    line = f"Game over: seat {winners[0]} wins." if len(winners) == 1 else (
        f"Game over: seats {_listing(map(str, winners))} share the win."
    )
    if d.get("removed"):
        line += f" The lost dogs removed at the start were {_listing(f'a {_breed(t)}' for t in d['removed'])}."
    return line


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameCreated": lambda d: f"A game of DOGS for {d['player_count']} starts: "
    + _listing(f"seat {s} is {c}" for s, c in enumerate(d["colours"])) + ".",
    "BreedsRemoved": lambda d: f"{_listing(BREED_NAMES[b] for b in d['breeds'])} stay in the box."
    if d["breeds"] else "All twelve breeds are in play.",
    "LostDogsRemoved": _lost_removed,
    "CardsRemoved": lambda d: f"{_listing(map(card_name, d['ids']))} are left out of the game.",
    "StartingResourcesGiven": lambda d: "Every kennel starts with "
    + _listing(_amount(d[r], r) for r in ("coins", "gas", "food", "medicine") if d.get(r)) + ".",
    "DogSupplyShuffled": lambda d: f"The {d['group']} supply is shuffled ({_count(_size(d, 'order'), 'token')}).",
    "BoardFilled": lambda d: _placed("The board is filled", d["placements"]),
    "FairDeckShuffled": lambda d: "The Dog Fair cards are shuffled.",
    "FairCardRevealed": lambda d: f"The Dog Fair card shows {_fair_card(d['card'])}.",
    "CardDeckShuffled": lambda d: f"The {_size(d, 'order')} action cards are shuffled.",
    "BoxCardsDealt": lambda d: "Action cards: "
    + "; ".join(f"{_listing(map(card_name, cards))} at {BOX_NAMES[box]}" for box, cards in d["cards"].items() if cards)
    + ".",
    "StartPlayerChosen": lambda d: f"Seat {d['seat']} starts.",
    "RoundStarted": lambda d: f"Round {d['round']} begins.",
    "TrucksPlacedAtCenter": lambda d: "Phase 1: the trucks set out from the center to collect dogs.",
    "IncomePaid": lambda d: f"Every kennel earns {_coins(d['amount'])}.",
    "GasBought": lambda d: f"Seat {d['seat']} buys {d['gas']} gas for {_coins(d['coins'])}." if d["coins"] else "",
    "SpecialCardPlayed": lambda d: f"Seat {d['seat']} plays {card_name(d['card'])}.",
    "DogsSwappedOnBoard": lambda d: f"Seat {d['seat']} swaps the dogs on {d['space_a']} and {d['space_b']}.",
    "BlockerReturned": lambda d: f"A blocker comes up; it goes back into the {d['group']} supply.",
    "DogDrawnFromSupply": lambda d: f"Seat {d['seat']} draws {_a(d['token'])} from the {d['group']} supply.",
    "LostDogDeliveredToFair": lambda d: f"The lost {_breed(d['token'])} goes to the Dog Fair"
    + (f"; seat {d['seat']} earns {_coins(d['reward'])}." if d["reward"] else " (no reward)."),
    # The line of the pick-up or the draw before it already says where the dog goes.
    "DogLoadedOnTruck": lambda d: "",
    "TruckMoved": lambda d: f"Seat {d['seat']} drives from {d['from']} to {d['to']} ({d['cost']} gas).",
    "DogCollected": lambda d: f"Seat {d['seat']} picks up {_a(d['token'])} at {d['space']}.",
    "TruckReturned": lambda d: f"Seat {d['seat']} is the {_ORDINALS.get(d['order'], str(d['order']))} to drive home.",
    "ReturnBonusTaken": lambda d: f"Seat {d['seat']} takes 1 {d['resource']} as its return bonus"
    + (f" ({d['lost']} lost: the tank holds {GAS_CAP})." if d["lost"] else "."),
    "PlayerStayedHome": lambda d: f"Seat {d['seat']} stays home.",
    "LastRoundDeclared": _last_round,
    "KennelArranged": _arranged,
    "FullPenBonusPaid": lambda d: f"Seat {d['seat']}'s pen {d['pen']} is full of one breed: 1 bonus coin.",
    "DonationOffered": lambda d: f"Seat {d['donor']}'s {'sick ' if d['sick'] else ''}{_breed(d['token'])} "
    f"is offered to seat {d['to']}.",
    "DonationDeclined": lambda d: f"Seat {d['seat']} "
    + ("has no room for" if d["automatic"] else "declines") + f" the {_breed(d['token'])}.",
    "DonationAccepted": lambda d: f"Seat {d['to']} takes in the {_breed(d['token'])}"
    + (", into its infirmary." if d["pens"] is None else "."),
    "DogDonatedToFair": lambda d: f"Nobody takes seat {d['donor']}'s {_breed(d['token'])}: it goes to the Dog Fair.",
    "PhaseEnded": lambda d: f"Phase {d['phase'] + 1}: {_PHASES[d['phase'] + 1]}.",
    "MeeplePlaced": lambda d: f"Seat {d['seat']} places a meeple on {BOX_NAMES[d['box']]}"
    + (" (free entry)" if d["via_free_entry"] else "")
    + (f" and takes {card_name(d['card'])}." if d["card"] else "."),
    # The meeple's line names the card taken; a resource card's own line says what it gave.
    "CardTaken": lambda d: "",
    "CardDiscarded": lambda d: "",
    "ResourceCardResolved": lambda d: f"Seat {d['seat']} gains {_amount(d['amount'], d['kind'])}"
    + (f" ({d['lost']} lost: the tank holds {GAS_CAP})." if d["lost"] else "."),
    "CardKept": lambda d: f"Seat {d['seat']} keeps {card_name(d['card'])} for later.",
    "PenActivated": lambda d: f"Seat {d['seat']} builds pen {d['pen']} for {_coins(d['paid'])}.",
    "ResourcesSwapped": lambda d: f"Seat {d['seat']} swaps {_resources(d['give'])} for {_resources(d['take'])}.",
    "SuppliesBought": _bought,
    "DogCured": lambda d: f"Seat {d['seat']} cures its {_breed(d['token'])} and puts it in pen {d['pen']}.",
    "DogSold": lambda d: f"Seat {d['seat']} sells a {_breed(d['token'])} at the Dog Fair for {_coins(d['coins'])}.",
    "DogBought": lambda d: f"Seat {d['seat']} buys a {_breed(d['token'])} at the Dog Fair for {_coins(d['price'])} "
    f"and puts it in pen {d['pen']}.",
    "DogSwappedAtFair": lambda d: f"Seat {d['seat']} swaps its {_breed(d['give'])} for the Fair's "
    f"{_breed(d['take'])} and puts it in pen {d['pen']}.",
    "BoxActionSkipped": lambda d: f"Seat {d['seat']} skips the {BOX_NAMES[d['box']]} action.",
    "MeeplesReturned": lambda d: "",
    "DogFellSick": lambda d: f"Seat {d['seat']} cannot feed its {_breed(d['token'])} in pen {d['pen']}: "
    "it falls sick and goes to the infirmary.",
    "DogSentToFair": lambda d: f"Seat {d['seat']} cannot feed its {_breed(d['token'])} in pen {d['pen']}, "
    "and the infirmary is full: it goes to the Dog Fair.",
    "PensFed": lambda d: f"Seat {d['seat']} feeds {'pen' if len(d['pens']) == 1 else 'pens'} "
    f"{_listing(d['pens'])} ({len(d['pens'])} food)." if d["pens"] else "",
    "SalaryPaid": lambda d: _salary_paid(d, "pays its helper", "1 coin"),
    "HelperRehired": lambda d: _salary_paid(d, "hires its helper back", "for 1 coin"),
    "HelperLost": lambda d: f"Seat {d['seat']} does not pay its helper, who leaves.",
    "HelperNotRehired": lambda d: f"Seat {d['seat']} stays without a helper.",
    "BoxCardsDiscarded": lambda d: f"The {_count(len(d['cards']), 'action card')} left on the boxes are discarded."
    if d["cards"] else "",
    "CardDeckReshuffled": lambda d: "The discard pile is shuffled into a new draw pile of "
    f"{_count(_size(d, 'order'), 'card')}.",
    "FairCardRotated": lambda d: f"The next Dog Fair card shows {_fair_card(d['new'])}.",
    "BlockersCollected": lambda d: f"The {_count(len(d['tokens']), 'blocker')} on the board go back to the supplies."
    if d["tokens"] else "",
    "BoardRefilled": lambda d: _placed("The board is refilled", d["placements"]),
    "StartPlayerPassed": lambda d: f"Seat {d['seat']} will start the next round.",
    "RoundEnded": lambda d: "",
    "FinalScored": lambda d: "Final scores: " + ", ".join(f"seat {s['seat']} {s['total']}" for s in d["scores"]) + ".",
    "GameEnded": _ended,
}


def describe(event: dict[str, Any]) -> str:
    """One English sentence for an event, as any seat may read it; "" for bookkeeping another line already tells."""
    line = _LINES.get(event["type"])
    return line(event["data"]) if line else event["type"]


def _short(token: str | None) -> str:
    """A token on the board or a truck in four letters and its mark: ``Gold``, ``Gold!`` lost, ``Gold+`` sick."""
    if token is None:
        return "."
    if is_blocker(token):
        return "XX"
    return _abbrev(token) + ("!" if is_lost(token) else "+" if is_sick(token) else "")


def _abbrev(token: str) -> str:
    """A dog in a pen, the infirmary or the Fair, where the symbols no longer count: its breed in four letters."""
    return breed_of(token)[:4].title()


def _board(state: State) -> list[str]:
    trucks = {k["truck"]: k["colour"][0].upper() for k in state["kennels"]}
    grid: dict[tuple[int, int], str] = {(spec[2], spec[3]): node for node, spec in NODES.items()}
    rows = 1 + max(r for r, _ in grid)
    cols = 1 + max(c for _, c in grid)
    lines = []
    for r in range(rows):
        cells, links = [], []
        for c in range(cols):
            node = grid.get((r, c))
            if node is None:  # the grid has holes where the board has no space
                cells.append(" " * (CELL + 2))
                links.append(" " * (CELL + 2))
                continue
            label = f"{node} {REWARD[node]} {_short(state['board'].get(node))}" if node in PAW_SPACES else node
            truck = "".join(sorted(v for n, v in trucks.items() if n == node))
            text = f"{label}{'[' + truck + ']' if truck else ''}"
            right = grid.get((r, c + 1))
            cells.append(text.ljust(CELL) + ("--" if right in ADJACENT.get(node, []) else "  "))
            below = grid.get((r + 1, c))
            links.append(("|" if below in ADJACENT.get(node, []) else " ").ljust(CELL + 2))
        lines.append("  " + "".join(cells).rstrip(" -"))
        if r < rows - 1:
            lines.append("  " + "".join(links).rstrip())
    return lines


def _legend(state: State) -> str:
    trucks = ", ".join(f"[{k['colour'][0].upper()}] {k['colour']}" for k in state["kennels"])
    return (
        f"  C5 2 Gold: space C5, 2 coins for a lost dog found there, a Golden Retriever; "
        f"! lost dog, + sick dog, XX blocker, . empty; trucks {trucks}"
    )


def _kennel(seat: int, k: dict[str, Any]) -> list[str]:
    pens = " | ".join(f"{p}: {' '.join(map(_abbrev, k['pens'][p])) or '-'}" for p in PENS if p in k["pens"])
    where = "at home" if k["truck"] == HOME else f"on {k['truck']}"
    return [
        f"seat {seat} ({k['colour']}): {_coins(k['coins'])}, {k['food']} food, {k['medicine']} medicine, "
        f"{k['gas']} gas; {'a helper' if k['helper'] else 'no helper'}; truck {where}"
        + (f" carrying {' '.join(map(_short, k['load']))}" if k["load"] else ""),
        f"    pens {pens}; infirmary {' '.join(map(_abbrev, k['infirmary'])) or '-'}",
        f"    cards {', '.join(map(card_name, k['cards'])) or '-'}",
    ]


def render(state: State, seat: int | None = None) -> str:
    """The board with its legend, the action board with the Dog Fair, and every kennel (the viewer's marked >)."""
    top = state["fair_deck"][0] if isinstance(state["fair_deck"], list) else state["fair_deck"]["top"]
    last = f"; round {state['last_round']} is the last" if state["last_round"] else ""
    phase = f", phase {state['phase']}: {_PHASES[state['phase']]}" if state["phase"] in _PHASES else ""
    lines = [f"DOGS round {state['round']}{phase}{last}", ""]
    lines += _board(state) + [_legend(state), "", "Action board:"]
    for box in BOXES:
        meeples = [f"{state['kennels'][s]['colour']}{' (free entry)' if free else ''}"
                   for s, free in state["meeples"].get(box, [])]
        cards = ", ".join(map(card_name, state["boxes"].get(box, []))) or "-"
        lines.append(f"  {BOX_NAMES[box]:<13} {cards:<26} meeples: {', '.join(meeples) or '-'}")
    pool = " ".join(map(_abbrev, state["fair"])) or "-"
    lines.append(f"  Dog Fair card: {_fair_card(top)}; Fair dogs: {pool} (price {fair_price(state)})")
    lines.append("")
    for s, k in enumerate(state["kennels"]):
        block = _kennel(s, k)
        if s == seat:
            block[0] = "> " + block[0]
        lines += block
    return "\n".join(lines)


def label(state: State, seat: int, move: dict[str, Any]) -> str:
    """A move as a player says it: "Move to D12 and collect the Beagle #3 (2 gas)", "Build pen A2 for 2 coins"."""
    k, a = state["kennels"][seat], move
    match move["type"]:
        case "BuyGas":
            return f"Buy {3 * a['coins']} gas for {_coins(a['coins'])}" if a["coins"] else "Buy no gas"
        case "PlayDogSwap":
            return f"Play {_card(a['card'])}: swap the dogs on {a['space_a']} and {a['space_b']}"
        case "PlayReceiveDog":
            return f"Play {_card(a['card'])}: take a dog from the {a['group']} supply"
        case "MoveTruck":
            cost = destinations(state, seat)[a["to"]]
            return f"Move to {a['to']} and collect the {_numbered(state['board'][a['to']])} ({cost} gas)"
        case "ReturnHome":
            return f"Drive home and take 1 {a['bonus']}" if a["bonus"] else "Drive home"
        case "StayHome":
            return "Stay home"
        case "ArrangeKennel":
            donated = ", ".join(map(_numbered, a["donate"])) or "no dog"
            vet = f"; play {_card(a['vet_card'])}" if a["vet_card"] else ""
            return f"Arrange the kennel: {_layout(a['pens'])}; donate {donated}{vet}"
        case "AcceptDonation":
            into = "the infirmary" if a["pens"] is None else _layout(a["pens"])
            return f"Accept the {_numbered(a['token'])} into {into}"
        case "DeclineDonation":
            return f"Decline the {_numbered(a['token'])}"
        case "PlaceMeeple":
            taken = f" and take {_card(a['card'])}" if a["card"] else ""
            entry = f" with {_card(a['free_entry'])}" if a["free_entry"] else ""
            return f"Place a meeple on {BOX_NAMES[a['box']]}{taken}{entry}"
        case "SkipBoxAction":
            return f"Skip the {BOX_NAMES[state['box']]} action"
        case "ActivatePen":
            paid = PEN_PRICE - (1 if a["discount"] else 0)
            discount = f" with {_card(a['discount'])}" if a["discount"] else ""
            return f"Build pen {next_pen(k)} for {_coins(paid)}{discount}"
        case "SwapResources":
            return f"Swap {_resources(a['give'])} for {_resources(a['take'])}"
        case "BuySupplies":
            coins = (a["food"] + a["medicine"]) // 2
            bought = " and ".join(f"{a[r]} {r}" for r in ("food", "medicine") if a[r])
            return f"Buy {bought} for {_coins(coins)}"
        case "CureDogs":
            return "Cure " + (", ".join(f"the {_numbered(token)} into {pen}" for token, pen in a["cures"]) or "no dog")
        case "SellDog":
            coins = FAIR_SALE_COINS + sum(BONUS_COINS[card_kind(c)] for c in a["bonus_cards"])
            bonus = f" with {', '.join(map(_card, a['bonus_cards']))}" if a["bonus_cards"] else ""
            return f"Sell the {_numbered(a['token'])}{bonus} for {_coins(coins)}"
        case "BuyDog":
            return f"Buy the {_numbered(a['token'])} into {a['pen']} for {_coins(fair_price(state))}"
        case "SwapDogAtFair":
            return f"Swap your {_numbered(a['give'])} for the {_numbered(a['take'])} into {a['pen']}"
        case "FeedDogs":
            return _unfed(k, a["unfed"])
        case "PaySalary":
            return _salary(k, a["method"], a["card"])
    return move["type"]


def _numbered(token: str) -> str:
    """A dog token by breed and number, e.g. ``Beagle #3``: a move names the very dog."""
    return f"{BREED_NAMES[breed_of(token)]} #{token.split('#')[1]}"


def _card(card: str) -> str:
    """An action card by its face and its id (two cards may show the same face)."""
    return f"{card_name(card)} ({card})"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _layout(pens: dict[str, list[str]]) -> str:
    return "; ".join(f"{pen} {', '.join(map(_numbered, dogs)) or 'empty'}" for pen, dogs in pens.items())


def _resources(items: list[str]) -> str:
    return " and ".join(f"{items.count(r)} {r}" for r in dict.fromkeys(items))


def _unfed(kennel: dict[str, Any], unfed: list[list[str]]) -> str:
    """FeedDogs: which dogs go hungry, the first ones (while the infirmary has room) falling sick."""
    if not unfed:
        return "Feed every pen"
    room = INFIRMARY_CAP - len(kennel["infirmary"])
    fates = [
        f"the {_numbered(token)} in {pen} {'falls sick' if i < room else 'goes to the Fair'}"
        for i, (pen, token) in enumerate(unfed)
    ]
    return "Leave unfed: " + "; ".join(fates)


def _salary(kennel: dict[str, Any], method: str, card: str | None) -> str:
    if method == "none":
        return "Let the helper go" if kennel["helper"] else "Leave the helper unhired"
    if method == "coin":
        return "Pay the helper 1 coin" if kennel["helper"] else "Rehire the helper for 1 coin"
    return f"{'Pay' if kennel['helper'] else 'Rehire'} the helper with {_card(card)}"
