"""Given/When/Then helpers for DOGS rules tests: tables built from setup events, commands decided on them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dogs import RULES
from domain.dogs.content import BOXES, PAW_SPACES
from domain.dogs.setup import setup_events, started
from domain.engine import Command, Event, event, rng_for

State = dict[str, Any]
#: A board of healthy dogs, two per breed kept with 2 players, each in its own area.
CALM: dict[str, str | None] = {
    "C1": "MUTT#4", "C2": "MUTT#5", "C3": "ROTTWEILER#4", "C4": "ROTTWEILER#5",
    "C5": "BULLDOG#4", "C6": "BULLDOG#5", "C7": "GOLDEN#4", "C8": "GOLDEN#5",
    "K1": "LABRADOR#4", "K2": "LABRADOR#5", "K3": "GERMAN_SHEPHERD#4", "K4": "GERMAN_SHEPHERD#5",
    "K5": "POODLE#4", "K6": "POODLE#5", "K7": "SAINT_BERNARD#4", "K8": "SAINT_BERNARD#5",
}
#: The moves ``idle`` prefers, best first: the ones that change the least.
PLAIN = ("StayHome", "ReturnHome", "SkipBoxAction", "DeclineDonation", "PaySalary")


def table(players: int = 4, seed: str = "rules") -> State:
    """A fresh game at its first truck turn, with the start player at seat 0."""
    return RULES.fold(RULES.setup(players, RULES.normalize_options({"start_player": 0}, players), rng_for(seed, 1)))


def given(
    players: int = 4,
    board: dict[str, str | None] | None = None,
    supply: dict[str, list[str]] | None = None,
    boxes: dict[str, list[str]] | None = None,
    seed: str = "given",
) -> State:
    """A fresh game (start player 0) whose setup events lay out this board, supply top and box cards.

    ``board`` changes some paw spaces of the CALM board (None: left empty); ``supply`` puts tokens on top of
    a group's supply; ``boxes`` deals these cards above those boxes, the seeded deck fills the others.
    """
    board, supply, boxes = {**CALM, **(board or {})}, supply or {}, boxes or {}
    chosen = {t for t in board.values() if t} | {t for tops in supply.values() for t in tops}
    events = setup_events(players, 0, rng_for(seed, 1))
    orders = {e["data"]["group"]: e["data"]["order"] for e in events if e["type"] == "DogSupplyShuffled"}
    free = {group: [t for t in order if t not in chosen] for group, order in orders.items()}
    placements = {}
    for node in PAW_SPACES:
        if node in board:
            if board[node]:
                placements[node] = board[node]
            continue
        group = "city" if node.startswith("C") else "country"
        placements[node] = free[group].pop(0)
    for e in events:
        if e["type"] == "DogSupplyShuffled":
            group = e["data"]["group"]
            placed = [t for t in orders[group] if t in placements.values()]
            e["data"]["order"] = placed + supply.get(group, []) + free[group]
        elif e["type"] == "BoardFilled":
            e["data"]["placements"] = placements
        elif e["type"] == "CardDeckShuffled":
            deck = e["data"]["order"]
            wanted = [c for cards in boxes.values() for c in cards]
            rest = [c for c in deck if c not in wanted]
            dealt = {box: list(boxes[box]) if box in boxes else [rest.pop(0), rest.pop(0)] for box in BOXES}
            e["data"]["order"] = [c for box in BOXES for c in dealt[box]] + rest
        elif e["type"] == "BoxCardsDealt":
            e["data"]["cards"] = dealt
    return RULES.fold(started(events, random.Random(0)))


def when(state: State, seat: int | None, command: Command, rng: random.Random | None = None) -> list[Event]:
    """The events of a command."""
    return RULES.decide(state, seat, command, rng or random.Random(1))


def play(state: State, *commands: Command, rng: random.Random | None = None) -> State:
    """The state once the pending seat has issued each command in turn."""
    for command in commands:
        (seat,) = RULES.to_act(state)
        state = RULES.fold(when(state, seat, command, rng), state)
    return state


def idle(state: State, stop: Callable[[State], bool]) -> State:
    """Let each pending seat make its plainest legal move (see PLAIN) until ``stop`` holds."""
    while not stop(state):
        (seat,) = RULES.to_act(state)
        moves = RULES.legal_moves(state, seat)
        move = min(moves, key=lambda m: PLAIN.index(m["type"]) if m["type"] in PLAIN else len(PLAIN))
        state = RULES.fold(when(state, seat, move), state)
    return state


def at(step: str, queue_left: int | None = None, seat: int | None = None) -> Callable[[State], bool]:
    """A stop condition: the game is at ``step`` (with that many seats still queued, ``seat`` first)."""
    return lambda s: (s["step"] == step and (queue_left is None or len(s["queue"]) == queue_left)
                      and (seat is None or s["queue"][:1] == [seat]))


def supply_down_to(state: State, group: str, *tokens: str) -> State:
    """The group's supply holds only these tokens, top first (the others have left the game)."""
    return after(state, [event("DogSupplyShuffled", group=group, order=list(tokens))])


def after(state: State, events: list[Event]) -> State:
    """The state once the events are folded."""
    return RULES.fold(events, state)


def types(events: list[Event]) -> list[str]:
    """The event types, in order."""
    return [e["type"] for e in events]


def first(events: list[Event], type_: str) -> dict[str, Any]:
    """The data of the first event of a type."""
    return next(e["data"] for e in events if e["type"] == type_)


def clear_board(state: State, **tokens: str) -> None:
    """Leave only these tokens on the board (the others leave the game)."""
    state["board"] = {node: tokens.get(node) for node in PAW_SPACES}


def holding(state: State, seat: int, *cards: str) -> State:
    """Give a seat special cards taken out of the deck, the discard or the boxes (as if kept earlier)."""
    for card in cards:
        for place in (state["deck"], state["discard"], *state["boxes"].values()):
            if card in place:
                place.remove(card)
        state["kennels"][seat]["cards"].append(card)
    return state


class Shuffles(random.Random):
    """An rng whose shuffles move the last item to the front (a scripted, visible reshuffle)."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Rotate the list by one: the bottom token comes to the top."""
        x.insert(0, x.pop())
