"""Where a delayed game's spectators stop: the version before the oldest of its latest moves, a move being one seat's
decision once the game started (an append whose actor names a seat); system steps and claims are not moves."""

from __future__ import annotations

from typing import Any

from events.envelope import GENESIS
from events.memory import MemoryStore
from service.core.spectator_delay import Moves, horizon, latest_moves
from service.streams.batches import batches

SEAT = {"kind": "seat", "seat": 0}
BOT = {"kind": "bot", "seat": 1, "name": "greedy", "for": "absent"}
SYSTEM = {"kind": "system"}
#: Before the game starts: the table (the system's), two claims, the second bringing the game's first events.
OPENING = [(SYSTEM, 1), (SEAT, 1), ({"kind": "seat", "seat": 1}, 3)]
#: The version before the game's first event (the last claim's own event is version 3).
OFFSET = 3


def logged(appends: list[tuple[dict[str, Any], int]]) -> MemoryStore:
    """A store holding game "g": each append's actor and its number of events, in order."""
    store, version, last = MemoryStore(), 0, GENESIS
    for index, (actor, count) in enumerate(appends):
        events = [{"type": "Happened", "data": {"n": n}} for n in range(count)]
        result = store.append("g", version, last, f"c{index}", events, actor)
        version, last = result.last, result.envelopes[-1]["hash"]
    return store


def table(delay: int, status: str = "running") -> dict[str, Any]:
    return {"spectator_delay": delay, "offset": OFFSET, "status": status}


def test_the_horizon_is_the_version_before_the_oldest_of_the_latest_moves():
    # Moves begin at versions 6 (seat), 8 (a bot for the seat) and 11 (seat); 10 is a system step.
    store = logged([*OPENING, (SEAT, 2), (BOT, 2), (SYSTEM, 1), (SEAT, 1)])

    assert horizon(store, "g", table(1), 11) == 10
    assert horizon(store, "g", table(2), 11) == 7
    assert horizon(store, "g", table(3), 11) == 5
    # Fewer moves made than the delay: the spectators stop before the first.
    assert horizon(store, "g", table(10), 11) == 5


def test_a_system_step_after_the_latest_move_shows_only_when_that_move_does():
    store = logged([*OPENING, (SEAT, 1), (SYSTEM, 3)])

    assert horizon(store, "g", table(1), 9) == 5


def test_before_any_move_and_once_over_the_spectators_read_the_whole_game():
    assert horizon(logged(OPENING), "g", table(2), 5) == 5
    assert horizon(logged([*OPENING, (SEAT, 1)]), "g", table(2, "finished"), 6) == 6


def test_a_table_without_a_delay_has_no_moves_to_keep():
    assert latest_moves(logged([*OPENING, (SEAT, 1)]), "g", {"offset": OFFSET, "status": "running"}, 6) is None


def test_moves_folded_as_they_come_move_the_horizon_as_a_read_back_finds_it():
    appends = [*OPENING, (SEAT, 2), (BOT, 2), (SYSTEM, 1), (SEAT, 1), (SEAT, 70)]
    store = logged(appends)
    folded = Moves(2, [])
    for appended in batches(store.read("g")):
        folded.add(appended[0], OFFSET)

    assert folded.horizon(table(2), 81) == horizon(store, "g", table(2), 81) == 10


class Counted(MemoryStore):
    """A memory store that counts its looks back through a log."""

    def __init__(self) -> None:
        super().__init__()
        self.looks = 0

    def read_back(self, game_id: str, through: int, limit: int) -> list:
        self.looks += 1
        return super().read_back(game_id, through, limit)


def test_a_horizon_named_by_its_logs_last_hash_is_looked_for_once_and_kept():
    store, version, last = Counted(), 0, GENESIS
    for index, (actor, count) in enumerate([*OPENING, (SEAT, 2), (SEAT, 1)]):
        result = store.append("g", version, last, f"c{index}", [{"type": "Happened", "data": {}}] * count, actor)
        version, last = result.last, result.envelopes[-1]["hash"]

    first = horizon(store, "g", table(1), version, last)
    looks = store.looks
    again = horizon(store, "g", table(1), version, last)

    assert first == again == 7 and looks > 0 and store.looks == looks
    # Under another hash (a log that lost its end and went on), the horizon is looked for afresh.
    horizon(store, "g", table(1), version, "another")
    assert store.looks > looks
