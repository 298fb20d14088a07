"""Loading through a snapshot: a fresh repository (no cache) gives the game a fold of its whole log gives.

Real games of every type are played by their bots through the command handler, the way a worker plays them
(workers.jobs.advance), with a snapshot every few versions and no game cache anywhere, so every command is
decided on a game loaded through its snapshot. After each command a fresh repository loads the game again; once the
game is over, it replays every version.
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
#: Every third snapshot is kept for replays.
KEEP_EVERY = 3
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

    def load_at(self, game_id: str, tag: str, version: int) -> tuple[int, Any, list[Envelope]]:
        """The store's load of a past version, noted."""
        after, state, envelopes = super().load_at(game_id, tag, version)
        self.last_load = (after, len(envelopes))
        return after, state, envelopes


@pytest.fixture
def services(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    """Services that snapshot every few versions and cache no game; the test runs the workers' job itself."""
    svc = build(
        Settings(redis_url=redis_url, snapshot_every=SNAPSHOT_EVERY, snapshot_keep_every=KEEP_EVERY, game_cache=0)
    )
    # Steps are performed here, in order, instead of by a worker from the queue.
    svc.handler.enqueue = lambda *step: None
    monkeypatch.setattr(jobs, "services", lambda: svc)
    yield svc
    svc.redis.close()


def crossings(commits: list[int], every: int) -> list[int]:
    """The versions of the commits that crossed a multiple of ``every``."""
    return [after for before, after in pairwise(commits) if after // every > before // every]


def expected_snapshot(commits: list[int]) -> int:
    """The version of the newest snapshot: the last commit that crossed a multiple of SNAPSHOT_EVERY (0: none)."""
    crossed = crossings(commits, SNAPSHOT_EVERY)
    return crossed[-1] if crossed else 0


def expected_start(commits: list[int], version: int) -> int:
    """Where a replay of ``version`` starts: the newest snapshot if it is not past the version, else the nearest kept
    one at or before it (a commit that crossed a multiple of SNAPSHOT_EVERY x KEEP_EVERY), else 0."""
    newest = expected_snapshot(commits)
    if newest <= version:
        return newest
    return max([kept for kept in crossings(commits, SNAPSHOT_EVERY * KEEP_EVERY) if kept <= version], default=0)


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


@pytest.fixture
def played(services: Services) -> Iterator[list[tuple[str, str]]]:
    """The (game id, type) of the games a test plays, deleted after it."""
    games: list[tuple[str, str]] = []
    yield games
    for game_id, game_type in games:
        services.redis.delete(*(key(game_id, suffix) for suffix in GAME_KEYS))
        services.lobby.remove(game_id, game_type)


def play_bots(
    svc: Services, game_type: str, played: list[tuple[str, str]], check_loads: bool = False
) -> tuple[str, list[int]]:
    """Play an all-bot game to its end as a worker would (``check_loads``: checking a fresh load after every
    command); its id and the game's version after each commit."""
    seats, options = LINEUPS[game_type]
    game_id = svc.handler.create(game_type, options, seats).game_id
    played.append((game_id, game_type))
    commits = [0, svc.store.version(game_id)]
    for _ in range(MAX_COMMANDS):
        if check_loads:
            check_a_fresh_load(svc, game_id, commits)
        if svc.repo.load(game_id).table["status"] == "finished":
            return game_id, commits
        done = jobs.advance(game_id, None)
        assert "version" in done, f"{game_type} stopped at version {commits[-1]}: {done}"
        commits.append(svc.store.version(game_id))
    raise AssertionError(f"{game_type} did not end after {MAX_COMMANDS} commands")


def check_every_replay(svc: Services, game_id: str, commits: list[int]) -> None:
    """A fresh repository replays every version of the finished game from the nearest snapshot at or before it, and
    gets what the log folds to up to that version."""
    log = svc.store.read(game_id)
    store = CountingStore(svc.redis)
    repo = Repository(store, cache_size=0)
    table = None
    for version, envelope in enumerate(log, start=1):
        table = tables.evolve(table, domain_event(envelope))

        loaded, _ = repo.load_at(game_id, version)

        assert loaded.table == table, f"the replay of version {version} is not the fold of the log up to it"
        assert (loaded.version, loaded.last_hash) == (version, envelope["hash"])
        start = expected_start(commits, version)
        assert store.last_load == (start, version - start), f"the replay of {version} did not start at {start}"


@pytest.mark.parametrize("game_type", sorted(LINEUPS))
def test_a_game_loaded_through_its_snapshot_by_a_fresh_repository_is_the_fold_of_its_whole_log(
    services, played, game_type
):
    _, commits = play_bots(services, game_type, played, check_loads=True)

    # The game was long enough to be loaded through many successive snapshots.
    assert commits[-1] > 5 * SNAPSHOT_EVERY
    assert len({expected_snapshot(commits[: i + 1]) for i in range(len(commits))}) > 5


@pytest.mark.parametrize("game_type", sorted(LINEUPS))
def test_a_replay_of_any_version_starts_from_the_nearest_snapshot_at_or_before_it_and_is_the_fold_up_to_it(
    services, played, game_type
):
    game_id, commits = play_bots(services, game_type, played)

    check_every_replay(services, game_id, commits)

    # Replays started from several kept snapshots.
    assert len({expected_start(commits, version) for version in range(1, commits[-1] + 1)}) > 3
