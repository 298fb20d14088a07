"""The game in words: ``describe`` (one line per event of spec §4.10), ``label`` (a move as a player says it) and
``render`` (the city map of §2.2 with each dog's sheet, for the terminal). Each says what its reader may see (§7)."""

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
from domain.dogslife.content import CARDS_PER_DECK, DOGS, FINDS, MAX_HUNGER, card_name
from domain.dogslife.state import State, address_of, is_paper
from domain.dogslife.view import view
from domain.engine import Command, Event, Seat, View


def place(space: str) -> str:
    """A space as a player names it: a street cell by its id, a building by name (``den 4``, ``the kiosk``)."""
    kind = KIND.get(space)
    if kind in ("kiosk", "pound"):
        return f"the {kind}"
    return f"{kind} {''.join(filter(str.isdigit, space))}" if kind else space


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


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


def _paper(data: dict[str, Any]) -> str:
    """A carried newspaper: its house when the line's reader may know it (the carrier), else just "a newspaper"."""
    return f"a newspaper for {place(HOUSE_OF[data['address']])}" if "address" in data else "a newspaper"


def _dropped(data: dict[str, Any]) -> str:
    items = [_count(data[key], noun) for key, noun in (("bones", "bone"), ("newspapers", "newspaper")) if data[key]]
    parts = [f"seat {data['seat']} drops {' and '.join(items)} on {place(data['space'])}"] if items else []
    if data["returned"]:
        goes = "goes" if data["returned"] == 1 else "go"
        parts.append(f"seat {data['seat']}'s {_count(data['returned'], 'newspaper')} {goes} back to the stack")
    return "; ".join(parts)


def heading(truck: dict[str, Any]) -> str | None:
    """Which way the dogcatcher's truck faces (east, west, north, south); None before its first move."""
    if truck.get("rear") is None:
        return None
    (x0, y0), (x1, y1) = coords(truck["rear"]), coords(truck["cell"])
    return _HEADINGS[(x1 - x0, y1 - y0)][0]


def _truck_moved(data: dict[str, Any]) -> str:
    way = heading({"cell": data["to"], "rear": data["rear"]})
    return f"the dogcatcher's truck drives from {data['from']} to {data['to']}" + (f", heading {way}" if way else "")


_TEMPLATES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameStarted": lambda data: f"A Dog's Life for {data['players']} players starts: "
    f"the first dog to bury {data['options']['bone_target']} bones wins",
    "DogAssigned": lambda data: f"seat {data['seat']} plays the {DOGS[data['dog']].breed}",
    "DenAssigned": lambda data: f"seat {data['seat']} lives in {place(data['den'])}",
    "DeckShuffled": lambda data: f"seat {data['seat']} shuffles its deck",
    "DeckReshuffled": lambda data: f"seat {data['seat']} reshuffles all {CARDS_PER_DECK} of its cards",
    "NewspaperStackShuffled": lambda data: "the newspaper stack is shuffled",
    "FirstPlayerChosen": lambda data: f"seat {data['seat']} plays first",
    "TurnStarted": lambda data: f"round {data['round']}: seat {data['seat']}'s turn",
    "HungerDropped": lambda data: f"seat {data['seat']} grows hungry (hunger {data['hunger']} of {MAX_HUNGER})",
    "DogStarved": lambda data: f"seat {data['seat']} is starving and wanders off",
    "ItemsDropped": _dropped,
    "SentToPound": lambda data: f"seat {data['seat']} is taken to the pound from {place(data['from'])}, "
    + _POUND_REASONS[data["reason"]],
    "CardDrawn": lambda data: f"seat {data['seat']} draws {card_name(data['card'])} {_PURPOSES[data['purpose']]}: "
    + _result(data["purpose"], data["result"]),
    "StayedInPound": lambda data: f"seat {data['seat']} stays in the pound (space {data['track']} of its track)",
    "LeftPound": lambda data: f"seat {data['seat']} gets out of the pound",
    "ActionPhaseStarted": lambda data: f"seat {data['seat']} has {_count(data['ap'], 'action point')}",
    "DogMoved": lambda data: f"seat {data['seat']} moves from {place(data['from'])} to {place(data['to'])} "
    f"({data['ap_left']} AP left)",
    "LamppostSniffed": lambda data: f"seat {data['seat']} sniffs seat {data['owner']}'s mark on {data['cell']} "
    "and must stop",
    "ActionPhaseEnded": lambda data: _PHASE_ENDS[data["reason"]].format(who=f"seat {data['seat']}"),
    "NothingFound": lambda data: _NOTHING[data["reason"]].format(who=f"seat {data['seat']}"),
    "FoodFound": lambda data: f"seat {data['seat']} eats {_count(data['days'], 'day')} of food "
    f"(hunger {data['hunger']} of {MAX_HUNGER})",
    "BoneFound": lambda data: f"seat {data['seat']} takes the bone",
    # The card drawn for the search or the begging already said where the dog looked and what it found.
    "TrashSearched": lambda data: "",
    "Begged": lambda data: "",
    "TrashDayHappened": lambda data: f"Trash Day! every can but the one on {data['kept']} may be searched again",
    "NewspaperTaken": lambda data: f"seat {data['seat']} takes {_paper(data)} at the kiosk",
    "NewspaperDelivered": lambda data: f"seat {data['seat']} delivers a newspaper to {place(data['house'])}",
    "ItemPickedUp": lambda data: f"seat {data['seat']} picks up "
    + (_paper(data) if data["item"] == "newspaper" else f"a {data['item']}") + f" on {place(data['space'])}",
    "ItemDropped": lambda data: f"seat {data['seat']} drops a {data['item']} on {place(data['space'])}",
    "BoneBuried": lambda data: f"seat {data['seat']} buries a bone in {place(data['den'])} ({data['buried']} buried)",
    "BladderFilled": lambda data: f"seat {data['seat']} drinks (bladder {data['bladder']}, reserve {data['reserve']})",
    "LamppostMarked": lambda data: f"seat {data['seat']} marks the lamppost on {data['cell']}"
    + (f", over seat {data['replaced']}'s mark" if data["replaced"] is not None else ""),
    "AttackDeclared": lambda data: f"seat {data['seat']} attacks seat {data['target']}",
    "FightResolved": lambda data: f"the fight: {_count(data['attacker_claws'], 'claw')} "
    f"against {data['defender_claws']}, "
    + ("a tie" if data["winner"] is None else f"seat {data['winner']} wins"),
    "TruckDieRolled": lambda data: f"the dogcatcher rolls {data['value']} "
    f"({_count(len(data['routes']), 'possible route')})",
    "TruckRouteChosen": lambda data: _ROUTE_CHOSEN[data["chosen_by"]].format(route="-".join(data["route"])),
    "TruckMoved": _truck_moved,
    "DogCaught": lambda data: f"the dogcatcher catches seat {data['seat']} on {place(data['cell'])}",
    "EscapeChecked": lambda data: f"seat {data['seat']} "
    + ("escapes the truck" if data["result"] == "escaped" else "is caught"),
    "TurnEnded": lambda data: f"seat {data['seat']}'s turn ends",
    "TimeExpired": lambda data: "time is up: the round is played to its end",
    "SuddenDeathStarted": lambda data: f"sudden death: only seats {_seats(data['seats'])}, tied on buried bones, "
    "play on; the first of them to bury a bone wins",
    "GameWon": lambda data: f"seat {data['seat']} wins: {_WINS[data['reason']]}",
}


def describe(event: Event) -> str:
    """One English sentence for an event, as its reader may see it; "" where the line before already told it."""
    template = _TEMPLATES.get(event["type"])
    line = template(event["data"]) if template else event["type"]
    return f"{line[0].upper()}{line[1:]}." if line else ""


#: What stands on a street cell, as a move's label mentions it.
_FEATURES = ((TRASH, "trash can"), (LAMPPOSTS, "lamppost"), (FOUNTAINS, "fountain"))


def label(state: State, seat: int, move: Command) -> str:
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
    return next(
        address_of(item) for item in dog["slots"] if is_paper(item) and HOUSE_OF[address_of(item)] == dog["space"]
    )


def _drop(slots: list[Any], slot: int) -> str:
    """Drop: the item by name (a newspaper by its address, the carrier's own), by slot when another is alike."""

    def name(item: Any) -> str:
        return "the bone" if item == "bone" else f"newspaper {address_of(item)}"

    alike = sum(1 for item in slots if item is not None and name(item) == name(slots[slot])) > 1
    return f"Drop {name(slots[slot])}" + (f" from slot {slot + 1}" if alike else "")


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
    for seat, dog in enumerate(table["seats"]):
        if dog["space"] is not None:
            out[FOOTPRINT.get(dog["space"], [dog["space"]])[0]] = f"@{seat}"
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
            carrying.append(f"a newspaper for {place(HOUSE_OF[item['address']])}")
        elif item is not None:
            carrying.append(f"a {item}")
    where = place(dog["space"]) if dog["space"] is not None else f"the pound (track space {dog['pound']})"
    return (
        f"{mark}{DOGS[dog['dog']].breed:<15} "
        f"{'(you) ' if seat == table['you'] else ''}"
        f"home {place(dog['den'])}, on {where}; hunger {dog['hunger']}/{MAX_HUNGER}, bladder {dog['bladder']} "
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
