"""Setup (§3): the options (the start player, R31) and the events that start a game of DOGS, every chance
outcome recorded in them, followed by the automatic start of round 1."""

from __future__ import annotations

import random
from typing import Any

from domain.dogs.board import deal_boxes, fill_board
from domain.dogs.content import (
    ACTION_CARDS,
    BREED_GROUP,
    BREEDS,
    COLOURS,
    FAIR_CARDS,
    FILL_ORDER,
    GROUPS,
    MAX_PLAYERS,
    REMOVED_WITH_TWO,
    START_RESOURCES,
    blocker_tokens,
    breed_of,
    breeds_in_play,
    dog_tokens,
    is_lost,
)
from domain.dogs.moves import advance
from domain.dogs.state import evolve
from domain.engine import BadOptions, Event, event

#: The published JSON schema of the options: the start player's seat, or null for a random one.
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "start_player": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": MAX_PLAYERS - 1,
            "title": "Start player",
            "description": "The seat that starts the first round; empty for a random seat.",
            "x-rule": "R31: the start player is a uniform random seat unless the table names one.",
        }
    },
    "additionalProperties": False,
}


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Fill in the start player (null: chosen at random, R31)."""
    unknown = set(options) - {"start_player"}
    if unknown:
        raise BadOptions(sorted(unknown)[0], "unknown option")
    start = options.get("start_player")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players):
        raise BadOptions("start_player", f"a seat from 0 to {players - 1}, or null")
    return {"start_player": start}


def setup(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """The setup events and the automatic start of round 1."""
    return started(setup_events(players, options.get("start_player"), rng), rng)


def started(events: list[Event], rng: random.Random) -> list[Event]:
    """Setup events, from GameCreated on, followed by the automatic steps they make due (round 1 begins)."""
    created, *rest = events
    return [created, *advance(evolve(None, created), rest, rng)]


def setup_events(players: int, start: int | None, rng: random.Random) -> list[Event]:
    """GameCreated .. RoundStarted(1)."""
    breeds = breeds_in_play(players)
    events = [
        event("GameCreated", player_count=players, seats=list(range(players)), colours=COLOURS[:players]),
        event("BreedsRemoved", breeds=[breed for breed in BREEDS if breed not in breeds], in_play=breeds),
    ]
    supply = {group: dog_tokens([breed for breed in breeds if BREED_GROUP[breed] == group]) for group in GROUPS}
    cards = list(ACTION_CARDS)
    if players == 2:
        removed = [rng.choice([token for token in supply[group] if is_lost(token)]) for group in GROUPS]
        for token in removed:
            supply[BREED_GROUP[breed_of(token)]].remove(token)
        cards = [card for card in cards if card not in REMOVED_WITH_TWO]
        events += [event("LostDogsRemoved", tokens=removed), event("CardsRemoved", ids=list(REMOVED_WITH_TWO))]
        for group in GROUPS:
            supply[group] += blocker_tokens(group)
    events.append(event("StartingResourcesGiven", **START_RESOURCES))
    for group in GROUPS:
        rng.shuffle(supply[group])
        events.append(event("DogSupplyShuffled", group=group, order=list(supply[group])))
    events.append(event("BoardFilled", placements=fill_board(dict.fromkeys(FILL_ORDER), supply)))
    fair = list(FAIR_CARDS)
    rng.shuffle(fair)
    rng.shuffle(cards)
    events += [
        event("FairDeckShuffled", order=fair),
        event("FairCardRevealed", card=fair[0]),
        event("CardDeckShuffled", order=cards),
        event("BoxCardsDealt", cards=deal_boxes(cards)),
        event("StartPlayerChosen", seat=rng.randrange(players) if start is None else start),
        event("RoundStarted", round=1),
    ]
    return events
