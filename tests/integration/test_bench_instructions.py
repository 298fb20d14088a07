"""The instructions bench's counted run: a client that plays real moves through the WSGI app, the same games in
every run (what valgrind counts is tests/bench/instructions.py's business; this checks what it runs)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest
import redis

from tests.bench.instructions import SEATS


def drive(redis_url: str, game: str, moves: int) -> subprocess.CompletedProcess:
    """One counted run's process, without valgrind."""
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "DOGPARK_EXTRA_GAMES": "counter",
        "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
        # A queue of the test's own on the shared Redis, for any step a game enqueues.
        "DOGPARK_QUEUE": f"instructions-{uuid.uuid4().hex[:8]}",
    }
    command = [sys.executable, "-m", "tests.bench.instructions", "--drive", game, str(moves)]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120, check=False)


def metas(client: redis.Redis) -> set[bytes]:
    """The meta keys of every game on the Redis."""
    return set(client.scan_iter("game:*:meta"))


def seeds(client: redis.Redis, keys: set[bytes]) -> list[bytes]:
    """The secret seeds of these games, oldest first."""
    return [seed for _, seed in sorted(client.hmget(key, "created", "seed") for key in keys)]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_counted_run_plays_its_moves_and_deals_the_same_games_each_time(redis_url: str, game: str) -> None:
    client = redis.Redis.from_url(redis_url)
    before = metas(client)
    first = drive(redis_url, game, 30)
    assert first.returncode == 0, first.stderr[-2000:]
    after_first = metas(client)
    second = drive(redis_url, game, 30)
    assert second.returncode == 0, second.stderr[-2000:]
    made_first, made_second = after_first - before, metas(client) - after_first
    try:
        assert made_first and seeds(client, made_second) == seeds(client, made_first)
    finally:
        for key in made_first | made_second:
            client.delete(*client.keys(key.decode().removesuffix("meta") + "*"))
