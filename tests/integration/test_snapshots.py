"""Loading through a snapshot: a fresh repository (no cache) gives the game a fold of its whole log gives.

Real games of every type are played by their bots through the command handler, the way a worker plays them
(workers.jobs.advance), with a snapshot every few versions and no game cache anywhere, so every command is
decided on a game loaded through its snapshot. After each command a fresh repository loads the game again.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from domain import table as tables
from events.envelope import Envelope
from events.store import GAME_KEYS, RedisStore, key
from service.core.config import Settings
from service.core.repository import Repository, domain_event, snapshot_tag
from service.core.wiring import Services, build
from workers import jobs

SNAPSHOT_EVERY = 7
#: Seats and options per game type: games short enough to play whole in a few seconds.
LINEUPS: dict[str, tuple[list[dict[str, Any]], dict[str, Any]]] = {
    "felix": ([{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}], {}),
    "spots": ([{"bot": "greedy"}, {"bot": "random"}], {}),
    "dogs": ([{"bot": "greedy"}, {"bot": "random"}], {}),
    "dogslife": ([{"bot": "greedy"}, {"bot": "greedy"}], {"bone_target": 2}),
}
#: Enough commands for any of these games to end; a game still running after them is a failure.
MAX_COMMANDS = 2000


class CountingStore(RedisStore):
    """A RedisStore that remembers what its last load read: the snapshot's version and how many events after it."""

    last_load: tuple[int, int] | None = None

    def load(self, game_id: str, tag: str) -> tuple[int, Any, list[Envelope]]:
        """The store's load, noted."""
        version, state, envelopes = super().load(game_id, tag)
        self.last_load = (version, len(envelopes))
        return version, state, envelopes


@pytest.fixture
def services(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    """Services that snapshot every few versions and cache no game; the test runs the workers' job itself."""
    svc = build(Settings(redis_url=redis_url, snapshot_every=SNAPSHOT_EVERY, game_cache=0))
    # Steps are performed here, in order, instead of by a worker from the queue.
    svc.handler.enqueue = lambda game_id, version, at: None
    monkeypatch.setattr(jobs, "services", lambda: svc)
    yield svc
    svc.redis.close()


def expected_snapshot(commits: list[int]) -> int:
    """The version of the newest snapshot: the last commit that crossed a multiple of SNAPSHOT_EVERY (0: none)."""
    crossed = [after for before, after in pairwise(commits) if after // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY]
    return crossed[-1] if crossed else 0


def fold(envelopes: list[Envelope]) -> tables.Table | None:
    """The game after ``envelopes``, folded from nothing."""
    return tables.fold([domain_event(e) for e in envelopes])


def check_a_fresh_load(svc: Services, game_id: str, commits: list[int]) -> None:
    """A fresh repository loads the game through its newest snapshot, and gets what the whole log folds to."""
    log = svc.store.read(game_id)
    snapshot = expected_snapshot(commits)
    store = CountingStore(svc.redis)

    loaded = Repository(store, cache_size=0).load(game_id)

    assert loaded.table == fold(log), f"the game loaded at version {len(log)} is not the fold of its log"
    assert (loaded.version, loaded.last_hash) == (len(log), log[-1]["hash"])
    assert store.last_load == (snapshot, len(log) - snapshot), "the load did not start from the newest snapshot"
    if snapshot:
        version, state = svc.store.load_snapshot(game_id, snapshot_tag(loaded.rules_type))
        assert version == snapshot
        assert state == {"table": fold(log[:snapshot]), "hash": log[snapshot - 1]["hash"]}


def play_bots_checking_every_load(svc: Services, game_type: str) -> list[int]:
    """Play an all-bot game to its end as a worker would; check a fresh load after every command."""
    seats, options = LINEUPS[game_type]
    game_id = svc.handler.create(game_type, options, seats).game_id
    try:
        commits = [0, svc.store.version(game_id)]
        check_a_fresh_load(svc, game_id, commits)
        for _ in range(MAX_COMMANDS):
            done = jobs.advance(game_id, None)
            assert "version" in done, f"{game_type} stopped at version {commits[-1]}: {done}"
            commits.append(svc.store.version(game_id))
            check_a_fresh_load(svc, game_id, commits)
            if svc.repo.load(game_id).table["status"] == "finished":
                return commits
        raise AssertionError(f"{game_type} did not end after {MAX_COMMANDS} commands")
    finally:
        svc.redis.delete(*(key(game_id, suffix) for suffix in GAME_KEYS))
        svc.lobby.remove(game_id, game_type)


@pytest.mark.parametrize("game_type", sorted(LINEUPS))
def test_a_game_loaded_through_its_snapshot_by_a_fresh_repository_is_the_fold_of_its_whole_log(
    services, game_type
):
    commits = play_bots_checking_every_load(services, game_type)

    # The game was long enough to be loaded through many successive snapshots.
    assert commits[-1] > 5 * SNAPSHOT_EVERY
    assert len({expected_snapshot(commits[: i + 1]) for i in range(len(commits))}) > 5
