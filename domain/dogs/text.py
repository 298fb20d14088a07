"""The game in words: ``describe`` (a message per event of §3-§5), ``label`` (a command of §4 as a player says it),
both as keys of domain/dogs/locales, and ``render`` (the table of §2 as an ASCII picture, English, for the terminal).

Players are seats, and every card, breed, dog, space, pen, box and resource is a term: its display name in the
reader's language. Two dogs of a breed, or two copies of a card, are told apart as a player would: by where the
dog stands, or by the copy's rank among its kind ("Dog Swap, 1 of 2").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
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
    box_key,
    breed_key,
    breed_of,
    card_key,
    card_name,
    is_blocker,
    is_lost,
    is_sick,
    pen_key,
    pen_price,
    sale_price,
    space_key,
    supplies_price,
)
from domain.dogs.pens import healthy_and_sick, next_pen, pen_of
from domain.dogs.state import HOME, Kennel, State, fair_price, infirmary_room
from domain.language import Message, listed, message, seat, term

CELL = 14
#: The events after which the terminal draws the table again: each round, each phase-1 turn (a truck moved, or a
#: dog came aboard) and each new phase, so the trucks show while they are out.
REDRAW_AFTER = frozenset(
    {"RoundStarted", "DogLoadedOnTruck", "LostDogDeliveredToFair", "TruckReturned", "PhaseEnded", "GameEnded"}
)
_PHASES = {1: "collecting dogs", 2: "actions", 3: "feeding and salaries"}
#: What an event says when another line already tells it: nothing.
NOTHING = message("dogs-nothing")
Term = dict[str, Any]


# Terms: the display names of the game's things.


def breed(token: str) -> Term:
    """A dog by its breed alone: in a pen, the infirmary or the Fair, where its symbol no longer counts."""
    return term(breed_key(breed_of(token)))


def board_dog(token: str) -> Term:
    """A token on the board or a truck, its symbol told: a Poodle, a sick Poodle, a lost Mutt, a blocker."""
    if is_blocker(token):
        return term("dogs-blocker")
    kind = "dogs-dog-lost" if is_lost(token) else "dogs-dog-sick" if is_sick(token) else "dogs-dog"
    return term(kind, breed=breed(token))


def space(node: str) -> Term:
    """A board space: city space 3, the centre."""
    return term(space_key(node))


def pen(pen_id: str) -> Term:
    """A pen: pen 1, the 2-point pen."""
    return term(pen_key(pen_id))


def box(box_id: str) -> Term:
    """A box of the action board."""
    return term(box_key(box_id))


def card(card_id: str, among: list[str] | None = None) -> Term:
    """A card by its face; where ``among`` (the cards beside it) holds copies of that face, which copy it is."""
    face = term(card_key(card_id))
    copies = sorted(other for other in among or [] if card_key(other) == card_key(card_id))
    if len(copies) < 2 or card_id not in copies:
        return face
    return term("dogs-card-copy", card=face, number=copies.index(card_id) + 1, of=len(copies))


def amount(count: int, resource: str) -> Term:
    """A number of coins, food, medicine or gas."""
    return term(f"dogs-amount-{resource}", count=count)


def coins(count: int) -> Term:
    """A number of coins."""
    return amount(count, "coins")


def group(name: str) -> Term:
    """The city or the country supply."""
    return term(f"dogs-group-{name}")


def breeds_of(tokens: list[str]) -> dict[str, list[Any]]:
    """Dogs by breed, alike within a breed: Golden Retriever and Rottweiler ×2."""
    counts = Counter(breed_of(token) for token in tokens)
    return listed([term("dogs-breed-count", breed=term(breed_key(name)), count=n) for name, n in counts.items()])


def _resources(items: list[str]) -> dict[str, list[Any]]:
    return listed([amount(items.count(resource), resource) for resource in dict.fromkeys(items)])


def _size(data: dict[str, Any], field: str) -> int:
    """How many items a hidden field held: its length, or the count a redaction left in its place."""
    value = data.get(field)
    return len(value) if isinstance(value, list | dict) else data.get("count", 0)


def _fair_breeds(fair_card: str) -> dict[str, list[Any]]:
    return listed([term(breed_key(name)) for name in FAIR_CARDS[fair_card]])


# Events.


def _placed(key: str, placements: dict[str, str]) -> Message:
    """A fill or refill of the board: how many tokens, and the lost and sick dogs and blockers among them."""
    tokens = list(placements.values())
    if not tokens:
        return NOTHING
    dogs = [token for token in tokens if not is_blocker(token)]
    return message(
        key,
        count=len(tokens),
        lost=sum(map(is_lost, dogs)),
        sick=sum(map(is_sick, dogs)),
        blockers=len(tokens) - len(dogs),
    )


def _arranged(data: dict[str, Any]) -> Message:
    """KennelArranged: the dogs in each pen, the infirmary, and the dogs given away."""
    filled = [
        term("dogs-pen-holds", pen=pen(name), dogs=breeds_of(dogs)) for name, dogs in data["pens"].items() if dogs
    ]
    pens = listed(filled) if filled else term("dogs-every-pen-empty")
    said = {"player": seat(data["seat"]), "pens": pens, "sick": len(data["infirmary"])}
    if not data["donate"]:
        return message("dogs-kennel-arranged", **said)
    sick_given = data.get("sick_donated", [])
    gifts = [term("dogs-dog-sick", breed=breed(t)) if t in sick_given else breed(t) for t in data["donate"]]
    return message("dogs-kennel-arranged-giving", **said, gifts=listed(gifts))


def _last_round(data: dict[str, Any]) -> Message:
    if data["reason"] == "supply_short":
        return message("dogs-last-round-supply-short", round=data["round"], group=group(data["area"]))
    return message(f"dogs-last-round-{data['reason'].replace('_', '-')}", round=data["round"])


def _lost_removed(data: dict[str, Any]) -> Message:
    count = _size(data, "tokens")
    return message("dogs-lost-dogs-removed", count=count) if count else NOTHING


def _bought(data: dict[str, Any]) -> Message:
    goods = [amount(data[kind], kind) for kind in ("food", "medicine") if data[kind]]
    if not goods:
        return NOTHING
    return message("dogs-supplies-bought", player=seat(data["seat"]), goods=listed(goods), coins=coins(data["coins"]))


def _salary(data: dict[str, Any], key: str) -> Message:
    if data["method"] == "coin":
        return message(f"{key}-coin", player=seat(data["seat"]))
    return message(f"{key}-card", player=seat(data["seat"]), card=card(data["card"]))


def _gained(data: dict[str, Any], key: str, resource: str, count: int) -> Message:
    said = {"player": seat(data["seat"]), "amount": amount(count, resource)}
    if data["lost"]:
        return message(f"{key}-capped", **said, lost=amount(data["lost"], "gas"), cap=GAS_CAP)
    return message(key, **said)


def _meeple(data: dict[str, Any]) -> Message:
    said = {"player": seat(data["seat"]), "box": box(data["box"])}
    if data["card"]:
        return message("dogs-meeple-placed-taking", **said, card=card(data["card"]))
    return message("dogs-meeple-placed-free" if data["via_free_entry"] else "dogs-meeple-placed", **said)


def _ended(data: dict[str, Any]) -> Message:
    winners = data["winners"]
    said = {"winners": listed([seat(one) for one in winners]), "count": len(winners)}
    if data.get("removed"):
        return message("dogs-game-ended-removed", **said, removed=listed([breed(t) for t in data["removed"]]))
    return message("dogs-game-ended", **said)


def _player(key: str) -> Callable[[dict[str, Any]], Message]:
    """An event that says only who did it."""
    return lambda data: message(key, player=seat(data["seat"]))


def _nothing(data: dict[str, Any]) -> Message:
    """Bookkeeping another line already tells."""
    return NOTHING


_LINES: dict[str, Callable[[dict[str, Any]], Message]] = {
    "GameCreated": lambda data: message(
        "dogs-game-created",
        count=data["player_count"],
        colours=listed(
            [
                term("dogs-seat-colour", player=seat(s), colour=term(f"dogs-colour-{c}"))
                for s, c in enumerate(data["colours"])
            ]
        ),
    ),
    "BreedsRemoved": lambda data: (
        message("dogs-breeds-removed", breeds=listed([term(breed_key(b)) for b in data["breeds"]]))
        if data["breeds"]
        else message("dogs-all-breeds-in-play")
    ),
    "LostDogsRemoved": _lost_removed,
    "CardsRemoved": lambda data: message("dogs-cards-removed", cards=listed([card(c) for c in data["ids"]])),
    "StartingResourcesGiven": lambda data: message(
        "dogs-starting-resources",
        resources=listed([amount(data[r], r) for r in ("coins", "gas", "food", "medicine") if data.get(r)]),
    ),
    "DogSupplyShuffled": lambda data: message(
        "dogs-supply-shuffled", group=group(data["group"]), count=_size(data, "order")
    ),
    "BoardFilled": lambda data: _placed("dogs-board-filled", data["placements"]),
    "FairDeckShuffled": lambda data: message("dogs-fair-deck-shuffled"),
    "FairCardRevealed": lambda data: message("dogs-fair-card-revealed", breeds=_fair_breeds(data["card"])),
    "CardDeckShuffled": lambda data: message("dogs-card-deck-shuffled", count=_size(data, "order")),
    "BoxCardsDealt": lambda data: message(
        "dogs-box-cards-dealt",
        boxes=listed(
            [
                term("dogs-cards-at-box", box=box(name), cards=listed([card(c) for c in cards]))
                for name, cards in data["cards"].items()
                if cards
            ]
        ),
    ),
    "StartPlayerChosen": _player("dogs-start-player-chosen"),
    "RoundStarted": lambda data: message("dogs-round-started", round=data["round"]),
    "TrucksPlacedAtCenter": lambda data: message("dogs-trucks-set-out"),
    "IncomePaid": lambda data: message("dogs-income-paid", coins=coins(data["amount"])),
    "GasBought": lambda data: (
        message(
            "dogs-gas-bought", player=seat(data["seat"]), gas=amount(data["gas"], "gas"), coins=coins(data["coins"])
        )
        if data["coins"]
        else NOTHING
    ),
    "SpecialCardPlayed": lambda data: message("dogs-card-played", player=seat(data["seat"]), card=card(data["card"])),
    "DogsSwappedOnBoard": lambda data: message(
        "dogs-dogs-swapped", player=seat(data["seat"]), first=space(data["space_a"]), second=space(data["space_b"])
    ),
    "BlockerReturned": lambda data: message("dogs-blocker-returned", group=group(data["group"])),
    "DogDrawnFromSupply": lambda data: message(
        "dogs-dog-drawn", player=seat(data["seat"]), dog=board_dog(data["token"]), group=group(data["group"])
    ),
    "LostDogDeliveredToFair": lambda data: (
        message(
            "dogs-lost-dog-delivered", dog=breed(data["token"]), player=seat(data["seat"]), reward=coins(data["reward"])
        )
        if data["reward"]
        else message("dogs-lost-dog-delivered-unrewarded", dog=breed(data["token"]))
    ),
    "DogLoadedOnTruck": _nothing,
    "TruckMoved": lambda data: message(
        "dogs-truck-moved",
        player=seat(data["seat"]),
        start=space(data["from"]),
        end=space(data["to"]),
        gas=amount(data["cost"], "gas"),
    ),
    "DogCollected": lambda data: message(
        "dogs-dog-collected", player=seat(data["seat"]), dog=board_dog(data["token"]), space=space(data["space"])
    ),
    "TruckReturned": lambda data: message("dogs-truck-returned", player=seat(data["seat"]), order=data["order"]),
    "ReturnBonusTaken": lambda data: _gained(data, "dogs-return-bonus", data["resource"], 1),
    "PlayerStayedHome": _player("dogs-stayed-home"),
    "LastRoundDeclared": _last_round,
    "KennelArranged": _arranged,
    "FullPenBonusPaid": lambda data: message("dogs-full-pen-bonus", player=seat(data["seat"]), pen=pen(data["pen"])),
    "DonationOffered": lambda data: message(
        "dogs-donation-offered",
        donor=seat(data["donor"]),
        dog=term("dogs-dog-sick", breed=breed(data["token"])) if data["sick"] else breed(data["token"]),
        player=seat(data["to"]),
    ),
    "DonationDeclined": lambda data: message(
        "dogs-donation-no-room" if data["automatic"] else "dogs-donation-declined",
        player=seat(data["seat"]),
        dog=breed(data["token"]),
    ),
    "DonationAccepted": lambda data: message(
        "dogs-donation-accepted-sick" if data["pens"] is None else "dogs-donation-accepted",
        player=seat(data["to"]),
        dog=breed(data["token"]),
    ),
    "DogDonatedToFair": lambda data: message(
        "dogs-donated-to-fair", donor=seat(data["donor"]), dog=breed(data["token"])
    ),
    "PhaseEnded": lambda data: message("dogs-phase-started", phase=data["phase"] + 1),
    "MeeplePlaced": _meeple,
    "CardTaken": _nothing,
    "CardDiscarded": _nothing,
    "ResourceCardResolved": lambda data: _gained(data, "dogs-resource-gained", data["kind"], data["amount"]),
    "CardKept": lambda data: message("dogs-card-kept", player=seat(data["seat"]), card=card(data["card"])),
    "PenActivated": lambda data: message(
        "dogs-pen-built", player=seat(data["seat"]), pen=pen(data["pen"]), coins=coins(data["paid"])
    ),
    "ResourcesSwapped": lambda data: message(
        "dogs-resources-swapped",
        player=seat(data["seat"]),
        give=_resources(data["give"]),
        take=_resources(data["take"]),
    ),
    "SuppliesBought": _bought,
    "DogCured": lambda data: message(
        "dogs-dog-cured", player=seat(data["seat"]), dog=breed(data["token"]), pen=pen(data["pen"])
    ),
    "DogSold": lambda data: message(
        "dogs-dog-sold", player=seat(data["seat"]), dog=breed(data["token"]), coins=coins(data["coins"])
    ),
    "DogBought": lambda data: message(
        "dogs-dog-bought",
        player=seat(data["seat"]),
        dog=breed(data["token"]),
        coins=coins(data["price"]),
        pen=pen(data["pen"]),
    ),
    "DogSwappedAtFair": lambda data: message(
        "dogs-dog-swapped-at-fair",
        player=seat(data["seat"]),
        given=breed(data["give"]),
        taken=breed(data["take"]),
        pen=pen(data["pen"]),
    ),
    "BoxActionSkipped": lambda data: message("dogs-action-skipped", player=seat(data["seat"]), box=box(data["box"])),
    "MeeplesReturned": _nothing,
    "DogFellSick": lambda data: message(
        "dogs-dog-fell-sick", player=seat(data["seat"]), dog=breed(data["token"]), pen=pen(data["pen"])
    ),
    "DogSentToFair": lambda data: message(
        "dogs-dog-sent-to-fair", player=seat(data["seat"]), dog=breed(data["token"]), pen=pen(data["pen"])
    ),
    "PensFed": lambda data: (
        message(
            "dogs-pens-fed",
            player=seat(data["seat"]),
            pens=listed([pen(p) for p in data["pens"]]),
            count=len(data["pens"]),
        )
        if data["pens"]
        else NOTHING
    ),
    "SalaryPaid": lambda data: _salary(data, "dogs-salary-paid"),
    "HelperRehired": lambda data: _salary(data, "dogs-helper-rehired"),
    "HelperLost": _player("dogs-helper-lost"),
    "HelperNotRehired": _player("dogs-helper-not-rehired"),
    "BoxCardsDiscarded": lambda data: (
        message("dogs-box-cards-discarded", count=len(data["cards"])) if data["cards"] else NOTHING
    ),
    "CardDeckReshuffled": lambda data: message("dogs-card-deck-reshuffled", count=_size(data, "order")),
    "FairCardRotated": lambda data: message("dogs-fair-card-rotated", breeds=_fair_breeds(data["new"])),
    "BlockersCollected": lambda data: (
        message("dogs-blockers-collected", count=len(data["tokens"])) if data["tokens"] else NOTHING
    ),
    "BoardRefilled": lambda data: _placed("dogs-board-refilled", data["placements"]),
    "StartPlayerPassed": _player("dogs-start-player-passed"),
    "RoundEnded": _nothing,
    "FinalScored": lambda data: message(
        "dogs-final-scores",
        scores=listed([term("dogs-score", player=seat(s["seat"]), points=s["total"]) for s in data["scores"]]),
    ),
    "GameEnded": _ended,
}


def describe(event: dict[str, Any]) -> Message:
    """What an event says, as any seat may read it; ``dogs-nothing`` for bookkeeping another line already tells."""
    line = _LINES.get(event["type"])
    if line is None:
        raise ValueError(f"dogs has no event {event['type']!r}")
    return line(event["data"])


# Moves.


def dog_on_space(state: State, node: str) -> Term:
    """The token on a board space, with the space: the sick Beagle on city space 2."""
    return term("dogs-dog-on-space", dog=board_dog(state["board"][node]), space=space(node))


def pen_dog(kennel: Kennel, token: str, told_apart: bool = False) -> Term:
    """A dog in one of the kennel's pens: the Beagle in pen 1; ``told_apart``: which of the pen's Beagles it is."""
    home = pen_of(kennel, token)
    if home is None:
        return breed(token)
    alike = sorted(other for other in kennel["pens"][home] if breed_of(other) == breed_of(token))
    if told_apart and len(alike) > 1:
        return term(
            "dogs-dog-in-pen-copy", dog=breed(token), pen=pen(home), number=alike.index(token) + 1, of=len(alike)
        )
    return term("dogs-dog-in-pen", dog=breed(token), pen=pen(home))


def layout(pens: dict[str, list[str]]) -> dict[str, list[Any]]:
    """Every built pen's new content: pen 1: Beagle ×2, pen 2: empty."""
    return listed(
        [
            term("dogs-pen-holds", pen=pen(name), dogs=breeds_of(dogs))
            if dogs
            else term("dogs-pen-empty", pen=pen(name))
            for name, dogs in pens.items()
        ]
    )


def _gifts(donate: list[str], sick: set[str]) -> Term:
    if not donate:
        return term("dogs-giving-none")
    gifts = [term("dogs-dog-sick", breed=breed(t)) if t in sick else breed(t) for t in donate]
    return term("dogs-giving", gifts=listed(gifts))


def _arrangement(kennel: Kennel, move: dict[str, Any]) -> Message:
    vet = move["vet_card"]
    healthy, _ = healthy_and_sick(kennel, vet is not None)
    sick = set(move["donate"]) - set(healthy)
    playing = term("dogs-playing", card=card(vet, kennel["cards"])) if vet else term("dogs-playing-none")
    return message("dogs-arrange-kennel", layout=layout(move["pens"]), gifts=_gifts(move["donate"], sick), vet=playing)


def _fates(kennel: Kennel, unfed: list[list[str]]) -> Message:
    """FeedDogs: which dogs go hungry, the first ones (while the infirmary has room) falling sick."""
    if not unfed:
        return message("dogs-feed-every-pen")
    room = infirmary_room(kennel)
    fates = [
        term("dogs-unfed-falls-sick" if i < room else "dogs-unfed-to-fair", dog=breed(token), pen=pen(name))
        for i, (name, token) in enumerate(unfed)
    ]
    return message("dogs-leave-unfed", fates=listed(fates))


def _salary_label(kennel: Kennel, method: str, card_id: str | None) -> Message:
    hired = "pay" if kennel["helper"] else "rehire"
    if method == "none":
        return message("dogs-let-helper-go" if kennel["helper"] else "dogs-leave-helper-unhired")
    if card_id is None:
        return message(f"dogs-{hired}-helper-coin")
    return message(f"dogs-{hired}-helper-card", card=card(card_id, kennel["cards"]))


def _sale(kennel: Kennel, move: dict[str, Any]) -> Message:
    said = {"dog": pen_dog(kennel, move["token"], told_apart=True), "coins": coins(sale_price(move["bonus_cards"]))}
    if not move["bonus_cards"]:
        return message("dogs-sell-dog", **said)
    return message("dogs-sell-dog-bonus", **said, cards=listed([card(c, kennel["cards"]) for c in move["bonus_cards"]]))


def _placement(state: State, kennel: Kennel, move: dict[str, Any]) -> Message:
    where = box(move["box"])
    if move["card"]:
        return message("dogs-place-meeple-taking", box=where, card=card(move["card"], state["boxes"][move["box"]]))
    if move["free_entry"]:
        return message("dogs-place-meeple-free", box=where, card=card(move["free_entry"], kennel["cards"]))
    return message("dogs-place-meeple", box=where)


def _pen_built(kennel: Kennel, discount: str | None) -> Message:
    built = next_pen(kennel)
    if built is None:
        raise ValueError("every pen is built: City Hall builds no more")
    said = {"pen": pen(built), "coins": coins(pen_price(discount))}
    if discount:
        return message("dogs-build-pen-discount", **said, card=card(discount, kennel["cards"]))
    return message("dogs-build-pen", **said)


def label(state: State, seat_number: int, move: dict[str, Any]) -> Message:
    """A move as a player says it: "Drive to city space 3 and pick up the Beagle (2 gas)", "Build the 2-point pen"."""
    kennel = state["kennels"][seat_number]
    match move["type"]:
        case "BuyGas":
            if not move["coins"]:
                return message("dogs-buy-no-gas")
            return message("dogs-buy-gas", gas=amount(GAS_PER_COIN * move["coins"], "gas"), coins=coins(move["coins"]))
        case "PlayDogSwap":
            return message(
                "dogs-play-dog-swap",
                card=card(move["card"], kennel["cards"]),
                first=dog_on_space(state, move["space_a"]),
                second=dog_on_space(state, move["space_b"]),
            )
        case "PlayReceiveDog":
            return message(
                "dogs-play-receive-dog", card=card(move["card"], kennel["cards"]), group=group(move["group"])
            )
        case "MoveTruck":
            cost = destinations(state, seat_number)[move["to"]]
            return message("dogs-move-truck", dog=dog_on_space(state, move["to"]), gas=amount(cost, "gas"))
        case "ReturnHome":
            if move["bonus"]:
                return message("dogs-return-home-bonus", bonus=amount(1, move["bonus"]))
            return message("dogs-return-home")
        case "StayHome":
            return message("dogs-stay-home")
        case "ArrangeKennel":
            return _arrangement(kennel, move)
        case "AcceptDonation":
            if move["pens"] is None:
                return message("dogs-accept-donation-sick", dog=breed(move["token"]))
            return message("dogs-accept-donation", dog=breed(move["token"]), layout=layout(move["pens"]))
        case "DeclineDonation":
            return message("dogs-decline-donation", dog=breed(move["token"]))
        case "PlaceMeeple":
            return _placement(state, kennel, move)
        case "SkipBoxAction":
            return message("dogs-skip-action", box=box(state["box"]))
        case "ActivatePen":
            return _pen_built(kennel, move["discount"])
        case "SwapResources":
            return message("dogs-swap-resources", give=_resources(move["give"]), take=_resources(move["take"]))
        case "BuySupplies":
            goods = [amount(move[kind], kind) for kind in ("food", "medicine") if move[kind]]
            return message(
                "dogs-buy-supplies", goods=listed(goods), coins=coins(supplies_price(move["food"], move["medicine"]))
            )
        case "CureDogs":
            cures = [term("dogs-cure-into", dog=breed(token), pen=pen(name)) for token, name in move["cures"]]
            return message("dogs-cure-dogs", cures=listed(cures))
        case "SellDog":
            return _sale(kennel, move)
        case "BuyDog":
            return message(
                "dogs-buy-dog", dog=breed(move["token"]), pen=pen(move["pen"]), coins=coins(fair_price(state))
            )
        case "SwapDogAtFair":
            return message(
                "dogs-swap-at-fair",
                given=pen_dog(kennel, move["give"]),
                taken=breed(move["take"]),
                pen=pen(move["pen"]),
            )
        case "FeedDogs":
            return _fates(kennel, move["unfed"])
        case "PaySalary":
            return _salary_label(kennel, move["method"], move["card"])
    raise ValueError(f"dogs has no command {move['type']!r}")


# The terminal's picture (English only: a developer's view).


def _coins(number: int) -> str:
    return f"{number} coin" if number == 1 else f"{number} coins"


def _fair_card(fair_card: str) -> str:
    names = [BREED_NAMES[b] for b in FAIR_CARDS[fair_card]]
    return ", ".join(names[:-1]) + f" and {names[-1]}"


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
        meeples = [
            f"{state['kennels'][placed_by]['colour']}{' (free entry)' if free else ''}"
            for placed_by, free in state["meeples"].get(box, [])
        ]
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
