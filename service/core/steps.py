"""A game's next system step queued as RQ's job ``workers.jobs.advance``, in one round trip.

RQ's unique enqueue takes two round trips (it names the queue among RQ's queues, then runs its script), and its
``enqueue_at`` one, both behind several layers of set-up per call; together they were a quarter of a command's path
in A Dog's Life, whose every action queues its phase's deadline again. ``Steps`` makes the job as RQ makes it
(``Queue.create_job``, ``Job.to_dict``) and writes it as RQ's unique scripts do, in one script: the job's hash unless
a job of its id exists, its id on the queue (or, due later, in the queue's scheduled registry, which a worker's
scheduler moves to the queue when due), and the queue among RQ's queues. RQ's workers run it as any other job.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from rq import Queue
from rq.job import JobStatus
from rq.registry import ScheduledJobRegistry

from service.core import logs

#: How long a finished job's id is kept, so a duplicate enqueue of the same step collapses into it.
JOB_RESULT_TTL = 600
#: How long a failed step's job is kept, for a look at why.
JOB_FAILURE_TTL = 86400
#: The scheduled steps a process remembers having queued, at most (then it starts over).
REMEMBERED = 10_000

# KEYS[1] the job's hash, KEYS[2] the queue (ARGV[2] empty) or its scheduled registry, KEYS[3] RQ's set of queues
# ARGV[1] the job id, ARGV[2] the time it is due (seconds, as RQ scores it) or "" for at once, ARGV[3] the queue's
# key, ARGV[4..] the job's fields and values. Answers 0 for a job id that exists (a duplicate of a step), else 1.
_STEP_LUA = """
if redis.call("EXISTS", KEYS[1]) == 1 then
  return 0
end
redis.call("HSET", KEYS[1], unpack(ARGV, 4))
if ARGV[2] == "" then
  redis.call("RPUSH", KEYS[2], ARGV[1])
else
  redis.call("ZADD", KEYS[2], ARGV[2], ARGV[1])
end
redis.call("SADD", KEYS[3], ARGV[3])
return 1
"""


class Steps:
    """The queues of games' system steps (bot turns, automatic steps, deadlines) of one process: one for the games
    with a person in a seat, one for all-bot games, which a worker serves only while the first is empty."""

    def __init__(self, queue: Queue, bots: Queue | None = None) -> None:
        #: Where the steps of games with a person go, and those of all-bot games (by default, the same queue).
        self.queue = queue
        self.bots = bots if bots is not None else queue
        self._script = queue.connection.register_script(_STEP_LUA)
        self._registries = {q.name: ScheduledJobRegistry(queue=q).key for q in (self.queue, self.bots)}
        #: The id of the step due later each game last had queued by this process: a command that leaves its
        #: deadline as it was queues the same step again, which RQ's uniqueness would refuse.
        self._scheduled: dict[str, str] = {}

    def enqueue(
        self, game_id: str, version: int | None, at: float, all_bots: bool = False, job_id: str | None = None
    ) -> None:
        """Queue workers.jobs.advance for ``game_id``, due at ``at``, on the queue of its kind of game (``all_bots``:
        every seat a bot's); duplicates of one step collapse by job id.

        A step due now is tied to the version it was due at: a job that finds the game moved on does nothing. A step
        due later (a deadline, a timed end) is not, because other events may come first; the job re-checks what is
        due. ``job_id`` names the job otherwise (the sweeper's re-enqueue).
        """
        queue = self.bots if all_bots else self.queue
        now = time.time()
        later = at > now
        if later:
            version = None
        # RQ job ids take letters, digits, "_" and "-" only.
        if job_id is None:
            job_id = f"advance-{game_id}-{version}" if version is not None else f"due-{game_id}-{int(at * 1000)}"
        if later and self._scheduled.get(game_id) == job_id:
            # Queued by this process and not yet due, so not yet run: its job is still there to refuse this one.
            return
        job = queue.create_job(
            "workers.jobs.advance",
            args=(game_id, version),
            job_id=job_id,
            result_ttl=JOB_RESULT_TTL,
            failure_ttl=JOB_FAILURE_TTL,
            # When it is due (its lateness is measured) and the request it comes from (its log lines name it).
            meta={"due": at, "request_id": logs.REQUEST_ID.get()},
            status=JobStatus.SCHEDULED if later else JobStatus.QUEUED,
        )
        if not later:
            job.enqueued_at = datetime.fromtimestamp(now, UTC)
        fields: list[Any] = [item for field in job.to_dict().items() for item in field]
        # RQ scores a scheduled job by its due time in whole seconds; a job woken early waits again (workers/jobs.py).
        target, due = (self._registries[queue.name], int(at)) if later else (queue.key, "")
        self._script(keys=[job.key, target, Queue.redis_queues_keys], args=[job_id, due, queue.key, *fields])
        if later:
            if len(self._scheduled) >= REMEMBERED:
                self._scheduled.clear()
            self._scheduled[game_id] = job_id
