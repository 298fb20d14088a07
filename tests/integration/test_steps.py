"""A game's steps queued by service.core.steps on the real Redis are RQ's jobs: its worker runs them, its scheduler
queues those due later, and one step queued twice is one job."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import redis as redis_py
from rq import Queue, SimpleWorker
from rq.job import Job, JobStatus
from rq.registry import ScheduledJobRegistry
from rq.scheduler import RQScheduler

from service.core import logs
from service.core.steps import Steps
from workers import jobs


@pytest.fixture
def queue(redis: redis_py.Redis) -> Iterator[Queue]:
    """A queue of the test's own, emptied with its scheduled registry and jobs after it."""
    queue = Queue(f"test-{uuid.uuid4().hex[:8]}", connection=redis)
    yield queue
    registry = ScheduledJobRegistry(queue=queue)
    redis.delete(*(Job.key_for(job_id) for job_id in registry.get_job_ids()), registry.key)
    queue.empty()


@pytest.fixture
def game() -> str:
    """A game id of the test's own: job ids are RQ's, across queues."""
    return f"g{uuid.uuid4().hex[:12]}"


def later(seconds: float = 60.0) -> float:
    """A due time ``seconds`` from now."""
    return time.time() + seconds


def test_a_step_due_now_is_a_queued_job_that_rqs_worker_runs(queue, game, monkeypatch):
    ran = []
    monkeypatch.setattr(jobs, "advance", lambda game_id, version: ran.append((game_id, version)) or "done")

    Steps(queue).enqueue(game, 4, time.time())
    job = Job.fetch(f"advance-{game}-4", connection=queue.connection)
    queued = (queue.job_ids, job.func_name, job.args, job.get_status(), job.origin)
    SimpleWorker([queue], connection=queue.connection).work(burst=True)

    assert queued == ([f"advance-{game}-4"], "workers.jobs.advance", (game, 4), JobStatus.QUEUED, queue.name)
    assert ran == [(game, 4)]
    assert job.get_status(refresh=True) == JobStatus.FINISHED


def test_a_step_due_later_waits_in_rqs_scheduled_registry_until_its_scheduler_queues_it(queue, game, monkeypatch):
    due = later()
    scheduler = RQScheduler([queue], connection=queue.connection)
    scheduler.acquire_locks()
    scheduler.prepare_registries()

    Steps(queue).enqueue(game, 4, due)
    job_id = f"due-{game}-{int(due * 1000)}"
    scheduled = ScheduledJobRegistry(queue=queue).get_scheduled_time(job_id)
    status = Job.fetch(job_id, connection=queue.connection).get_status()
    scheduler.enqueue_scheduled_jobs()
    before = list(queue.job_ids)
    monkeypatch.setattr("rq.scheduler.current_timestamp", lambda: int(due))
    scheduler.enqueue_scheduled_jobs()

    assert (scheduled, status, before) == (datetime.fromtimestamp(int(due), UTC), JobStatus.SCHEDULED, [])
    assert queue.job_ids == [job_id]
    assert Job.fetch(job_id, connection=queue.connection).args == (game, None)


@pytest.mark.parametrize("due", [0.0, 60.0], ids=["due now", "due later"])
def test_a_step_queued_again_by_another_process_stays_the_one_job_first_queued(queue, game, due):
    at = later(due) if due else time.time()
    with logs.request_id("first"):
        Steps(queue).enqueue(game, 4, at)
    with logs.request_id("second"):
        Steps(queue).enqueue(game, 4, at)

    job_ids = queue.job_ids + ScheduledJobRegistry(queue=queue).get_job_ids()
    assert len(job_ids) == 1
    assert Job.fetch(job_ids[0], connection=queue.connection).meta["request_id"] == "first"


def test_a_deadline_a_process_queued_already_is_not_sent_again_but_a_changed_one_is(queue, game, monkeypatch):
    steps, first, moved = Steps(queue), later(60), later(90)
    steps.enqueue(game, 4, first)
    sent = []
    execute = queue.connection.execute_command

    def counted(*args: object, **options: object) -> object:
        sent.append(args)
        return execute(*args, **options)

    monkeypatch.setattr(queue.connection, "execute_command", counted)

    steps.enqueue(game, 5, first)
    unsent = len(sent)
    steps.enqueue(game, 6, moved)
    steps.enqueue(game, 7, first)

    assert unsent == 0 and len(sent) == 2
    assert sorted(ScheduledJobRegistry(queue=queue).get_job_ids()) == sorted(
        f"due-{game}-{int(at * 1000)}" for at in (first, moved)
    )
