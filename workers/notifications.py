"""The notifications worker: tells a player who is away, by each of the player's channels, in the player's language.

``Notifications.send`` (service/core/notify.py) queues ``deliver`` on ``<DOGPARK_QUEUE>-notifications``, which
``python -m workers.notifications`` serves (the stack starts one). A job waits DOGPARK_NOTIFY_DELAY_SECONDS from its
queuing, so that a stream the player has open has handed out the turn; then it tells the player nothing if the player
is here (events/presence.py: a stream of the player's, or of the game's seat, is open), or if what it tells is over
(the turn was played, the clock was reset). Else it builds the notification (the #33 contract: id, kind, game,
version, title, body, url, language, data) and hands it to each channel of ``CHANNELS``.

Turns are told once per game and turn, and not one by one in a rush: after a turn's push, more games coming to wait
for the player within DOGPARK_NOTIFY_DIGEST_SECONDS are told at the end of that time in one digest ("3 games wait for
you"), or as the one turn they are if only one still waits. A clock warning waits (in RQ's scheduled registry) until
DOGPARK_CLOCK_WARNING of its turn's time is left. Notifications say only what every player of the game may know:
the game's name, that it is the player's turn, how long is left, that it ended.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import redis
from rq import get_current_job

from domain.catalogue import GAMES, game_name
from domain.language import FALLBACK, message, render
from events.presence import present
from events.push import PushSubscriptions
from service.core import logs
from service.core.notify import NOTIFY_JOB, notifications_queue, scope
from service.core.problems import WORDS
from service.core.wiring import Services
from workers import notification_hooks, push
from workers.jobs import services
from workers.outage import keep_working

log = logging.getLogger("dogpark.notifications")

#: Each channel a notification goes by: a function given the services, the player and the notification.
Channel = Callable[[Services, str, dict[str, Any]], None]
CHANNELS: dict[str, Channel] = {
    "push": push.send,
    "webhook": notification_hooks.send,
}
#: Seconds the record of the turns a player was told is kept after the last one.
TOLD_SECONDS = 7 * 86_400
#: Seconds early a scheduled job may run: RQ's scheduler takes jobs due within the current second.
SCHEDULE_SLACK = 1.5


def told_key(pid: str) -> str:
    """The hash of the turns a player was told, by game id: the version each was told at."""
    return f"player:{{{pid}}}:notify:told"


def window_key(pid: str) -> str:
    """The key that lives for DOGPARK_NOTIFY_DIGEST_SECONDS after a turn's push: its value names the window."""
    return f"player:{{{pid}}}:notify:window"


def pending_key(pid: str) -> str:
    """The hash of the turns that came within a window, by game id: their versions, for the window's digest."""
    return f"player:{{{pid}}}:notify:pending"


def game_url(game_id: str | None) -> str | None:
    """The web client's path to a game (service/http/web: ``#/games/<id>``)."""
    return None if game_id is None else f"/#/games/{game_id}"


def notification(
    player: str, kind: str, game: str | None, version: int | None, data: dict[str, Any], language: str
) -> dict[str, Any]:
    """The notification a channel receives, its title and body in ``language``; ``data`` as given, which the body's
    words take their arguments from (the game's type, named in the player's language, a count, seconds left)."""
    game_type = data.get("type")
    named = (
        game_name(game_type, language)
        if game_type in GAMES
        else render(message("notify-game-unnamed"), language, root=WORDS)
    )
    args = {name: value for name, value in data.items() if isinstance(value, str | int | float)} | {"game": named}
    # A challenge's words name its other player: one whose record is gone is "another player", not a failed job.
    args.setdefault("by", render(message("notify-player-unnamed"), language, root=WORDS))
    return {
        "id": f"{player}:{kind}:{scope(game, data)}:{'' if version is None else version}",
        "kind": kind,
        "game": game,
        "version": version,
        "title": render(message(f"notify-{kind}-title"), language, root=WORDS),
        "body": render(message(f"notify-{kind}-body", **args), language, root=WORDS),
        "url": game_url(game),
        "language": language,
        "data": data,
    }


def deliver(player: str, kind: str, game: str | None, version: int | None, data: dict[str, Any]) -> str:
    """Tell ``player`` of ``kind`` by each channel, if the player is away and it still holds (the RQ job)."""
    job = get_current_job()
    if job is not None and job.enqueued_at is not None:
        # Time for a stream of the player's to hand out what this tells, and to be seen doing so.
        wait = job.enqueued_at.replace(tzinfo=UTC).timestamp() + services().settings.notify_delay_seconds - time.time()
        if wait > 0:
            time.sleep(wait)
    with logs.request_id(job.meta.get("request_id") if job is not None else None):
        return tell(services(), player, kind, game, version, data)


def tell(svc: Services, player: str, kind: str, game: str | None, version: int | None, data: dict[str, Any]) -> str:
    """``deliver``'s decision, once its delay has passed: what it did, for RQ's result."""
    entry = svc.players.entry(player, game) if game is not None else None
    if kind == "clock":
        # RQ's scheduler runs a job in the second it is due, up to a second early.
        if time.time() < data["warn_at"] - SCHEDULE_SLACK:
            when = datetime.fromtimestamp(data["warn_at"], UTC)
            svc.notifications.send(player, kind, game, version, at=when, **data)
            return "held until the warning is due"
        if entry is None or not entry["your_turn"] or entry["deadline"] != data["deadline"]:
            return "the turn was played"
        data = {**data, "seconds": max(0, round(data["deadline"] - time.time()))}
    if kind == "turn" and (entry is None or not entry["your_turn"]):
        return "the turn was played"
    if present(svc.redis, player, game, entry["seats"] if entry else ()):
        return "the player is here"
    if kind == "turn":
        assert game is not None and version is not None
        return _turn(svc, player, game, version, data)
    send(svc, player, notification(player, kind, game, version, data, language(svc, player)))
    return f"{kind} sent"


def _turn(svc: Services, player: str, game: str, version: int, data: dict[str, Any]) -> str:
    """A turn is told once; after one was pushed, the others of the window wait for its digest."""
    told = svc.redis.hget(told_key(player), game)
    if told is not None and int(told) >= version:
        return "the turn was told already"
    window = secrets.token_hex(4)
    seconds = svc.settings.notify_digest_seconds
    if seconds <= 0 or svc.redis.set(window_key(player), window, nx=True, px=int(seconds * 1000)):
        _told(svc.redis, player, {game: version})
        send(svc, player, notification(player, "turn", game, version, data, language(svc, player)))
        return "turn sent"
    with svc.redis.pipeline(transaction=True) as pipe:
        pipe.hset(pending_key(player), game, version)
        pipe.expire(pending_key(player), TOLD_SECONDS)
        pipe.get(window_key(player))
        pipe.pttl(window_key(player))
        _, _, current, left = pipe.execute()
    # One digest job a window (its id names the window); a window that ended meanwhile gets a digest at once.
    name = current.decode() if current is not None else window
    when = datetime.fromtimestamp(time.time() + max(left, 0) / 1000, UTC)
    svc.notifications.queue.enqueue_at(
        when, "workers.notifications.digest", player, job_id=f"notify-{player}-digest-{name}", **NOTIFY_JOB
    )
    return "turn kept for the digest"


def digest(player: str) -> str:
    """At the end of a window: tell the turns that came within it, in one digest if more than one still waits (the
    RQ job)."""
    return digest_now(services(), player)


def digest_now(svc: Services, player: str) -> str:
    """``digest``'s work: what it did, for RQ's result."""
    with svc.redis.pipeline(transaction=True) as pipe:
        pipe.hgetall(pending_key(player))
        pipe.delete(pending_key(player))
        pending, _ = pipe.execute()
    told = svc.redis.hgetall(told_key(player))
    due: dict[str, int] = {}
    for raw, version in pending.items():
        game, version = raw.decode(), int(version)
        entry = svc.players.entry(player, game)
        if entry is None or not entry["your_turn"] or int(told.get(raw, 0)) >= version:
            continue
        if not present(svc.redis, player, game, entry["seats"]):
            due[game] = version
    if not due:
        return "nothing waits"
    if present(svc.redis, player):
        return "the player is here"
    # A new window: turns coming within it wait for its own digest.
    svc.redis.set(window_key(player), secrets.token_hex(4), px=max(1, int(svc.settings.notify_digest_seconds * 1000)))
    _told(svc.redis, player, due)
    spoken = language(svc, player)
    if len(due) == 1:
        ((game, version),) = due.items()
        entry = svc.players.entry(player, game)
        data = {"type": entry["type"]} if entry else {}
        send(svc, player, notification(player, "turn", game, version, data, spoken))
        return "turn sent"
    waiting = [e["game"] for e in svc.players.games(player, status="running", limit=100) if e["your_turn"]]
    count = len(set(waiting) | set(due))
    told_now = sorted(due)
    data = {"count": count, "games": told_now}
    notice = notification(player, "digest", None, None, data, spoken) | {
        "id": f"{player}:turn:digest:{min(told_now)}:{max(due.values())}",
        "kind": "turn",
    }
    send(svc, player, notice)
    return f"digest of {count} games sent"


def _told(client: redis.Redis, player: str, turns: dict[str, int]) -> None:
    """Record the turns the player is told (one push per game and turn)."""
    with client.pipeline(transaction=True) as pipe:
        pipe.hset(told_key(player), mapping={game: str(version) for game, version in turns.items()})
        pipe.expire(told_key(player), TOLD_SECONDS)
        pipe.execute()


def language(svc: Services, player: str) -> str:
    """The language the player's notifications are written in: the one the player last gave, else English."""
    return PushSubscriptions(svc.redis).language(player) or FALLBACK


def send(svc: Services, player: str, notification: dict[str, Any]) -> None:
    """Hand the notification to each channel; a channel that fails does not keep it from the others."""
    for name, channel in CHANNELS.items():
        try:
            channel(svc, player, notification)
        except Exception:
            log.exception("notification %s by %s failed", notification["id"], name)


def main() -> None:
    """The notifications worker process: ``python -m workers.notifications`` (service/ops/stack.py starts one)."""
    logs.configure()
    svc = services()
    keep_working([notifications_queue(svc.settings, svc.worker_redis)], svc.worker_redis)


if __name__ == "__main__":
    try:
        main()
    except redis.RedisError as error:
        raise SystemExit(f"dogpark notifications: {error}") from None
