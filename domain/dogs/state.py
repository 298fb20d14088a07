"""The DOGS state and ``evolve``: how each event changes the table. Total, no checks, no randomness.

The state is one JSON-ready dict. ``hand`` holds a token or card between its pick-up and its delivery
(one command's events), and ``donations`` the donated dogs until they find a home. ``step`` says
whose decision (or which automatic step) comes
next: round_start, refuel, trucks, arrange, donate, place, action, feed, salary, refresh, final, over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogs.content import (
    AREA,
    GAS_CAP,
    PAW_SPACES,
    PENS,
    START_RESOURCES,
    STARTING_PENS,
    token_group,
)
from domain.engine import Event

State = dict[str, Any]
HOME = "HOME"


def turn_order(state: State) -> list[int]:
    """Seats clockwise from the start player."""
    n, start = state["players"], state["start"]
    return [(start + i) % n for i in range(n)]


def trucks_out(state: State) -> list[int]:
    """Seats whose truck is still on the board."""
    return [seat for seat, k in enumerate(state["kennels"]) if k["truck"] != HOME]


def blocker_nodes(state: State) -> frozenset[str]:
    """Paw spaces holding a blocker (2 players)."""
    return frozenset(node for node, tok in state["board"].items() if tok and tok.startswith("BLOCKER_"))


def pen_dogs(kennel: dict[str, Any]) -> list[str]:
    """Every dog in a kennel's pens, pen by pen."""
    return [tok for pen in PENS if pen in kennel["pens"] for tok in kennel["pens"][pen]]


def _new_kennel(colour: str) -> dict[str, Any]:
    return {
        "colour": colour, "coins": 0, "food": 0, "medicine": 0, "gas": 0,
        "pens": {pen: [] for pen in STARTING_PENS}, "flags": {pen: False for pen in PENS},
        "infirmary": [], "cards": [], "helper": True, "meeples": 2, "truck": HOME, "moved": False,
        "load": [], "helper_paid": None, "bonus_coins": 0,
    }


def _add_gas(kennel: dict[str, Any], amount: int) -> None:
    kennel["gas"] = min(GAS_CAP, kennel["gas"] + amount)


def _place_tokens(state: State, placements: dict[str, str]) -> None:
    for node in PAW_SPACES:
        if node in placements:
            state["board"][node] = placements[node]
            state["supply"][token_group(placements[node])].remove(placements[node])


def _next_truck_turn(state: State, after: int) -> None:
    out = trucks_out(state)
    if not out:
        state["step"], state["turn"], state["queue"] = "arrange", None, turn_order(state)
        return
    n = state["players"]
    state["turn"] = next((after + i) % n for i in range(1, n + 1) if (after + i) % n in out)


def _pop_queue(state: State, then: str, then_queue: Callable[[], list[int]] | None = None) -> None:
    state["queue"].pop(0)
    if not state["queue"]:
        state["step"] = then
        state["queue"] = then_queue() if then_queue else []


def _game_created(_: State | None, d: dict) -> State:
    return {
        "players": d["player_count"], "round": 0, "phase": 0, "start": 0, "last_round": None,
        "step": "setup", "queue": [], "turn": None, "actor": None, "box": None,
        "board": {node: None for node in PAW_SPACES}, "supply": {"city": [], "country": []},
        "breeds": [], "removed": [], "fair": [], "fair_deck": [], "deck": [], "discard": [],
        "boxes": {}, "meeples": {}, "donations": [], "offer": None, "returned": [], "hand": [],
        "kennels": [_new_kennel(c) for c in d["colours"]], "scores": None, "winners": None,
    }


def _phase_ended(s: State, d: dict) -> None:
    if d["phase"] == 1:
        s["phase"], s["step"] = 2, "place"
        for k in s["kennels"]:
            k["meeples"] = 2 if k["helper"] else 1
        order = turn_order(s)
        s["queue"] = order + [seat for seat in order if s["kennels"][seat]["meeples"] == 2]
    else:
        s["phase"], s["step"], s["queue"] = 3, "feed", turn_order(s)


def _salary_done(s: State) -> None:
    _pop_queue(s, "final" if s["round"] == s["last_round"] else "refresh")


def _donation_settled(s: State) -> None:
    s["donations"].pop(0)
    s["offer"] = None


def _box_done(s: State) -> None:
    s["step"], s["actor"], s["box"] = "place", None, None


def _set_pen(s: State, seat: int, pen: str, tokens: list[str]) -> None:
    s["kennels"][seat]["pens"][pen] = tokens


def _remove_from_pens(kennel: dict[str, Any], token: str) -> None:
    for dogs in kennel["pens"].values():
        if token in dogs:
            dogs.remove(token)


def _h(fn: Callable[[State, dict, dict], None]) -> Callable[[State, dict], State]:
    def apply(s: State, d: dict) -> State:
        fn(s, d, s["kennels"][d["seat"]] if "seat" in d else {})
        return s

    return apply


_EVOLVE: dict[str, Callable[[State, dict], State]] = {
    "GameCreated": _game_created,
    # Setup.
    "BreedsRemoved": _h(lambda s, d, k: s.update(breeds=d["in_play"])),
    "LostDogsRemoved": _h(lambda s, d, k: s.update(removed=list(d["tokens"]))),
    "CardsRemoved": _h(lambda s, d, k: None),
    "StartingResourcesGiven": _h(lambda s, d, k: [kn.update(START_RESOURCES) for kn in s["kennels"]]),
    "DogSupplyShuffled": _h(lambda s, d, k: s["supply"].update({d["group"]: list(d["order"])})),
    "BoardFilled": _h(lambda s, d, k: _place_tokens(s, d["placements"])),
    "FairDeckShuffled": _h(lambda s, d, k: s.update(fair_deck=list(d["order"]))),
    "FairCardRevealed": _h(lambda s, d, k: None),
    "CardDeckShuffled": _h(lambda s, d, k: s.update(deck=list(d["order"]))),
    "BoxCardsDealt": _h(lambda s, d, k: _deal(s, d["cards"])),
    "StartPlayerChosen": _h(lambda s, d, k: s.update(start=d["seat"])),
    "RoundStarted": _h(lambda s, d, k: s.update(round=d["round"], phase=1, step="round_start")),
    # Phase 1.
    "TrucksPlacedAtCenter": _h(lambda s, d, k: _trucks_to_center(s)),
    "IncomePaid": _h(lambda s, d, k: _income(s, d["amount"])),
    "GasBought": _h(lambda s, d, k: (_buy_gas(k, d), _pop_queue(s, "trucks"), s.update(turn=s["start"]))),
    "SpecialCardPlayed": _h(lambda s, d, k: (k["cards"].remove(d["card"]), s["discard"].append(d["card"]))),
    "DogsSwappedOnBoard": _h(lambda s, d, k: _swap_spaces(s, d["space_a"], d["space_b"])),
    "BlockerReturned": _h(lambda s, d, k: None),
    "DogDrawnFromSupply": _h(lambda s, d, k: (s["supply"][d["group"]].remove(d["token"]),
                                              s["hand"].append(d["token"]))),
    "LostDogDeliveredToFair": _h(lambda s, d, k: (s["hand"].remove(d["token"]), s["fair"].append(d["token"]),
                                                  k.update(coins=k["coins"] + d["reward"]))),
    "DogLoadedOnTruck": _h(lambda s, d, k: (s["hand"].remove(d["token"]), k["load"].append(d["token"]))),
    "TruckMoved": _h(lambda s, d, k: (k.update(gas=k["gas"] - d["cost"], truck=d["to"], moved=True),
                                      _next_truck_turn(s, d["seat"]))),
    "DogCollected": _h(lambda s, d, k: (s["board"].update({d["space"]: None}), s["hand"].append(d["token"]))),
    "TruckReturned": _h(lambda s, d, k: (k.update(gas=k["gas"] - 1, truck=HOME), s["returned"].append(d["seat"]),
                                         _next_truck_turn(s, d["seat"]))),
    "ReturnBonusTaken": _h(lambda s, d, k: _add_gas(k, 1) if d["resource"] == "gas" else
                           k.update({d["resource"]: k[d["resource"]] + 1})),
    "PlayerStayedHome": _h(lambda s, d, k: (k.update(truck=HOME), _next_truck_turn(s, d["seat"]))),
    "LastRoundDeclared": _h(lambda s, d, k: s.update(last_round=d["round"])),
    "KennelArranged": _h(lambda s, d, k: _arranged(s, d, k)),
    "FullPenBonusPaid": _h(lambda s, d, k: (k.update(coins=k["coins"] + 1, bonus_coins=k["bonus_coins"] + 1),
                                            k["flags"].update({d["pen"]: True}))),
    "DonationOffered": _h(lambda s, d, k: s.update(offer={"donor": d["donor"], "token": d["token"],
                                                          "sick": d["sick"], "to": d["to"], "open": True})),
    "DonationDeclined": _h(lambda s, d, k: s["offer"].update(open=False)),
    "DonationAccepted": _h(lambda s, d, k: _donation_accepted(s, d)),
    "DogDonatedToFair": _h(lambda s, d, k: (s["fair"].append(d["token"]), _donation_settled(s))),
    "PhaseEnded": _h(lambda s, d, k: _phase_ended(s, d)),
    # Phase 2.
    "MeeplePlaced": _h(lambda s, d, k: _meeple_placed(s, d)),
    "CardTaken": _h(lambda s, d, k: None),
    "ResourceCardResolved": _h(lambda s, d, k: k.update({d["kind"]: k[d["kind"]] + d["amount"] - d["lost"]})),
    "CardDiscarded": _h(lambda s, d, k: (s["hand"].remove(d["card"]), s["discard"].append(d["card"]))),
    "CardKept": _h(lambda s, d, k: (s["hand"].remove(d["card"]), k["cards"].append(d["card"]))),
    "PenActivated": _h(lambda s, d, k: (k["pens"].update({d["pen"]: []}), k.update(coins=k["coins"] - d["paid"]),
                                        _box_done(s))),
    "ResourcesSwapped": _h(lambda s, d, k: (_swap_resources(k, d["give"], d["take"]), _box_done(s))),
    "SuppliesBought": _h(lambda s, d, k: (k.update(coins=k["coins"] - d["coins"], food=k["food"] + d["food"],
                                                   medicine=k["medicine"] + d["medicine"]), _box_done(s))),
    "DogCured": _h(lambda s, d, k: (k["infirmary"].remove(d["token"]), k["pens"][d["pen"]].append(d["token"]),
                                    k.update(medicine=k["medicine"] - 1), _box_done(s))),
    "DogSold": _h(lambda s, d, k: (_remove_from_pens(k, d["token"]), s["fair"].append(d["token"]),
                                   k.update(coins=k["coins"] + d["coins"]), _box_done(s))),
    "DogBought": _h(lambda s, d, k: (s["fair"].remove(d["token"]), k["pens"][d["pen"]].append(d["token"]),
                                     k.update(coins=k["coins"] - d["price"]), _box_done(s))),
    "DogSwappedAtFair": _h(lambda s, d, k: (_remove_from_pens(k, d["give"]), s["fair"].remove(d["take"]),
                                            s["fair"].append(d["give"]), k["pens"][d["pen"]].append(d["take"]),
                                            _box_done(s))),
    "BoxActionSkipped": _h(lambda s, d, k: _box_done(s)),
    "MeeplesReturned": _h(lambda s, d, k: s.update(meeples={box: [] for box in s["meeples"]})),
    # Phase 3.
    "DogFellSick": _h(lambda s, d, k: (k["pens"][d["pen"]].remove(d["token"]), k["infirmary"].append(d["token"]))),
    "DogSentToFair": _h(lambda s, d, k: (k["pens"][d["pen"]].remove(d["token"]), s["fair"].append(d["token"]))),
    "PensFed": _h(lambda s, d, k: (k.update(food=k["food"] - len(d["pens"])),
                                   _pop_queue(s, "salary", lambda: turn_order(s)))),
    "SalaryPaid": _h(lambda s, d, k: (_pay(s, k, d), _salary_done(s))),
    "HelperLost": _h(lambda s, d, k: (k.update(helper=False), _salary_done(s))),
    "HelperRehired": _h(lambda s, d, k: (_pay(s, k, d), k.update(helper=True), _salary_done(s))),
    "HelperNotRehired": _h(lambda s, d, k: _salary_done(s)),
    "BoxCardsDiscarded": _h(lambda s, d, k: (s["discard"].extend(d["cards"]),
                                             s.update(boxes={box: [] for box in s["boxes"]}))),
    "CardDeckReshuffled": _h(lambda s, d, k: s.update(deck=list(d["order"]), discard=[])),
    "FairCardRotated": _h(lambda s, d, k: s.update(fair_deck=s["fair_deck"][1:] + s["fair_deck"][:1])),
    "BlockersCollected": _h(lambda s, d, k: _collect_blockers(s, d["tokens"])),
    "BoardRefilled": _h(lambda s, d, k: _place_tokens(s, d["placements"])),
    "StartPlayerPassed": _h(lambda s, d, k: s.update(start=d["seat"])),
    "RoundEnded": _h(lambda s, d, k: None),
    "FinalScored": _h(lambda s, d, k: s.update(scores=d["scores"])),
    "GameEnded": _h(lambda s, d, k: s.update(step="over", winners=d["winners"], removed=d["removed"])),
}


def _deal(s: State, cards: dict[str, list[str]]) -> None:
    dealt = [c for box_cards in cards.values() for c in box_cards]
    s["deck"] = s["deck"][len(dealt):]
    s["boxes"] = {box: list(box_cards) for box, box_cards in cards.items()}
    s["meeples"] = {box: [] for box in cards}


def _meeple_placed(s: State, d: dict) -> None:
    # The card leaves the box with the meeple's arrival so the box never shows 3 occupants.
    s["meeples"][d["box"]].append([d["seat"], d["via_free_entry"]])
    if d["card"]:
        s["boxes"][d["box"]].remove(d["card"])
        s["hand"].append(d["card"])
    s["queue"].pop(0)
    s.update(step="action", actor=d["seat"], box=d["box"])


def _trucks_to_center(s: State) -> None:
    for k in s["kennels"]:
        k.update(truck="CENTER", moved=False)
    s.update(returned=[], step="trucks", turn=s["start"])


def _income(s: State, amount: int) -> None:
    for k in s["kennels"]:
        k["coins"] += amount
    s.update(step="refuel", queue=turn_order(s), turn=None)


def _buy_gas(k: dict, d: dict) -> None:
    k["coins"] -= d["coins"]
    k["gas"] += d["gas"]


def _swap_spaces(s: State, a: str, b: str) -> None:
    board = s["board"]
    board[a], board[b] = board[b], board[a]


def _arranged(s: State, d: dict, k: dict) -> None:
    k["pens"] = {pen: list(tokens) for pen, tokens in d["pens"].items()}
    k["infirmary"] = list(d["infirmary"])
    k["load"] = []
    s["donations"] += [[d["seat"], tok, tok in d["sick_donated"]] for tok in d["donate"]]
    _pop_queue(s, "donate")


def _donation_accepted(s: State, d: dict) -> None:
    k = s["kennels"][d["to"]]
    if d["pens"] is None:
        k["infirmary"].append(d["token"])
    else:
        k["pens"] = {pen: list(tokens) for pen, tokens in d["pens"].items()}
    _donation_settled(s)


def _swap_resources(k: dict, give: list[str], take: list[str]) -> None:
    for res in give:
        k[res] -= 1
    for res in take:
        k[res] += 1


def _pay(s: State, k: dict, d: dict) -> None:
    if d["method"] == "coin":
        k["coins"] -= 1
    k["helper_paid"] = s["round"]


def _collect_blockers(s: State, tokens: dict[str, str]) -> None:
    for node, tok in tokens.items():
        s["board"][node] = None
        s["supply"][AREA[node]].append(tok)


def evolve(state: State | None, ev: Event) -> State:
    """Apply one event to the state (in place) and return it."""
    return _EVOLVE[ev["type"]](state, ev["data"])
