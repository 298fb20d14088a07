"""The RQ job: take a game id, perform the system action due now, through the command handler."""

from __future__ import annotations

import logging
import time
from functools import cache

from domain.engine import IllegalMove
from domain.schedule import Call, Think, due_at, next_action
from service.core import logs, metrics
from service.core.config import Settings
from service.core.handler import Stale, all_bots
from service.core.problems import NOT_FOUND, Problem
from service.core.repository import Loaded
from service.core.wiring import Services, build

log = logging.getLogger("dogpark.jobs")

#: The longest a job woken before its step is due sleeps for it: RQ scores a step due later in whole seconds, and so
#: wakes it within the second it is due, often before it; queued again, its job's id (still held) would refuse it.
EARLY = 2.0


@cache
def services() -> Services:
    """This worker process's services, built once."""
    return build(Settings.from_env())


def advance(game_id: str, version: int | None) -> str:
    """Play the bot turn or automatic step due in ``game_id``; a job for an older version does nothing.

    It runs under the id of the request that caused it, and is measured (service/core/metrics.py).
    """
    meta = metrics.job_meta()
    with logs.request_id(meta.get("request_id")), metrics.job(meta.get("due")):
        return _advance(game_id, version)


def current(svc: Services, game_id: str, version: int | None) -> Loaded | str:
    """The game, if a job for it at ``version`` (None: any) has something to do; else why not."""
    try:
        loaded = svc.repo.load(game_id)
    except Problem as missing:
        if missing.kind is not NOT_FOUND:
            raise
        # Archived since the job was queued (an open table's expiry stays queued after the game starts).
        return "gone: the game was archived"
    if version is not None and loaded.version != version:
        return f"stale: the game is at {loaded.version}"
    return loaded


def _advance(game_id: str, version: int | None) -> str:
    svc = services()
    loaded = current(svc, game_id, version)
    if isinstance(loaded, str):
        return loaded

    def event_time(version: int) -> float:
        return svc.repo.event_time(game_id, version)

    now = time.time()
    began = time.perf_counter()
    # A bot's rng comes from the secret seed: one seeded from public values would let a client replay its choice.
    action = next_action(loaded.table, event_time, now, loaded.secret["seed"])
    due = due_at(loaded.table, event_time) if action is None else None
    if due is not None and 0 < due - now <= EARLY:
        time.sleep(due - now)
        now = time.time()
        action = next_action(loaded.table, event_time, now, loaded.secret["seed"])
    if action is None:
        if due is not None:
            # Woken early (clock skew between hosts): come back when the step is due.
            svc.steps.enqueue(game_id, loaded.version, due, all_bots(loaded.table))
        return "nothing due"
    if isinstance(action, Call):
        # A registered bot's call may take seconds: the webhook worker makes it, not this one.
        svc.calls.turn(game_id, loaded.version)
        return f"seat {action.seat}'s call to {action.bot} is queued"
    if isinstance(action, Think):
        # So may a search: the search worker makes it, and this worker goes on with other games' turns.
        svc.searches.think(game_id, loaded.version)
        return f"seat {action.seat}'s {action.level} search is queued"
    try:
        outcome = svc.handler.execute(game_id, action.seat, action.actor, action.command, loaded.version)
    except Stale:
        return "stale: another command came first"
    except IllegalMove as refused:
        log.error("game %s: the system's %r was refused: %s", game_id, action.command, refused)
        raise
    metrics.bot_moved(loaded.table["type"], action.actor, time.perf_counter() - began)
    return f"{action.command['type']} -> version {outcome.loaded.version}"
