"""The webhook process's threads: one at a time waits on the queue in Redis, and every thread runs a job at once.

The process (``python -m workers.webhooks``) runs on a redis-server of the test's own, so that the clients Redis
counts as blocked are the process's alone; it is stopped, then the server.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from rq import Queue
from rq.job import Job

from service.ops.stack import ROOT
from tests.e2e.conftest import wait_for
from tests.faults.redis_server import RedisServer

THREADS = 8
QUEUE = "threads-test"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    own = RedisServer(tmp_path / "redis").start()
    yield own
    own.stop()


@pytest.fixture
def webhook_redis(server: RedisServer) -> Iterator[redis.Redis]:
    """A client of the test's server, which a webhook worker process of THREADS threads serves."""
    env = {**os.environ, "REDIS_URL": server.url, "DOGPARK_QUEUE": QUEUE, "DOGPARK_WEBHOOK_THREADS": str(THREADS)}
    process = subprocess.Popen([sys.executable, "-m", "workers.webhooks"], cwd=ROOT, env=env)
    client = redis.Redis.from_url(server.url)
    try:
        # Every thread's RQ worker names itself to Redis as it starts.
        wait_for(lambda: client.scard("rq:workers") == THREADS, 30, f"{THREADS} webhook workers to start")
        yield client
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)


def blocked(client: redis.Redis) -> int:
    return client.info("clients")["blocked_clients"]


def test_one_thread_at_a_time_waits_on_the_queue_in_redis(webhook_redis):
    wait_for(lambda: blocked(webhook_redis) == 1, 10, "a thread to wait on the queue")
    # Longer than a waiting worker's wake (WORKER_TTL - 15 s): the waits follow one another, never side by side.
    seen = set()
    deadline = time.monotonic() + 6
    while time.monotonic() < deadline:
        seen.add(blocked(webhook_redis))
        time.sleep(0.05)
    assert seen <= {0, 1}


def test_every_thread_runs_a_job_at_once_the_turn_to_wait_passing_on_as_each_is_taken(webhook_redis):
    queue = Queue(f"{QUEUE}-webhooks", connection=webhook_redis)
    jobs = [queue.enqueue("time.sleep", 1.5) for _ in range(THREADS)]

    def all_finished() -> bool:
        return all(job.get_status(refresh=True) == "finished" for job in jobs)

    wait_for(all_finished, 30, "the jobs to finish")
    runs = [Job.fetch(job.id, connection=webhook_redis) for job in jobs]
    # Side by side: each started before any had ended.
    assert max(run.started_at for run in runs) < min(run.ended_at for run in runs)

