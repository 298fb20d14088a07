"""Spots' state (spec 4.1): its shape, read-only queries on it, and ``evolve``, which folds one event into it.

The state is a JSON-ready dict. Dice are ids 0..39 whose faces live in ``values``; a die sits in the
``supply``, a seat's ``yard``, a space of an open dog (``pack[i]["spaces"]``), or the trick cursor
(``pending``, ``set_aside``, ``taken``). ``phase`` names the decision awaited; ``busy`` and ``turn_over`` are
transient phases that ``decide`` always moves past within one batch of events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine import Event
from domain.spots.content import BUST_OVER, DICE, DOGS, TILES, TREATS

State = dict[str, Any]
#: A dog's spaces are keyed by their values as strings (JSON keys): the key of each value, ``str`` called once.
SPACE_KEYS = tuple(str(value) for value in range(7))


def _game_started(data: dict) -> State:
    """The state's shape (4.1): the whole supply, no tiles, no cards, no seat active yet."""
    players = data["players"]
    return {
        "players": players, "tile_set": data["tile_set"], "pes_treats": data["pes_treats"], "since": 0,
        "positions": [], "deck": [], "values": [0] * DICE, "supply": list(range(DICE)), "supply_treats": TREATS,
        "seats": [{"treats": 0, "yard": [], "pack": []} for _ in range(players)],
        "pes": {"treats": 0, "pile": []} if players == 1 else None,
        "active": None, "phase": "setup", "trick": None, "winner": None,
    }


# --- queries -------------------------------------------------------------------------------------------------

def open_dogs(seat: dict) -> list[dict]:
    """The seat's pack cards that are not completed."""
    return [card for card in seat["pack"] if not card["done"]]


def is_filled(card: dict) -> bool:
    """True when every space of an open dog holds a die."""
    return None not in card["spaces"].values()


def filled_dogs(seat: dict) -> list[dict]:
    """The seat's filled open dogs."""
    return [card for card in open_dogs(seat) if is_filled(card)]


def has_filled_dog(seat: dict) -> bool:
    """True when one of the seat's open dogs is filled (its choice of action may complete it)."""
    # A loop with is_filled's test inline: ``any`` of a generator, or a call per card, costs more before every choice.
    for card in seat["pack"]:  # noqa: SIM110
        if not card["done"] and None not in card["spaces"].values():
            return True
    return False


def all_filled(seat: dict) -> bool:
    """True when the seat has open dogs and every one of them is filled."""
    some = False
    for card in seat["pack"]:
        if not card["done"]:
            if None in card["spaces"].values():  # is_filled's test inline, at every rest of every trick
                return False
            some = True
    return some


def completed(seat: dict) -> int:
    """How many dogs the seat has completed."""
    return sum(card["done"] for card in seat["pack"])


def paws(seat: dict) -> int:
    """The seat's paws: every card of its pack counts, open or completed (section 2.4)."""
    return sum(DOGS[card["card"]].paws for card in seat["pack"])


def yard_total(state: State, seat: dict) -> int:
    """The pips of the seat's buried dice."""
    return sum(state["values"][die] for die in seat["yard"])


def dog_dice(seat: dict) -> list[int]:
    """The dice on the seat's open dogs."""
    return [die for card in open_dogs(seat) for die in card["spaces"].values() if die is not None]


def empty_values(seat: dict) -> list[int]:
    """The values of the empty spaces on the seat's open dogs (with repeats across cards)."""
    return [int(v) for card in open_dogs(seat) for v, die in card["spaces"].items() if die is None]


def find_card(seat: dict, card_id: int) -> dict:
    """The seat's pack card with this id (it holds it)."""
    for card in seat["pack"]:  # a loop: ``next`` of a generator costs more, every die placed
        if card["card"] == card_id:
            return card
    raise LookupError(f"card {card_id} is not in the pack")


def position_of(state: State, tile: str) -> dict:
    """The tile position whose top tile is ``tile`` (a tile in play)."""
    for position in state["positions"]:
        if position["stack"][0] == tile:
            return position
    raise LookupError(f"{tile} is not in play")


def face_up_tiles(state: State) -> list[str]:
    """The tiles that may be chosen now: the top of each face-up position."""
    return [pos["stack"][0] for pos in state["positions"] if pos["face_up"]]


def actor(state: State) -> dict:
    """The active seat's record."""
    return state["seats"][state["active"]]


def copy_state(state: State) -> State:
    """A structural copy of the state, sharing no list or dict with it: ``decide`` works on one every command, and a
    search copies states before it plays on."""
    copied = state.copy()
    copied["positions"] = [
        {"stack": pos["stack"][:], "face_up": pos["face_up"], "treats": pos["treats"]} for pos in state["positions"]
    ]
    copied["deck"], copied["values"], copied["supply"] = state["deck"][:], state["values"][:], state["supply"][:]
    copied["seats"] = [
        {"treats": seat["treats"], "yard": seat["yard"][:],
         "pack": [{"card": c["card"], "done": c["done"], "spaces": c["spaces"].copy()} for c in seat["pack"]]}
        for seat in state["seats"]
    ]
    pes, trick = state["pes"], state["trick"]
    if pes is not None:
        copied["pes"] = {"treats": pes["treats"], "pile": pes["pile"][:]}
    if trick is not None:
        copied["trick"] = {**trick, "pending": trick["pending"][:], "roll": trick["roll"][:],
                           "set_aside": trick["set_aside"][:], "taken": trick["taken"][:]}
    if "stacks" in state:  # only between TileStacksShuffled and TricksLaidOut
        copied["stacks"] = {top: stack[:] for top, stack in state["stacks"].items()}
    return copied


# --- evolve --------------------------------------------------------------------------------------------------

def _to_supply(state: State, dice: list[int]) -> None:
    values = state["values"]
    for die in dice:
        values[die] = 0
    state["supply"] = sorted(state["supply"] + list(dice))


def _detach(state: State, dice: list[int]) -> None:
    """Take dice out of wherever they wait to be rolled: supply, set aside, taken, or the active yard."""
    trick = state["trick"]
    places = (state["supply"], trick["set_aside"], trick["taken"], actor(state)["yard"])
    for die in dice:
        for place in places:
            if die in place:
                place.remove(die)
                break


def _clear_seat(seat: dict) -> None:
    """Take every die off the seat's open dogs and out of its yard (the event names them, for ``_to_supply``)."""
    for card in open_dogs(seat):
        card["spaces"] = dict.fromkeys(card["spaces"])
    seat["yard"] = []


def _mark_step(state: State, step: str) -> dict:
    """Point the trick cursor at ``step``; a new step starts with no performance and not closed."""
    trick = state["trick"]
    if trick["step"] != step:
        # Four stores: update's keywords would build a dict first, and each step of each trick comes by here.
        trick["step"], trick["at"] = step, TILES[trick["tile"]].steps.index(step)
        trick["count"], trick["closed"] = 0, False
    return trick


def _after_resolving(state: State) -> None:
    """Pending dice left: the seat places them; none: the trick moves on."""
    state["phase"] = "place" if state["trick"]["pending"] else "busy"


def _laid_out(state: State, data: dict) -> None:
    stacks = state.pop("stacks", {})
    state["positions"] = [
        {"stack": list(stacks.get(tile, [tile])), "face_up": True, "treats": 0} for tile in data["positions"]
    ]


def _stacks_shuffled(state: State, data: dict) -> None:
    # Kept under each stack's top tile until TricksLaidOut places the stacks.
    state["stacks"] = {stack[0]: stack for stack in data["stacks"].values()}


def _treats_gained(state: State, data: dict) -> None:
    state["seats"][data["seat"]]["treats"] += data["n"]
    state["supply_treats"] -= data["n"]


def _start_die(state: State, data: dict) -> None:
    state["supply"].remove(data["die"])
    state["values"][data["die"]] = data["value"]
    state["seats"][data["seat"]]["yard"].append(data["die"])


def _turn_started(state: State, data: dict) -> None:
    state["active"] = data["seat"]
    state["phase"] = "choose_action"


def _all_busted(state: State, data: dict) -> None:
    for seat in state["seats"]:
        _clear_seat(seat)
    _to_supply(state, [die for dice in data["returned"].values() for die in dice])


def _treat_on_tile(state: State, data: dict) -> None:
    position_of(state, data["tile"])["treats"] += 1
    state["supply_treats"] -= 1


def _refreshed(state: State, data: dict) -> None:
    for pos in state["positions"]:
        if not pos["face_up"]:
            pos["stack"] = pos["stack"][1:] + pos["stack"][:1]
            pos["face_up"] = True


def _trick_chosen(state: State, data: dict) -> None:
    state["trick"] = {
        "tile": data["tile"], "step": None, "at": -1, "count": 0, "closed": False, "pending": [], "roll": [],
        "set_aside": [], "taken": [], "number": None, "uses": 0,
    }
    state["phase"] = "busy"


def _treats_from_tile(state: State, data: dict) -> None:
    position_of(state, data["tile"])["treats"] -= data["n"]
    state["seats"][data["seat"]]["treats"] += data["n"]


def _tile_flipped(state: State, data: dict) -> None:
    position_of(state, data["tile"])["face_up"] = data["face_up"]


def _step_offered(state: State, data: dict) -> None:
    trick = _mark_step(state, data["step"])
    trick["uses"] = data.get("uses", trick["uses"])
    state["phase"] = data["phase"]


def _step_performed(state: State, data: dict) -> None:
    _mark_step(state, data["step"])["count"] += 1
    state["phase"] = "busy"


def _step_closed(state: State, data: dict) -> None:
    _mark_step(state, data["step"])["closed"] = True
    state["phase"] = "busy"


def _dice_rolled(state: State, data: dict) -> None:
    trick = state["trick"]
    values = state["values"]
    rolled = [item["die"] for item in data["dice"]]
    _detach(state, rolled)
    for item in data["dice"]:
        values[item["die"]] = item["value"]
    trick["roll"] = rolled
    trick["pending"] = list(rolled)
    state["phase"] = "rolled"


def _treat_spent(state: State, data: dict) -> None:
    state["seats"][data["seat"]]["treats"] -= 1
    state["supply_treats"] += 1


def _rerolled(state: State, data: dict) -> None:
    for item in data["dice"]:
        state["values"][item["die"]] = item["value"]


def _number_chosen(state: State, data: dict) -> None:
    state["trick"]["number"] = data["n"]
    _after_resolving(state)


def _die_set(state: State, data: dict) -> None:
    trick = state["trick"]
    state["supply"].remove(data["die"])
    state["values"][data["die"]] = data["value"]
    trick["pending"], trick["roll"] = [data["die"]], [data["die"]]
    state["phase"] = "place"


def _discarded(state: State, data: dict) -> None:
    trick = state["trick"]
    trick["pending"] = [die for die in trick["pending"] if die not in data["dice"]]
    _to_supply(state, data["dice"])
    _after_resolving(state)


def _placed(state: State, data: dict) -> None:
    state["trick"]["pending"].remove(data["die"])
    find_card(state["seats"][data["seat"]], data["card"])["spaces"][SPACE_KEYS[data["value"]]] = data["die"]
    _after_resolving(state)


def _buried(state: State, data: dict) -> None:
    state["trick"]["pending"].remove(data["die"])
    state["seats"][data["seat"]]["yard"].append(data["die"])
    if data["yard_total"] > BUST_OVER:  # the yard's pips now, as the event says: above 7 the seat busts (R7)
        state["phase"] = "busy"  # the bust follows in the same batch
    else:
        _after_resolving(state)


def _busted(state: State, data: dict) -> None:
    # Every die the seat had out, on its dogs, in its yard and in the trick, back to the supply: the event names them.
    _clear_seat(state["seats"][data["seat"]])
    trick = state["trick"]
    trick["pending"], trick["set_aside"], trick["taken"] = [], [], []
    _to_supply(state, data["returned"])
    state["phase"] = "busy"


def _dogs_completed(state: State, data: dict) -> None:
    seat = state["seats"][data["seat"]]
    for card_id in data["cards"]:
        card = find_card(seat, card_id)
        card["done"] = True
        card["spaces"] = dict.fromkeys(card["spaces"])
    _to_supply(state, data["returned"])


def _card_drawn(state: State, data: dict) -> None:
    """A card dealt or drawn joins the seat's pack, open, with its spaces empty."""
    card = data["card"]
    state["deck"].remove(card)
    state["seats"][data["seat"]]["pack"].append(
        {"card": card, "done": False, "spaces": {str(value): None for value in DOGS[card].spaces}}
    )


def _treats_returned(state: State, data: dict) -> None:
    state["seats"][data["seat"]]["treats"] -= data["n"]
    state["supply_treats"] += data["n"]


def _dig(state: State, data: dict) -> None:
    yard = state["seats"][data["owner"]]["yard"]
    if data["new"] == 0:
        yard.remove(data["die"])
        _to_supply(state, [data["die"]])
    else:
        state["values"][data["die"]] = data["new"]
    trick = state["trick"]
    trick["uses"] -= 1
    state["phase"] = "dig" if trick["uses"] and any(s["yard"] for s in state["seats"]) else "busy"


def _moved(state: State, data: dict) -> None:
    seat = state["seats"][data["seat"]]
    find_card(seat, data["from_card"])["spaces"][str(data["old"])] = None
    find_card(seat, data["to_card"])["spaces"][str(data["value"])] = data["die"]
    state["values"][data["die"]] = data["value"]
    state["phase"] = "busy"


def _set_aside(state: State, data: dict) -> None:
    for die in data["dice"]:
        state["supply"].remove(die)
    state["trick"]["set_aside"] = list(data["dice"])
    state["phase"] = "busy"


def _returned(state: State, data: dict) -> None:
    state["trick"]["set_aside"] = []
    _to_supply(state, data["dice"])


def _taken(state: State, data: dict) -> None:
    seat = state["seats"][data["seat"]]
    if data["from"] == "yard":
        seat["yard"].remove(data["die"])
    else:
        find_card(seat, data["from"])["spaces"][str(state["values"][data["die"]])] = None
    state["trick"]["taken"] = [data["die"]]
    state["phase"] = "busy"


def _trick_ended(state: State, data: dict) -> None:
    state["trick"] = None


def _turn_ended(state: State, data: dict) -> None:
    # In solo, Pes's turn follows the human's: it waits as an automatic step.
    state["phase"] = "pes" if state["pes"] is not None and data["seat"] != "pes" else "turn_over"


def _pes_turn(state: State, data: dict) -> None:
    state["active"] = "pes"
    state["phase"] = "pes_turn"


def _pes_treats(state: State, data: dict) -> None:
    state["pes"]["treats"] += data["n"]
    state["supply_treats"] -= data["n"]


def _pes_took(state: State, data: dict) -> None:
    position_of(state, data["tile"])["treats"] -= data["n"]
    state["pes"]["treats"] += data["n"]


def _pes_spent(state: State, data: dict) -> None:
    state["pes"]["treats"] -= data["n"]
    state["supply_treats"] += data["n"]


def _pes_completed(state: State, data: dict) -> None:
    state["deck"].remove(data["card"])
    state["pes"]["pile"].append(data["card"])


def _first_player(state: State, data: dict) -> None:
    state["active"] = data["seat"]


def _ended(state: State, data: dict) -> None:
    state["winner"] = data["winner"]
    state["phase"] = "ended"


def _nothing(state: State, data: dict) -> None:
    """Events that only record a fact already shown elsewhere."""


def _deck_shuffled(state: State, data: dict) -> None:
    state["deck"] = list(data["order"])


def _tie_rerolled(state: State, data: dict) -> None:
    state["values"][data["die"]] = data["value"]


def _to_place(state: State, data: dict) -> None:
    """The roll is accepted, or the dice to keep are kept: the seat places them."""
    state["phase"] = "place"


#: Each event type's change to the state, in the order of the spec's table (4.10); GameStarted makes a new state.
FOLDS: dict[str, Callable[[State, dict], None]] = {
    "RandomSetDrawn": _nothing, "TileStacksShuffled": _stacks_shuffled, "TricksLaidOut": _laid_out,
    "DogDeckShuffled": _deck_shuffled, "DogCardDealt": _card_drawn, "TreatsGained": _treats_gained,
    "StartDieRolled": _start_die, "StartTieRerolled": _tie_rerolled, "FirstPlayerChosen": _first_player,
    "PesTreatsGained": _pes_treats, "TurnStarted": _turn_started, "TurnEnded": _turn_ended,
    "AllSeatsBusted": _all_busted, "TreatPlacedOnTile": _treat_on_tile, "TilesRefreshed": _refreshed,
    "TrickChosen": _trick_chosen, "TreatsTakenFromTile": _treats_from_tile, "TileFlipped": _tile_flipped,
    "StepOffered": _step_offered, "StepSkipped": _step_closed, "StepDeclined": _step_closed,
    "StepPerformed": _step_performed, "DogCardDrawn": _card_drawn, "DiceRolled": _dice_rolled,
    "TreatSpent": _treat_spent, "DiceRerolled": _rerolled, "RollAccepted": _to_place,
    "NumberChosen": _number_chosen, "DieSet": _die_set, "DiceKept": _to_place, "DiceDiscarded": _discarded,
    "DiePlaced": _placed, "DieBuried": _buried, "Busted": _busted, "DogsCompleted": _dogs_completed,
    "TreatsReturned": _treats_returned, "BuriedDieAdjusted": _dig, "BuriedDieDiscarded": _dig, "DieMoved": _moved,
    "DiceSetAside": _set_aside, "DiceReturned": _returned, "DieTaken": _taken, "TrickEnded": _trick_ended,
    "PesTurnStarted": _pes_turn, "PesDieRolled": _nothing, "PesTookTreats": _pes_took,
    "PesTreatsSpent": _pes_spent, "PesDogCompleted": _pes_completed, "GameEnded": _ended,
}


def evolve(state: State | None, event: Event) -> State:
    """Apply one event to the state (in place) and count it; a game's first event is GameStarted."""
    if event["type"] == "GameStarted":
        state = _game_started(event["data"])
        state["since"] += 1
    elif state is None:
        raise ValueError(f"{event['type']} before GameStarted")
    else:
        fold_event(state, event["type"], event["data"])
    return state


def fold_event(state: State, kind: str, data: dict) -> None:
    """Apply one event after GameStarted, given by its type and data, to the state in place, and count it."""
    FOLDS[kind](state, data)
    state["since"] += 1
