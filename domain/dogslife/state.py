"""The state of a game (spec §4.1) and how each event changes it (the fold), with the read-only queries on it.

``Play`` is a command being decided: a private copy of the state that folds every event the command emits. No checks
and no randomness in the fold: every chance outcome is recorded in the events (§3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dogslife.board import POUND, TRUCK_START
from domain.dogslife.content import (
    BONES,
    DOGS,
    MAX_HUNGER,
    PEE_TOKENS,
    RELEASE_HUNGER,
    SEARCH_TOKENS,
    SLOTS,
    START_BLADDER,
)
from domain.engine import Event, event

State = dict[str, Any]
#: An event's data, as the fold reads it.
Data = dict[str, Any]


def paper(address: int) -> str:
    """The state's id of the newspaper with this address."""
    # Views and events show an address as a number, which reads like any other count; the state holds a string that
    # no view or event shows, so that a view leaking a hidden newspaper is found by the game's secrets (§7).
    return f"NP{address:02d}"


def address_of(item: str) -> int:
    """The address of a newspaper id."""
    return int(item[2:])


def is_paper(item: Any) -> bool:
    """Whether a carried item is a newspaper (not a bone, not an empty slot)."""
    return item is not None and item != "bone"


def dog_ap(state: State, seat: int) -> int:
    """The AP value of the seat's dog."""
    return DOGS[state["seats"][seat]["dog"]].ap


def initial(players: int, options: dict[str, Any]) -> State:
    """The table before any dog, den or deck is dealt (spec §3)."""
    return {
        "n": 0,
        "players": players,
        "options": options,
        "seats": [
            {
                "dog": None, "den": None, "space": None, "pound": 0, "hunger": MAX_HUNGER, "bladder": START_BLADDER,
                "reserve": PEE_TOKENS - START_BLADDER, "buried": 0, "slots": [None] * SLOTS, "deck": [],
                "discard": [],
            }
            for _ in range(players)
        ],
        "bones": BONES,
        "tokens": SEARCH_TOKENS,
        "searched": [],
        "ground": {},
        "marks": {},
        "stack": [],
        "truck": {"cell": TRUCK_START, "rear": None},
        "phase": "setup",
        "active": None,
        "first": None,
        "round": 0,
        "ap": 0,
        "begged": [],
        "routes": [],
        "fork_since": 0,
        "actions_since": 0,
        "time_up": False,
        "sudden_death": [],
        "winner": None,
        "win_reason": None,
    }


def copy(state: State) -> State:
    """An independent copy of the state, built from its shape (``initial``'s): each container copied, the scalars
    shared."""
    return {
        **state,
        "options": dict(state["options"]),
        "seats": [
            {**dog, "slots": list(dog["slots"]), "deck": list(dog["deck"]), "discard": list(dog["discard"])}
            for dog in state["seats"]
        ],
        "searched": list(state["searched"]),
        "ground": {
            space: {"bones": spot["bones"], "papers": list(spot["papers"])} for space, spot in state["ground"].items()
        },
        "marks": dict(state["marks"]),
        "stack": list(state["stack"]),
        "truck": dict(state["truck"]),
        "begged": list(state["begged"]),
        "routes": [list(route) for route in state["routes"]],
        "sudden_death": list(state["sudden_death"]),
    }


def _put(state: State, space: str, item: Any) -> None:
    spot = state["ground"].setdefault(space, {"bones": 0, "papers": []})
    if item == "bone":
        spot["bones"] += 1
    else:
        spot["papers"].append(item)


def _take(state: State, space: str, item: str) -> Any:
    spot = state["ground"][space]
    if item == "bone":
        spot["bones"] -= 1
        taken: Any = "bone"
    else:
        taken = spot["papers"].pop()
    if not spot["bones"] and not spot["papers"]:
        del state["ground"][space]
    return taken


def _dog_assigned(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["dog"] = data["dog"]


def _den_assigned(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    dog["den"] = dog["space"] = data["den"]


def _deck_shuffled(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    dog["deck"], dog["discard"] = list(data["order"]), []


def _stack_shuffled(state: State, data: Data) -> None:
    state["stack"] = [paper(address) for address in data["order"]]


def _first_player_chosen(state: State, data: Data) -> None:
    state["first"] = data["seat"]


def _turn_started(state: State, data: Data) -> None:
    state.update(active=data["seat"], round=data["round"], phase="start", ap=0, begged=[])


def _hunger_changed(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["hunger"] = data["hunger"]


def _items_dropped(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    for item in dog["slots"]:
        if is_paper(item) and data["returned"]:
            state["stack"].append(item)  # the event says where the newspapers went (R22 is decided in pound.py)
        elif item is not None:
            _put(state, data["space"], item)
    dog["slots"] = [None] * SLOTS


def _sent_to_pound(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    dog["space"], dog["pound"] = None, 1


def _card_drawn(state: State, data: Data) -> None:
    if data["result"] == "shuffle":
        return  # the shuffle card goes straight into the reshuffle that follows
    dog = state["seats"][data["seat"]]
    dog["deck"].remove(data["card"])
    dog["discard"].append(data["card"])


def _stayed_in_pound(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["pound"] = data["track"]


def _left_pound(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    dog["space"], dog["pound"], dog["hunger"] = POUND, 0, RELEASE_HUNGER


def _action_phase_started(state: State, data: Data) -> None:
    # The action deadline (R32) counts from this event, whose number is already in "n".
    state.update(phase="actions", ap=data["ap"], actions_since=state["n"])


def _dog_moved(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["space"] = data["to"]


def _action_phase_ended(state: State, data: Data) -> None:
    state["phase"] = "truck"


def _bone_found(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["slots"][data["slot"]] = "bone"
    state["bones"] -= 1


def _trash_searched(state: State, data: Data) -> None:
    state["tokens"] -= 1
    state["searched"].append(data["cell"])


def _trash_day(state: State, data: Data) -> None:
    state["searched"] = [data["kept"]]
    state["tokens"] += data["returned"]


def _begged(state: State, data: Data) -> None:
    state["begged"].append(data["restaurant"])


def _newspaper_taken(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["slots"][data["slot"]] = state["stack"].pop(0)


def _newspaper_delivered(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["slots"][data["slot"]] = None
    state["stack"].append(paper(data["address"]))


def _item_picked_up(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["slots"][data["slot"]] = _take(state, data["space"], data["item"])


def _item_dropped(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    _put(state, data["space"], dog["slots"][data["slot"]])
    dog["slots"][data["slot"]] = None


def _bone_buried(state: State, data: Data) -> None:
    dog = state["seats"][data["seat"]]
    dog["slots"][data["slot"]] = None
    dog["buried"] = data["buried"]


def _bladder_filled(state: State, data: Data) -> None:
    state["seats"][data["seat"]].update(bladder=data["bladder"], reserve=data["reserve"])


def _lamppost_marked(state: State, data: Data) -> None:
    state["seats"][data["seat"]]["bladder"] -= 1
    if data["replaced"] is not None:
        state["seats"][data["replaced"]]["reserve"] += 1
    state["marks"][data["cell"]] = data["seat"]


def _truck_die_rolled(state: State, data: Data) -> None:
    state["routes"], state["fork_since"] = data["routes"], state["n"]


def _truck_route_chosen(state: State, data: Data) -> None:
    state["routes"] = []


def _truck_moved(state: State, data: Data) -> None:
    state["truck"] = {"cell": data["to"], "rear": data["rear"]}


def _turn_ended(state: State, data: Data) -> None:
    state["phase"] = "between"


def _time_expired(state: State, data: Data) -> None:
    state["time_up"] = True


def _sudden_death_started(state: State, data: Data) -> None:
    # Logged before §4.9 was corrected, the event named no seats: every dog played on.
    state["sudden_death"] = list(data.get("seats", range(state["players"])))


def _game_won(state: State, data: Data) -> None:
    state.update(winner=data["seat"], win_reason=data["reason"], phase="over")


def _reported(state: State, data: Data) -> None:
    """An event that only reports: the events around it change the state."""


#: Event type -> how it changes the state (GameStarted makes a new one; see ``evolve``).
FOLD: dict[str, Callable[[State, Data], None]] = {
    "DogAssigned": _dog_assigned,
    "DenAssigned": _den_assigned,
    "DeckShuffled": _deck_shuffled,
    "DeckReshuffled": _deck_shuffled,
    "NewspaperStackShuffled": _stack_shuffled,
    "FirstPlayerChosen": _first_player_chosen,
    "TurnStarted": _turn_started,
    "HungerDropped": _hunger_changed,
    "DogStarved": _reported,
    "ItemsDropped": _items_dropped,
    "SentToPound": _sent_to_pound,
    "CardDrawn": _card_drawn,
    "StayedInPound": _stayed_in_pound,
    "LeftPound": _left_pound,
    "ActionPhaseStarted": _action_phase_started,
    "DogMoved": _dog_moved,
    "LamppostSniffed": _reported,
    "ActionPhaseEnded": _action_phase_ended,
    "NothingFound": _reported,
    "FoodFound": _hunger_changed,
    "BoneFound": _bone_found,
    "TrashSearched": _trash_searched,
    "TrashDayHappened": _trash_day,
    "Begged": _begged,
    "NewspaperTaken": _newspaper_taken,
    "NewspaperDelivered": _newspaper_delivered,
    "ItemPickedUp": _item_picked_up,
    "ItemDropped": _item_dropped,
    "BoneBuried": _bone_buried,
    "BladderFilled": _bladder_filled,
    "LamppostMarked": _lamppost_marked,
    "AttackDeclared": _reported,
    "FightResolved": _reported,
    "TruckDieRolled": _truck_die_rolled,
    "TruckRouteChosen": _truck_route_chosen,
    "TruckMoved": _truck_moved,
    "DogCaught": _reported,
    "EscapeChecked": _reported,
    "TurnEnded": _turn_ended,
    "TimeExpired": _time_expired,
    "SuddenDeathStarted": _sudden_death_started,
    "GameWon": _game_won,
}


def evolve(state: State | None, event_: Event) -> State:
    """Apply one event in place and return the state; GameStarted starts a new one."""
    data = event_["data"]
    if event_["type"] == "GameStarted":
        state = initial(data["players"], data["options"])
    elif state is None:
        raise ValueError(f"{event_['type']} before GameStarted: a game's log starts with GameStarted")
    state["n"] += 1  # first, so that an event can note its own 1-based number
    if event_["type"] != "GameStarted":
        FOLD[event_["type"]](state, data)
    if "ap_left" in data:
        state["ap"] = data["ap_left"]
    return state


class Play:
    """A command being decided: a private copy of the state that follows every event emitted so far.

    ``own``: the state is the caller's to change (``Rules.apply``), worked on in place rather than copied.
    """

    def __init__(self, state: State, rng: random.Random, own: bool = False) -> None:
        self.state: State = state if own else copy(state)
        self.rng = rng
        self.events: list[Event] = []

    @classmethod
    def opening(cls, rng: random.Random, players: int, options: dict[str, Any]) -> Play:
        """A game being set up: its GameStarted emitted and folded."""
        started = event("GameStarted", players=players, options=options)
        play = cls(evolve(None, started), rng)
        play.events.append(started)
        return play

    def emit(self, type_: str, **data: Any) -> None:
        """Record an event and fold it into the private state."""
        # engine.event's shape, built here: its call cost a few % of a random playout, which emits thousands.
        emitted = {"type": type_, "data": data}
        self.events.append(emitted)
        self.state = evolve(self.state, emitted)

    def seat(self, seat: int) -> dict[str, Any]:
        """The seat's dog as it stands now."""
        return self.state["seats"][seat]
