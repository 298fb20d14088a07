"""Spots' state: read-only queries on it, and ``evolve``, which folds one event into it.

The state is a JSON-ready dict. Dice are ids 0..39 whose faces live in ``values``; a die sits in the
``supply``, a seat's ``yard``, a space of an open dog (``pack[i]["spaces"]``), or the trick cursor
(``pending``, ``set_aside``, ``taken``). ``phase`` names the decision awaited; ``busy`` and ``turn_over`` are
transient phases that ``decide`` always moves past within one batch of events.
"""

from __future__ import annotations

from typing import Any

from domain.spots.content import BUST_OVER, DICE, DOGS, TILES, TREATS

State = dict[str, Any]

# --- queries -------------------------------------------------------------------------------------------------

def open_dogs(seat: dict) -> list[dict]:
    """The seat's pack cards that are not completed."""
    return [card for card in seat["pack"] if not card["done"]]


def is_filled(card: dict) -> bool:
    """True when every space of an open dog holds a die."""
    return all(die is not None for die in card["spaces"].values())


def filled_dogs(seat: dict) -> list[dict]:
    """The seat's filled open dogs."""
    return [card for card in open_dogs(seat) if is_filled(card)]


def completed(seat: dict) -> int:
    """How many dogs the seat has completed."""
    return sum(card["done"] for card in seat["pack"])


def paws(seat: dict) -> int:
    """The seat's paws: every card of its pack counts, open or completed (section 2.4)."""
    return sum(DOGS[card["card"]].paws for card in seat["pack"])


def yard_total(state: State, seat: dict) -> int:
    """The pips of the seat's buried dice."""
    return sum(state["values"][die] for die in seat["yard"])


def busted(state: State, seat: dict) -> bool:
    """True when the seat's yard holds more than 7 pips (R7)."""
    return yard_total(state, seat) > BUST_OVER


def dog_dice(seat: dict) -> list[int]:
    """The dice on the seat's open dogs."""
    return [die for card in open_dogs(seat) for die in card["spaces"].values() if die is not None]


def empty_values(seat: dict) -> list[int]:
    """The values of the empty spaces on the seat's open dogs (with repeats across cards)."""
    return [int(v) for card in open_dogs(seat) for v, die in card["spaces"].items() if die is None]


def find_card(seat: dict, card_id: int) -> dict | None:
    """The seat's pack card with this id, if it holds it."""
    return next((card for card in seat["pack"] if card["card"] == card_id), None)


def position_of(state: State, tile: str) -> dict | None:
    """The tile position whose top tile is ``tile``."""
    return next((pos for pos in state["positions"] if pos["stack"][0] == tile), None)


def face_up_tiles(state: State) -> list[str]:
    """The tiles that may be chosen now: the top of each face-up position."""
    return [pos["stack"][0] for pos in state["positions"] if pos["face_up"]]


def actor(state: State) -> dict:
    """The active seat's record."""
    return state["seats"][state["active"]]


def current_step(state: State) -> str | None:
    """The name of the trick's current step, None before its first step."""
    trick = state["trick"]
    return TILES[trick["tile"]].steps[trick["at"]] if trick and trick["at"] >= 0 else None


def clone(state: State) -> State:
    """A deep copy of the state, written out by hand because decide copies it on every command."""
    trick, pes = state["trick"], state["pes"]
    return {
        **state,
        "positions": [{**pos, "stack": list(pos["stack"])} for pos in state["positions"]],
        "deck": list(state["deck"]), "values": list(state["values"]), "supply": list(state["supply"]),
        "seats": [
            {"treats": seat["treats"], "yard": list(seat["yard"]),
             "pack": [{"card": c["card"], "done": c["done"], "spaces": dict(c["spaces"])} for c in seat["pack"]]}
            for seat in state["seats"]
        ],
        "pes": {"treats": pes["treats"], "pile": list(pes["pile"])} if pes is not None else None,
        "trick": {**trick, "pending": list(trick["pending"]), "roll": list(trick["roll"]),
                  "set_aside": list(trick["set_aside"]), "taken": list(trick["taken"])} if trick else None,
    }


# --- evolve --------------------------------------------------------------------------------------------------

def _to_supply(state: State, dice: list[int]) -> None:
    for die in dice:
        state["values"][die] = 0
    state["supply"] = sorted(state["supply"] + list(dice))


def _detach(state: State, die: int) -> None:
    """Take a die out of wherever it waits to be rolled: supply, set aside, taken, or the active yard."""
    trick = state["trick"]
    for place in (state["supply"], trick["set_aside"], trick["taken"], actor(state)["yard"]):
        if die in place:
            place.remove(die)
            return


def _clear_seat(state: State, seat: dict) -> None:
    """Send every die on the seat's open dogs and in its yard to the supply."""
    dice = dog_dice(seat) + seat["yard"]
    for card in open_dogs(seat):
        card["spaces"] = dict.fromkeys(card["spaces"])
    seat["yard"] = []
    _to_supply(state, dice)


def _draw(state: State, seat: int, card: int) -> None:
    state["deck"].remove(card)
    state["seats"][seat]["pack"].append(
        {"card": card, "done": False, "spaces": {str(v): None for v in DOGS[card].spaces}}
    )


def _mark_step(state: State, step: str) -> dict:
    """Point the trick cursor at ``step``; a new step starts with no performance and not closed."""
    trick = state["trick"]
    if trick["step"] != step:
        trick.update(step=step, at=TILES[trick["tile"]].steps.index(step), count=0, closed=False)
    return trick


def _after_resolving(state: State) -> None:
    """Pending dice left: the seat places them; none: the trick moves on."""
    state["phase"] = "place" if state["trick"]["pending"] else "busy"


def _game_started(state: State | None, d: dict) -> State:
    n = d["players"]
    return {
        "players": n, "tile_set": d["tile_set"], "pes_treats": d["pes_treats"], "since": 0,
        "positions": [], "deck": [], "values": [0] * DICE, "supply": list(range(DICE)), "supply_treats": TREATS,
        "seats": [{"treats": 0, "yard": [], "pack": []} for _ in range(n)],
        "pes": {"treats": 0, "pile": []} if n == 1 else None,
        "active": None, "phase": "setup", "trick": None, "winner": None,
    }


def _laid_out(state: State, d: dict) -> None:
    stacks = state.pop("stacks", {})
    state["positions"] = [
        {"stack": list(stacks.get(tile, [tile])), "face_up": True, "treats": 0} for tile in d["positions"]
    ]


def _stacks_shuffled(state: State, d: dict) -> None:
    # Kept under each stack's top tile until TricksLaidOut places the stacks.
    state["stacks"] = {stack[0]: stack for stack in d["stacks"].values()}


def _treats_gained(state: State, d: dict) -> None:
    state["seats"][d["seat"]]["treats"] += d["n"]
    state["supply_treats"] -= d["n"]


def _start_die(state: State, d: dict) -> None:
    state["supply"].remove(d["die"])
    state["values"][d["die"]] = d["value"]
    state["seats"][d["seat"]]["yard"].append(d["die"])


def _turn_started(state: State, d: dict) -> None:
    state["active"] = d["seat"]
    state["phase"] = "choose_action"


def _all_busted(state: State, d: dict) -> None:
    for seat in state["seats"]:
        _clear_seat(state, seat)


def _treat_on_tile(state: State, d: dict) -> None:
    position_of(state, d["tile"])["treats"] += 1
    state["supply_treats"] -= 1


def _refreshed(state: State, d: dict) -> None:
    for pos in state["positions"]:
        if not pos["face_up"]:
            pos["stack"] = pos["stack"][1:] + pos["stack"][:1]
            pos["face_up"] = True


def _trick_chosen(state: State, d: dict) -> None:
    state["trick"] = {
        "tile": d["tile"], "step": None, "at": -1, "count": 0, "closed": False, "pending": [], "roll": [],
        "set_aside": [], "taken": [], "number": None, "uses": 0,
    }
    state["phase"] = "busy"


def _treats_from_tile(state: State, d: dict) -> None:
    position_of(state, d["tile"])["treats"] -= d["n"]
    state["seats"][d["seat"]]["treats"] += d["n"]


def _tile_flipped(state: State, d: dict) -> None:
    position_of(state, d["tile"])["face_up"] = d["face_up"]


def _step_offered(state: State, d: dict) -> None:
    trick = _mark_step(state, d["step"])
    trick["uses"] = d.get("uses", trick["uses"])
    state["phase"] = d["phase"]


def _step_performed(state: State, d: dict) -> None:
    _mark_step(state, d["step"])["count"] += 1
    state["phase"] = "busy"


def _step_closed(state: State, d: dict) -> None:
    _mark_step(state, d["step"])["closed"] = True
    state["phase"] = "busy"


def _dice_rolled(state: State, d: dict) -> None:
    trick = state["trick"]
    for item in d["dice"]:
        _detach(state, item["die"])
        state["values"][item["die"]] = item["value"]
    trick["roll"] = [item["die"] for item in d["dice"]]
    trick["pending"] = list(trick["roll"])
    state["phase"] = "rolled"


def _treat_spent(state: State, d: dict) -> None:
    state["seats"][d["seat"]]["treats"] -= 1
    state["supply_treats"] += 1


def _rerolled(state: State, d: dict) -> None:
    for item in d["dice"]:
        state["values"][item["die"]] = item["value"]


def _number_chosen(state: State, d: dict) -> None:
    state["trick"]["number"] = d["n"]
    _after_resolving(state)


def _die_set(state: State, d: dict) -> None:
    trick = state["trick"]
    state["supply"].remove(d["die"])
    state["values"][d["die"]] = d["value"]
    trick["pending"], trick["roll"] = [d["die"]], [d["die"]]
    state["phase"] = "place"


def _discarded(state: State, d: dict) -> None:
    trick = state["trick"]
    trick["pending"] = [die for die in trick["pending"] if die not in d["dice"]]
    _to_supply(state, d["dice"])
    _after_resolving(state)


def _placed(state: State, d: dict) -> None:
    state["trick"]["pending"].remove(d["die"])
    find_card(state["seats"][d["seat"]], d["card"])["spaces"][str(d["value"])] = d["die"]
    _after_resolving(state)


def _buried(state: State, d: dict) -> None:
    seat = state["seats"][d["seat"]]
    state["trick"]["pending"].remove(d["die"])
    seat["yard"].append(d["die"])
    if busted(state, seat):
        state["phase"] = "busy"  # the bust follows in the same batch
    else:
        _after_resolving(state)


def _busted(state: State, d: dict) -> None:
    trick = state["trick"]
    _clear_seat(state, state["seats"][d["seat"]])
    _to_supply(state, trick["pending"] + trick["set_aside"] + trick["taken"])
    trick.update(pending=[], set_aside=[], taken=[])
    state["phase"] = "busy"


def _dogs_completed(state: State, d: dict) -> None:
    seat = state["seats"][d["seat"]]
    for card_id in d["cards"]:
        card = find_card(seat, card_id)
        card["done"] = True
        card["spaces"] = dict.fromkeys(card["spaces"])
    _to_supply(state, d["returned"])


def _card_drawn(state: State, d: dict) -> None:
    _draw(state, d["seat"], d["card"])


def _treats_returned(state: State, d: dict) -> None:
    state["seats"][d["seat"]]["treats"] -= d["n"]
    state["supply_treats"] += d["n"]


def _dig(state: State, d: dict) -> None:
    yard = state["seats"][d["owner"]]["yard"]
    if d["new"] == 0:
        yard.remove(d["die"])
        _to_supply(state, [d["die"]])
    else:
        state["values"][d["die"]] = d["new"]
    trick = state["trick"]
    trick["uses"] -= 1
    state["phase"] = "dig" if trick["uses"] and any(s["yard"] for s in state["seats"]) else "busy"


def _moved(state: State, d: dict) -> None:
    seat = state["seats"][d["seat"]]
    find_card(seat, d["from_card"])["spaces"][str(d["old"])] = None
    find_card(seat, d["to_card"])["spaces"][str(d["value"])] = d["die"]
    state["values"][d["die"]] = d["value"]
    state["phase"] = "busy"


def _set_aside(state: State, d: dict) -> None:
    for die in d["dice"]:
        state["supply"].remove(die)
    state["trick"]["set_aside"] = list(d["dice"])
    state["phase"] = "busy"


def _returned(state: State, d: dict) -> None:
    state["trick"]["set_aside"] = []
    _to_supply(state, d["dice"])


def _taken(state: State, d: dict) -> None:
    seat = state["seats"][d["seat"]]
    if d["from"] == "yard":
        seat["yard"].remove(d["die"])
    else:
        find_card(seat, d["from"])["spaces"][str(state["values"][d["die"]])] = None
    state["trick"]["taken"] = [d["die"]]
    state["phase"] = "busy"


def _trick_ended(state: State, d: dict) -> None:
    state["trick"] = None


def _turn_ended(state: State, d: dict) -> None:
    # In solo, Pes's turn follows the human's: it waits as an automatic step.
    state["phase"] = "pes" if state["pes"] is not None and d["seat"] != "pes" else "turn_over"


def _pes_turn(state: State, d: dict) -> None:
    state["active"] = "pes"
    state["phase"] = "pes_turn"


def _pes_treats(state: State, d: dict) -> None:
    state["pes"]["treats"] += d["n"]
    state["supply_treats"] -= d["n"]


def _pes_took(state: State, d: dict) -> None:
    position_of(state, d["tile"])["treats"] -= d["n"]
    state["pes"]["treats"] += d["n"]


def _pes_spent(state: State, d: dict) -> None:
    state["pes"]["treats"] -= d["n"]
    state["supply_treats"] += d["n"]


def _pes_completed(state: State, d: dict) -> None:
    state["deck"].remove(d["card"])
    state["pes"]["pile"].append(d["card"])


def _first_player(state: State, d: dict) -> None:
    state["active"] = d["seat"]


def _ended(state: State, d: dict) -> None:
    state["winner"] = d["winner"]
    state["phase"] = "ended"


def _nothing(state: State, d: dict) -> None:
    """Events that only record a fact already shown elsewhere."""


_HANDLERS = {
    "RandomSetDrawn": _nothing, "TileStacksShuffled": _stacks_shuffled, "TricksLaidOut": _laid_out,
    "DogDeckShuffled": lambda s, d: s.update(deck=list(d["order"])), "DogCardDealt": _card_drawn,
    "TreatsGained": _treats_gained, "StartDieRolled": _start_die,
    "StartTieRerolled": lambda s, d: s["values"].__setitem__(d["die"], d["value"]),
    "FirstPlayerChosen": _first_player, "PesTreatsGained": _pes_treats, "TurnStarted": _turn_started,
    "AllSeatsBusted": _all_busted, "TreatPlacedOnTile": _treat_on_tile, "TilesRefreshed": _refreshed,
    "TrickChosen": _trick_chosen, "TreatsTakenFromTile": _treats_from_tile, "TileFlipped": _tile_flipped,
    "StepOffered": _step_offered, "StepPerformed": _step_performed, "StepDeclined": _step_closed,
    "StepSkipped": _step_closed, "DogCardDrawn": _card_drawn, "DiceRolled": _dice_rolled,
    "TreatSpent": _treat_spent, "DiceRerolled": _rerolled,
    "RollAccepted": lambda s, d: s.update(phase="place"), "NumberChosen": _number_chosen, "DieSet": _die_set,
    "DiceKept": lambda s, d: s.update(phase="place"), "DiceDiscarded": _discarded, "DiePlaced": _placed,
    "DieBuried": _buried, "Busted": _busted, "DogsCompleted": _dogs_completed, "TreatsReturned": _treats_returned,
    "BuriedDieAdjusted": _dig, "BuriedDieDiscarded": _dig, "DieMoved": _moved, "DiceSetAside": _set_aside,
    "DiceReturned": _returned, "DieTaken": _taken, "TrickEnded": _trick_ended, "TurnEnded": _turn_ended,
    "PesTurnStarted": _pes_turn, "PesDieRolled": _nothing, "PesTookTreats": _pes_took,
    "PesTreatsSpent": _pes_spent, "PesDogCompleted": _pes_completed, "GameEnded": _ended,
}


def evolve(state: State | None, event: dict) -> State:
    """Apply one event to the state (in place) and count it."""
    if event["type"] == "GameStarted":
        state = _game_started(state, event["data"])
    else:
        _HANDLERS[event["type"]](state, event["data"])
    state["since"] += 1
    return state

