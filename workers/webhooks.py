"""Registered webhook bots: their turns, their start and end calls, and the worker process that makes the calls.

When a registered bot's seat must act, the schedule names a ``Call`` (domain/schedule.py); the job that finds it
(workers.jobs.advance) hands it to the queue ``<DOGPARK_QUEUE>-webhooks`` (Services.calls), which
``python -m workers.webhooks`` serves with many threads, each an RQ worker: one process waits on many bots at once,
and a slow bot never holds up the workers that play built-in bots and automatic steps.

A turn's call (docs/bots.md, "The call") holds what the seat may know and nothing else: its view as
``GET /v1/games/{id}`` gives it with its token, its legal moves, the deadline, the last events it may see. Its
answer, ``{"move": <one of the legal moves>}`` within the bot's timeout, is appended as the seat's move. Anything
else (no answer in time, a connection error, a non-2xx, a body that is not that JSON, a move that is not legal,
a retired bot, a URL no longer allowed) is a failure: the seat's fallback built-in bot plays the turn instead, and
the envelope's actor says who moved and why (``{"kind": "bot", "seat", "name": <fallback>, "for": <bot's name>,
"reason"}``). After ``replace_after`` failures in a row the table records ``BotReplaced`` (the system's
``ReplaceBot``), and the fallback plays the seat for the rest of the game, as a built-in bot seat's bot does.

A slow bot may hold only so many of the worker's threads: a call is made only while the bot has fewer than
DOGPARK_WEBHOOK_BOT_CALLS in flight, across the webhook workers; past them the turn is its fallback's at once (reason
``busy``, a failure like any other: a seat whose bot is busy turn after turn is its fallback's for good, played by the
RQ workers, and no longer costs this worker anything). A bot whose calls time out
DOGPARK_WEBHOOK_SUSPEND_AFTER times in a row, in whatever games, is suspended: no new game may seat it until its
owner changes it (PATCH /v1/bots/{id}, if only with ``{}``) and it answers its challenge; the games it sits in go
on.

Nothing is applied twice: a turn's move and its fallback are appended with the version they were decided at and
one command id per (game, version), so a second job for the same version (the sweeper re-queues a stalled game)
is answered by the first one's outcome, and an answer for a superseded version is refused as stale and ignored;
a short lock per (game, version) keeps a second job from calling the bot at all while the first one waits on it.
"""

from __future__ import annotations

import json
import logging
import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import partial
from typing import Any

import redis
from rq import Queue, SimpleWorker
from rq.timeouts import TimerDeathPenalty

from domain import table as tables
from domain.engine import Command, IllegalMove
from domain.language import FALLBACK
from domain.schedule import Call, next_action
from events.bots import Registered
from events.envelope import canonical_json
from events.store import key
from service.core import logs, metrics, wiring
from service.core.handler import Stale
from service.core.reads import game_view, logged_times, rfc3339, visible_event
from service.core.webhook_http import Answer, Failed, Refused, allowed, post, resolve
from service.core.wiring import Services
from workers.jobs import services
from workers.outage import REDIS_DOWN, Outage

log = logging.getLogger("dogpark.webhooks")

#: The events a turn's call shows, the seat's last ones.
EVENTS_SHOWN = 20
#: The largest call sent, in bytes: the kit's server refuses a larger one. A Dogs turn's legal moves may pass 2 MB
#: with their labels (``_fitted`` cuts such a call down), far more than an answer (64 KiB, service.core.webhook_http).
MAX_CALL = 4 * 1024 * 1024
#: Seconds an idle worker thread waits for a job before it looks whether it was asked to stop.
WORKER_TTL = 20
#: Threads of the process that wait on the queue in Redis at once; the others wait their turn in the process. An RQ
#: worker waiting on the queue wakes every WORKER_TTL - 15 s to beat its heart, and 64 of them, started together,
#: woke together: about 40 ms of the process's CPU and 15 ms of Redis's at once every 5 s, which stalled the commands
#: of web processes on the same machine. The turn passes on as soon as a job is taken, before it runs.
QUEUE_WAITERS = 1
#: Seconds at most between the heartbeats of a worker waiting its turn (its key lives WORKER_TTL + 60 s); each wait is
#: drawn between half that and that, so that the waiting workers' heartbeats do not fall together.
TURN_HEARTBEAT = 60
#: Seconds the lock of a (game, version) outlives the calls it covers, so that a second job never calls too.
LOCK_GRACE = 10


class Unusable(Exception):
    """A call whose answer cannot be played; ``reason`` is what the actor of the fallback's move records."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def webhook_seats(table: tables.Table) -> list[int]:
    """The seats registered bots were seated in."""
    return [seat for seat, spec in enumerate(table["seats"]) if "webhook" in spec]


def turn(game_id: str, version: int) -> str:
    """Call the bot whose turn is due at ``version`` and play its answer, or its fallback's move on a failure."""
    meta = metrics.job_meta()
    with IN_FLIGHT.job(), logs.request_id(meta.get("request_id")), metrics.job(meta.get("due")):
        return _turn(services(), game_id, version)


def _turn(svc: Services, game_id: str, version: int) -> str:
    loaded = svc.repo.load(game_id)
    if loaded.version != version:
        return f"stale: the game is at {loaded.version}"
    table, seed = loaded.table, loaded.secret["seed"]
    action = next_action(table, partial(svc.repo.event_time, game_id), time.time(), seed)
    if not isinstance(action, Call):
        return "no webhook call is due"
    bot = svc.bots.get(action.webhook)
    lock = key(game_id, f"webhook:{version}")
    # Held for a start call and a turn's call, each up to the bot's timeout.
    if not svc.redis.set(lock, "1", nx=True, ex=int(2 * (bot.timeout if bot else 0) + LOCK_GRACE)):
        return "another job calls the bot for this version"
    failures_field = f"webhook_failures:{action.seat}"
    failures = int(svc.redis.hget(key(game_id, "meta"), failures_field) or 0)
    started = time.monotonic()
    try:
        if bot is None:
            raise Unusable("retired", f"bot {action.webhook} was retired")
        # Nothing is built for a bot with no place left among its calls in flight: its fallback plays at once.
        with _place(svc, bot) as place:
            _start(svc, game_id, table, loaded.version, action.seat, bot, place)
            body = call_body("turn", game_id, table, version, action.seat, bot, svc, with_events=True)
            answer = _call(svc, bot, body, place)
        move = judge(answer, [legal["command"] for legal in body["legal_moves"]])
    except Unusable as failure:
        metrics.WEBHOOK_SECONDS.labels("turn", failure.reason.split()[0]).observe(time.monotonic() - started)
        log.warning("game %s: %s in seat %d failed: %s", game_id, action.bot, action.seat, failure)
        return _fall_back(svc, game_id, table, version, action, failure, failures + 1, seed, failures_field)
    metrics.WEBHOOK_SECONDS.labels("turn", "ok").observe(time.monotonic() - started)
    actor = {"kind": "bot", "seat": action.seat, "name": action.bot}
    return _append(svc, game_id, version, action.seat, actor, move, [("meta", failures_field, "0")])


def _fall_back(
    svc: Services,
    game_id: str,
    table: tables.Table,
    version: int,
    action: Call,
    failure: Unusable,
    failures: int,
    seed: str,
    failures_field: str,
) -> str:
    """The fallback's move for a failed call; after ``replace_after`` failures in a row (or a retired bot) the
    system's ReplaceBot instead, after which the fallback plays the seat as its own."""
    extra = [("meta", failures_field, str(failures))]
    if failures >= action.replace_after or failure.reason == "retired":
        command = {"type": "ReplaceBot", "seat": action.seat, "failures": failures, "reason": failure.reason}
        return _append(svc, game_id, version, None, {"kind": "system"}, command, extra)
    actor = {"kind": "bot", "seat": action.seat, "name": action.fallback, "for": action.bot, "reason": failure.reason}
    command = tables.bot_move(table, action.seat, action.fallback, seed)
    return _append(svc, game_id, version, action.seat, actor, command, extra)


def _append(
    svc: Services,
    game_id: str,
    version: int,
    seat: int | None,
    actor: dict[str, Any],
    command: Command,
    extra: list[tuple[str, str, str]],
) -> str:
    """Append the turn's outcome at ``version``, once: one command id per (game, version)."""
    try:
        outcome = svc.handler.execute(
            game_id, seat, actor, command, expected_version=version, command_id=f"webhook-{version}", extra=extra
        )
    except Stale:
        return "superseded: the game moved on while the bot was called"
    except IllegalMove as refused:
        log.error("game %s: the turn's %r was refused: %s", game_id, command, refused)
        raise
    how = "as first appended" if outcome.duplicate else f"-> version {outcome.loaded.version}"
    return f"{command['type']} by {actor.get('name', 'the system')} {how}"


def end(game_id: str) -> str:
    """Send each registered bot of a finished game its end call (its ratings are workers.ratings's job)."""
    with IN_FLIGHT.job():
        return _end(services(), game_id)


def _end(svc: Services, game_id: str) -> str:
    loaded = svc.repo.load(game_id)
    table = loaded.table
    for seat in webhook_seats(table):
        bot = svc.bots.get(table["seats"][seat]["webhook"])
        if bot is None:
            continue
        try:
            with _place(svc, bot) as place:
                _start(svc, game_id, table, loaded.version, seat, bot, place)
                _announce(svc, "end", game_id, table, loaded.version, seat, bot, place)
        except Unusable as busy:
            metrics.WEBHOOK_SECONDS.labels("end", busy.reason).observe(0)
            log.warning("game %s: the end call to %s in seat %d was not made: %s", game_id, bot.name, seat, busy)
    return "end calls sent"


def _start(
    svc: Services, game_id: str, table: tables.Table, version: int, seat: int, bot: Registered, place: Place
) -> None:
    """The seat's start call, once per game and seat, before its first turn's call (or its end call)."""
    if svc.redis.hsetnx(key(game_id, "meta"), f"webhook_started:{seat}", "1"):
        _announce(svc, "start", game_id, table, version, seat, bot, place)


def _announce(
    svc: Services,
    kind: str,
    game_id: str,
    table: tables.Table,
    version: int,
    seat: int,
    bot: Registered,
    place: Place,
) -> None:
    """A start or end call; its answer is not used, and a failure is only logged."""
    started = time.monotonic()
    try:
        body = call_body(kind, game_id, table, version, seat, bot, svc, with_events=kind == "end")
        _call(svc, bot, body, place)
        outcome = "ok"
    except Unusable as failure:
        outcome = failure.reason.split()[0]
        log.warning("game %s: the %s call to %s in seat %d failed: %s", game_id, kind, bot.name, seat, failure)
    metrics.WEBHOOK_SECONDS.labels(kind, outcome).observe(time.monotonic() - started)


def call_body(
    kind: str,
    game_id: str,
    table: tables.Table,
    version: int,
    seat: int,
    bot: Registered,
    svc: Services,
    with_events: bool,
) -> dict[str, Any]:
    """A call as the bot receives it: the seat's view and legal moves, the deadline, its last visible events, in
    English, the players called by name.

    The legal moves are the view's, each a whole body ready to POST (``{"command", "expected_version", "label"}``),
    given once, beside the view rather than inside it: a Dogs turn's may pass 2 MB, twice would not fit a call.
    """
    envelopes = svc.store.read(game_id, max(0, version - EVENTS_SHOWN)) if with_events else []
    times = logged_times(envelopes, partial(svc.repo.event_times, game_id))
    view = game_view(game_id, table, version, seat, times, playable=kind == "turn", language=FALLBACK)
    # The players' names as they are now, as the view gives them: a bot reads English.
    names = tables.names(table, FALLBACK)
    legal_moves = view.pop("legal_moves")
    return {
        "kind": kind,
        "game": game_id,
        "type": table["type"],
        "seat": seat,
        "version": version,
        "view": view,
        "legal_moves": legal_moves,
        "deadline": rfc3339(time.time() + bot.timeout),
        "events": [visible_event(table["type"], envelope, seat, FALLBACK, names) for envelope in envelopes],
    }


class Place:
    """One of a bot's places among its calls in flight, held by one job for its calls; what they came to."""

    def __init__(self) -> None:
        #: True once a call timed out; False once a turn was answered in time (and none timed out); None: neither.
        self.timed_out: bool | None = None

    def note(self, timed_out: bool | None) -> None:
        """Note a call's outcome: a timeout outweighs a turn answered in time."""
        if timed_out is not None and self.timed_out is not True:
            self.timed_out = timed_out


@contextmanager
def _place(svc: Services, bot: Registered) -> Iterator[Place]:
    """Hold one of the bot's DOGPARK_WEBHOOK_BOT_CALLS places among its calls in flight, across the webhook workers,
    while one job calls it (else Unusable "busy", at once): a slow bot holds that many of the workers' threads at most.

    On leaving, the calls count towards the bot's timeouts in a row: a timeout adds one, a turn answered in time
    starts them again; at DOGPARK_WEBHOOK_SUSPEND_AFTER the bot is suspended for new games.
    """
    settings = svc.settings
    token = svc.bots.take_call(bot.id, settings.webhook_bot_calls, 2 * bot.timeout + LOCK_GRACE)
    if token is None:
        limit = settings.webhook_bot_calls
        raise Unusable("busy", f"{limit} calls to the bot are in flight already (DOGPARK_WEBHOOK_BOT_CALLS)")
    place = Place()
    try:
        yield place
    finally:
        if svc.bots.end_call(bot.id, token, place.timed_out, settings.webhook_suspend_after):
            metrics.WEBHOOK_SUSPENSIONS.inc()
            log.warning(
                "bot %s (%s) is suspended for new games: its last %d calls timed out; its owner's change lifts it",
                bot.name,
                bot.id,
                settings.webhook_suspend_after,
            )


def _call(svc: Services, bot: Registered, body: dict[str, Any], place: Place) -> Answer:
    """POST one call to the bot, within its timeout, noting its outcome in the ``place`` it is made in; Unusable when
    it gets no answer.

    A call is at most MAX_CALL bytes (what the kit reads); a longer one is cut down until it fits, by what a bot
    needs least: its oldest events, then the view's choices (the same moves as the legal moves), then the legal
    moves' labels (a DOGS cure or kennel arrangement may offer 4,000 moves, 2.7 MB with their labels).
    """
    payload = _compact(body)
    if len(payload) > MAX_CALL:
        payload = _fitted(body)
    try:
        target = resolve(bot.url, allowed(svc.settings.webhook_allow))
        answer = post(target, payload, bot.secret, time.monotonic() + bot.timeout)
    except Refused as refused:
        raise Unusable("refused", str(refused)) from None
    except Failed as failed:
        place.note(failed.reason == "timeout")
        raise Unusable(failed.reason, failed.detail) from None
    # Only a turn answered in time starts the count of timeouts again: a bot that answers its start and end calls at
    # once but never a turn in time is as slow as one that answers nothing.
    place.note(False if body["kind"] == "turn" else None)
    return answer


def _fitted(body: dict[str, Any]) -> bytes:
    """``body`` cut down to MAX_CALL bytes where it can be (as ``_call`` says), compact."""
    # Each event's size is measured once: the call without events, plus the events kept and their commas.
    sizes = [len(_compact(event)) + 1 for event in body["events"]]
    room, kept, dropped = MAX_CALL - len(_compact({**body, "events": []})) + 1, sum(sizes), 0
    while dropped < len(sizes) and kept > room:
        kept -= sizes[dropped]
        dropped += 1
    payload = _compact({**body, "events": body["events"][dropped:]})
    if len(payload) > MAX_CALL and body.get("legal_moves"):
        body = {**body, "events": [], "view": {**body["view"], "choices": None}}
        payload = _compact(body)
    if len(payload) > MAX_CALL and body.get("legal_moves"):
        moves = body["legal_moves"]
        unlabelled = [{"command": move["command"], "expected_version": move["expected_version"]} for move in moves]
        payload = _compact({**body, "legal_moves": unlabelled})
    return payload


def _compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def judge(answer: Answer, legal: list[Command]) -> Command:
    """The move of a turn's answer: one of the commands ``legal``, as the server holds it; Unusable otherwise.

    The answer is ``{"move": <one of the call's legal moves>}``: the whole body as the call gave it
    (``{"command": ..., "expected_version": ..., "label": ...}``), or its command alone.
    """
    if answer.status == 401:
        raise Unusable("signature", "the bot refused the call's signature (401)")
    if not 200 <= answer.status < 300:
        raise Unusable(f"status {answer.status}", f"the bot answered {answer.status}")
    try:
        document = json.loads(answer.body)
    except ValueError:
        raise Unusable("malformed", "the answer is not JSON") from None
    if not isinstance(document, dict) or "move" not in document:
        raise Unusable("malformed", 'the answer is not {"move": ...}')
    move = document["move"]
    if isinstance(move, dict) and "type" not in move and isinstance(move.get("command"), dict):
        move = move["command"]
    chosen = canonical_json(move)
    for command in legal:
        if canonical_json(command) == chosen:
            return command
    raise Unusable("illegal move", f"{chosen[:200]} is not one of the {len(legal)} legal moves")


class _Turns:
    """The right to wait on the queue in Redis, held by QUEUE_WAITERS threads of the process at a time."""

    def __init__(self, waiters: int) -> None:
        self._free = threading.Semaphore(waiters)

    def take(self, worker: SimpleWorker) -> bool:
        """Wait for a turn, beating the worker's heart meanwhile; False (and no turn) once it was asked to stop."""
        while not self._free.acquire(timeout=random.uniform(0.5, 1) * TURN_HEARTBEAT):
            if worker._stop_requested:
                return False
            # The thread whose turn it is meets an outage, and says so.
            with suppress(*REDIS_DOWN):
                worker.heartbeat()
        if worker._stop_requested:
            self._free.release()
            return False
        return True

    def give_back(self) -> None:
        """End a turn: the next waiting thread takes it."""
        self._free.release()


class _ThreadWorker(SimpleWorker):
    """An RQ worker that runs in a thread of the webhook process: the process's main thread takes the signals, no
    command channel of its own, a job's time limit by a timer (signals reach the main thread only), and a turn to
    wait on the queue (QUEUE_WAITERS)."""

    death_penalty_class = TimerDeathPenalty

    def __init__(self, *args: Any, turns: _Turns, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turns = turns

    def dequeue_job_and_maintain_ttl(self, timeout: int | None, max_idle_time: int | None = None) -> Any:
        """RQ's wait for a job, in this thread's turn; None once the worker was asked to stop before its turn."""
        if not self.turns.take(self):
            return None
        try:
            return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
        finally:
            self.turns.give_back()

    def _install_signal_handlers(self) -> None:
        """The main thread asks each worker to stop (``serve``)."""

    def subscribe(self) -> None:
        """No pub/sub thread per worker: the process is stopped by its signals."""

    def unsubscribe(self) -> None:
        """Nothing was subscribed."""


class _InFlight:
    """The jobs this process is running, which a stopping process lets end."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()

    @contextmanager
    def job(self) -> Iterator[None]:
        """Count the job run inside."""
        with self._lock:
            self.count += 1
        try:
            yield
        finally:
            with self._lock:
                self.count -= 1


IN_FLIGHT = _InFlight()


def serve(svc: Services, threads: int, queue: Queue | None = None) -> None:
    """Serve ``queue`` (by default the webhook queue) with ``threads`` RQ workers in this process until SIGTERM or
    SIGINT: at most that many of its jobs run at once (the search worker serves its queue so, workers/search.py).

    On a stop, no worker takes another job, and the process ends once the calls in hand are done (each within its
    bot's timeout): its threads, most of them waiting for a job, end with it. A Redis outage ends a worker's RQ loop,
    and a fresh one starts once Redis answers, as in workers.outage.keep_working.
    """
    stopping = threading.Event()
    current: list[_ThreadWorker | None] = [None] * threads

    def stop(signum: int, frame: object) -> None:
        stopping.set()
        for worker in current:
            if worker is not None:
                worker._stop_requested = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    queue = queue or wiring.webhook_queue(svc.settings, svc.worker_redis)
    outage = Outage(log)
    turns = _Turns(QUEUE_WAITERS)

    def work(index: int) -> None:
        while not stopping.is_set():
            outage.wait_for(svc.worker_redis)
            try:
                current[index] = worker = _ThreadWorker(
                    [queue], connection=svc.worker_redis, worker_ttl=WORKER_TTL, turns=turns
                )
                worker._stop_requested = stopping.is_set()
                worker.work(logging_level="WARNING")
            except REDIS_DOWN as error:
                log.warning("a worker's loop on %s ended (%s); it starts again once Redis answers", queue.name, error)
            time.sleep(0 if stopping.is_set() else outage.first)

    for index in range(threads):
        threading.Thread(target=work, args=(index,), name=f"{queue.name}-{index}", daemon=True).start()
    log.info("serving %s with %d threads", queue.name, threads)
    while not stopping.is_set():
        time.sleep(0.2)
    # A worker that took a job as the stop came runs it too: wait until none is running for a moment.
    quiet_since = time.monotonic()
    while time.monotonic() - quiet_since < 0.5:
        time.sleep(0.05)
        if IN_FLIGHT.count:
            quiet_since = time.monotonic()


def main() -> None:
    """The webhook worker process: ``python -m workers.webhooks`` (service/ops/stack.py starts one)."""
    logs.configure()
    svc = services()
    serve(svc, svc.settings.webhook_threads)


if __name__ == "__main__":
    try:
        main()
    except redis.RedisError as error:
        raise SystemExit(f"dogpark webhooks: {error}") from None
