"""Many processes appending to one game through RedisStore: optimistic concurrency loses and doubles nothing."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from multiprocessing.synchronize import Barrier

import redis as redis_py

from events.contract import Conflict
from events.envelope import GENESIS, verify_chain
from events.store import RedisStore, key

WORKERS = 8
COMMANDS = 100


def run_commands(redis_url: str, game_id: str, worker: int, start: Barrier, conflicts: multiprocessing.Queue) -> None:
    """Issue COMMANDS one-event commands, each decided on the version just read and retried on Conflict."""
    store = RedisStore(redis_py.Redis.from_url(redis_url))
    actor = {"kind": "seat", "seat": worker}
    lost = 0
    # Spawned processes start one by one; without the barrier the first could finish before the last begins.
    start.wait()
    for n in range(COMMANDS):
        while True:
            version = store.version(game_id)
            prev_hash = store.read(game_id, after=version - 1)[-1]["hash"] if version else GENESIS
            try:
                store.append(game_id, version, prev_hash, f"w{worker}-c{n}", [{"type": "Tick", "data": {}}], actor)
                break
            except Conflict:
                lost += 1
    conflicts.put(lost)


def test_eight_processes_of_a_hundred_commands_append_exactly_eight_hundred_chained_events(redis_url, redis, game_id):
    spawn = multiprocessing.get_context("spawn")
    start, conflicts = spawn.Barrier(WORKERS), spawn.Queue()
    workers = [
        spawn.Process(target=run_commands, args=(redis_url, game_id, worker, start, conflicts))
        for worker in range(WORKERS)
    ]
    for process in workers:
        process.start()
    lost = [conflicts.get(timeout=60) for _ in workers]
    for process in workers:
        process.join(timeout=10)
        assert process.exitcode == 0

    events = RedisStore(redis).read(game_id)
    assert len(events) == WORKERS * COMMANDS
    assert [e["version"] for e in events] == list(range(1, WORKERS * COMMANDS + 1))
    assert max(Counter(e["command_id"] for e in events).values()) == 1
    # One record per command, and under the empty field the head the last append left.
    assert redis.hlen(key(game_id, "cmds")) == WORKERS * COMMANDS + 1
    assert redis.hget(key(game_id, "cmds"), "") == f"{len(events)} {events[-1]['hash']}".encode()
    assert verify_chain(events) is None
    # The workers really did race, or this test proves nothing about concurrency.
    assert sum(lost) > 0
