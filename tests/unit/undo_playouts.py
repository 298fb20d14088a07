"""Seeded games of every game at a table with undo, played by random moves, with each decision's undos tried."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from domain import table as tables
from domain.engine import Command, Event, IllegalMove, Seat, copy_json, rng_for
from domain.table import undo

#: (game, players, options): each game at a small table, short where its rules allow.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("felix", 3, {}),
    ("spots", 2, {"tile_set": "beginner"}),
    ("dogs", 2, {}),
    ("dogslife", 2, {"bone_target": 2}),
]
IDS = [game for game, _, _ in GAMES]
#: The seats' decisions a playout makes at most (the playouts check every decision: they are slow).
MOST_DECISIONS = 60


@dataclass
class Batch:
    """One command's events, as the playout saw it decided: its versions, its seat and whether it drew on the rng."""

    first: int
    last: int
    seat: Seat
    drew: bool


@dataclass
class Decided:
    """A seat's decision just made: the table after it, the log so far (TableOpened first) and its batches."""

    table: tables.Table
    seat: int
    log: list[Event]
    seed: str
    batches: list[Batch] = field(default_factory=list)


class Watched(random.Random):
    """The command's rng, watched: whether its decide drew on it (every draw goes through these two)."""

    def __init__(self, inner: random.Random) -> None:
        super().__init__()
        self.inner, self.drew = inner, False

    def random(self) -> float:
        """The inner rng's draw, noted."""
        self.drew = True
        return self.inner.random()

    def getrandbits(self, bits: int, /) -> int:
        """The inner rng's draw, noted."""
        self.drew = True
        return self.inner.getrandbits(bits)


def table_at(log: list[Event], version: int) -> tables.Table:
    """The table folded from the log's first ``version`` events: its state at that version, by definition."""
    folded = tables.fold(copy_json(log[:version]))
    assert folded is not None
    return folded


def playout(
    game: str, players: int, options: dict[str, Any], seed: str, mode: str = "safe", take: float = 0.0
) -> Iterator[Decided]:
    """Play a game by random legal moves, yielding after each seat's decision; with probability ``take`` a decision
    with an undo offered is taken back at once (its earliest), so the game goes on from an undo."""
    command = tables.create(game, options, [{"name": f"p{n}"} for n in range(players)], seed, undo=mode)
    log, table = tables.apply(None, None, command, rng_for(seed, 1), seed)
    batches: list[Batch] = []
    for seat in range(players):
        log, table = _step(log, table, seat, {"type": "ClaimSeat", "seat": seat}, seed, batches)
    rng = random.Random(seed)
    decisions = 0
    while table["status"] == "running" and decisions < MOST_DECISIONS:
        rules = tables.rules_of(table)
        acting = tables.to_act(table)
        due = [step["command"] for step in rules.automatic(table["game"]) if step["delay"] == 0 or not acting]
        if due:
            log, table = _step(log, table, None, due[0], seed, batches)
            continue
        seat = rng.choice(acting)
        log, table = _step(log, table, seat, rng.choice(rules.legal_moves(table["game"], seat)), seed, batches)
        decisions += 1
        yield Decided(table, seat, log, seed, list(batches))
        offers = undo.offers(table, rules, seat)
        if offers and rng.random() < take:
            log, table = _step(log, table, seat, undo.move(offers[-1]), seed, batches)
            # The batches undone are no more the game's: an undo's own batch starts where the game went back to.
            batches[:] = [batch for batch in batches if batch.last <= offers[-1].to_version]
            batches.append(Batch(offers[-1].to_version + 1, len(log), None, False))


def _step(
    log: list[Event], table: tables.Table, seat: Seat, command: Command, seed: str, batches: list[Batch]
) -> tuple[list, dict]:
    rng = Watched(rng_for(seed, table["version"] + 1))
    events, table = tables.apply(table, seat, command, rng, seed)
    batches.append(Batch(len(log) + 1, len(log) + len(events), seat, rng.drew))
    return log + events, table


def undone(decided: Decided, to_version: int) -> tuple[list[Event], tables.Table]:
    """The events and the table of the decided seat's undo to ``to_version`` (the decided table is left as it was)."""
    table, command = copy_json(decided.table), {"type": "Undo", "to_version": to_version}
    return tables.apply(table, decided.seat, command, rng_for(decided.seed, table["version"] + 1), decided.seed)


def refused(decided: Decided, to_version: int) -> str | None:
    """The rule refusing the decided seat's undo to ``to_version`` (None: it is allowed)."""
    try:
        undone(decided, to_version)
    except IllegalMove as refusal:
        return refusal.reason
    return None
