"""Text for the terminal: one line per event, and the city map with each dog's sheet."""

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
from domain.dogslife.content import DOGS, FINDS, card_name
from domain.dogslife.state import address_of, is_paper
from domain.engine import Command, Event, View


def place(space: str) -> str:
    """A space as a player names it: a street cell by its id, a building by name (``den 4``, ``the kiosk``)."""
    kind = KIND.get(space)
    if kind in ("kiosk", "pound"):
        return f"the {kind}"
    return f"{kind} {''.join(filter(str.isdigit, space))}" if kind else space


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


#: Why a card is drawn, as the line says it.
_PURPOSES = {
    "trash": "searching the trash",
    "restaurant": "begging",
    "newspaper": "for the delivery",
    "attack": "in the fight",
    "escape": "to escape the truck",
    "pound": "in the pound",
}
_POUND_REASONS = {"hunger": "starving", "truck": "caught by the dogcatcher", "fight": "beaten in a fight"}
#: Why a dog's actions end; "" where the line before says it (a sniffed mark).
_PHASE_ENDS = {
    "ap": "{who} has no action points left",
    "timeout": "{who}'s time to act is up",
    "sniff": "",
    "lost_fight": "{who} lost the fight, and its turn",
    "ended": "{who} ends its actions",
}
_NOTHING = {
    "card": "",  # the card drawn said "nothing"
    "no_slot": "{who} has no free slot for the bone",
    "no_bone_left": "no bone is left in the supply for {who}",
}
_ROUTE_CHOSEN = {
    "seat": "the player sends the truck along {route}",
    "server": "the truck's route is drawn at random: {route}",
    "forced": "the truck has one route only: {route}",
}
_WINS = {
    "target": "it has buried the bones it needed",
    "tiebreak": "it buried the first bone of the sudden death",
    "time": "it has buried the most bones when time is up",
}
#: A truck's heading from its rear cell to its cell, by (dx, dy) with rows counted downwards: name and map arrow.
_HEADINGS = {(1, 0): ("east", ">"), (-1, 0): ("west", "<"), (0, -1): ("north", "^"), (0, 1): ("south", "v")}


def _result(purpose: str, result: Any) -> str:
    """What the drawn card says for the check it was drawn for (spec §2.4: each section reads differently)."""
    if result == "shuffle":
        return "the shuffle card"
    if purpose == "attack":
        return _count(result, "claw")
    if purpose not in FINDS:
        return result  # escape: escaped or caught; pound: leave or stay
    if isinstance(result, int):
        return f"{_count(result, 'day')} of food"
    return "a bone" if result == "B" else "nothing"


def _seats(seats: list[int]) -> str:
    return ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _paper(d: dict[str, Any]) -> str:
    """A carried newspaper: its house when the line's reader may know it (the carrier), else just "a newspaper"."""
    return f"a newspaper for {place(HOUSE_OF[d['address']])}" if "address" in d else "a newspaper"


def _dropped(d: dict[str, Any]) -> str:
    items = [_count(d[key], noun) for key, noun in (("bones", "bone"), ("newspapers", "newspaper")) if d[key]]
    parts = [f"seat {d['seat']} drops {' and '.join(items)} on {place(d['space'])}"] if items else []
    if d["returned"]:
        goes = "goes" if d["returned"] == 1 else "go"
        parts.append(f"seat {d['seat']}'s {_count(d['returned'], 'newspaper')} {goes} back to the stack")
    return "; ".join(parts)


def heading(truck: dict[str, Any]) -> str | None:
    """Which way the dogcatcher's truck faces (east, west, north, south); None before its first move."""
    if truck.get("rear") is None:
        return None
    (x0, y0), (x1, y1) = coords(truck["rear"]), coords(truck["cell"])
    return _HEADINGS[(x1 - x0, y1 - y0)][0]


def _truck_moved(d: dict[str, Any]) -> str:
    way = heading({"cell": d["to"], "rear": d["rear"]})
    return f"the dogcatcher's truck drives from {d['from']} to {d['to']}" + (f", heading {way}" if way else "")


_TEMPLATES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameStarted": lambda d: f"A Dog's Life for {d['players']} players starts: "
    f"the first dog to bury {d['options']['bone_target']} bones wins",
    "DogAssigned": lambda d: f"seat {d['seat']} plays the {DOGS[d['dog']].breed}",
    "DenAssigned": lambda d: f"seat {d['seat']} lives in {place(d['den'])}",
    "DeckShuffled": lambda d: f"seat {d['seat']} shuffles its deck",
    "DeckReshuffled": lambda d: f"seat {d['seat']} reshuffles all 13 of its cards",
    "NewspaperStackShuffled": lambda d: "the newspaper stack is shuffled",
    "FirstPlayerChosen": lambda d: f"seat {d['seat']} plays first",
    "TurnStarted": lambda d: f"round {d['round']}: seat {d['seat']}'s turn",
    "HungerDropped": lambda d: f"seat {d['seat']} grows hungry (hunger {d['hunger']} of 4)",
    "DogStarved": lambda d: f"seat {d['seat']} is starving and wanders off",
    "ItemsDropped": _dropped,
    "SentToPound": lambda d: f"seat {d['seat']} is taken to the pound from {place(d['from'])}, "
    + _POUND_REASONS[d["reason"]],
    "CardDrawn": lambda d: f"seat {d['seat']} draws {card_name(d['card'])} {_PURPOSES[d['purpose']]}: "
    + _result(d["purpose"], d["result"]),
    "StayedInPound": lambda d: f"seat {d['seat']} stays in the pound (space {d['track']} of its track)",
    "LeftPound": lambda d: f"seat {d['seat']} gets out of the pound",
    "ActionPhaseStarted": lambda d: f"seat {d['seat']} has {_count(d['ap'], 'action point')}",
    "DogMoved": lambda d: f"seat {d['seat']} moves from {place(d['from'])} to {place(d['to'])} "
    f"({d['ap_left']} AP left)",
    "LamppostSniffed": lambda d: f"seat {d['seat']} sniffs seat {d['owner']}'s mark on {d['cell']} and must stop",
    "ActionPhaseEnded": lambda d: _PHASE_ENDS[d["reason"]].format(who=f"seat {d['seat']}"),
    "NothingFound": lambda d: _NOTHING[d["reason"]].format(who=f"seat {d['seat']}"),
    "FoodFound": lambda d: f"seat {d['seat']} eats {_count(d['days'], 'day')} of food (hunger {d['hunger']} of 4)",
    "BoneFound": lambda d: f"seat {d['seat']} takes the bone",
    # The card drawn for the search or the begging already said where the dog looked and what it found.
    "TrashSearched": lambda d: "",
    "Begged": lambda d: "",
    "TrashDayHappened": lambda d: f"Trash Day! every can but the one on {d['kept']} may be searched again",
    "NewspaperTaken": lambda d: f"seat {d['seat']} takes {_paper(d)} at the kiosk",
    "NewspaperDelivered": lambda d: f"seat {d['seat']} delivers a newspaper to {place(d['house'])}",
    "ItemPickedUp": lambda d: f"seat {d['seat']} picks up "
    + (_paper(d) if d["item"] == "newspaper" else f"a {d['item']}") + f" on {place(d['space'])}",
    "ItemDropped": lambda d: f"seat {d['seat']} drops a {d['item']} on {place(d['space'])}",
    "BoneBuried": lambda d: f"seat {d['seat']} buries a bone in {place(d['den'])} ({d['buried']} buried)",
    "BladderFilled": lambda d: f"seat {d['seat']} drinks (bladder {d['bladder']}, reserve {d['reserve']})",
    "LamppostMarked": lambda d: f"seat {d['seat']} marks the lamppost on {d['cell']}"
    + (f", over seat {d['replaced']}'s mark" if d["replaced"] is not None else ""),
    "AttackDeclared": lambda d: f"seat {d['seat']} attacks seat {d['target']}",
    "FightResolved": lambda d: f"the fight: {_count(d['attacker_claws'], 'claw')} against {d['defender_claws']}, "
    + ("a tie" if d["winner"] is None else f"seat {d['winner']} wins"),
    "TruckDieRolled": lambda d: f"the dogcatcher rolls {d['value']} ({_count(len(d['routes']), 'possible route')})",
    "TruckRouteChosen": lambda d: _ROUTE_CHOSEN[d["chosen_by"]].format(route="-".join(d["route"])),
    "TruckMoved": _truck_moved,
    "DogCaught": lambda d: f"the dogcatcher catches seat {d['seat']} on {place(d['cell'])}",
    "EscapeChecked": lambda d: f"seat {d['seat']} {'escapes the truck' if d['result'] == 'escaped' else 'is caught'}",
    "TurnEnded": lambda d: f"seat {d['seat']}'s turn ends",
    "TimeExpired": lambda d: "time is up: the round is played to its end",
    "SuddenDeathStarted": lambda d: f"sudden death: only seats {_seats(d['seats'])}, tied on buried bones, play on; "
    "the first of them to bury a bone wins",
    "GameWon": lambda d: f"seat {d['seat']} wins: {_WINS[d['reason']]}",
}


def describe(ev: Event) -> str:
    """One English sentence for an event, as its reader may see it; "" where the line before already told it."""
    template = _TEMPLATES.get(ev["type"])
    line = template(ev["data"]) if template else ev["type"]
    return f"{line[0].upper()}{line[1:]}." if line else ""


def _label(space: str) -> str:
    """The short map label of a building."""
    kind = KIND[space]
    labels = {"den": "D" + space[3:], "pound": "PP", "kiosk": "KK", "restaurant": "R" + space[4:]}
    return labels.get(kind, "h" + space[5:])


def _cells(v: View) -> dict[str, str]:
    """What each cell shows: the truck with its heading, a dog's seat, a feature with its mark, items lying there."""
    out: dict[str, str] = {}
    for cell in STREETS:
        if cell in TRASH:
            out[cell] = "x" if cell in v["searched"] else "t"
        elif cell in LAMPPOSTS:
            out[cell] = "l" + (str(v["marks"][cell]) if cell in v["marks"] else "")
        else:
            out[cell] = "f" if cell in FOUNTAINS else "."
    for space, cells in FOOTPRINT.items():
        for cell in cells:
            out[cell] = _label(space)
    for space, _spot in v["ground"].items():
        anchor = FOOTPRINT.get(space, [space])[0]
        out[anchor] = out[anchor][:2] + "*"
    for seat, dog in enumerate(v["seats"]):
        if dog["space"] is not None:
            out[FOOTPRINT.get(dog["space"], [dog["space"]])[0]] = f"@{seat}"
    way = heading(v["truck"])
    out[v["truck"]["cell"]] = "T" + (dict(_HEADINGS.values())[way] if way else "T")
    return out


#: What the map's symbols mean, printed under it.
LEGEND = (
    "  @n seat n's dog   T> the dogcatcher's truck heading east (T< west, T^ north, Tv south; TT not moved yet)\n"
    "  Dn den n   hn house n   Rn restaurant n   KK kiosk   PP pound   . street   ## no street\n"
    "  t trash can   x searched can   l lamppost   ln marked by seat n   f fountain   * items lying there"
)


def _sheet(seat: int, dog: dict[str, Any], v: View) -> str:
    carrying = []
    for item in dog["carrying"]:
        if isinstance(item, dict):
            carrying.append(f"a newspaper for {place(HOUSE_OF[item['address']])}")
        elif item is not None:
            carrying.append(f"a {item}")
    where = place(dog["space"]) if dog["space"] is not None else f"the pound (track space {dog['pound']})"
    return (
        f"{'>' if seat == v['active'] else ' '}@{seat} {DOGS[dog['dog']].breed:<15} "
        f"{'(you) ' if seat == v['you'] else ''}"
        f"home {place(dog['den'])}, on {where}; hunger {dog['hunger']}/4, bladder {dog['bladder']} "
        f"(reserve {dog['reserve']}), carrying {', '.join(carrying) or 'nothing'}; "
        f"buried {dog['buried']}/{v['options']['bone_target']}"
    )


def render(v: View) -> str:
    """The city map with its legend, the truck and its heading, the supplies, and each dog's sheet (> to act)."""
    cells = _cells(v)
    lines = ["     " + "".join(f"{c:<4}" for c in COLS)]
    for y in range(1, ROWS + 1):
        row = "".join(f"{cells.get(cell_id(x, y), '##'):<4}" for x in range(len(COLS)))
        lines.append(f"{y:>3}  {row.rstrip()}")
    lines.append(LEGEND)
    way = heading(v["truck"])
    lines.append(
        f"truck on {v['truck']['cell']}" + (f" heading {way}" if way else "")
        + f"; bones in supply {v['bones']}; search tokens {v['tokens']}; "
        f"newspapers in stack {v['stack'] if isinstance(v['stack'], int) else len(v['stack'])}; round {v['round']}"
        + (f"; sudden death between seats {_seats(v['sudden_death'])}" if v["sudden_death"] else "")
    )
    lines += [_sheet(seat, dog, v) for seat, dog in enumerate(v["seats"])]
    return "\n".join(lines)


#: What stands on a street cell, as a move's label mentions it.
_FEATURES = ((TRASH, "trash can"), (LAMPPOSTS, "lamppost"), (FOUNTAINS, "fountain"))


def label(state: dict[str, Any], seat: int, move: Command) -> str:
    """A move as a player says it: "Move to D12 (lamppost)", "Deliver newspaper 7 to HOUSE7", "End your actions"."""
    dog = state["seats"][seat]
    match move["type"]:
        case "ChooseDog":
            return f"Play the {DOGS[move['dog']].breed}"
        case "ChooseTruckRoute":
            return f"Send the truck {'-'.join(move['route'])}" if move["route"] else "Let the server pick the route"
        case "Move":
            feature = next((f" ({name})" for cells, name in _FEATURES if move["to"] in cells), "")
            return f"Move to {move['to']}{feature}"
        case "SearchTrash":
            return "Search the trash can"
        case "Beg":
            return f"Beg at {dog['space']}"
        case "TakeNewspaper":
            return "Take a newspaper"
        case "DeliverNewspaper":
            return f"Deliver newspaper {_paper_for(dog)} to {dog['space']}"
        case "PickUp":
            return f"Pick up a {move['item']}"
        case "Drop":
            return _drop(dog["slots"], move["slot"])
        case "Bury":
            return f"Bury a bone in {dog['den']}"
        case "Drink":
            return "Drink at the fountain"
        case "Pee":
            marker = state["marks"].get(dog["space"])
            return "Mark the lamppost" + (f" over seat {marker}'s mark" if marker is not None else "")
        case "Attack":
            target = move["target_seat"]
            return f"Attack seat {target} ({DOGS[state['seats'][target]['dog']].breed})"
        case "EndActions":
            return "End your actions"
    return move["type"]


def _paper_for(dog: dict[str, Any]) -> int:
    """The address of the newspaper a delivery hands over: the first one for this house."""
    return next(address_of(i) for i in dog["slots"] if is_paper(i) and HOUSE_OF[address_of(i)] == dog["space"])


def _drop(slots: list[Any], slot: int) -> str:
    """Drop: the item by name (a newspaper by its address, the carrier's own), by slot when another is alike."""
    def name(item: Any) -> str:
        return "the bone" if item == "bone" else f"newspaper {address_of(item)}"

    alike = sum(1 for item in slots if item is not None and name(item) == name(slots[slot])) > 1
    return f"Drop {name(slots[slot])}" + (f" from slot {slot + 1}" if alike else "")
