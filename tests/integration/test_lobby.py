"""The lobby index on the real Redis, each test under its own key prefix so it sees only its own games."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis as redis_py

from events.envelope import GENESIS
from events.lobby import Lobby
from events.store import GAME_KEYS, RedisStore, key


@pytest.fixture
def lobby(redis: redis_py.Redis) -> Iterator[Lobby]:
    index = Lobby(redis, prefix=f"test-lobby-{uuid.uuid4()}")
    yield index
    leftovers = list(redis.scan_iter(match=f"{{{index.prefix}}}:*"))
    if leftovers:
        redis.delete(*leftovers)


def test_a_game_is_listed_under_its_type_and_status_and_overall(lobby):
    lobby.index("g1", "dogpark", "open", 100.0)

    assert lobby.list(type="dogpark", status="open") == ["g1"]
    assert lobby.list(status="open") == ["g1"]
    assert lobby.list(type="dogpark") == ["g1"]
    assert lobby.list() == ["g1"]
    assert lobby.list(type="spots") == []
    assert lobby.list(status="running") == []


def test_a_new_status_moves_the_game_out_of_its_old_one(lobby):
    lobby.index("g1", "dogpark", "open", 100.0)
    lobby.index("g1", "dogpark", "running", 100.0)
    lobby.index("g1", "dogpark", "finished", 100.0)

    assert [lobby.list(status=status) for status in ("open", "running", "finished")] == [[], [], ["g1"]]
    assert lobby.list(type="dogpark", status="finished") == ["g1"]
    assert lobby.list() == ["g1"]


def test_games_are_listed_newest_first_and_paged_by_creation_time(lobby):
    for n in range(5):
        lobby.index(f"g{n}", "dogpark" if n % 2 else "spots", "open", 100.0 + n)

    assert lobby.list(limit=3) == ["g4", "g3", "g2"]
    assert lobby.list(limit=3, before=102.0) == ["g1", "g0"]
    assert lobby.list(type="spots") == ["g4", "g2", "g0"]


def test_a_removed_game_is_listed_nowhere(lobby):
    lobby.index("g1", "dogpark", "running", 100.0)

    lobby.remove("g1", "dogpark")

    assert lobby.list() == lobby.list(status="running") == lobby.list(type="dogpark") == []


def test_an_unknown_status_is_refused(lobby):
    with pytest.raises(ValueError):
        lobby.index("g1", "dogpark", "paused", 100.0)


def test_reindex_repairs_an_index_a_crash_left_behind(lobby, redis):
    store = RedisStore(redis)
    games = {f"test-{uuid.uuid4()}": ("dogpark", "running", 100.0 + n) for n in range(3)}
    try:
        for game_id in games:
            store.append(game_id, 0, GENESIS, "create", [{"type": "GameCreated", "data": {}}], {"kind": "system"})
        # As if the service crashed: one game never indexed, one indexed under a stale status, one long gone.
        first, second, third = games
        lobby.index(second, "dogpark", "open", games[second][2])
        lobby.index("test-gone", "spots", "finished", 50.0)

        listed = lobby.reindex(store, games.get)

        assert listed == 3
        assert lobby.list(status="running") == [third, second, first]
        assert lobby.list(status="open") == lobby.list(status="finished") == lobby.list(type="spots") == []
    finally:
        redis.delete(*(key(game_id, suffix) for game_id in games for suffix in GAME_KEYS))
