"""What players may see of Spots (section 7) and how it reads in a terminal."""

from __future__ import annotations

from typing import Any

from domain.engine import Event
from domain.spots.content import DOGS, TILES
from domain.spots.state import State, clone, completed, paws, yard_total


def observe(state: State) -> dict[str, Any]:
    """The state without the deck order below its top card and the stack orders below each top tile.

    Once the game has ended the orders are shown too.
    """
    view = clone(state)
    ended = state["phase"] == "ended"
    deck = view.pop("deck")
    view["deck"] = {"size": len(deck), "top": deck[0] if deck else None, **({"order": deck} if ended else {})}
    view["positions"] = [
        {"tile": pos["stack"][0], "size": len(pos["stack"]), "face_up": pos["face_up"], "treats": pos["treats"],
         **({"stack": pos["stack"]} if ended else {})}
        for pos in view["positions"]
    ]
    return view


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


def _dice(items: list) -> str:
    return ", ".join(str(i["value"]) if isinstance(i, dict) else f"#{i}" for i in items) or "none"


def _dog(card: int | None) -> str:
    return f"{DOGS[card].name} {'-'.join(map(str, DOGS[card].spaces))}" if card else "nothing"


_LINES = {
    "GameStarted": lambda d: f"A game of Spots for {d['players']} with the {d['tile_set']} tiles starts.",
    "RandomSetDrawn": lambda d: "Random tiles: " + ", ".join(TILES[t].name for t in d.values()) + ".",
    "TileStacksShuffled": lambda d: "The free-walk stacks are shuffled.",
    "TricksLaidOut": lambda d: "Tricks: " + ", ".join(TILES[t].name for t in d["positions"]) + ".",
    "DogDeckShuffled": lambda d: "The dog deck is shuffled.",
    "DogCardDealt": lambda d: f"{_who(d['seat'])} is dealt {_dog(d['card'])}.",
    "TreatsGained": lambda d: f"{_who(d['seat'])} takes {d['n']} treat(s) ({d['source']}).",
    "StartDieRolled": lambda d: f"{_who(d['seat'])} buries a starting {d['value']}.",
    "StartTieRerolled": lambda d: f"{_who(d['seat'])} rerolls the tie: {d['value']}.",
    "FirstPlayerChosen": lambda d: f"{_who(d['seat'])} goes first.",
    "PesTreatsGained": lambda d: f"Pes takes {d['n']} treat(s).",
    "TurnStarted": lambda d: f"{_who(d['seat'])}'s turn.",
    "AllSeatsBusted": lambda d: "No dice left in the supply: everyone busts.",
    "TreatPlacedOnTile": lambda d: f"A treat goes on {TILES[d['tile']].name}.",
    "TilesRefreshed": lambda d: "All tricks turn face up.",
    "TrickChosen": lambda d: f"{_who(d['seat'])} does {TILES[d['tile']].name}.",
    "TreatsTakenFromTile": lambda d: f"{_who(d['seat'])} takes {d['n']} treat(s) from {TILES[d['tile']].name}.",
    "TileFlipped": lambda d: f"{TILES[d['tile']].name} turns face {'up' if d['face_up'] else 'down'}.",
    "StepOffered": lambda d: f"{_who(d['seat'])} decides on {d['step'].replace('_', ' ')} ({d['phase']}).",
    "StepPerformed": lambda d: f"Step: {d['step'].replace('_', ' ')}.",
    "StepDeclined": lambda d: f"Declined: {d['step'].replace('_', ' ')}.",
    "StepSkipped": lambda d: f"Skipped: {d['step'].replace('_', ' ')} ({d['reason'].replace('_', ' ')}).",
    "DogCardDrawn": lambda d: f"{_who(d['seat'])} draws {_dog(d['card'])}.",
    "DiceRolled": lambda d: f"{_who(d['seat'])} rolls {_dice(d['dice'])}.",
    "TreatSpent": lambda d: f"{_who(d['seat'])} spends a treat to reroll.",
    "DiceRerolled": lambda d: f"Rerolled: {_dice(d['dice'])}.",
    "RollAccepted": lambda d: f"{_who(d['seat'])} keeps the roll.",
    "NumberChosen": lambda d: f"{_who(d['seat'])} names {d['n']}.",
    "DieSet": lambda d: f"{_who(d['seat'])} sets a die to {d['value']}.",
    "DiceKept": lambda d: f"{_who(d['seat'])} keeps dice {_dice(d['dice'])}.",
    "DiceDiscarded": lambda d: f"Discarded: {_dice(d['dice'])}.",
    "DiePlaced": lambda d: f"{_who(d['seat'])} places a {d['value']} on {DOGS[d['card']].name}.",
    "DieBuried": lambda d: f"{_who(d['seat'])} buries a {d['value']} (yard {d['yard_total']}).",
    "Busted": lambda d: f"{_who(d['seat'])} busts and loses {len(d['returned'])} dice.",
    "DogsCompleted": lambda d: f"{_who(d['seat'])} completes " + ", ".join(DOGS[c].name for c in d["cards"])
    + f" ({d['mode']}).",
    "TreatsReturned": lambda d: f"{_who(d['seat'])} returns {d['n']} treat(s).",
    "BuriedDieAdjusted": lambda d: f"{_who(d['owner'])}'s buried {d['old']} becomes {d['new']}.",
    "BuriedDieDiscarded": lambda d: f"{_who(d['owner'])}'s buried 1 is dug out.",
    "DieMoved": lambda d: f"{_who(d['seat'])} moves a {d['old']} to {DOGS[d['to_card']].name} as a {d['value']}.",
    "DiceSetAside": lambda d: f"{_who(d['seat'])} sets {len(d['dice'])} dice aside.",
    "DiceReturned": lambda d: f"{_who(d['seat'])} stops; {len(d['dice'])} dice go back.",
    "DieTaken": lambda d: f"{_who(d['seat'])} takes a die from {'the yard' if d['from'] == 'yard' else 'a dog'}.",
    "TrickEnded": lambda d: f"{_who(d['seat'])} ends {TILES[d['tile']].name}.",
    "TurnEnded": lambda d: f"{_who(d['seat'])}'s turn ends.",
    "PesTurnStarted": lambda d: "Pes's turn.",
    "PesDieRolled": lambda d: f"Pes rolls {d['value']}.",
    "PesTookTreats": lambda d: f"Pes takes {d['n']} treat(s) from {TILES[d['tile']].name}.",
    "PesTreatsSpent": lambda d: f"Pes spends {d['n']} treats.",
    "PesDogCompleted": lambda d: f"Pes completes {_dog(d['card'])} ({d['reason']}).",
    "GameEnded": lambda d: f"{_who(d['winner'])} wins.",
}


def describe(event: Event) -> str:
    """One readable line for an event."""
    line = _LINES.get(event["type"])
    return line(event["data"]) if line else event["type"]


def render(view: dict[str, Any]) -> str:
    """The table as the terminal shows it, from an observed state."""
    tiles = "  ".join(
        f"{i}:{TILES[p['tile']].name}{'' if p['face_up'] else '(down)'}{'+' * p['treats']}"
        for i, p in enumerate(view["positions"], 1)
    )
    lines = [f"Tricks  {tiles}", f"Deck {view['deck']['size']} (top {_dog(view['deck']['top'])}); "
             f"supply {len(view['supply'])} dice, {view['supply_treats']} treats"]
    values = view["values"]
    for i, seat in enumerate(view["seats"]):
        marker = ">" if view["active"] == i else " "
        lines.append(f"{marker} Seat {i}: {completed(seat)} done, {seat['treats']} treats, {paws(seat)} paws, "
                     f"yard {[values[d] for d in seat['yard']]} = {yard_total(view, seat)}")
        for card in seat["pack"]:
            if not card["done"]:
                spaces = " ".join(f"[{v if d is not None else ' '}]" for v, d in card["spaces"].items())
                lines.append(f"      {DOGS[card['card']].name}: {spaces}  needs {'-'.join(card['spaces'])}")
    if view["pes"] is not None:
        lines.append(f"  Pes: {len(view['pes']['pile'])} done, {view['pes']['treats']} treats")
    trick = view["trick"]
    if trick:
        pending = ", ".join(str(values[d]) for d in trick["pending"])
        lines.append(f"Trick {TILES[trick['tile']].name}, phase {view['phase']}, pending [{pending}]")
    return "\n".join(lines)
