"""Spots in words: one line per event of spec 4.10 (``describe``), a label for each command of 4.9 (``label``),
and the table in the terminal (``render``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine import Command, Event
from domain.spots.content import DOGS, TILES
from domain.spots.state import State, actor, completed, filled_dogs, open_dogs, paws, position_of, yard_total
from domain.spots.view import observe


def _who(seat: Any) -> str:
    return "Pes" if seat == "pes" else f"Seat {seat}"


def _dice(items: list[dict[str, int]]) -> str:
    """Rolled dice by value: ``2, 4 and 6``."""
    return _listing([str(i["value"]) for i in items]) or "nothing"


def _listing(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def _count(number: int, noun: str, plural: str | None = None) -> str:
    """``1 treat``, ``3 treats``, ``2 dice``."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _dice_count(dice: list) -> str:
    return _count(len(dice), "die", "dice")


def _dog(card: int | None) -> str:
    return f"{DOGS[card].name} {'-'.join(map(str, DOGS[card].spaces))}" if card else "nothing"


def _tile(tile: str) -> str:
    return TILES[tile].name


#: Each step of a trick tile as the log names it when it is skipped (spec 4.6).
_STEPS = {
    "draw_dog": "drawing a dog",
    "roll_one": "rolling one die",
    "roll_two": "rolling two dice",
    "roll_three": "rolling three dice",
    "roll_yard": "rolling the yard",
    "may_roll_one": "rolling one more die",
    "dig": "digging",
    "retrieve": "retrieving",
    "trot": "trotting",
    "track": "tracking",
    "run_on": "running on",
    "chase": "chasing",
    "set_aside": "setting dice aside",
    "bolt_roll": "bolting",
    "dogpile": "the dogpile",
    "sprint": "sprinting",
    "fetch": "fetching",
    "name_number": "guarding",
    "guard_roll": "guarding",
    "hunt": "hunting",
    "scavenge": "scavenging",
    "search": "searching",
    "take_one": "taking a treat",
    "beg_paws": "begging",
    "chew_double": "chewing",
    "take_seven": "gobbling",
    "gobble_return": "returning treats",
    "play_dead_treats": "playing dead",
    "stay": "staying",
}
_SKIPPED_BECAUSE = {
    "no_dice": "the supply has no dice",
    "pack_full": "the pack already holds 6 dogs",
    "empty_yard": "the yard is empty",
    "no_paws": "no paws to dig with",
    "no_buried_dice": "no yard holds a die",
    "no_move": "no die can move",
}
#: A declined offer, by step (the event names no seat: it is the active one's).
_DECLINED = {
    "may_roll_one": "No extra die is rolled.",
    "run_on": "The run stops.",
    "chase": "The chase stops.",
    "dogpile": "The dogpile stops.",
    "sprint": "The sprint stops.",
    "bolt_roll": "The bolt stops.",
    "dig": "The digging stops.",
    "trot": "No die moves.",
}
#: Offers a seat may turn down, other than "do it (again)?" (those read as the move that accepts them).
_MAY = {
    "dig": "may dig, changing buried dice up to {uses} time(s)",
    "trot": "may move a die to another space of its dogs",
}
#: Why dice leave a roll (spec 4.6); the line before says what was kept.
_DISCARDED = {
    "fetch": "{dice} not showing that number go back to the supply.",
    "guard": "{dice} showing more than that number go back to the supply.",
    "hunt": "The other {dice} go back to the supply.",
    "search": "The other {dice} go back to the supply.",
    "no_eight": "No dice total 8: all {dice} go back to the supply.",
    "scavenge": "{dice} below the yard total go back to the supply.",
}


def _offered(data: dict[str, Any]) -> str:
    """StepOffered: an optional or repeatable step the seat may take; a forced choice says nothing (its move will)."""
    if data["phase"] == "offer":
        offer = _OFFERED.get(data["step"], f"do {_STEPS.get(data['step'], data['step'])}")
        return f"{_who(data['seat'])} may {offer[0].lower()}{offer[1:]}."
    may = _MAY.get(data["phase"])
    return f"{_who(data['seat'])} {may.format(uses=data.get('uses', 1))}." if may else ""


def _skipped(data: dict[str, Any]) -> str:
    step = _STEPS.get(data["step"], data["step"].replace("_", " "))
    why = _SKIPPED_BECAUSE.get(data["reason"], data["reason"].replace("_", " "))
    return f"{step[0].upper()}{step[1:]} is skipped: {why}."


def _discarded(data: dict[str, Any]) -> str:
    if not data["dice"]:
        return ""
    line = _DISCARDED.get(data["reason"], "{dice} go back to the supply.").format(dice=_dice_count(data["dice"]))
    return line[0].upper() + line[1:]


def _treats_gained(data: dict[str, Any]) -> str:
    source = data["source"]
    why = " to start" if source == "setup" else f" for {_tile(source)}" if source in TILES else ""
    return f"{_who(data['seat'])} takes {_count(data['n'], 'treat')}{why}."


def _rolled(data: dict[str, Any]) -> str:
    how = {"yard": "rolls its yard", "set_aside": "rolls a set-aside die", "dogpile": "rolls the dogpile"}
    return f"{_who(data['seat'])} {how.get(data['source'], 'rolls')}: {_dice(data['dice'])}."


def _shuffled_stacks(data: dict[str, Any]) -> str:
    # Raw, a stack is its order; as redacted, its top and size (the orders below are nobody's to see).
    tops = [stack[0] if isinstance(stack, list) else stack["top"] for stack in data["stacks"].values()]
    return f"The free-walk stacks are shuffled; on top: {_listing([_tile(t) for t in tops])}."


def _flipped(data: dict[str, Any]) -> str:
    if data["by"] != "pes" and not data["face_up"]:
        return ""  # a seat's trick turns its tile face down, as the trick's own line said
    return f"{_who(data['by'])} turns {_tile(data['tile'])} face {'up' if data['face_up'] else 'down'}."


def _deck_size(data: dict[str, Any]) -> int:
    return len(data["order"]) if "order" in data else data["size"]


def _completed(data: dict[str, Any]) -> str:
    dogs = _listing([DOGS[c].name for c in data["cards"]])
    if data["mode"] == "fast":
        return f"{_who(data['seat'])} has filled every open dog and completes {dogs} at once."
    return f"{_who(data['seat'])} completes {dogs} instead of doing a trick."


def _ended(data: dict[str, Any]) -> str:
    done = data["pes_completed"] if data["winner"] == "pes" else data["completed"][str(data["winner"])]
    return f"{_who(data['winner'])} wins with {_count(done, 'dog')} completed."


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameStarted": lambda data: (
        f"A game of Spots for {data['players']}" if data["players"] > 1 else "A solo game of Spots against Pes"
    ) + f", with the {data['tile_set'].replace('_', ' ')} tiles, starts.",
    "RandomSetDrawn": lambda data: "Random tiles: " + _listing([_tile(t) for t in data.values()]) + ".",
    "TileStacksShuffled": _shuffled_stacks,
    "TricksLaidOut": lambda data: "Tricks: " + _listing([_tile(t) for t in data["positions"]]) + ".",
    "DogDeckShuffled": lambda data: f"The {_deck_size(data)} dog cards are shuffled.",
    "DogCardDealt": lambda data: f"{_who(data['seat'])} is dealt {_dog(data['card'])}.",
    "TreatsGained": _treats_gained,
    "StartDieRolled": lambda data: f"{_who(data['seat'])} buries a starting {data['value']}.",
    "StartTieRerolled": lambda data: f"{_who(data['seat'])} rerolls the tie: {data['value']}.",
    "FirstPlayerChosen": lambda data: f"{_who(data['seat'])} goes first.",
    "PesTreatsGained": lambda data: f"Pes takes {_count(data['n'], 'treat')}.",
    "TurnStarted": lambda data: f"{_who(data['seat'])}'s turn.",
    "AllSeatsBusted": lambda data: "No dice left in the supply: everyone busts.",
    "TreatPlacedOnTile": lambda data: f"A treat goes on {_tile(data['tile'])}, the last trick face up.",
    "TilesRefreshed": lambda data: f"Refresh: {_listing([_tile(t) for t in data['revealed']])} turn face up.",
    "TrickChosen": lambda data: f"{_who(data['seat'])} does {_tile(data['tile'])}.",
    "TreatsTakenFromTile": lambda data: (
        f"{_who(data['seat'])} takes the {_count(data['n'], 'treat')} on {_tile(data['tile'])}."
    ),
    "TileFlipped": _flipped,
    "StepOffered": _offered,
    # The rolls and treats a step brings say what it did.
    "StepPerformed": lambda data: "",
    "StepDeclined": lambda data: _DECLINED.get(data["step"], f"No {_STEPS.get(data['step'], data['step'])}."),
    "StepSkipped": _skipped,
    "DogCardDrawn": lambda data: f"{_who(data['seat'])} draws {_dog(data['card'])}.",
    "DiceRolled": _rolled,
    "TreatSpent": lambda data: f"{_who(data['seat'])} spends a treat to reroll.",
    "DiceRerolled": lambda data: f"The reroll shows {_dice(data['dice'])}.",
    # Keeping the roll changes nothing on the table (it closes the reroll window, often by itself).
    "RollAccepted": lambda data: "",
    "NumberChosen": lambda data: f"{_who(data['seat'])} names {data['n']}.",
    "DieSet": lambda data: f"{_who(data['seat'])} sets a die to {data['value']}.",
    "DiceKept": lambda data: f"{_who(data['seat'])} keeps {_dice_count(data['dice'])}.",
    "DiceDiscarded": _discarded,
    "DiePlaced": lambda data: f"{_who(data['seat'])} places a {data['value']} on {DOGS[data['card']].name}.",
    "DieBuried": lambda data: f"{_who(data['seat'])} buries a {data['value']} (yard total {data['yard_total']}).",
    "Busted": lambda data: f"{_who(data['seat'])} busts: {_dice_count(data['returned'])} go back to the supply.",
    "DogsCompleted": _completed,
    "TreatsReturned": lambda data: f"{_who(data['seat'])} returns {_count(data['n'], 'treat')}.",
    "BuriedDieAdjusted": lambda data: f"{_who(data['owner'])}'s buried {data['old']} becomes a {data['new']}.",
    "BuriedDieDiscarded": lambda data: f"{_who(data['owner'])}'s buried 1 is dug out.",
    "DieMoved": lambda data: (
        f"{_who(data['seat'])} moves a {data['old']} to {DOGS[data['to_card']].name} as a {data['value']}."
    ),
    "DiceSetAside": lambda data: f"{_who(data['seat'])} sets {_dice_count(data['dice'])} aside to roll one by one.",
    "DiceReturned": lambda data: (
        f"{_who(data['seat'])} stops: {_dice_count(data['dice'])} set aside go back to the supply."
    ),
    "DieTaken": lambda data: (
        f"{_who(data['seat'])} takes a die from {'its yard' if data['from'] == 'yard' else 'a dog'}."
    ),
    # The turn's end follows at once.
    "TrickEnded": lambda data: "",
    "TurnEnded": lambda data: f"{_who(data['seat'])}'s turn ends.",
    "PesTurnStarted": lambda data: "Pes's turn.",
    "PesDieRolled": lambda data: f"Pes rolls {data['value']}.",
    "PesTookTreats": lambda data: f"Pes takes the {_count(data['n'], 'treat')} on {_tile(data['tile'])}.",
    "PesTreatsSpent": lambda data: f"Pes pays {_count(data['n'], 'treat')} back for a dog card.",
    "PesDogCompleted": lambda data: f"Pes completes {_dog(data['card'])}"
    + (" (its die fell on a face-down trick)." if data["reason"] == "die" else "."),
    "GameEnded": _ended,
}


def describe(event: Event) -> str:
    """One English sentence for an event, as any seat may read it; "" for bookkeeping another line already tells."""
    line = _LINES.get(event["type"])
    return line(event["data"]) if line else event["type"]


def render(state: State) -> str:
    """The table as the terminal shows it, as everyone sees it: tricks, deck, each seat's dogs and yard."""
    view = observe(state)
    tiles = "  ".join(
        f"{i}:{_tile(p['tile'])}{'' if p['face_up'] else ' (down)'}{' +' + str(p['treats']) if p['treats'] else ''}"
        for i, p in enumerate(view["positions"], 1)
    )
    lines = [
        f"Tricks  {tiles}   (+n: treats lying there)",
        f"Deck {view['deck']['size']} (top {_dog(view['deck']['top'])}); "
        f"supply {_dice_count(view['supply'])}, {_count(view['supply_treats'], 'treat')}",
    ]
    values = view["values"]
    for i, seat in enumerate(view["seats"]):
        marker = ">" if view["active"] == i else " "
        yard = "+".join(str(values[d]) for d in seat["yard"]) or "empty"
        lines.append(f"{marker} Seat {i}: {completed(seat)} dogs done, {_count(seat['treats'], 'treat')}, "
                     f"{_count(paws(seat), 'paw')}, yard {yard} = {yard_total(view, seat)}")
        for card in seat["pack"]:
            if not card["done"]:
                spaces = " ".join(f"[{v if d is not None else ' '}]" for v, d in card["spaces"].items())
                lines.append(f"      {DOGS[card['card']].name}: {spaces}  needs {'-'.join(card['spaces'])}")
    if view["pes"] is not None:
        lines.append(f"  Pes: {len(view['pes']['pile'])} dogs done, {_count(view['pes']['treats'], 'treat')}")
    trick = view["trick"]
    if trick:
        pending = _listing([str(values[d]) for d in trick["pending"]])
        lines.append(f"Doing {_tile(trick['tile'])}" + (f"; dice to place: {pending}" if pending else ""))
    return "\n".join(lines)


#: What DoStep does at each step that may be offered (4.5); SkipStep declines it.
_OFFERED = {
    "may_roll_one": "Roll one more die",
    "run_on": "Run on (roll one more die)",
    "chase": "Chase again",
    "dogpile": "Dogpile again",
    "sprint": "Sprint again",
    "bolt_roll": "Roll a set-aside die",
}


def label(state: State, seat: int, move: Command) -> str:
    """A move as a player says it: "Do Howl", "Place the 4 on Bongo", "Roll one more die".

    A die is named by its value, and by its id too when another die it is chosen among shows the same value.
    """
    trick = state["trick"]
    match move["type"]:
        case "ChooseTrick":
            treats = position_of(state, move["tile"])["treats"]
            return f"Do {_tile(move['tile'])}" + (f" and take {_count(treats, 'treat')}" if treats else "")
        case "CompleteDogs":
            return "Complete " + ", ".join(DOGS[card["card"]].name for card in filled_dogs(actor(state)))
        case "SpendTreat":
            every = len(move["dice"]) > 1 and sorted(move["dice"]) == sorted(trick["roll"])
            dice = f"all {len(move['dice'])} dice" if every else f"the {_named(state, move['dice'], trick['roll'])}"
            return f"Spend a treat to reroll {dice}"
        case "AcceptRoll":
            return "Keep the roll"
        case "ChooseNumber":
            return {"select": "Keep the {n}s", "set_die": "Set the die to {n}"}.get(
                state["phase"], "Name {n}").format(n=move["n"])
        case "KeepDice":
            return f"Keep {_named(state, move['dice'], trick['pending'])}"
        case "DiscardDice":
            return f"Discard {_named(state, move['dice'], trick['pending']) or 'nothing'}"
        case "PlaceDie":
            return f"Place the {_named(state, [move['die']], trick['pending'])} on {DOGS[move['card']].name}"
        case "BuryDie":
            return f"Bury the {_named(state, [move['die']], trick['pending'])}"
        case "DoStep":
            return _OFFERED.get(trick["step"], f"Do {trick['step'].replace('_', ' ')}")
        case "SkipStep":
            return _declined(state)
        case "MoveDie":
            source = _dog_holding(state["seats"][seat], move["die"])
            return (f"Move the {state['values'][move['die']]} from {source} to {DOGS[move['card']].name}'s "
                    f"{move['value']} space")
        case "AdjustBuriedDie":
            return _dig(state, seat, move["die"], move["delta"])
        case "SetAside":
            return f"Set {move['n']} dice aside"
        case "TakeDie":
            yard = state["seats"][seat]["yard"]
            where = "your yard" if move["die"] in yard else _dog_holding(state["seats"][seat], move["die"])
            return f"Take the {_named(state, [move['die']], yard)} from {where}"
    return move["type"]


def _named(state: State, dice: list[int], among: list[int]) -> str:
    """Dice by value ("2, 3 and 6"), each with its id when another of ``among`` shows the same value."""
    values = state["values"]
    names = [
        f"{values[die]} (die {die})" if any(values[d] == values[die] for d in among if d != die) else str(values[die])
        for die in dice
    ]
    return _listing(names)


def _dog_holding(seat: dict[str, Any], die: int) -> str:
    return next(DOGS[card["card"]].name for card in open_dogs(seat) if die in card["spaces"].values())


def _declined(state: State) -> str:
    """SkipStep: declining the offered step, or ending a Dig or a Trot."""
    phase = state["phase"]
    if phase == "dig":
        return "Stop digging"
    if phase == "trot":
        return "Move no die"
    offered = _OFFERED.get(state["trick"]["step"], f"do {state['trick']['step'].replace('_', ' ')}")
    return f"Don't {offered[0].lower()}{offered[1:]}"


def _dig(state: State, seat: int, die: int, delta: int) -> str:
    owner = next(i for i, s in enumerate(state["seats"]) if die in s["yard"])
    whose = "your" if owner == seat else f"seat {owner}'s"
    value = state["values"][die]
    named = _named(state, [die], state["seats"][owner]["yard"])
    if value + delta == 0:
        return f"Dig out {whose} buried {named}"
    return f"{'Raise' if delta > 0 else 'Lower'} {whose} buried {named} to {value + delta}"
