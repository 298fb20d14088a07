"""Spots in words: a message per event of spec 4.10 (``describe``) and per command of 4.9 (``label``), from the
catalogues in domain/spots/locales; the table in the terminal (``render``, English).

Players are named as seats, Pes by its name; dog cards, trick tiles, steps and tile sets by their display names
(terms). A die is named by its value, and where another die it is chosen among shows the same value, by its
place among them too ("the 4 (die 2)").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine import Command, Event
from domain.language import Message, listed, message, seat, term
from domain.spots.content import DOGS, TILES, dog_key, tile_key, tile_set_key
from domain.spots.state import State, actor, completed, filled_dogs, open_dogs, paws, position_of, yard_total
from domain.spots.view import observe

#: An event that says nothing of its own: another line of the log already tells it.
SILENT = message("spots-silent")


def _who(who: Any) -> dict[str, Any]:
    """A seat by its player's name, Pes by its own."""
    return term("spots-pes") if who == "pes" else seat(int(who))


def _key(name: str) -> str:
    """A step's, reason's or source's name as a part of a catalogue key."""
    return name.replace("_", "-")


def _tile(tile: str) -> dict[str, Any]:
    return term(tile_key(tile))


def _tiles(tiles: list[str]) -> dict[str, Any]:
    return listed([_tile(tile) for tile in tiles])


def dog_name(card: int) -> dict[str, Any]:
    """A dog card by its name."""
    return term(dog_key(card))


def _dog_card(card: int) -> dict[str, Any]:
    """A dog by its name and the values its spaces need: "Bongo (1-3)"."""
    return term("spots-dog-card", dog=dog_name(card), spaces="-".join(map(str, DOGS[card].spaces)))


def _values(dice: list[dict[str, int]]) -> dict[str, Any]:
    return listed([item["value"] for item in dice])


def _offered(data: dict[str, Any]) -> Message:
    """StepOffered: an optional or repeatable step the seat may take; a forced choice says nothing (its move will)."""
    player = _who(data["seat"])
    if data["phase"] == "offer":
        return message(f"spots-offered-{_key(data['step'])}", player=player)
    if data["phase"] == "dig":
        return message("spots-offered-dig", player=player, count=data.get("uses", 1))
    if data["phase"] == "trot":
        return message("spots-offered-trot", player=player)
    return SILENT


def _declined(data: dict[str, Any]) -> Message:
    return message(f"spots-declined-{_key(data['step'])}")


def _skipped(data: dict[str, Any]) -> Message:
    step, reason = term(f"spots-step-{_key(data['step'])}"), term(f"spots-reason-{_key(data['reason'])}")
    return message("spots-step-skipped", step=step, reason=reason)


def _discarded(data: dict[str, Any]) -> Message:
    if not data["dice"]:
        return SILENT
    return message(f"spots-discarded-{_key(data['reason'])}", count=len(data["dice"]))


def _treats_gained(data: dict[str, Any]) -> Message:
    player, source, count = _who(data["seat"]), data["source"], data["n"]
    if source == "setup":
        return message("spots-treats-gained-setup", player=player, count=count)
    return message("spots-treats-gained", player=player, count=count, tile=_tile(source))


def _rolled(data: dict[str, Any]) -> Message:
    source = data["source"] if data["source"] in ("yard", "set_aside", "dogpile") else "supply"
    return message(f"spots-rolled-{_key(source)}", player=_who(data["seat"]), values=_values(data["dice"]))


def _shuffled_stacks(data: dict[str, Any]) -> Message:
    # Raw, a stack is its order; as redacted, its top and size (the orders below are nobody's to see).
    tops = [stack[0] if isinstance(stack, list) else stack["top"] for stack in data["stacks"].values()]
    return message("spots-stacks-shuffled", tiles=_tiles(tops))


def _flipped(data: dict[str, Any]) -> Message:
    if data["by"] != "pes" and not data["face_up"]:
        return SILENT  # a seat's trick turns its tile face down, as the trick's own line said
    side = "up" if data["face_up"] else "down"
    return message(f"spots-tile-flipped-{side}", player=_who(data["by"]), tile=_tile(data["tile"]))


def _deck_size(data: dict[str, Any]) -> int:
    return len(data["order"]) if "order" in data else data["size"]


def _completed(data: dict[str, Any]) -> Message:
    dogs = listed([dog_name(card) for card in data["cards"]])
    return message(f"spots-completed-{data['mode']}", player=_who(data["seat"]), dogs=dogs, count=len(data["cards"]))


def _started(data: dict[str, Any]) -> Message:
    tiles = term(tile_set_key(data["tile_set"]))
    if data["players"] == 1:
        return message("spots-game-started-solo", pes=term("spots-pes"), tiles=tiles)
    return message("spots-game-started", count=data["players"], tiles=tiles)


def _ended(data: dict[str, Any]) -> Message:
    winner = data["winner"]
    done = data["pes_completed"] if winner == "pes" else data["completed"][str(winner)]
    return message("spots-game-ended", winners=listed([_who(winner)]), count=1, dogs=done)


def _pes_completed(data: dict[str, Any]) -> Message:
    return message(f"spots-pes-completed-{data['reason']}", pes=term("spots-pes"), dog=_dog_card(data["card"]))


def _pes(key: str, **args: Any) -> Message:
    return message(key, pes=term("spots-pes"), **args)


_LINES: dict[str, Callable[[dict[str, Any]], Message]] = {
    "GameStarted": _started,
    "RandomSetDrawn": lambda data: message("spots-random-set-drawn", tiles=_tiles(list(data.values()))),
    "TileStacksShuffled": _shuffled_stacks,
    "TricksLaidOut": lambda data: message("spots-tricks-laid-out", tiles=_tiles(list(data["positions"]))),
    "DogDeckShuffled": lambda data: message("spots-deck-shuffled", count=_deck_size(data)),
    "DogCardDealt": lambda data: message("spots-dog-dealt", player=_who(data["seat"]), dog=_dog_card(data["card"])),
    "TreatsGained": _treats_gained,
    "StartDieRolled": lambda data: message("spots-start-die-buried", player=_who(data["seat"]), value=data["value"]),
    "StartTieRerolled": lambda data: message("spots-start-tie-rerolled", player=_who(data["seat"]),
                                             value=data["value"]),
    "FirstPlayerChosen": lambda data: message("spots-first-player", player=_who(data["seat"])),
    "PesTreatsGained": lambda data: _pes("spots-pes-treats-gained", count=data["n"]),
    "TurnStarted": lambda data: message("spots-turn-started", player=_who(data["seat"])),
    "AllSeatsBusted": lambda data: message("spots-all-busted"),
    "TreatPlacedOnTile": lambda data: message("spots-treat-placed-on-tile", tile=_tile(data["tile"])),
    "TilesRefreshed": lambda data: message("spots-tiles-refreshed", tiles=_tiles(data["revealed"]),
                                           count=len(data["revealed"])),
    "TrickChosen": lambda data: message("spots-trick-chosen", player=_who(data["seat"]), tile=_tile(data["tile"])),
    "TreatsTakenFromTile": lambda data: message(
        "spots-treats-taken-from-tile", player=_who(data["seat"]), count=data["n"], tile=_tile(data["tile"])
    ),
    "TileFlipped": _flipped,
    "StepOffered": _offered,
    # The rolls and treats a step brings say what it did.
    "StepPerformed": lambda data: SILENT,
    "StepDeclined": _declined,
    "StepSkipped": _skipped,
    "DogCardDrawn": lambda data: message("spots-dog-drawn", player=_who(data["seat"]), dog=_dog_card(data["card"])),
    "DiceRolled": _rolled,
    "TreatSpent": lambda data: message("spots-treat-spent", player=_who(data["seat"])),
    "DiceRerolled": lambda data: message("spots-rerolled", values=_values(data["dice"])),
    # Keeping the roll changes nothing on the table (it closes the reroll window, often by itself).
    "RollAccepted": lambda data: SILENT,
    "NumberChosen": lambda data: message("spots-number-chosen", player=_who(data["seat"]), number=data["n"]),
    "DieSet": lambda data: message("spots-die-set", player=_who(data["seat"]), value=data["value"]),
    "DiceKept": lambda data: message("spots-dice-kept", player=_who(data["seat"]), count=len(data["dice"])),
    "DiceDiscarded": _discarded,
    "DiePlaced": lambda data: message(
        "spots-die-placed", player=_who(data["seat"]), value=data["value"], dog=dog_name(data["card"])
    ),
    "DieBuried": lambda data: message(
        "spots-die-buried", player=_who(data["seat"]), value=data["value"], total=data["yard_total"]
    ),
    "Busted": lambda data: message("spots-busted", player=_who(data["seat"]), count=len(data["returned"])),
    "DogsCompleted": _completed,
    "TreatsReturned": lambda data: message("spots-treats-returned", player=_who(data["seat"]), count=data["n"]),
    "BuriedDieAdjusted": lambda data: message(
        "spots-buried-die-adjusted", player=_who(data["owner"]), old=data["old"], new=data["new"]
    ),
    "BuriedDieDiscarded": lambda data: message("spots-buried-die-dug-out", player=_who(data["owner"])),
    "DieMoved": lambda data: message(
        "spots-die-moved", player=_who(data["seat"]), old=data["old"], dog=dog_name(data["to_card"]),
        value=data["value"],
    ),
    "DiceSetAside": lambda data: message("spots-dice-set-aside", player=_who(data["seat"]), count=len(data["dice"])),
    "DiceReturned": lambda data: message("spots-dice-returned", player=_who(data["seat"]), count=len(data["dice"])),
    "DieTaken": lambda data: message(f"spots-die-taken-{'yard' if data['from'] == 'yard' else 'dog'}",
                                     player=_who(data["seat"])),
    # The turn's end follows at once.
    "TrickEnded": lambda data: SILENT,
    "TurnEnded": lambda data: message("spots-turn-ended", player=_who(data["seat"])),
    "PesTurnStarted": lambda data: _pes("spots-pes-turn"),
    "PesDieRolled": lambda data: _pes("spots-pes-rolled", value=data["value"]),
    "PesTookTreats": lambda data: _pes("spots-pes-took-treats", count=data["n"], tile=_tile(data["tile"])),
    "PesTreatsSpent": lambda data: _pes("spots-pes-treats-spent", count=data["n"]),
    "PesDogCompleted": _pes_completed,
    "GameEnded": _ended,
}


def describe(event: Event) -> Message:
    """What an event says, as any seat may read it; ``SILENT`` for bookkeeping another line already tells."""
    line = _LINES.get(event["type"])
    if line is None:
        raise ValueError(f"spots has no event {event['type']!r}")
    return line(event["data"])


def render(state: State) -> str:
    """The table as the terminal shows it, as everyone sees it: tricks, deck, each seat's dogs and yard."""
    view = observe(state)
    tiles = "  ".join(
        f"{i}:{TILES[p['tile']].name}{'' if p['face_up'] else ' (down)'}"
        f"{' +' + str(p['treats']) if p['treats'] else ''}"
        for i, p in enumerate(view["positions"], 1)
    )
    top = view["deck"]["top"]
    lines = [
        f"Tricks  {tiles}   (+n: treats lying there)",
        f"Deck {view['deck']['size']} (top {_english_dog(top) if top else 'nothing'}); "
        f"supply {_count(len(view['supply']), 'die', 'dice')}, {_count(view['supply_treats'], 'treat')}",
    ]
    values = view["values"]
    for i, one in enumerate(view["seats"]):
        marker = ">" if view["active"] == i else " "
        yard = "+".join(str(values[d]) for d in one["yard"]) or "empty"
        lines.append(f"{marker} Seat {i}: {completed(one)} dogs done, {_count(one['treats'], 'treat')}, "
                     f"{_count(paws(one), 'paw')}, yard {yard} = {yard_total(view, one)}")
        for card in one["pack"]:
            if not card["done"]:
                spaces = " ".join(f"[{v if d is not None else ' '}]" for v, d in card["spaces"].items())
                lines.append(f"      {DOGS[card['card']].name}: {spaces}  needs {'-'.join(card['spaces'])}")
    if view["pes"] is not None:
        lines.append(f"  Pes: {len(view['pes']['pile'])} dogs done, {_count(view['pes']['treats'], 'treat')}")
    trick = view["trick"]
    if trick:
        pending = ", ".join(str(values[d]) for d in trick["pending"])
        lines.append(f"Doing {TILES[trick['tile']].name}" + (f"; dice to place: {pending}" if pending else ""))
    return "\n".join(lines)


def _count(number: int, noun: str, plural: str | None = None) -> str:
    """``1 treat``, ``3 treats``, ``2 dice`` (the terminal's picture is English)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def _english_dog(card: int) -> str:
    return f"{DOGS[card].name} {'-'.join(map(str, DOGS[card].spaces))}"


def label(state: State, seat_number: int, move: Command) -> Message:
    """A move as a player says it: "Do Howl", "Place the 4 on Bongo", "Roll one more die"."""
    trick = state["trick"]
    match move["type"]:
        case "ChooseTrick":
            treats = position_of(state, move["tile"])["treats"]
            if treats:
                return message("spots-do-trick-with-treats", tile=_tile(move["tile"]), count=treats)
            return message("spots-do-trick", tile=_tile(move["tile"]))
        case "CompleteDogs":
            dogs = filled_dogs(actor(state))
            names = listed([dog_name(card["card"]) for card in dogs])
            return message("spots-complete-dogs", dogs=names, count=len(dogs))
        case "SpendTreat":
            if sorted(move["dice"]) == sorted(trick["roll"]):
                return message("spots-reroll-all", count=len(move["dice"]))
            return message("spots-reroll-some", dice=_named(state, move["dice"], trick["roll"]))
        case "AcceptRoll":
            return message("spots-keep-roll")
        case "ChooseNumber":
            return message(_NUMBERS.get(state["phase"], "spots-name-number"), number=move["n"])
        case "KeepDice":
            return message("spots-keep-dice", dice=_named(state, move["dice"], trick["pending"]))
        case "DiscardDice":
            if not move["dice"]:
                return message("spots-discard-nothing")
            return message("spots-discard-dice", dice=_named(state, move["dice"], trick["pending"]))
        case "PlaceDie":
            die = die_name(state, move["die"], trick["pending"])
            return message("spots-place-die", die=die, dog=dog_name(move["card"]))
        case "BuryDie":
            return message("spots-bury-die", die=die_name(state, move["die"], trick["pending"]))
        case "DoStep":
            return message(f"spots-do-{_key(trick['step'])}")
        case "SkipStep":
            return message(_SKIPS.get(state["phase"], f"spots-skip-{_key(trick['step'])}"))
        case "MoveDie":
            moved = die_on_dog(state, seat_number, move["die"])
            return message("spots-move-die", die=moved, space=term("spots-space", dog=dog_name(move["card"]),
                                                                  value=move["value"]))
        case "AdjustBuriedDie":
            return _dig(state, seat_number, move["die"], move["delta"])
        case "SetAside":
            return message("spots-set-aside", count=move["n"])
        case "TakeDie":
            yard = state["seats"][seat_number]["yard"]
            if move["die"] in yard:
                return message("spots-take-die-yard", die=die_name(state, move["die"], yard))
            return message("spots-take-die-dog", die=die_on_dog(state, seat_number, move["die"]))
    raise ValueError(f"spots has no command {move['type']!r}")


#: ChooseNumber's label by phase: Fetch keeps a number, Retrieve sets a die, Guard names one.
_NUMBERS = {"select": "spots-keep-number", "set_die": "spots-set-die-to", "name_number": "spots-name-number"}
#: SkipStep ends a Dig or a Trot; elsewhere it declines the offered step.
_SKIPS = {"dig": "spots-stop-digging", "trot": "spots-move-no-die"}


def die_name(state: State, die: int, among: list[int]) -> dict[str, Any]:
    """A die by its value, and by its place among ``among`` (by id) when another of them shows the same value."""
    values = state["values"]
    ordered = sorted(among)
    if any(values[other] == values[die] for other in ordered if other != die):
        return term("spots-die-numbered", value=values[die], number=ordered.index(die) + 1)
    return term("spots-die", value=values[die])


def _named(state: State, dice: list[int], among: list[int]) -> dict[str, Any]:
    return listed([die_name(state, die, among) for die in dice])


def die_on_dog(state: State, seat_number: int, die: int) -> dict[str, Any]:
    """A die on one of the seat's dogs: "the 4 on Bongo" (a card never holds two dice of one value)."""
    card = next(card["card"] for card in open_dogs(state["seats"][seat_number]) if die in card["spaces"].values())
    return term("spots-die-on-dog", value=state["values"][die], dog=dog_name(card))


def buried_die(state: State, seat_number: int, die: int) -> dict[str, Any]:
    """A die in a yard, as ``seat_number`` says it: "your buried 3" or "Player 2's buried 3"."""
    owner = next(i for i, one in enumerate(state["seats"]) if die in one["yard"])
    value = die_name(state, die, state["seats"][owner]["yard"])
    if owner == seat_number:
        return term("spots-buried-die-yours", die=value)
    return term("spots-buried-die-of", player=seat(owner), die=value)


def _dig(state: State, seat_number: int, die: int, delta: int) -> Message:
    buried = buried_die(state, seat_number, die)
    new = state["values"][die] + delta
    if new == 0:
        return message("spots-dig-out", die=buried)
    return message(f"spots-dig-{'raise' if delta > 0 else 'lower'}", die=buried, value=new)
