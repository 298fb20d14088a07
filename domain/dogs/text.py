"""The game in words: ``describe`` (one line per event of §3-§5), ``label`` (a command of §4 as a player says it)
and ``render`` (the table of §2, the board, the action board and the kennels, as an ASCII picture)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from domain.dogs.board import destinations
from domain.dogs.content import (
    ADJACENT,
    BOX_NAMES,
    BOXES,
    BREED_NAMES,
    FAIR_CARDS,
    GAS_CAP,
    GAS_PER_COIN,
    NODES,
    PAW_SPACES,
    PENS,
    REWARD,
    breed_of,
    card_name,
    is_blocker,
    is_lost,
    is_sick,
    pen_price,
    sale_price,
    supplies_price,
)
from domain.dogs.pens import next_pen
from domain.dogs.state import HOME, Kennel, State, fair_price, infirmary_room

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


def _amount(amount: int, resource: str) -> str:
    """``1 coin``, ``3 coins``, ``2 gas``: coins count, the other resources are measured."""
    return _coins(amount) if resource == "coins" else f"{amount} {resource}"


def _size(data: dict[str, Any], field: str) -> int:
    """How many items a hidden field held: its length, or the count a redaction left in its place."""
    value = data.get(field)
    return len(value) if isinstance(value, list | dict) else data.get("count", 0)


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


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _arranged(data: dict[str, Any]) -> str:
    """KennelArranged: the dogs in each pen, the infirmary, and the dogs given away."""
    pens = [f"{pen} {_breeds(dogs)}" for pen, dogs in data["pens"].items() if dogs]
    parts = [f"Seat {data['seat']} arranges its kennel: {'; '.join(pens) or 'every pen empty'}"]
    if data["infirmary"]:
        parts.append(f"{_count(len(data['infirmary']), 'sick dog')} in the infirmary")
    line = "; ".join(parts) + "."
    if data["donate"]:
        gifts = [("a sick " if t in data.get("sick_donated", []) else "a ") + _breed(t) for t in data["donate"]]
        line += f" It gives away {_listing(gifts)}."
    return line


def _last_round(data: dict[str, Any]) -> str:
    if data["reason"] == "supply_short":
        why = f"the {data['area']} supply cannot refill the board"
    else:
        why = _LAST_ROUND_WHY[data["reason"]]
    return f"Round {data['round']} will be the last: {why}."


def _lost_removed(data: dict[str, Any]) -> str:
    n = _size(data, "tokens")
    return f"{_count(n, 'lost dog')} {'is' if n == 1 else 'are'} removed face down, unseen." if n else ""


def _bought(data: dict[str, Any]) -> str:
    goods = [_amount(data[r], r) for r in ("food", "medicine") if data[r]]
    return f"Seat {data['seat']} buys {_listing(goods)} for {_coins(data['coins'])}." if goods else ""


def _salary_paid(data: dict[str, Any], verb: str, coin: str) -> str:
    means = coin if data["method"] == "coin" else f"with {card_name(data['card'])}"
    return f"Seat {data['seat']} {verb} {means}."


def _ended(data: dict[str, Any]) -> str:
    winners = data["winners"]
    line = f"Game over: seat {winners[0]} wins." if len(winners) == 1 else (
        f"Game over: seats {_listing(map(str, winners))} share the win."
    )
    if data.get("removed"):
        line += f" The lost dogs removed at the start were {_listing(f'a {_breed(t)}' for t in data['removed'])}."
    return line


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameCreated": lambda data: f"A game of DOGS for {data['player_count']} starts: "
    + _listing(f"seat {s} is {c}" for s, c in enumerate(data["colours"])) + ".",
    "BreedsRemoved": lambda data: f"{_listing(BREED_NAMES[b] for b in data['breeds'])} stay in the box."
    if data["breeds"] else "All twelve breeds are in play.",
    "LostDogsRemoved": _lost_removed,
    "CardsRemoved": lambda data: f"{_listing(map(card_name, data['ids']))} are left out of the game.",
    "StartingResourcesGiven": lambda data: "Every kennel starts with "
    + _listing(_amount(data[r], r) for r in ("coins", "gas", "food", "medicine") if data.get(r)) + ".",
    "DogSupplyShuffled": lambda data: f"The {data['group']} supply is shuffled "
    f"({_count(_size(data, 'order'), 'token')}).",
    "BoardFilled": lambda data: _placed("The board is filled", data["placements"]),
    "FairDeckShuffled": lambda data: "The Dog Fair cards are shuffled.",
    "FairCardRevealed": lambda data: f"The Dog Fair card shows {_fair_card(data['card'])}.",
    "CardDeckShuffled": lambda data: f"The {_size(data, 'order')} action cards are shuffled.",
    "BoxCardsDealt": lambda data: "Action cards: "
    + "; ".join(
        f"{_listing(map(card_name, cards))} at {BOX_NAMES[box]}" for box, cards in data["cards"].items() if cards
    )
    + ".",
    "StartPlayerChosen": lambda data: f"Seat {data['seat']} starts.",
    "RoundStarted": lambda data: f"Round {data['round']} begins.",
    "TrucksPlacedAtCenter": lambda data: "Phase 1: the trucks set out from the center to collect dogs.",
    "IncomePaid": lambda data: f"Every kennel earns {_coins(data['amount'])}.",
    "GasBought": lambda data: f"Seat {data['seat']} buys {data['gas']} gas for {_coins(data['coins'])}."
    if data["coins"] else "",
    "SpecialCardPlayed": lambda data: f"Seat {data['seat']} plays {card_name(data['card'])}.",
    "DogsSwappedOnBoard": lambda data: f"Seat {data['seat']} swaps the dogs on {data['space_a']} "
    f"and {data['space_b']}.",
    "BlockerReturned": lambda data: f"A blocker comes up; it goes back into the {data['group']} supply.",
    "DogDrawnFromSupply": lambda data: f"Seat {data['seat']} draws {_a(data['token'])} "
    f"from the {data['group']} supply.",
    "LostDogDeliveredToFair": lambda data: f"The lost {_breed(data['token'])} goes to the Dog Fair"
    + (f"; seat {data['seat']} earns {_coins(data['reward'])}." if data["reward"] else " (no reward)."),
    # The line of the pick-up or the draw before it already says where the dog goes.
    "DogLoadedOnTruck": lambda data: "",
    "TruckMoved": lambda data: f"Seat {data['seat']} drives from {data['from']} to {data['to']} ({data['cost']} gas).",
    "DogCollected": lambda data: f"Seat {data['seat']} picks up {_a(data['token'])} at {data['space']}.",
    "TruckReturned": lambda data: f"Seat {data['seat']} is the "
    f"{_ORDINALS.get(data['order'], str(data['order']))} to drive home.",
    "ReturnBonusTaken": lambda data: f"Seat {data['seat']} takes 1 {data['resource']} as its return bonus"
    + (f" ({data['lost']} lost: the tank holds {GAS_CAP})." if data["lost"] else "."),
    "PlayerStayedHome": lambda data: f"Seat {data['seat']} stays home.",
    "LastRoundDeclared": _last_round,
    "KennelArranged": _arranged,
    "FullPenBonusPaid": lambda data: f"Seat {data['seat']}'s pen {data['pen']} is full of one breed: 1 bonus coin.",
    "DonationOffered": lambda data: f"Seat {data['donor']}'s {'sick ' if data['sick'] else ''}{_breed(data['token'])} "
    f"is offered to seat {data['to']}.",
    "DonationDeclined": lambda data: f"Seat {data['seat']} "
    + ("has no room for" if data["automatic"] else "declines") + f" the {_breed(data['token'])}.",
    "DonationAccepted": lambda data: f"Seat {data['to']} takes in the {_breed(data['token'])}"
    + (", into its infirmary." if data["pens"] is None else "."),
    "DogDonatedToFair": lambda data: f"Nobody takes seat {data['donor']}'s {_breed(data['token'])}: "
    "it goes to the Dog Fair.",
    "PhaseEnded": lambda data: f"Phase {data['phase'] + 1}: {_PHASES[data['phase'] + 1]}.",
    "MeeplePlaced": lambda data: f"Seat {data['seat']} places a meeple on {BOX_NAMES[data['box']]}"
    + (" (free entry)" if data["via_free_entry"] else "")
    + (f" and takes {card_name(data['card'])}." if data["card"] else "."),
    # The meeple's line names the card taken; a resource card's own line says what it gave.
    "CardTaken": lambda data: "",
    "CardDiscarded": lambda data: "",
    "ResourceCardResolved": lambda data: f"Seat {data['seat']} gains {_amount(data['amount'], data['kind'])}"
    + (f" ({data['lost']} lost: the tank holds {GAS_CAP})." if data["lost"] else "."),
    "CardKept": lambda data: f"Seat {data['seat']} keeps {card_name(data['card'])} for later.",
    "PenActivated": lambda data: f"Seat {data['seat']} builds pen {data['pen']} for {_coins(data['paid'])}.",
    "ResourcesSwapped": lambda data: f"Seat {data['seat']} swaps {_resources(data['give'])} "
    f"for {_resources(data['take'])}.",
    "SuppliesBought": _bought,
    "DogCured": lambda data: f"Seat {data['seat']} cures its {_breed(data['token'])} "
    f"and puts it in pen {data['pen']}.",
    "DogSold": lambda data: f"Seat {data['seat']} sells a {_breed(data['token'])} at the Dog Fair "
    f"for {_coins(data['coins'])}.",
    "DogBought": lambda data: f"Seat {data['seat']} buys a {_breed(data['token'])} at the Dog Fair "
    f"for {_coins(data['price'])} and puts it in pen {data['pen']}.",
    "DogSwappedAtFair": lambda data: f"Seat {data['seat']} swaps its {_breed(data['give'])} for the Fair's "
    f"{_breed(data['take'])} and puts it in pen {data['pen']}.",
    "BoxActionSkipped": lambda data: f"Seat {data['seat']} skips the {BOX_NAMES[data['box']]} action.",
    "MeeplesReturned": lambda data: "",
    "DogFellSick": lambda data: f"Seat {data['seat']} cannot feed its {_breed(data['token'])} in pen {data['pen']}: "
    "it falls sick and goes to the infirmary.",
    "DogSentToFair": lambda data: f"Seat {data['seat']} cannot feed its {_breed(data['token'])} in pen {data['pen']}, "
    "and the infirmary is full: it goes to the Dog Fair.",
    "PensFed": lambda data: f"Seat {data['seat']} feeds {'pen' if len(data['pens']) == 1 else 'pens'} "
    f"{_listing(data['pens'])} ({len(data['pens'])} food)." if data["pens"] else "",
    "SalaryPaid": lambda data: _salary_paid(data, "pays its helper", "1 coin"),
    "HelperRehired": lambda data: _salary_paid(data, "hires its helper back", "for 1 coin"),
    "HelperLost": lambda data: f"Seat {data['seat']} does not pay its helper, who leaves.",
    "HelperNotRehired": lambda data: f"Seat {data['seat']} stays without a helper.",
    "BoxCardsDiscarded": lambda data: f"The {_count(len(data['cards']), 'action card')} left on the boxes "
    "are discarded."
    if data["cards"] else "",
    "CardDeckReshuffled": lambda data: "The discard pile is shuffled into a new draw pile of "
    f"{_count(_size(data, 'order'), 'card')}.",
    "FairCardRotated": lambda data: f"The next Dog Fair card shows {_fair_card(data['new'])}.",
    "BlockersCollected": lambda data: f"The {_count(len(data['tokens']), 'blocker')} on the board "
    "go back to the supplies."
    if data["tokens"] else "",
    "BoardRefilled": lambda data: _placed("The board is refilled", data["placements"]),
    "StartPlayerPassed": lambda data: f"Seat {data['seat']} will start the next round.",
    "RoundEnded": lambda data: "",
    "FinalScored": lambda data: "Final scores: "
    + ", ".join(f"seat {score['seat']} {score['total']}" for score in data["scores"]) + ".",
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


def _kennel(seat: int, kennel: Kennel) -> list[str]:
    pens = " | ".join(
        f"{pen}: {' '.join(map(_abbrev, kennel['pens'][pen])) or '-'}" for pen in PENS if pen in kennel["pens"]
    )
    where = "at home" if kennel["truck"] == HOME else f"on {kennel['truck']}"
    return [
        f"seat {seat} ({kennel['colour']}): {_coins(kennel['coins'])}, {kennel['food']} food, "
        f"{kennel['medicine']} medicine, "
        f"{kennel['gas']} gas; {'a helper' if kennel['helper'] else 'no helper'}; truck {where}"
        + (f" carrying {' '.join(map(_short, kennel['load']))}" if kennel["load"] else ""),
        f"    pens {pens}; infirmary {' '.join(map(_abbrev, kennel['infirmary'])) or '-'}",
        f"    cards {', '.join(map(card_name, kennel['cards'])) or '-'}",
    ]


def render(state: State, seat: int | None = None) -> str:
    """The board with its legend, the action board with the Dog Fair, and every kennel (the viewer's marked >)."""
    top = state["fair_deck"][0] if isinstance(state["fair_deck"], list) else state["fair_deck"]["top"]
    last = f"; round {state['last_round']} is the last" if state["last_round"] else ""
    phase = f", phase {state['phase']}: {_PHASES[state['phase']]}" if state["phase"] in _PHASES else ""
    lines = [f"DOGS round {state['round']}{phase}{last}", ""]
    lines += _board(state) + [_legend(state), "", "Action board:"]
    for box in BOXES:
        meeples = [f"{state['kennels'][placed_by]['colour']}{' (free entry)' if free else ''}"
                   for placed_by, free in state["meeples"].get(box, [])]
        cards = ", ".join(map(card_name, state["boxes"].get(box, []))) or "-"
        lines.append(f"  {BOX_NAMES[box]:<13} {cards:<26} meeples: {', '.join(meeples) or '-'}")
    pool = " ".join(map(_abbrev, state["fair"])) or "-"
    lines.append(f"  Dog Fair card: {_fair_card(top)}; Fair dogs: {pool} (price {fair_price(state)})")
    lines.append("")
    for kennel_seat, kennel in enumerate(state["kennels"]):
        block = _kennel(kennel_seat, kennel)
        if kennel_seat == seat:
            block[0] = "> " + block[0]
        lines += block
    return "\n".join(lines)


def label(state: State, seat: int, move: dict[str, Any]) -> str:
    """A move as a player says it: "Move to D12 and collect the Beagle #3 (2 gas)", "Build pen A2 for 2 coins"."""
    kennel = state["kennels"][seat]
    match move["type"]:
        case "BuyGas":
            gas = GAS_PER_COIN * move["coins"]
            return f"Buy {gas} gas for {_coins(move['coins'])}" if move["coins"] else "Buy no gas"
        case "PlayDogSwap":
            return f"Play {_card(move['card'])}: swap the dogs on {move['space_a']} and {move['space_b']}"
        case "PlayReceiveDog":
            return f"Play {_card(move['card'])}: take a dog from the {move['group']} supply"
        case "MoveTruck":
            cost = destinations(state, seat)[move["to"]]
            return f"Move to {move['to']} and collect the {_numbered(state['board'][move['to']])} ({cost} gas)"
        case "ReturnHome":
            return f"Drive home and take 1 {move['bonus']}" if move["bonus"] else "Drive home"
        case "StayHome":
            return "Stay home"
        case "ArrangeKennel":
            donated = ", ".join(map(_numbered, move["donate"])) or "no dog"
            vet = f"; play {_card(move['vet_card'])}" if move["vet_card"] else ""
            return f"Arrange the kennel: {_layout(move['pens'])}; donate {donated}{vet}"
        case "AcceptDonation":
            into = "the infirmary" if move["pens"] is None else _layout(move["pens"])
            return f"Accept the {_numbered(move['token'])} into {into}"
        case "DeclineDonation":
            return f"Decline the {_numbered(move['token'])}"
        case "PlaceMeeple":
            taken = f" and take {_card(move['card'])}" if move["card"] else ""
            entry = f" with {_card(move['free_entry'])}" if move["free_entry"] else ""
            return f"Place a meeple on {BOX_NAMES[move['box']]}{taken}{entry}"
        case "SkipBoxAction":
            return f"Skip the {BOX_NAMES[state['box']]} action"
        case "ActivatePen":
            discount = f" with {_card(move['discount'])}" if move["discount"] else ""
            return f"Build pen {next_pen(kennel)} for {_coins(pen_price(move['discount']))}{discount}"
        case "SwapResources":
            return f"Swap {_resources(move['give'])} for {_resources(move['take'])}"
        case "BuySupplies":
            bought = " and ".join(f"{move[kind]} {kind}" for kind in ("food", "medicine") if move[kind])
            return f"Buy {bought} for {_coins(supplies_price(move['food'], move['medicine']))}"
        case "CureDogs":
            cures = ", ".join(f"the {_numbered(token)} into {pen}" for token, pen in move["cures"])
            return "Cure " + (cures or "no dog")
        case "SellDog":
            bonus = f" with {', '.join(map(_card, move['bonus_cards']))}" if move["bonus_cards"] else ""
            return f"Sell the {_numbered(move['token'])}{bonus} for {_coins(sale_price(move['bonus_cards']))}"
        case "BuyDog":
            return f"Buy the {_numbered(move['token'])} into {move['pen']} for {_coins(fair_price(state))}"
        case "SwapDogAtFair":
            return f"Swap your {_numbered(move['give'])} for the {_numbered(move['take'])} into {move['pen']}"
        case "FeedDogs":
            return _unfed(kennel, move["unfed"])
        case "PaySalary":
            return _salary(kennel, move["method"], move["card"])
    return move["type"]


def _numbered(token: str) -> str:
    """A dog token by breed and number, e.g. ``Beagle #3``: a move names the very dog."""
    return f"{BREED_NAMES[breed_of(token)]} #{token.split('#')[1]}"


def _card(card: str) -> str:
    """An action card by its face and its id (two cards may show the same face)."""
    return f"{card_name(card)} ({card})"


def _coins(number: int) -> str:
    return f"{number} coin" if number == 1 else f"{number} coins"


def _layout(pens: dict[str, list[str]]) -> str:
    return "; ".join(f"{pen} {', '.join(map(_numbered, dogs)) or 'empty'}" for pen, dogs in pens.items())


def _resources(items: list[str]) -> str:
    return " and ".join(f"{items.count(resource)} {resource}" for resource in dict.fromkeys(items))


def _unfed(kennel: Kennel, unfed: list[list[str]]) -> str:
    """FeedDogs: which dogs go hungry, the first ones (while the infirmary has room) falling sick."""
    if not unfed:
        return "Feed every pen"
    room = infirmary_room(kennel)
    fates = [
        f"the {_numbered(token)} in {pen} {'falls sick' if i < room else 'goes to the Fair'}"
        for i, (pen, token) in enumerate(unfed)
    ]
    return "Leave unfed: " + "; ".join(fates)


def _salary(kennel: Kennel, method: str, card: str | None) -> str:
    hired = kennel["helper"]
    if method == "none":
        return "Let the helper go" if hired else "Leave the helper unhired"
    if card is None:  # paid with a coin
        return "Pay the helper 1 coin" if hired else "Rehire the helper for 1 coin"
    return f"{'Pay' if hired else 'Rehire'} the helper with {_card(card)}"
