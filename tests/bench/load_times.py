"""Game load times against log length: logs written through the real CommandHandler, timed via Repository."""

from __future__ import annotations

import time
from dataclasses import dataclass

from domain import table as tables
from service.core.repository import domain_event, snapshot_tag
from service.core.wiring import Services
from tests.bench.counter_game import register
from tests.bench.summary import median

SEAT0 = {"kind": "seat", "seat": 0}


@dataclass(frozen=True)
class Timed:
    """The median of ``samples`` timings of one operation, and the snapshot the load started from."""

    median: float
    samples: int
    snapshot_at: int
    events_after: int


class CounterLog:
    """One bench-counter game on the real handler; ``grow_to`` ticks it up to a version."""

    def __init__(self, services: Services) -> None:
        self.services = services
        game_type = register()
        created = services.handler.create(game_type, {}, [{"human": True}])
        self.game_id = created.game_id
        _, outcome = services.handler.claim(self.game_id, 0, None)
        self.version = outcome.loaded.version
        self.tag = snapshot_tag(game_type)
        self.write_seconds = 0.0
        self.writes = 0

    def grow_to(self, version: int) -> None:
        """Execute Tick commands (one event each) until the game is at ``version``."""
        start = time.perf_counter()
        while self.version < version:
            outcome = self.services.handler.execute(self.game_id, 0, SEAT0, {"type": "Tick"})
            self.version = outcome.loaded.version
            self.writes += 1
        self.write_seconds += time.perf_counter() - start

    def snapshot_at(self) -> int:
        """The version of the game's stored snapshot (0: none)."""
        found = self.services.store.load_snapshot(self.game_id, self.tag)
        return found[0] if found else 0


def time_loads(logs: list[CounterLog], samples: int) -> list[Timed]:
    """Median Repository.load time (newest snapshot + the events after it, folded) of each log.

    The logs are loaded in turn, sample after sample, so that a busy moment of the machine weighs on all alike.
    """
    repo = logs[0].services.repo
    for log in logs:
        loaded = repo.load(log.game_id)
        assert loaded.version == log.version, (loaded.version, log.version)
    timings: list[list[float]] = [[] for _ in logs]
    for _ in range(samples):
        for log, timing in zip(logs, timings, strict=True):
            start = time.perf_counter()
            repo.load(log.game_id)
            timing.append(time.perf_counter() - start)
    timed = []
    for log, timing in zip(logs, timings, strict=True):
        snapshot_at = log.snapshot_at()
        timed.append(Timed(median(timing), samples, snapshot_at, log.version - snapshot_at))
    return timed


def time_replay(log: CounterLog, samples: int) -> Timed:
    """Median time of a load with no snapshot: every event of the game read and folded from the start."""
    store = log.services.store
    timings = []
    for _ in range(samples):
        start = time.perf_counter()
        tables.fold([domain_event(envelope) for envelope in store.read(log.game_id, 0, log.version)])
        timings.append(time.perf_counter() - start)
    return Timed(median(timings), samples, 0, log.version)
