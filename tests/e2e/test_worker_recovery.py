"""A worker killed mid-game loses no bot turn: the other worker or the sweeper resumes the game."""

from __future__ import annotations

import signal
import time

import redis as redis_py
from rq import Queue

from tests.e2e.conftest import bot_game, finished, wait_for


def version_of(api, game_id: str) -> int:
    return api("GET", f"/v1/games/{game_id}").json()["version"]


def test_a_game_finishes_when_a_worker_is_killed_mid_game(api, stack):
    game_id = bot_game(api, ["random"] * 5)
    wait_for(lambda: version_of(api, game_id) > 20, 60, "the game to get going")

    victim = stack.workers.pop(0)
    victim.send_signal(signal.SIGKILL)
    victim.wait(10)
    stack.add_worker()

    assert wait_for(lambda: finished(api, game_id), 180, "the game to finish after the kill")


def test_a_lost_job_is_resumed_by_the_sweeper(api, stack, redis_url):
    game_id = bot_game(api, ["random"] * 4)
    wait_for(lambda: version_of(api, game_id) > 10, 60, "the game to get going")
    # Kill every worker, then drop what they left queued: exactly what a job lost in a dying worker looks like.
    for worker in stack.workers:
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
    stack.workers.clear()
    Queue(stack.extra_env["DOGPARK_QUEUE"], connection=redis_py.Redis.from_url(redis_url)).empty()
    stalled_at = version_of(api, game_id)

    started = time.monotonic()
    for _ in range(2):
        stack.add_worker()
    # Nothing is queued any more: only the sweeper can find the stalled game and queue its step again.
    assert wait_for(lambda: version_of(api, game_id) > stalled_at, 60, "the sweeper to resume the game")
    recovery = time.monotonic() - started
    print(f"recovery after a lost job: {recovery:.2f} s (stall 2 s, sweep every 0.5 s)")

    assert wait_for(lambda: finished(api, game_id), 180, "the game to finish")
