"""What players may see of Spots (section 7) and how it reads in a terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine import Command, Event, Secret
from domain.spots.content import DOGS, TILES
from domain.spots.state import State, actor, completed, filled_dogs, open_dogs, paws, position_of, yard_total


def observe(state: State) -> dict[str, Any]:
    """The state without the deck order below its top card and the stack orders below each top tile.

    Once the game has ended the orders are shown too.
    """
    # Shared with the state, not copied (a copy was a measurable share of every command): see Rules.view.
    ended = state["phase"] == "ended"
    view = {key: value for key, value in state.items() if key != "deck"}
    view["positions"] = [
        {**_stack(pos["stack"], ended), "face_up": pos["face_up"], "treats": pos["treats"]}
        for pos in state["positions"]
    ]
    if "stacks" in state:  # shuffled, not yet laid out: a replay may stop right there
        view["stacks"] = {top: _stack(stack, ended) for top, stack in state["stacks"].items()}
    deck = state["deck"]
    view["deck"] = {"size": len(deck), "top": deck[0] if deck else None, **({"order": deck} if ended else {})}
    return view


def _stack(stack: list[str], ended: bool) -> dict[str, Any]:
    return {"tile": stack[0], "size": len(stack), **({"stack": stack} if ended else {})}


def secrets(state: State) -> list[Secret]:
    """What nobody may see before the end (section 7): the deck order and each stack's order below its top.

    The deck's order is named with its public top card in front, and only from three cards up: two small numbers
    often stand side by side among die ids or die values by chance, three in a given order seldom.
    """
    if state["phase"] == "ended":
        return []
    stacks = [pos["stack"] for pos in state["positions"]] + list(state.get("stacks", {}).values())
    hidden: list[Secret] = [tuple(stack[1:]) for stack in stacks if len(stack) > 2]
    if len(state["deck"]) > 2:
        hidden.append(tuple(state["deck"]))
    return hidden


def redact(event: Event) -> Event:
    """Shuffles keep only what lies on top (the deck's top card, each stack's top tile)."""
    data = event["data"]
    if event["type"] == "DogDeckShuffled":
        return {"type": event["type"], "data": {"size": len(data["order"]), "top": data["order"][0]}}
    if event["type"] == "TileStacksShuffled":
        stacks = {c: {"top": s[0], "size": len(s)} for c, s in data["stacks"].items()}
        return {"type": event["type"], "data": {"stacks": stacks}}
    return event


def _who(seat: Any) -> str:
    return "Pes" if seat == "pes" else f"Seat {seat}"


def _dice(items: list[dict[str, int]]) -> str:
    """Rolled dice by value: ``2, 4 and 6``."""
    return _listing([str(i["value"]) for i in items]) or "nothing"


def _listing(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def _count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 treat``, ``3 treats``, ``2 dice``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


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


def _offered(d: dict[str, Any]) -> str:
    """StepOffered: an optional or repeatable step the seat may take; a forced choice says nothing (its move will)."""
    if d["phase"] == "offer":
        offer = _OFFERED.get(d["step"], f"do {_STEPS.get(d['step'], d['step'])}")
        return f"{_who(d['seat'])} may {offer[0].lower()}{offer[1:]}."
    may = _MAY.get(d["phase"])
    return f"{_who(d['seat'])} {may.format(uses=d.get('uses', 1))}." if may else ""


def _skipped(d: dict[str, Any]) -> str:
    step = _STEPS.get(d["step"], d["step"].replace("_", " "))
    why = _SKIPPED_BECAUSE.get(d["reason"], d["reason"].replace("_", " "))
    return f"{step[0].upper()}{step[1:]} is skipped: {why}."


def _discarded(d: dict[str, Any]) -> str:
    if not d["dice"]:
        return ""
    line = _DISCARDED.get(d["reason"], "{dice} go back to the supply.").format(dice=_dice_count(d["dice"]))
    return line[0].upper() + line[1:]


def _treats_gained(d: dict[str, Any]) -> str:
    why = " to start" if d["source"] == "setup" else f" for {_tile(d['source'])}" if d["source"] in TILES else ""
    return f"{_who(d['seat'])} takes {_count(d['n'], 'treat')}{why}."


def _rolled(d: dict[str, Any]) -> str:
    how = {"yard": "rolls its yard", "set_aside": "rolls a set-aside die", "dogpile": "rolls the dogpile"}
    return f"{_who(d['seat'])} {how.get(d['source'], 'rolls')}: {_dice(d['dice'])}."


def _shuffled_stacks(d: dict[str, Any]) -> str:
    # Raw, a stack is its order; as redacted, its top and size (the orders below are nobody's to see).
    tops = [stack[0] if isinstance(stack, list) else stack["top"] for stack in d["stacks"].values()]
    return f"The free-walk stacks are shuffled; on top: {_listing([_tile(t) for t in tops])}."


def _flipped(d: dict[str, Any]) -> str:
    if d["by"] != "pes" and not d["face_up"]:
        return ""  # a seat's trick turns its tile face down, as the trick's own line said
    return f"{_who(d['by'])} turns {_tile(d['tile'])} face {'up' if d['face_up'] else 'down'}."


def _deck_size(d: dict[str, Any]) -> int:
    return len(d["order"]) if "order" in d else d["size"]


def _completed(d: dict[str, Any]) -> str:
    dogs = _listing([DOGS[c].name for c in d["cards"]])
    if d["mode"] == "fast":
        return f"{_who(d['seat'])} has filled every open dog and completes {dogs} at once."
    return f"{_who(d['seat'])} completes {dogs} instead of doing a trick."


def _ended(d: dict[str, Any]) -> str:
    done = d["pes_completed"] if d["winner"] == "pes" else d["completed"][str(d["winner"])]
    return f"{_who(d['winner'])} wins with {_count(done, 'dog')} completed."


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "GameStarted": lambda d: (
        f"A game of Spots for {d['players']}" if d["players"] > 1 else "A solo game of Spots against Pes"
    ) + f", with the {d['tile_set'].replace('_', ' ')} tiles, starts.",
    "RandomSetDrawn": lambda d: "Random tiles: " + _listing([_tile(t) for t in d.values()]) + ".",
    "TileStacksShuffled": _shuffled_stacks,
    "TricksLaidOut": lambda d: "Tricks: " + _listing([_tile(t) for t in d["positions"]]) + ".",
    "DogDeckShuffled": lambda d: f"The {_deck_size(d)} dog cards are shuffled.",
    "DogCardDealt": lambda d: f"{_who(d['seat'])} is dealt {_dog(d['card'])}.",
    "TreatsGained": _treats_gained,
    "StartDieRolled": lambda d: f"{_who(d['seat'])} buries a starting {d['value']}.",
    "StartTieRerolled": lambda d: f"{_who(d['seat'])} rerolls the tie: {d['value']}.",
    "FirstPlayerChosen": lambda d: f"{_who(d['seat'])} goes first.",
    "PesTreatsGained": lambda d: f"Pes takes {_count(d['n'], 'treat')}.",
    "TurnStarted": lambda d: f"{_who(d['seat'])}'s turn.",
    "AllSeatsBusted": lambda d: "No dice left in the supply: everyone busts.",
    "TreatPlacedOnTile": lambda d: f"A treat goes on {_tile(d['tile'])}, the last trick face up.",
    "TilesRefreshed": lambda d: f"Refresh: {_listing([_tile(t) for t in d['revealed']])} turn face up.",
    "TrickChosen": lambda d: f"{_who(d['seat'])} does {_tile(d['tile'])}.",
    "TreatsTakenFromTile": lambda d: f"{_who(d['seat'])} takes the {_count(d['n'], 'treat')} on {_tile(d['tile'])}.",
    "TileFlipped": _flipped,
    "StepOffered": _offered,
    # The rolls and treats a step brings say what it did.
    "StepPerformed": lambda d: "",
    "StepDeclined": lambda d: _DECLINED.get(d["step"], f"No {_STEPS.get(d['step'], d['step'])}."),
    "StepSkipped": _skipped,
    "DogCardDrawn": lambda d: f"{_who(d['seat'])} draws {_dog(d['card'])}.",
    "DiceRolled": _rolled,
    "TreatSpent": lambda d: f"{_who(d['seat'])} spends a treat to reroll.",
    "DiceRerolled": lambda d: f"The reroll shows {_dice(d['dice'])}.",
    # Keeping the roll changes nothing on the table (it closes the reroll window, often by itself).
    "RollAccepted": lambda d: "",
    "NumberChosen": lambda d: f"{_who(d['seat'])} names {d['n']}.",
    "DieSet": lambda d: f"{_who(d['seat'])} sets a die to {d['value']}.",
    "DiceKept": lambda d: f"{_who(d['seat'])} keeps {_dice_count(d['dice'])}.",
    "DiceDiscarded": _discarded,
    "DiePlaced": lambda d: f"{_who(d['seat'])} places a {d['value']} on {DOGS[d['card']].name}.",
    "DieBuried": lambda d: f"{_who(d['seat'])} buries a {d['value']} (yard total {d['yard_total']}).",
    "Busted": lambda d: f"{_who(d['seat'])} busts: {_dice_count(d['returned'])} go back to the supply.",
    "DogsCompleted": _completed,
    "TreatsReturned": lambda d: f"{_who(d['seat'])} returns {_count(d['n'], 'treat')}.",
    "BuriedDieAdjusted": lambda d: f"{_who(d['owner'])}'s buried {d['old']} becomes a {d['new']}.",
    "BuriedDieDiscarded": lambda d: f"{_who(d['owner'])}'s buried 1 is dug out.",
    "DieMoved": lambda d: f"{_who(d['seat'])} moves a {d['old']} to {DOGS[d['to_card']].name} as a {d['value']}.",
    "DiceSetAside": lambda d: f"{_who(d['seat'])} sets {_dice_count(d['dice'])} aside to roll one by one.",
    "DiceReturned": lambda d: f"{_who(d['seat'])} stops: {_dice_count(d['dice'])} set aside go back to the supply.",
    "DieTaken": lambda d: f"{_who(d['seat'])} takes a die from {'its yard' if d['from'] == 'yard' else 'a dog'}.",
    # The turn's end follows at once.
    "TrickEnded": lambda d: "",
    "TurnEnded": lambda d: f"{_who(d['seat'])}'s turn ends.",
    "PesTurnStarted": lambda d: "Pes's turn.",
    "PesDieRolled": lambda d: f"Pes rolls {d['value']}.",
    "PesTookTreats": lambda d: f"Pes takes the {_count(d['n'], 'treat')} on {_tile(d['tile'])}.",
    "PesTreatsSpent": lambda d: f"Pes pays {_count(d['n'], 'treat')} back for a dog card.",
    "PesDogCompleted": lambda d: f"Pes completes {_dog(d['card'])}"
    + (" (its die fell on a face-down trick)." if d["reason"] == "die" else "."),
    "GameEnded": _ended,
}


def describe(event: Event) -> str:
    """One English sentence for an event, as any seat may read it; "" for bookkeeping another line already tells."""
    line = _LINES.get(event["type"])
    return line(event["data"]) if line else event["type"]


def render(view: dict[str, Any]) -> str:
    """The table as the terminal shows it, from an observed state: tricks, deck, each seat's dogs and yard."""
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
