"""Text for the terminal: one line per event, and the city map with each dog's sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dogslife.board import COLS, FOOTPRINT, FOUNTAINS, KIND, LAMPPOSTS, ROWS, STREETS, TRASH, cell_id
from domain.engine import Event, View

_TEMPLATES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameStarted": lambda d: f"A Dog's Life for {d['players']} players (bone target {d['options']['bone_target']})",
    "DogAssigned": lambda d: f"seat {d['seat']} plays the {d['dog']}",
    "DenAssigned": lambda d: f"seat {d['seat']} lives in {d['den']}",
    "DeckShuffled": lambda d: f"seat {d['seat']} shuffles its deck",
    "DeckReshuffled": lambda d: f"seat {d['seat']} reshuffles all 13 cards",
    "NewspaperStackShuffled": lambda d: "the newspaper stack is shuffled",
    "FirstPlayerChosen": lambda d: f"seat {d['seat']} plays first",
    "TurnStarted": lambda d: f"-- round {d['round']}: seat {d['seat']}'s turn --",
    "HungerDropped": lambda d: f"seat {d['seat']} grows hungry (hunger {d['hunger']})",
    "DogStarved": lambda d: f"seat {d['seat']} is starving and wanders off",
    "ItemsDropped": lambda d: (
        f"seat {d['seat']} drops {d['bones']} bone(s) and {d['newspapers']} newspaper(s) on {d['space']}"
        + (f"; {d['returned']} newspaper(s) go back to the stack" if d["returned"] else "")
    ),
    "SentToPound": lambda d: f"seat {d['seat']} is taken to the pound ({d['reason']}) from {d['from']}",
    "CardDrawn": lambda d: f"seat {d['seat']} draws {d['card']} for {d['purpose']}: {_result(d['result'])}",
    "StayedInPound": lambda d: f"seat {d['seat']} stays in the pound (track {d['track']})",
    "LeftPound": lambda d: f"seat {d['seat']} gets out of the pound",
    "ActionPhaseStarted": lambda d: f"seat {d['seat']} has {d['ap']} AP",
    "DogMoved": lambda d: f"seat {d['seat']} moves {d['from']} -> {d['to']} ({d['ap_left']} AP left)",
    "LamppostSniffed": lambda d: f"seat {d['seat']} sniffs seat {d['owner']}'s mark on {d['cell']} and stops",
    "ActionPhaseEnded": lambda d: f"seat {d['seat']} ends its actions ({d['reason']})",
    "NothingFound": lambda d: f"seat {d['seat']} finds nothing ({d['reason']})",
    "FoodFound": lambda d: f"seat {d['seat']} eats {d['days']} day(s) of food (hunger {d['hunger']})",
    "BoneFound": lambda d: f"seat {d['seat']} finds a bone",
    "TrashSearched": lambda d: f"seat {d['seat']} has searched the trash can on {d['cell']}",
    "TrashDayHappened": lambda d: f"Trash Day! every can but {d['kept']} may be searched again",
    "Begged": lambda d: f"seat {d['seat']} has begged at {d['restaurant']}",
    "NewspaperTaken": lambda d: f"seat {d['seat']} takes a newspaper" + _address(d),
    "NewspaperDelivered": lambda d: f"seat {d['seat']} delivers newspaper {d['address']} to {d['house']}",
    "ItemPickedUp": lambda d: f"seat {d['seat']} picks up a {d['item']} on {d['space']}" + _address(d),
    "ItemDropped": lambda d: f"seat {d['seat']} drops a {d['item']} on {d['space']}",
    "BoneBuried": lambda d: f"seat {d['seat']} buries a bone in {d['den']} ({d['buried']} buried)",
    "BladderFilled": lambda d: f"seat {d['seat']} drinks (bladder {d['bladder']}, reserve {d['reserve']})",
    "LamppostMarked": lambda d: f"seat {d['seat']} marks the lamppost on {d['cell']}"
    + (f", replacing seat {d['replaced']}'s mark" if d["replaced"] is not None else ""),
    "AttackDeclared": lambda d: f"seat {d['seat']} attacks seat {d['target']}",
    "FightResolved": lambda d: f"claws {d['attacker_claws']} against {d['defender_claws']}: "
    + ("a tie" if d["winner"] is None else f"seat {d['winner']} wins"),
    "TruckDieRolled": lambda d: f"the dogcatcher rolls {d['value']} ({len(d['routes'])} possible routes)",
    "TruckRouteChosen": lambda d: f"route {'-'.join(d['route'])} chosen by {d['chosen_by']}",
    "TruckMoved": lambda d: f"the truck drives {d['from']} -> {d['to']}",
    "DogCaught": lambda d: f"the dogcatcher catches seat {d['seat']} on {d['cell']}",
    "EscapeChecked": lambda d: f"seat {d['seat']} {'escapes' if d['result'] == 'escaped' else 'is caught'}",
    "TurnEnded": lambda d: f"seat {d['seat']}'s turn ends",
    "TimeExpired": lambda d: "time is up: the round is played to its end",
    "SuddenDeathStarted": lambda d: "tied on buried bones: the next dog to take the lead wins",
    "GameWon": lambda d: f"seat {d['seat']} wins ({d['reason']})",
}


def _result(result: Any) -> str:
    if isinstance(result, int):
        return f"{result} day(s) of food"
    return {None: "nothing", "B": "a bone"}.get(result, result)


def _address(d: dict[str, Any]) -> str:
    return f" (address {d['address']})" if "address" in d else ""


def describe(ev: Event) -> str:
    """One readable English line for an event."""
    template = _TEMPLATES.get(ev["type"])
    return template(ev["data"]) if template else ev["type"]


def _label(space: str) -> str:
    """The short map label of a building."""
    kind = KIND[space]
    labels = {"den": "D" + space[3:], "pound": "PP", "kiosk": "KK", "restaurant": "R" + space[4:]}
    return labels.get(kind, "h" + space[5:])


def _cells(v: View) -> dict[str, str]:
    """What each cell shows: the truck, a dog's seat, a feature with its mark, items lying there."""
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
    out[v["truck"]["cell"]] = "TT"
    return out


def _sheet(seat: int, dog: dict[str, Any], v: View) -> str:
    carrying = []
    for item in dog["carrying"]:
        if isinstance(item, dict):
            carrying.append(f"newspaper {item['address']}")
        elif item is not None:
            carrying.append(item)
    where = dog["space"] if dog["space"] is not None else f"the pound (track {dog['pound']})"
    return (
        f"{'*' if seat == v['active'] else ' '}@{seat} {dog['dog']:<10} "
        f"{'(you) ' if seat == v['you'] else ''}"
        f"den {dog['den']}, on {where}; hunger {dog['hunger']}/4, bladder {dog['bladder']} (reserve {dog['reserve']}), "
        f"carrying {', '.join(carrying) or 'nothing'}; buried {dog['buried']}/{v['options']['bone_target']}"
    )


def render(v: View) -> str:
    """The city map (TT = truck, @n = seat n's dog, * = items lying there, x = searched can) and the dog sheets."""
    cells = _cells(v)
    lines = ["     " + "".join(f"{c:<4}" for c in COLS)]
    for y in range(1, ROWS + 1):
        row = "".join(f"{cells.get(cell_id(x, y), '##'):<4}" for x in range(len(COLS)))
        lines.append(f"{y:>3}  {row.rstrip()}")
    lines.append(
        f"truck on {v['truck']['cell']}; bones in supply {v['bones']}; search tokens {v['tokens']}; "
        f"newspapers in stack {v['stack'] if isinstance(v['stack'], int) else len(v['stack'])}; round {v['round']}"
    )
    lines += [_sheet(seat, dog, v) for seat, dog in enumerate(v["seats"])]
    return "\n".join(lines)
