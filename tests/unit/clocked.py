"""A table played in memory with the clock as data: each command is decided at the time the test has set, the
system's due actions run through the schedule as the worker runs them, and the log is kept as sealed envelopes
with their commands, an audit that ``service.ops.verify`` checks. Nothing sleeps."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import groupby
from typing import Any

from domain import table as tables
from domain.engine import Command, Event, Seat, rng_for
from domain.schedule import due_at, next_action
from events.envelope import GENESIS, Envelope, seal

SEED = "c1" * 32
#: Per game type, a small table of people only: its seats, options, and the bot whose choices its people make
#: (random play would take thousands of moves to end a Spots or A Dog's Life game).
PEOPLE = {
    "felix": (3, {}, "random"),
    "spots": (2, {}, "greedy"),
    "dogs": (2, {}, "random"),
    "dogslife": (2, {"timed_rounds": 2}, "greedy"),
}
#: Commands a test may play in one go before it calls the game stuck.
MAX_STEPS = 20_000


class Clocked:
    """A game at a clocked table: ``now`` is the server time the next command is decided at."""

    def __init__(
        self, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None, **settings: Any
    ) -> None:
        self.now = 1_000_000.0
        self.table: tables.Table | None = None
        self.envelopes: list[Envelope] = []
        self.commands: dict[str, dict[str, Any]] = {}
        self.send(None, tables.create(game, options or {}, seats, SEED, **settings))

    @classmethod
    def of_people(cls, game: str, **settings: Any) -> Clocked:
        """A table of ``PEOPLE[game]`` human seats, every one claimed (so the game has started)."""
        players, options, _ = PEOPLE[game]
        clocked = cls(game, [{"human": True}] * players, options, **settings)
        for seat in range(players):
            clocked.send(seat, {"type": "ClaimSeat", "seat": seat})
        return clocked

    @property
    def running(self) -> bool:
        return self.table is not None and self.table["status"] == "running"

    def send(self, seat: Seat, command: Command, actor: dict[str, Any] | None = None) -> list[Event]:
        """Decide ``command`` from ``seat`` at ``now`` and log it as the store would; return its events."""
        version = len(self.envelopes)
        rng = rng_for(SEED, version + 1)
        events, self.table = tables.apply(_copy(self.table), seat, command, rng, SEED, self.now)
        command_id = f"c{len(self.commands)}"
        actor = actor or ({"kind": "system"} if seat is None else {"kind": "seat", "seat": seat})
        last = self.envelopes[-1]["hash"] if self.envelopes else GENESIS
        self.envelopes += [s.envelope for s in seal(events, version + 1, last, actor, command_id, self.now)]
        self.commands[command_id] = {"seat": seat, "command": command}
        return events

    def move(self, seat: int) -> list[Event]:
        """The seat's person plays now, a move of the game's ``PEOPLE`` bot (with other draws than the seed's)."""
        return self.send(seat, tables.bot_move(self.table, seat, PEOPLE[self.table["type"]][2], "a person"))

    def event_time(self, version: int) -> float:
        return self.envelopes[version - 1]["time"]

    def due(self) -> float | None:
        """When the system acts next (0.0: at once), None when only a person can move the game on."""
        return due_at(self.table, self.event_time)

    def system(self) -> list[Event] | None:
        """Run the system action due now, as the worker does, if any; return its events."""
        action = next_action(self.table, self.event_time, self.now, SEED)
        if action is None:
            return None
        return self.send(action.seat, action.command, action.actor)

    def settle(self) -> list[list[Event]]:
        """Run every system action due now, one batch each, until none is due; return the batches."""
        batches = []
        while self.running and (batch := self.system()) is not None:
            batches.append(batch)
        return batches

    def wait_for_the_system(self) -> None:
        """Let time pass until the system's next action is due."""
        due = self.due()
        assert due is not None, "nothing will move the game on"
        self.now = max(self.now, due)

    def play(self, prompt: Callable[[int], bool], until: Callable[[], bool] | None = None) -> None:
        """Play on: the system's due actions, then each seat whose person ``prompt`` says moves at once (after 1 s);
        the others stay silent, so time passes to the next deadline. Stops at the end, or once ``until()`` holds."""
        for _ in range(MAX_STEPS):
            if not self.running or until is not None and until():
                return
            if self.system() is not None:
                continue
            movers = [s for s in tables.to_act(self.table) if tables.turn(self.table, s).may_act and prompt(s)]
            if movers:
                self.now += 1.0
                self.move(movers[0])
            else:
                self.wait_for_the_system()
        raise AssertionError("the game did not end")

    def batches(self) -> list[tuple[dict[str, Any], list[Event]]]:
        """Each command's actor and events, in order."""
        return [
            (group[0]["actor"], [{"type": e["type"], "data": e["data"]} for e in group])
            for group in (list(g) for _, g in groupby(self.envelopes, key=lambda e: e["command_id"]))
        ]

    def audit(self) -> dict[str, Any]:
        """The game's audit document, as GET /v1/games/{id}/audit serves it."""
        return _copy({"events": self.envelopes, "seed": SEED, "commands": self.commands})


def types(events: list[Event]) -> list[str]:
    return [event["type"] for event in events]


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))
