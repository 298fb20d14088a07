"""The game in words: ``describe`` (a message per event of spec §4.10), ``label`` (a move as a player says it), both
kept as keys of domain/dogslife/locales, and ``render`` (the city map of §2.2 with each dog's sheet, for the
terminal, in English). Each says what its reader may see (§7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogslife.board import (
    COLS,
    FOOTPRINT,
    FOUNTAINS,
    HOUSE_OF,
    KIND,
    LAMPPOSTS,
    ROWS,
    STREETS,
    TRASH,
    cell_id,
    coords,
)
from domain.dogslife.content import CARDS_PER_DECK, DOGS, FINDS, MAX_HUNGER, card_key, dog_key
from domain.dogslife.state import State, address_of
from domain.dogslife.view import view
from domain.engine import Command, Event, Seat, View
from domain.language import Message, listed, message, seat, term
from domain.language import render as say

#: An event that says nothing of its own: the line before already told it.
SILENT = message("dogslife-silent")
#: What stands on a street cell, as its name says it; a plain street cell otherwise.
_FEATURES = ((TRASH, "dogslife-trash-can"), (LAMPPOSTS, "dogslife-lamppost"), (FOUNTAINS, "dogslife-fountain"))


def cell(space: str) -> dict[str, Any]:
    """A street cell by its map coordinates alone ("E-5"): a step of the truck's route."""
    return term("dogslife-cell", column=space[0], row=int(space[1:]))


def place(space: str) -> dict[str, Any]:
    """A space as a player names it: a building by kind and number (den 4, the kiosk), a street cell by what stands
    there and its map coordinates (the lamppost E-5)."""
    kind = KIND.get(space)
    if kind in ("kiosk", "pound"):
        return term(f"dogslife-{kind}")
    if kind:
        return term(f"dogslife-{kind}", number=int("".join(filter(str.isdigit, space))))
    named = next((key for cells, key in _FEATURES if space in cells), "dogslife-street")
    return term(named, column=space[0], row=int(space[1:]))


def dog_name(dog: str) -> dict[str, Any]:
    """A dog by its breed."""
    return term(dog_key(dog))


def _paper(data: dict[str, Any]) -> dict[str, Any]:
    """A carried newspaper: its house when the line's reader may know it (the carrier), else just "a newspaper"."""
    if "address" in data:
        return term("dogslife-newspaper-for", house=place(HOUSE_OF[data["address"]]))
    return term("dogslife-a-newspaper")


def _result(purpose: str, result: Any) -> dict[str, Any]:
    """What the drawn card says for the check it was drawn for (spec §2.4: each section reads differently)."""
    if result == "shuffle":
        return term("dogslife-result-shuffle")
    if purpose == "attack":
        return term("dogslife-result-claws", count=result)
    if purpose not in FINDS:
        return term(f"dogslife-result-{result}")  # escape: escaped or caught; pound: leave or stay
    if isinstance(result, int):
        return term("dogslife-result-food", days=result)
    return term("dogslife-result-bone" if result == "B" else "dogslife-result-nothing")


def _dropped(data: dict[str, Any]) -> Message:
    """A starving or caught dog's load left where it was, and its newspapers gone back to the stack."""
    items = [term(f"dogslife-{noun}", count=data[noun]) for noun in ("bones", "newspapers") if data[noun]]
    who = seat(data["seat"])
    if items and data["returned"]:
        return message(
            "dogslife-items-dropped-and-returned", player=who, items=listed(items), space=place(data["space"]),
            returned=data["returned"],
        )
    if items:
        return message("dogslife-items-dropped", player=who, items=listed(items), space=place(data["space"]))
    return message("dogslife-newspapers-returned", player=who, returned=data["returned"])


#: A truck's heading from its rear cell to its cell, by (dx, dy) with rows counted downwards: name and map arrow.
_HEADINGS = {(1, 0): ("east", ">"), (-1, 0): ("west", "<"), (0, -1): ("north", "^"), (0, 1): ("south", "v")}


def heading(truck: dict[str, Any]) -> str | None:
    """Which way the dogcatcher's truck faces (east, west, north, south); None before its first move."""
    if truck.get("rear") is None:
        return None
    (x0, y0), (x1, y1) = coords(truck["rear"]), coords(truck["cell"])
    return _HEADINGS[(x1 - x0, y1 - y0)][0]


def _truck_moved(data: dict[str, Any]) -> Message:
    way = heading({"cell": data["to"], "rear": data["rear"]})
    if way is None:
        return message("dogslife-truck-moved", start=cell(data["from"]), end=cell(data["to"]))
    return message(
        "dogslife-truck-moved-heading", start=cell(data["from"]), end=cell(data["to"]),
        heading=term(f"dogslife-heading-{way}"),
    )


def _drawn(data: dict[str, Any]) -> Message:
    return message(
        f"dogslife-card-drawn-{data['purpose']}", player=seat(data["seat"]), card=term(card_key(data["card"])),
        result=_result(data["purpose"], data["result"]),
    )


def _picked_up(data: dict[str, Any]) -> Message:
    item = _paper(data) if data["item"] == "newspaper" else term("dogslife-a-bone")
    return message("dogslife-item-picked-up", player=seat(data["seat"]), item=item, space=place(data["space"]))


def _marked(data: dict[str, Any]) -> Message:
    lamppost = place(data["cell"])
    if data["replaced"] is None:
        return message("dogslife-lamppost-marked", player=seat(data["seat"]), lamppost=lamppost)
    return message(
        "dogslife-lamppost-marked-over", player=seat(data["seat"]), lamppost=lamppost, owner=seat(data["replaced"])
    )


def _fight(data: dict[str, Any]) -> Message:
    claws = {"attacker": data["attacker_claws"], "defender": data["defender_claws"]}
    if data["winner"] is None:
        return message("dogslife-fight-tied", **claws)
    return message("dogslife-fight-won", **claws, winner=seat(data["winner"]))


def _game_started(data: dict[str, Any]) -> Message:
    return message("dogslife-game-started", players=data["players"], target=data["options"]["bone_target"])


def _reason(data: dict[str, Any], field: str = "reason") -> str:
    """A reason's or a result's name as a part of a catalogue key."""
    return str(data[field]).replace("_", "-")


def _phase_ended(data: dict[str, Any]) -> Message:
    # A sniffed mark's line already said the dog must stop.
    if data["reason"] == "sniff":
        return SILENT
    return message(f"dogslife-actions-ended-{_reason(data)}", player=seat(data["seat"]))


def _nothing(data: dict[str, Any]) -> Message:
    # The card drawn already said that it showed nothing.
    if data["reason"] == "card":
        return SILENT
    return message(f"dogslife-nothing-found-{_reason(data)}", player=seat(data["seat"]))


def _who(key: str, **more: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Message]:
    """A line of ``key`` about the event's seat, with ``more`` arguments each read from the event's data."""
    return lambda data: message(key, player=seat(data["seat"]), **{name: get(data) for name, get in more.items()})


def _by(prefix: str, field: str) -> Callable[[dict[str, Any]], Message]:
    """A line about the event's seat whose key ends in the value of ``field`` (a reason, a result)."""
    return lambda data: message(f"{prefix}-{_reason(data, field)}", player=seat(data["seat"]))

_SAYINGS: dict[str, Callable[[dict[str, Any]], Message]] = {
    "GameStarted": _game_started,
    "DogAssigned": _who("dogslife-dog-assigned", dog=lambda data: dog_name(data["dog"])),
    "DenAssigned": _who("dogslife-den-assigned", den=lambda data: place(data["den"])),
    "DeckShuffled": _who("dogslife-deck-shuffled"),
    "DeckReshuffled": _who("dogslife-deck-reshuffled", cards=lambda data: CARDS_PER_DECK),
    "NewspaperStackShuffled": lambda data: message("dogslife-stack-shuffled"),
    "FirstPlayerChosen": _who("dogslife-first-player"),
    "TurnStarted": _who("dogslife-turn-started", round=lambda data: data["round"]),
    "HungerDropped": _who("dogslife-hunger-dropped", hunger=lambda data: data["hunger"], most=lambda data: MAX_HUNGER),
    "DogStarved": _who("dogslife-dog-starved"),
    "ItemsDropped": _dropped,
    "SentToPound": lambda data: message(
        f"dogslife-sent-to-pound-{data['reason']}", player=seat(data["seat"]), space=place(data["from"])
    ),
    "CardDrawn": _drawn,
    "StayedInPound": _who("dogslife-stayed-in-pound", track=lambda data: data["track"]),
    "LeftPound": _who("dogslife-left-pound"),
    "ActionPhaseStarted": _who("dogslife-actions-started", points=lambda data: data["ap"]),
    "DogMoved": _who("dogslife-dog-moved", space=lambda data: place(data["to"]), left=lambda data: data["ap_left"]),
    "LamppostSniffed": _who(
        "dogslife-lamppost-sniffed", owner=lambda data: seat(data["owner"]), lamppost=lambda data: place(data["cell"])
    ),
    "ActionPhaseEnded": _phase_ended,
    "NothingFound": _nothing,
    "FoodFound": _who(
        "dogslife-food-found", days=lambda data: data["days"], hunger=lambda data: data["hunger"],
        most=lambda data: MAX_HUNGER,
    ),
    "BoneFound": _who("dogslife-bone-found"),
    # The card drawn for the search or the begging already said where the dog looked and what it found.
    "TrashSearched": lambda data: SILENT,
    "Begged": lambda data: SILENT,
    "TrashDayHappened": lambda data: message("dogslife-trash-day", kept=place(data["kept"])),
    "NewspaperTaken": _who("dogslife-newspaper-taken", item=_paper),
    "NewspaperDelivered": _who("dogslife-newspaper-delivered", house=lambda data: place(data["house"])),
    "ItemPickedUp": _picked_up,
    "ItemDropped": _who(
        "dogslife-item-dropped", item=lambda data: term(f"dogslife-a-{data['item']}"),
        space=lambda data: place(data["space"]),
    ),
    "BoneBuried": _who("dogslife-bone-buried", den=lambda data: place(data["den"]), buried=lambda data: data["buried"]),
    "BladderFilled": _who(
        "dogslife-bladder-filled", bladder=lambda data: data["bladder"], reserve=lambda data: data["reserve"]
    ),
    "LamppostMarked": _marked,
    "AttackDeclared": _who("dogslife-attack-declared", target=lambda data: seat(data["target"])),
    "FightResolved": _fight,
    "TruckDieRolled": lambda data: message("dogslife-truck-rolled", value=data["value"], routes=len(data["routes"])),
    "TruckRouteChosen": lambda data: message(
        f"dogslife-route-chosen-{data['chosen_by']}", route=listed([cell(step) for step in data["route"]])
    ),
    "TruckMoved": _truck_moved,
    "DogCaught": _who("dogslife-dog-caught", space=lambda data: place(data["cell"])),
    "EscapeChecked": _by("dogslife-escape", "result"),
    "TurnEnded": _who("dogslife-turn-ended"),
    "TimeExpired": lambda data: message("dogslife-time-expired"),
    "SuddenDeathStarted": lambda data: message(
        "dogslife-sudden-death", players=listed([seat(tied) for tied in data["seats"]])
    ),
    # The result line: the winner, by name, and why.
    "GameWon": _by("dogslife-won", "reason"),
}


def describe(event: Event) -> Message:
    """What an event says, as its reader may see it; an empty line where the line before already told it."""
    saying = _SAYINGS.get(event["type"])
    if saying is None:
        raise ValueError(f"dogslife has no event {event['type']!r}")
    return saying(event["data"])


def label(state: State, seat_number: int, move: Command) -> Message:
    """A move as a player says it: "Move to the lamppost E-5", "Deliver the newspaper to house 7"."""
    dog = state["seats"][seat_number]
    kind = move["type"]
    if kind == "ChooseDog":
        return message("dogslife-choose-dog", dog=dog_name(move["dog"]))
    if kind == "ChooseTruckRoute":
        if move["route"] is None:
            return message("dogslife-route-any")
        return message("dogslife-route", route=listed([cell(step) for step in move["route"]]))
    if kind == "Move":
        return message("dogslife-move", space=place(move["to"]))
    if kind == "Drop":
        return _drop(dog["slots"], move["slot"])
    if kind == "Attack":
        target = move["target_seat"]
        return message("dogslife-attack", target=seat(target), dog=dog_name(state["seats"][target]["dog"]))
    if kind == "Pee":
        marker = state["marks"].get(dog["space"])
        return message("dogslife-pee") if marker is None else message("dogslife-pee-over", owner=seat(marker))
    return _LABELS[kind](dog, move)


#: The labels of the actions that name at most the dog's own space or item.
_LABELS: dict[str, Callable[[dict[str, Any], Command], Message]] = {
    "SearchTrash": lambda dog, move: message("dogslife-search"),
    "Beg": lambda dog, move: message("dogslife-beg", restaurant=place(dog["space"])),
    "TakeNewspaper": lambda dog, move: message("dogslife-take-newspaper"),
    "DeliverNewspaper": lambda dog, move: message("dogslife-deliver", house=place(dog["space"])),
    "PickUp": lambda dog, move: message("dogslife-pick-up", item=term(f"dogslife-a-{move['item']}")),
    "Bury": lambda dog, move: message("dogslife-bury", den=place(dog["den"])),
    "Drink": lambda dog, move: message("dogslife-drink"),
    "EndActions": lambda dog, move: message("dogslife-end-actions"),
}


def carried(item: Any) -> dict[str, Any]:
    """A carried item as its carrier names it: the bone, or the newspaper for its house."""
    if item == "bone":
        return term("dogslife-the-bone")
    return term("dogslife-the-newspaper-for", house=place(HOUSE_OF[address_of(item)]))


def _drop(slots: list[Any], slot: int) -> Message:
    """Drop: the item by name (a newspaper by its house, the carrier's own), by slot when another is alike."""
    named = carried(slots[slot])
    if sum(1 for item in slots if item is not None and carried(item) == named) > 1:
        return message("dogslife-drop-from-slot", item=named, slot=slot + 1)
    return message("dogslife-drop", item=named)


def english(said: dict[str, Any]) -> str:
    """A term argument (a place, a dog) in English, for the terminal picture."""
    return say(message(said["term"], **said.get("args", {})))


def _seats(seats: list[int]) -> str:
    return ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _label(space: str) -> str:
    """The short map label of a building."""
    kind = KIND[space]
    labels = {"den": "D" + space[3:], "pound": "PP", "kiosk": "KK", "restaurant": "R" + space[4:]}
    return labels.get(kind, "h" + space[5:])


def _cells(table: View) -> dict[str, str]:
    """What each cell shows: the truck with its heading, a dog's seat, a feature with its mark, items lying there."""
    out: dict[str, str] = {}
    for cell in STREETS:
        if cell in TRASH:
            out[cell] = "x" if cell in table["searched"] else "t"
        elif cell in LAMPPOSTS:
            out[cell] = "l" + (str(table["marks"][cell]) if cell in table["marks"] else "")
        else:
            out[cell] = "f" if cell in FOUNTAINS else "."
    for space, cells in FOOTPRINT.items():
        for cell in cells:
            out[cell] = _label(space)
    for space, _spot in table["ground"].items():
        anchor = FOOTPRINT.get(space, [space])[0]
        out[anchor] = out[anchor][:2] + "*"
    for number, dog in enumerate(table["seats"]):
        if dog["space"] is not None:
            out[FOOTPRINT.get(dog["space"], [dog["space"]])[0]] = f"@{number}"
    way = heading(table["truck"])
    out[table["truck"]["cell"]] = "T" + (dict(_HEADINGS.values())[way] if way else "T")
    return out


#: What the map's symbols mean, printed under it.
LEGEND = (
    "  @n seat n's dog   T> the dogcatcher's truck heading east (T< west, T^ north, Tv south; TT not moved yet)\n"
    "  Dn den n   hn house n   Rn restaurant n   KK kiosk   PP pound   . street   ## no street\n"
    "  t trash can   x searched can   l lamppost   ln marked by seat n   f fountain   * items lying there"
)


def _sheet(seat: int, dog: dict[str, Any], table: View) -> str:
    """One dog's sheet: its home and space, hunger, bladder, what it carries, its buried bones."""
    mark = f"{'>' if seat == table['active'] else ' '}@{seat} "
    if dog["dog"] is None:
        # With dog_assignment "choose", a seat has no dog until its ChooseDog (spec §3).
        return f"{mark}{'(you) ' if seat == table['you'] else ''}has not chosen a dog yet"
    carrying = []
    for item in dog["carrying"]:
        if isinstance(item, dict):
            carrying.append(f"a newspaper for {english(place(HOUSE_OF[item['address']]))}")
        elif item is not None:
            carrying.append(f"a {item}")
    where = english(place(dog["space"])) if dog["space"] is not None else f"the pound (track space {dog['pound']})"
    return (
        f"{mark}{DOGS[dog['dog']].breed:<15} "
        f"{'(you) ' if seat == table['you'] else ''}"
        f"home {english(place(dog['den']))}, on {where}; hunger {dog['hunger']}/{MAX_HUNGER}, "
        f"bladder {dog['bladder']} "
        f"(reserve {dog['reserve']}), carrying {', '.join(carrying) or 'nothing'}; "
        f"buried {dog['buried']}/{table['options']['bone_target']}"
    )


def render(state: State, seat: Seat) -> str:
    """The city map with its legend, the truck and its heading, the supplies, and each dog's sheet (> to act), as
    ``seat`` sees them."""
    table = view(state, seat)
    cells = _cells(table)
    lines = ["     " + "".join(f"{column:<4}" for column in COLS)]
    for y in range(1, ROWS + 1):
        row = "".join(f"{cells.get(cell_id(x, y), '##'):<4}" for x in range(len(COLS)))
        lines.append(f"{y:>3}  {row.rstrip()}")
    lines.append(LEGEND)
    way = heading(table["truck"])
    stack = table["stack"] if isinstance(table["stack"], int) else len(table["stack"])
    lines.append(
        f"truck on {table['truck']['cell']}" + (f" heading {way}" if way else "")
        + f"; bones in supply {table['bones']}; search tokens {table['tokens']}; "
        f"newspapers in stack {stack}; round {table['round']}"
        + (f"; sudden death between seats {_seats(table['sudden_death'])}" if table["sudden_death"] else "")
    )
    lines += [_sheet(dog_seat, dog, table) for dog_seat, dog in enumerate(table["seats"])]
    return "\n".join(lines)
