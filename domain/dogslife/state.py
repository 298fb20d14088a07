"""The game state and how each event changes it (the fold). No checks and no randomness here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogslife.board import POUND, TRUCK_START
from domain.dogslife.content import DOGS

BONES = 30
SEARCH_TOKENS = 15
PEE_TOKENS = 8
SLOTS = 2
MAX_HUNGER = 4

State = dict[str, Any]


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


def initial(players: int, options: dict[str, Any]) -> State:
    """The table before any dog, den or deck is dealt (spec §3)."""
    return {
        "n": 0,
        "players": players,
        "options": options,
        "seats": [
            {
                "dog": None, "den": None, "space": None, "pound": 0, "hunger": MAX_HUNGER, "bladder": 1,
                "reserve": PEE_TOKENS - 1, "buried": 0, "slots": [None] * SLOTS, "deck": [], "discard": [],
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


def _items_dropped(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    for item in dog["slots"]:
        if is_paper(item) and d["returned"]:
            s["stack"].append(item)  # the event says where the newspapers went (R22 is decided in flow)
        elif item is not None:
            _put(s, d["space"], item)
    dog["slots"] = [None] * SLOTS


def _sent_to_pound(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    dog["space"], dog["pound"] = None, 1


def _card_drawn(s: State, d: dict) -> None:
    if d["result"] == "shuffle":
        return  # the shuffle card goes straight into the reshuffle that follows
    dog = s["seats"][d["seat"]]
    dog["deck"].remove(d["card"])
    dog["discard"].append(d["card"])


def _left_pound(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    dog["space"], dog["pound"], dog["hunger"] = POUND, 0, 2


def _action_phase_ended(s: State, d: dict) -> None:
    s["phase"] = "truck"


def _bone_found(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["slots"][d["slot"]] = "bone"
    s["bones"] -= 1


def _trash_searched(s: State, d: dict) -> None:
    s["tokens"] -= 1
    s["searched"].append(d["cell"])


def _trash_day(s: State, d: dict) -> None:
    s["searched"] = [d["kept"]]
    s["tokens"] += d["returned"]


def _newspaper_taken(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["slots"][d["slot"]] = s["stack"].pop(0)


def _newspaper_delivered(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["slots"][d["slot"]] = None
    s["stack"].append(paper(d["address"]))


def _item_picked_up(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["slots"][d["slot"]] = _take(s, d["space"], d["item"])


def _item_dropped(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    _put(s, d["space"], dog["slots"][d["slot"]])
    dog["slots"][d["slot"]] = None


def _bone_buried(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    dog["slots"][d["slot"]] = None
    dog["buried"] = d["buried"]


def _lamppost_marked(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["bladder"] -= 1
    if d["replaced"] is not None:
        s["seats"][d["replaced"]]["reserve"] += 1
    s["marks"][d["cell"]] = d["seat"]


def _truck_die_rolled(s: State, d: dict) -> None:
    s["routes"], s["fork_since"] = d["routes"], s["n"]


def _turn_ended(s: State, d: dict) -> None:
    s["phase"] = "between"


def _seat_field(*fields: str) -> Callable[[State, dict], None]:
    """An event that copies some of its fields onto the seat's dog."""

    def apply(s: State, d: dict) -> None:
        s["seats"][d["seat"]].update({f: d[f] for f in fields})

    return apply


def _dog_assigned(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["dog"] = d["dog"]


def _den_assigned(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    dog["den"] = dog["space"] = d["den"]


def _deck_shuffled(s: State, d: dict) -> None:
    dog = s["seats"][d["seat"]]
    dog["deck"], dog["discard"] = list(d["order"]), []


def _turn_started(s: State, d: dict) -> None:
    s.update(active=d["seat"], round=d["round"], phase="start", ap=0, begged=[])


def _action_phase_started(s: State, d: dict) -> None:
    # The action deadline (R32) counts from this event, whose number is already in "n".
    s.update(phase="actions", ap=d["ap"], actions_since=s["n"])


def _begged(s: State, d: dict) -> None:
    s["begged"].append(d["restaurant"])


def _truck_moved(s: State, d: dict) -> None:
    s["truck"] = {"cell": d["to"], "rear": d["rear"]}


def _stack_shuffled(s: State, d: dict) -> None:
    s["stack"] = [paper(address) for address in d["order"]]


def _game_won(s: State, d: dict) -> None:
    s.update(winner=d["seat"], win_reason=d["reason"], phase="over")


def _dog_moved(s: State, d: dict) -> None:
    s["seats"][d["seat"]]["space"] = d["to"]


def _nothing(s: State, d: dict) -> None:
    """An event that only reports."""


FOLD: dict[str, Callable[[State, dict], None]] = {
    "DogAssigned": _dog_assigned,
    "DenAssigned": _den_assigned,
    "DeckShuffled": _deck_shuffled,
    "DeckReshuffled": _deck_shuffled,
    "NewspaperStackShuffled": _stack_shuffled,
    "FirstPlayerChosen": lambda s, d: s.update(first=d["seat"]),
    "TurnStarted": _turn_started,
    "HungerDropped": _seat_field("hunger"),
    "DogStarved": _nothing,
    "ItemsDropped": _items_dropped,
    "SentToPound": _sent_to_pound,
    "CardDrawn": _card_drawn,
    "StayedInPound": lambda s, d: s["seats"][d["seat"]].update(pound=d["track"]),
    "LeftPound": _left_pound,
    "ActionPhaseStarted": _action_phase_started,
    "DogMoved": _dog_moved,
    "LamppostSniffed": _nothing,
    "ActionPhaseEnded": _action_phase_ended,
    "NothingFound": _nothing,
    "FoodFound": _seat_field("hunger"),
    "BoneFound": _bone_found,
    "TrashSearched": _trash_searched,
    "TrashDayHappened": _trash_day,
    "Begged": _begged,
    "NewspaperTaken": _newspaper_taken,
    "NewspaperDelivered": _newspaper_delivered,
    "ItemPickedUp": _item_picked_up,
    "ItemDropped": _item_dropped,
    "BoneBuried": _bone_buried,
    "BladderFilled": _seat_field("bladder", "reserve"),
    "LamppostMarked": _lamppost_marked,
    "AttackDeclared": _nothing,
    "FightResolved": _nothing,
    "TruckDieRolled": _truck_die_rolled,
    "TruckRouteChosen": lambda s, d: s.update(routes=[]),
    "TruckMoved": _truck_moved,
    "DogCaught": _nothing,
    "EscapeChecked": _nothing,
    "TurnEnded": _turn_ended,
    "TimeExpired": lambda s, d: s.update(time_up=True),
    # Logged before §4.9 was corrected, the event named no seats: every dog played on.
    "SuddenDeathStarted": lambda s, d: s.update(sudden_death=list(d.get("seats", range(s["players"])))),
    "GameWon": _game_won,
}


def evolve(state: State | None, ev: dict[str, Any]) -> State:
    """Apply one event in place and return the state."""
    data = ev["data"]
    if ev["type"] == "GameStarted":
        state = initial(data["players"], data["options"])
    state["n"] += 1  # first, so that an event can note its own 1-based number
    if ev["type"] != "GameStarted":
        FOLD[ev["type"]](state, data)
    if "ap_left" in data:
        state["ap"] = data["ap_left"]
    return state


def dog_ap(state: State, seat: int) -> int:
    """The AP value of the seat's dog."""
    return DOGS[state["seats"][seat]["dog"]].ap
