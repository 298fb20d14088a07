"""The DOGS state (§4.0): its shape, read-only queries on it, and ``evolve``, how each event changes the table.

``evolve`` is total, checks nothing and draws nothing. The state is one JSON-ready dict. ``hand`` holds a token
or card between its pick-up and its delivery (one command's events), and ``donations`` the donated dogs until
they find a home. ``step`` says whose decision (or which automatic step) comes next: round_start, refuel,
trucks, arrange, donate, place, action, feed, salary, refresh, final, over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogs.content import (
    AREA,
    BOX_CAPACITY,
    FAIR_PRICE_BASE,
    GAS_CAP,
    INFIRMARY_CAP,
    PAW_SPACES,
    PENS,
    START_RESOURCES,
    STARTING_PENS,
    card_kind,
    token_group,
)
from domain.engine import Event

State = dict[str, Any]
#: One player's kennel board, truck and cards: an item of ``state["kennels"]``.
Kennel = dict[str, Any]
#: Where a truck stands while it is not on the board.
HOME = "HOME"


# Queries on the table.

def turn_order(state: State) -> list[int]:
    """Seats clockwise from the start player."""
    players, start = state["players"], state["start"]
    return [(start + i) % players for i in range(players)]


def trucks_out(state: State) -> list[int]:
    """Seats whose truck is still on the board."""
    return [seat for seat, kennel in enumerate(state["kennels"]) if kennel["truck"] != HOME]


def fair_price(state: State) -> int:
    """What the next Dog Fair purchase costs (R23)."""
    return max(1, FAIR_PRICE_BASE - len(state["fair"]))


def box_capacity(state: State) -> int:
    """The normal meeples a box holds (§4.2 step 2)."""
    return BOX_CAPACITY[state["players"]]


# Queries on one kennel (its pens: see pens).

def owned(kennel: Kennel, kind: str) -> list[str]:
    """The player's special cards of one type."""
    return [card for card in kennel["cards"] if card_kind(card) == kind]


def infirmary_room(kennel: Kennel) -> int:
    """How many more sick dogs the infirmary takes (R25)."""
    return INFIRMARY_CAP - len(kennel["infirmary"])


# The events' effects, in the order the spec tells them: setup (§3), phase 1 (§4.1), 2 (§4.2), 3 (§4.3), the end (§5).

def _new_game(data: dict[str, Any]) -> State:
    return {
        "players": data["player_count"], "round": 0, "phase": 0, "start": 0, "last_round": None,
        "step": "setup", "queue": [], "turn": None, "actor": None, "box": None,
        "board": {node: None for node in PAW_SPACES}, "supply": {"city": [], "country": []},
        "breeds": [], "removed": [], "fair": [], "fair_deck": [], "deck": [], "discard": [],
        "boxes": {}, "meeples": {}, "donations": [], "offer": None, "returned": [], "hand": [],
        "kennels": [_new_kennel(colour) for colour in data["colours"]], "scores": None, "winners": None,
    }


def _new_kennel(colour: str) -> Kennel:
    return {
        "colour": colour, "coins": 0, "food": 0, "medicine": 0, "gas": 0,
        "pens": {pen: [] for pen in STARTING_PENS}, "flags": {pen: False for pen in PENS},
        "infirmary": [], "cards": [], "helper": True, "meeples": 2, "truck": HOME, "moved": False,
        "load": [], "helper_paid": None, "bonus_coins": 0,
    }


def copy_state(state: State) -> State:
    """An independent copy of the state, part by part: a search copies a state before it plays on, and
    ``decide`` before it folds a command's events, so this must be cheaper than a JSON round trip."""
    copied = dict(state)
    for key in ("queue", "breeds", "removed", "fair", "fair_deck", "deck", "discard", "returned", "hand"):
        copied[key] = list(state[key])
    copied["board"] = dict(state["board"])
    for key in ("supply", "boxes"):
        copied[key] = {name: list(items) for name, items in state[key].items()}
    copied["meeples"] = {box: [list(meeple) for meeple in meeples] for box, meeples in state["meeples"].items()}
    copied["donations"] = [list(donation) for donation in state["donations"]]
    copied["offer"] = None if state["offer"] is None else dict(state["offer"])
    copied["kennels"] = [_copy_kennel(kennel) for kennel in state["kennels"]]
    if state["scores"] is not None:
        copied["scores"] = [dict(score) for score in state["scores"]]
    if state["winners"] is not None:
        copied["winners"] = list(state["winners"])
    return copied


def _copy_kennel(kennel: Kennel) -> Kennel:
    copied = dict(kennel)
    for key in ("infirmary", "cards", "load"):
        copied[key] = list(kennel[key])
    copied["pens"] = {pen: list(dogs) for pen, dogs in kennel["pens"].items()}
    copied["flags"] = dict(kennel["flags"])
    return copied


def _kennel(state: State, data: dict[str, Any]) -> Kennel:
    """The kennel of the event's ``seat``."""
    return state["kennels"][data["seat"]]


def _pen(state: State, data: dict[str, Any]) -> list[str]:
    """The dogs in the event's ``pen`` of the event's ``seat``."""
    return _kennel(state, data)["pens"][data["pen"]]


def _nothing(state: State, data: dict[str, Any]) -> None:
    """An event that only tells: the table does not change."""


def _starting_resources_given(state: State, data: dict[str, Any]) -> None:
    for kennel in state["kennels"]:
        kennel.update(START_RESOURCES)


def _place_tokens(state: State, placements: dict[str, str]) -> None:
    for node in PAW_SPACES:
        if node in placements:
            state["board"][node] = placements[node]
            state["supply"][token_group(placements[node])].remove(placements[node])


def _box_cards_dealt(state: State, data: dict[str, Any]) -> None:
    cards = data["cards"]
    dealt = [card for box_cards in cards.values() for card in box_cards]
    state["deck"] = state["deck"][len(dealt):]
    state["boxes"] = {box: list(box_cards) for box, box_cards in cards.items()}
    state["meeples"] = {box: [] for box in cards}


def _move(source: list[str], target: list[str], item: str) -> None:
    """A token or card goes from one place to another."""
    source.remove(item)
    target.append(item)


def _pop_queue(state: State, then: str, then_queue: list[int] | None = None) -> None:
    """The queue's head has acted; once it is empty, step ``then`` begins with ``then_queue``."""
    state["queue"].pop(0)
    if not state["queue"]:
        state["step"] = then
        state["queue"] = then_queue or []


# Phase 1.

def _trucks_placed_at_center(state: State, data: dict[str, Any]) -> None:
    for kennel in state["kennels"]:
        kennel.update(truck="CENTER", moved=False)
    state.update(returned=[], step="trucks", turn=state["start"])


def _income_paid(state: State, data: dict[str, Any]) -> None:
    for kennel in state["kennels"]:
        kennel["coins"] += data["amount"]
    state.update(step="refuel", queue=turn_order(state), turn=None)


def _gas_bought(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel["coins"] -= data["coins"]
    kennel["gas"] += data["gas"]
    _pop_queue(state, "trucks")
    state["turn"] = state["start"]


def _dogs_swapped_on_board(state: State, data: dict[str, Any]) -> None:
    board, space_a, space_b = state["board"], data["space_a"], data["space_b"]
    board[space_a], board[space_b] = board[space_b], board[space_a]


def _lost_dog_delivered_to_fair(state: State, data: dict[str, Any]) -> None:
    _move(state["hand"], state["fair"], data["token"])
    _kennel(state, data)["coins"] += data["reward"]


def _next_truck_turn(state: State, after: int) -> None:
    out = trucks_out(state)
    if not out:
        state["step"], state["turn"], state["queue"] = "arrange", None, turn_order(state)
        return
    players = state["players"]
    state["turn"] = next((after + i) % players for i in range(1, players + 1) if (after + i) % players in out)


def _truck_moved(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel.update(gas=kennel["gas"] - data["cost"], truck=data["to"], moved=True)
    _next_truck_turn(state, data["seat"])


def _dog_collected(state: State, data: dict[str, Any]) -> None:
    state["board"][data["space"]] = None
    state["hand"].append(data["token"])


def _truck_returned(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel.update(gas=kennel["gas"] - 1, truck=HOME)
    state["returned"].append(data["seat"])
    _next_truck_turn(state, data["seat"])


def _return_bonus_taken(state: State, data: dict[str, Any]) -> None:
    kennel, resource = _kennel(state, data), data["resource"]
    if resource == "gas":
        kennel["gas"] = min(GAS_CAP, kennel["gas"] + 1)
    else:
        kennel[resource] += 1


def _player_stayed_home(state: State, data: dict[str, Any]) -> None:
    _kennel(state, data)["truck"] = HOME
    _next_truck_turn(state, data["seat"])


def _kennel_arranged(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel["pens"] = {pen: list(tokens) for pen, tokens in data["pens"].items()}
    kennel["infirmary"] = list(data["infirmary"])
    kennel["load"] = []
    state["donations"] += [[data["seat"], token, token in data["sick_donated"]] for token in data["donate"]]
    _pop_queue(state, "donate")


def _full_pen_bonus_paid(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel.update(coins=kennel["coins"] + 1, bonus_coins=kennel["bonus_coins"] + 1)
    kennel["flags"][data["pen"]] = True


def _donation_offered(state: State, data: dict[str, Any]) -> None:
    state["offer"] = {"donor": data["donor"], "token": data["token"], "sick": data["sick"], "to": data["to"],
                      "open": True}


def _donation_settled(state: State) -> None:
    state["donations"].pop(0)
    state["offer"] = None


def _donation_accepted(state: State, data: dict[str, Any]) -> None:
    kennel = state["kennels"][data["to"]]
    if data["pens"] is None:
        kennel["infirmary"].append(data["token"])
    else:
        kennel["pens"] = {pen: list(tokens) for pen, tokens in data["pens"].items()}
    _donation_settled(state)


def _dog_donated_to_fair(state: State, data: dict[str, Any]) -> None:
    state["fair"].append(data["token"])
    _donation_settled(state)


def _phase_ended(state: State, data: dict[str, Any]) -> None:
    if data["phase"] == 1:
        state["phase"], state["step"] = 2, "place"
        for kennel in state["kennels"]:
            kennel["meeples"] = 2 if kennel["helper"] else 1
        order = turn_order(state)
        state["queue"] = order + [seat for seat in order if state["kennels"][seat]["meeples"] == 2]
    else:
        state["phase"], state["step"], state["queue"] = 3, "feed", turn_order(state)


# Phase 2.

def _meeple_placed(state: State, data: dict[str, Any]) -> None:
    # The card leaves the box with the meeple's arrival so the box never shows 3 occupants.
    state["meeples"][data["box"]].append([data["seat"], data["via_free_entry"]])
    if data["card"]:
        state["boxes"][data["box"]].remove(data["card"])
        state["hand"].append(data["card"])
    state["queue"].pop(0)
    state.update(step="action", actor=data["seat"], box=data["box"])


def _resource_card_resolved(state: State, data: dict[str, Any]) -> None:
    _kennel(state, data)[data["kind"]] += data["amount"] - data["lost"]


def _box_done(state: State) -> None:
    state["step"], state["actor"], state["box"] = "place", None, None


def _pen_activated(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel["pens"][data["pen"]] = []
    kennel["coins"] -= data["paid"]
    _box_done(state)


def _resources_swapped(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    for resource in data["give"]:
        kennel[resource] -= 1
    for resource in data["take"]:
        kennel[resource] += 1
    _box_done(state)


def _supplies_bought(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    kennel.update(coins=kennel["coins"] - data["coins"], food=kennel["food"] + data["food"],
                  medicine=kennel["medicine"] + data["medicine"])
    _box_done(state)


def _dog_cured(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    _move(kennel["infirmary"], kennel["pens"][data["pen"]], data["token"])
    kennel["medicine"] -= 1
    _box_done(state)


def _remove_from_pens(kennel: Kennel, token: str) -> None:
    for dogs in kennel["pens"].values():
        if token in dogs:
            dogs.remove(token)


def _dog_sold(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    _remove_from_pens(kennel, data["token"])
    state["fair"].append(data["token"])
    kennel["coins"] += data["coins"]
    _box_done(state)


def _dog_bought(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    _move(state["fair"], kennel["pens"][data["pen"]], data["token"])
    kennel["coins"] -= data["price"]
    _box_done(state)


def _dog_swapped_at_fair(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    _remove_from_pens(kennel, data["give"])
    state["fair"].append(data["give"])
    _move(state["fair"], kennel["pens"][data["pen"]], data["take"])
    _box_done(state)


# Phase 3.

def _pens_fed(state: State, data: dict[str, Any]) -> None:
    _kennel(state, data)["food"] -= len(data["pens"])
    _pop_queue(state, "salary", turn_order(state))


def _salary_done(state: State) -> None:
    _pop_queue(state, "final" if state["round"] == state["last_round"] else "refresh")


def _salary_paid(state: State, data: dict[str, Any]) -> None:
    kennel = _kennel(state, data)
    if data["method"] == "coin":
        kennel["coins"] -= 1
    kennel["helper_paid"] = state["round"]
    _salary_done(state)


def _helper_lost(state: State, data: dict[str, Any]) -> None:
    _kennel(state, data)["helper"] = False
    _salary_done(state)


def _helper_rehired(state: State, data: dict[str, Any]) -> None:
    _kennel(state, data)["helper"] = True
    _salary_paid(state, data)


def _box_cards_discarded(state: State, data: dict[str, Any]) -> None:
    state["discard"].extend(data["cards"])
    state["boxes"] = {box: [] for box in state["boxes"]}


def _blockers_collected(state: State, data: dict[str, Any]) -> None:
    for node, token in data["tokens"].items():
        state["board"][node] = None
        state["supply"][AREA[node]].append(token)


_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    # Setup.
    "BreedsRemoved": lambda state, data: state.update(breeds=data["in_play"]),
    "LostDogsRemoved": lambda state, data: state.update(removed=list(data["tokens"])),
    "CardsRemoved": _nothing,
    "StartingResourcesGiven": _starting_resources_given,
    "DogSupplyShuffled": lambda state, data: state["supply"].update({data["group"]: list(data["order"])}),
    "BoardFilled": lambda state, data: _place_tokens(state, data["placements"]),
    "FairDeckShuffled": lambda state, data: state.update(fair_deck=list(data["order"])),
    "FairCardRevealed": _nothing,
    "CardDeckShuffled": lambda state, data: state.update(deck=list(data["order"])),
    "BoxCardsDealt": _box_cards_dealt,
    "StartPlayerChosen": lambda state, data: state.update(start=data["seat"]),
    "RoundStarted": lambda state, data: state.update(round=data["round"], phase=1, step="round_start"),
    # Phase 1.
    "TrucksPlacedAtCenter": _trucks_placed_at_center,
    "IncomePaid": _income_paid,
    "GasBought": _gas_bought,
    "SpecialCardPlayed": lambda state, data: _move(_kennel(state, data)["cards"], state["discard"], data["card"]),
    "DogsSwappedOnBoard": _dogs_swapped_on_board,
    "BlockerReturned": _nothing,
    "DogDrawnFromSupply": lambda state, data: _move(state["supply"][data["group"]], state["hand"], data["token"]),
    "LostDogDeliveredToFair": _lost_dog_delivered_to_fair,
    "DogLoadedOnTruck": lambda state, data: _move(state["hand"], _kennel(state, data)["load"], data["token"]),
    "TruckMoved": _truck_moved,
    "DogCollected": _dog_collected,
    "TruckReturned": _truck_returned,
    "ReturnBonusTaken": _return_bonus_taken,
    "PlayerStayedHome": _player_stayed_home,
    "LastRoundDeclared": lambda state, data: state.update(last_round=data["round"]),
    "KennelArranged": _kennel_arranged,
    "FullPenBonusPaid": _full_pen_bonus_paid,
    "DonationOffered": _donation_offered,
    "DonationDeclined": lambda state, data: state["offer"].update(open=False),
    "DonationAccepted": _donation_accepted,
    "DogDonatedToFair": _dog_donated_to_fair,
    "PhaseEnded": _phase_ended,
    # Phase 2.
    "MeeplePlaced": _meeple_placed,
    "CardTaken": _nothing,
    "ResourceCardResolved": _resource_card_resolved,
    "CardDiscarded": lambda state, data: _move(state["hand"], state["discard"], data["card"]),
    "CardKept": lambda state, data: _move(state["hand"], _kennel(state, data)["cards"], data["card"]),
    "PenActivated": _pen_activated,
    "ResourcesSwapped": _resources_swapped,
    "SuppliesBought": _supplies_bought,
    "DogCured": _dog_cured,
    "DogSold": _dog_sold,
    "DogBought": _dog_bought,
    "DogSwappedAtFair": _dog_swapped_at_fair,
    "BoxActionSkipped": lambda state, data: _box_done(state),
    "MeeplesReturned": lambda state, data: state.update(meeples={box: [] for box in state["meeples"]}),
    # Phase 3.
    "DogFellSick": lambda state, data: _move(_pen(state, data), _kennel(state, data)["infirmary"], data["token"]),
    "DogSentToFair": lambda state, data: _move(_pen(state, data), state["fair"], data["token"]),
    "PensFed": _pens_fed,
    "SalaryPaid": _salary_paid,
    "HelperLost": _helper_lost,
    "HelperRehired": _helper_rehired,
    "HelperNotRehired": lambda state, data: _salary_done(state),
    "BoxCardsDiscarded": _box_cards_discarded,
    "CardDeckReshuffled": lambda state, data: state.update(deck=list(data["order"]), discard=[]),
    "FairCardRotated": lambda state, data: state.update(fair_deck=state["fair_deck"][1:] + state["fair_deck"][:1]),
    "BlockersCollected": _blockers_collected,
    "BoardRefilled": lambda state, data: _place_tokens(state, data["placements"]),
    "StartPlayerPassed": lambda state, data: state.update(start=data["seat"]),
    "RoundEnded": _nothing,
    # The end (§5).
    "FinalScored": lambda state, data: state.update(scores=data["scores"]),
    "GameEnded": lambda state, data: state.update(step="over", winners=data["winners"], removed=data["removed"]),
}


def evolve(state: State | None, event: Event) -> State:
    """Apply one event to the state (in place) and return it; ``GameCreated`` makes a new one."""
    if event["type"] == "GameCreated":
        return _new_game(event["data"])
    if state is None:
        raise ValueError(f"{event['type']} before GameCreated: a game's events start with GameCreated")
    _HANDLERS[event["type"]](state, event["data"])
    return state
