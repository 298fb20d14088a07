"""Given/When/Then helpers for A Dog's Life rules tests: a table built from events, commands decided on it."""

from __future__ import annotations

import random
from typing import Any

from domain.dogslife import RULES
from domain.dogslife.content import DOGS
from domain.engine import Event, copy_json, event


def deck(dog: str, *top: str) -> list[str]:
    """A deck order with ``top`` cards first, then the other result cards, the shuffle card last."""
    rest = [card for card in DOGS[dog].cards if card not in top]
    return [*top, *rest, DOGS[dog].shuffle_card]


def given(
    *events: Event,
    dogs: tuple[str, ...] = ("shepherd", "boxer", "poodle", "husky"),
    dens: tuple[str, ...] = ("DEN1", "DEN2", "DEN3", "DEN4", "DEN5", "DEN6"),
    decks: dict[int, list[str]] | None = None,
    active: int = 0,
    **options: Any,
) -> dict[str, Any]:
    """Seat 0..n-1 with these dogs and dens, seat ``active`` in its action phase, then fold ``events``."""
    players = len(dogs)
    opts = RULES.normalize_options(options, players)
    log = [event("GameStarted", players=players, options=opts)]
    log += [event("DogAssigned", seat=s, dog=d) for s, d in enumerate(dogs)]
    log += [event("DenAssigned", seat=s, den=dens[s]) for s in range(players)]
    log += [event("DeckShuffled", seat=s, order=(decks or {}).get(s) or deck(d)) for s, d in enumerate(dogs)]
    log += [event("NewspaperStackShuffled", order=list(range(1, 13))), event("FirstPlayerChosen", seat=0)]
    log += [event("TurnStarted", seat=active, round=1)]
    log += [event("ActionPhaseStarted", seat=active, ap=DOGS[dogs[active]].ap)]
    return RULES.fold([*log, *events])


def at(seat: int, space: str, ap_left: int = 7) -> Event:
    """Place a dog (a DogMoved event from wherever it was)."""
    return event("DogMoved", seat=seat, to=space, ap_left=ap_left, **{"from": "?"})


class Dice(random.Random):
    """An rng whose die rolls are scripted; everything else is seeded."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        """The next scripted roll."""
        return self.rolls.pop(0)


def when(state: dict[str, Any], seat: int | None, command: dict[str, Any], rng: random.Random | None = None) -> list:
    """Decide a command on the table."""
    return RULES.decide(state, seat, command, rng or random.Random(0))


def types(events: list[Event]) -> list[str]:
    """The event types, in order."""
    return [ev["type"] for ev in events]


def first(events: list[Event], type_: str) -> dict[str, Any]:
    """The data of the first event of a type."""
    return next(ev["data"] for ev in events if ev["type"] == type_)


def after(state: dict[str, Any], events: list[Event]) -> dict[str, Any]:
    """The state once the events are folded."""
    return RULES.fold(events, copy_json(state))
