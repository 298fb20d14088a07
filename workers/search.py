"""The turns of bot levels that think (``medium``, ``hard``: a search, docs/bots.md "Levels"), and the worker process
that plays them.

When such a level must move, in a bot seat of its own or for a person's seat (its ``on_timeout`` names it), the
schedule names a ``Think`` (domain/schedule.py); the job that finds it (workers.jobs.advance) hands it to the queue
``<DOGPARK_QUEUE>-search``, which ``python -m workers.search`` serves with DOGPARK_SEARCH_THREADS RQ workers (1 by
default): a process runs that many searches at once at most, and the workers of the other bot turns and automatic
steps never run one, so a hard search delays no other game's turn.

The level is given what a person at the seat has, and nothing else (``inputs``): the seat's view, its legal moves,
its redacted log of the game (Repository.history), and an rng drawn from the game's secret seed. Its move is appended
as the seat's own (a bot seat) or as the system's ``PlayFor {seat, move}`` (a person's seat, which stays as it stands:
an absent seat is not taken back), with the version it was decided at and one command id per (game, version), so a
second job for the same version appends nothing twice and a job for a version the game left does nothing; a short
lock per (game, version) keeps a second job from searching at all while the first one does. A search that fails
(an exception, an illegal move, or longer than DOGPARK_SEARCH_DEADLINE) plays greedy's move instead, so a game never
stalls on one.
"""

from __future__ import annotations

import gc
import logging
import math
import random
import time
from dataclasses import dataclass
from functools import partial

import redis
from rq.timeouts import BaseTimeoutException, TimerDeathPenalty

from domain import table as tables
from domain.engine import Command, Event, IllegalMove, View, bot_rng
from domain.schedule import Think, next_action
from events.envelope import canonical_json
from events.store import key
from service.core import logs, metrics
from service.core.handler import Stale
from service.core.repository import Loaded
from service.core.wiring import Services, search_queue
from workers.jobs import current, services
from workers.webhooks import IN_FLIGHT, LOCK_GRACE, serve

log = logging.getLogger("dogpark.search")

#: The bot whose move a failed search plays instead: every game with levels has one, and it moves at once.
FALLBACK_BOT = "greedy"


class SearchDeadline(BaseTimeoutException):
    """A search ran past DOGPARK_SEARCH_DEADLINE (raised in its thread by a timer)."""


@dataclass(frozen=True)
class Inputs:
    """All a thinking level is given for a turn: the seat's view, its legal moves, its rng, its redacted log."""

    view: View
    legal: list[Command]
    rng: random.Random
    history: list[Event]


def inputs(svc: Services, loaded: Loaded, seat: int) -> Inputs:
    """What a person at ``seat`` has of the game ``loaded`` (its view and legal moves as the game's rules give them,
    its redacted log from the store), and the rng the secret seed gives the seat's bot at this version."""
    table = loaded.table
    rules, game = tables.rules_of(table), table["game"]
    rng = bot_rng(loaded.secret["seed"], table["version"], seat)
    return Inputs(rules.view(game, seat), rules.legal_moves(game, seat), rng, svc.repo.history(loaded, seat))


def think(game_id: str, version: int) -> str:
    """Search for the level whose turn is due at ``version`` and play its move (greedy's, if the search fails)."""
    meta = metrics.job_meta()
    with IN_FLIGHT.job(), logs.request_id(meta.get("request_id")), metrics.job(meta.get("due")):
        return _think(services(), game_id, version)


def _think(svc: Services, game_id: str, version: int) -> str:
    loaded = current(svc, game_id, version)
    if isinstance(loaded, str):
        return loaded
    seed = loaded.secret["seed"]
    due = next_action(loaded.table, partial(svc.repo.event_time, game_id), time.time(), seed)
    if not isinstance(due, Think):
        return "no search is due"
    deadline = svc.settings.search_deadline
    if not svc.redis.set(key(game_id, f"search:{version}"), "1", nx=True, ex=math.ceil(deadline) + LOCK_GRACE):
        return "another job searches for this version"
    began = time.perf_counter()
    move, failure = choose(svc, loaded, due, deadline)
    if failure is not None:
        log.warning(
            "game %s: the %s search in seat %d failed (%s); greedy's move is played",
            game_id,
            due.level,
            due.seat,
            failure,
        )
    action = due.action(move)
    try:
        outcome = svc.handler.execute(
            game_id, action.seat, action.actor, action.command, expected_version=version, command_id=f"search-{version}"
        )
    except Stale:
        return "superseded: the game moved on while the level searched"
    except IllegalMove as refused:
        log.error("game %s: the %s level's %r was refused: %s", game_id, due.level, action.command, refused)
        raise
    metrics.bot_moved(loaded.table["type"], action.actor, time.perf_counter() - began)
    how = "as first appended" if outcome.duplicate else f"-> version {outcome.loaded.version}"
    chosen = due.level if failure is None else f"greedy for {due.level} ({failure})"
    return f"{chosen} in seat {due.seat} {how}"


def choose(svc: Services, loaded: Loaded, due: Think, deadline: float) -> tuple[Command, str | None]:
    """The level's move and None; or, when its search fails, greedy's move and why."""
    given = inputs(svc, loaded, due.seat)
    bot = tables.thinker_bot(tables.rules_of(loaded.table), due.level)
    try:
        with TimerDeathPenalty(deadline, SearchDeadline):
            move = bot(given.view, given.legal, given.rng, given.history)
        chosen = canonical_json(move)
        if any(canonical_json(legal) == chosen for legal in given.legal):
            return move, None
        failure = "illegal move"
    except SearchDeadline:
        failure = f"past {deadline:g} s"
    except Exception as error:  # a bug in a game's search must not stall its games
        log.exception("the %s search failed", due.level)
        failure = type(error).__name__
    return tables.bot_move(loaded.table, due.seat, FALLBACK_BOT, loaded.secret["seed"]), failure


def main() -> None:
    """The search worker process: ``python -m workers.search`` (service/ops/stack.py starts one)."""
    logs.configure()
    svc = services()
    # A search makes and drops many small objects: the loaded modules are left out of the collector's full passes,
    # one of which could fall inside a search's budget (docs/benchmarks.md, the simulator), as in the web workers.
    gc.freeze()
    serve(svc, svc.settings.search_threads, search_queue(svc.settings, svc.worker_redis))


if __name__ == "__main__":
    try:
        main()
    except redis.RedisError as error:
        raise SystemExit(f"dogpark search: {error}") from None
