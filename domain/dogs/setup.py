"""The events that start a game of DOGS (§3), every chance outcome recorded in them."""

from __future__ import annotations

import random

from domain.dogs.content import (
    ACTION_CARDS,
    AREA,
    BOXES,
    BREED_GROUP,
    BREEDS,
    CARDS_PER_BOX,
    COLOURS,
    FAIR_CARDS,
    FILL_ORDER,
    GROUPS,
    REMOVED_WITH_TWO,
    START_RESOURCES,
    blocker_tokens,
    breeds_in_play,
    dog_tokens,
    is_lost,
)
from domain.engine import Event, event


def fill_board(board: dict[str, str | None], supply: dict[str, list[str]]) -> dict[str, str]:
    """Placements for every empty paw space, in fill order, from the top of its area's supply."""
    taken = {group: 0 for group in GROUPS}
    placements = {}
    for node in FILL_ORDER:
        if board[node] is None:
            group = AREA[node]
            placements[node] = supply[group][taken[group]]
            taken[group] += 1
    return placements


def deal_boxes(deck: list[str]) -> dict[str, list[str]]:
    """Two cards above each box, in box order, from the top of the deck."""
    return {box: deck[i * CARDS_PER_BOX:(i + 1) * CARDS_PER_BOX] for i, box in enumerate(BOXES)}


def setup_events(players: int, start: int | None, rng: random.Random) -> list[Event]:
    """GameCreated .. RoundStarted(1)."""
    breeds = breeds_in_play(players)
    events = [
        event("GameCreated", player_count=players, seats=list(range(players)), colours=COLOURS[:players]),
        event("BreedsRemoved", breeds=[b for b in BREEDS if b not in breeds], in_play=breeds),
    ]
    supply = {group: dog_tokens([b for b in breeds if BREED_GROUP[b] == group]) for group in GROUPS}
    cards = list(ACTION_CARDS)
    if players == 2:
        removed = [rng.choice([t for t in supply[group] if is_lost(t)]) for group in GROUPS]
        for tok in removed:
            supply[BREED_GROUP[tok.split("#")[0]]].remove(tok)
        cards = [c for c in cards if c not in REMOVED_WITH_TWO]
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
