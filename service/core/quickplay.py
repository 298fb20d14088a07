"""Quick play: a player waits in a queue per game type, player count and options; the server seats it at a table.

A table forms as soon as the queue holds enough players (events/quickplay.py matches them in one script: the oldest
first, then those nearest its rating, when ``rating_of`` gives ratings). A player who asked for bots after a wait is
seated, once the wait is over, with the players nearest it who accept bots too, and the game's built-in bots fill
the other seats: a job queued for that moment does it (workers/quickplay.py), and the sweeper looks again every
DOGPARK_SWEEP_SECONDS in case the job was lost. Each player seated is notified (``seated``), and its stream follows
the new game from its first event, as for any game it joins.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import BadOptions
from events.quickplay import PlayerEntry, Queues, Window
from service.core.problems import TOO_MANY_QUEUES, Problem
from service.core.reads import rfc3339
from service.core.seating import seat_everyone
from service.core.wiring import Services

#: The queues a player may wait in at once.
QUEUES_PER_PLAYER = 3
#: The longest wait a player may ask for before bots fill its table.
MAX_BOTS_AFTER = 3600
#: How long a player's entries are kept after their last change (a formed game's, for GET /v1/quickplay to show).
KEEP_SECONDS = 86_400
#: How long a queue nobody waits in stays in the sweeper's look after its last join.
IDLE_SECONDS = 3600
#: The built-in bot that fills a table's empty seats, where the game has it (else the table's default bot).
FILLING_BOT = "greedy"

#: A player's rating for the game type of a queue (None: unrated), which orders who is seated together.
RatingOf = Callable[[str], float | None]
#: The rating window of a queue, in the ratings' units (OpenSkill's ordinal, mostly 0 to 50): players this far apart
#: sit together at once, and the window widens by the second with the first player's wait.
RATING_WINDOW: Window = (5.0, 0.5)


def queue_name(game_type: str, players: int, options: dict[str, Any]) -> str:
    """The queue of a game type, player count and (normalized) options: players wait only with their like."""
    digest = hashlib.sha256(json.dumps(options, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
    return f"{game_type}:{players}:{digest}"


def normalized(game_type: str, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The options as the game normalizes them for ``players``; raises BadOptions as POST /v1/games would."""
    rules = GAMES.get(game_type)
    if rules is None:
        raise BadOptions("type", f"unknown game type {game_type!r}; see /v1/game-types")
    if not rules.min_players <= players <= rules.max_players:
        raise BadOptions("players", f"{rules.name} takes {rules.min_players} to {rules.max_players} players")
    return rules.normalize_options(options or {}, players)


def join(
    svc: Services,
    pid: str,
    game_type: str,
    players: int,
    options: dict[str, Any] | None = None,
    bots_after_seconds: float | None = None,
    rating_of: RatingOf | None = None,
    window: Window = RATING_WINDOW,
) -> PlayerEntry:
    """Put ``pid`` in the queue of the game type, player count and options, and form a table if it is full.

    Joining a queue the player waits in keeps its place (and takes the new wait for bots). Answers the player's
    entry in the queue, as ``status`` shows it.
    """
    chosen = normalized(game_type, players, options)
    queue = queue_name(game_type, players, chosen)
    queues = Queues(svc.redis, svc.settings.queue)
    held = queues.entries(pid)
    waiting = [name for name, entry in held.items() if entry["game"] is None and name != queue]
    if len(waiting) >= QUEUES_PER_PLAYER:
        raise Problem(
            TOO_MANY_QUEUES,
            f"the player waits in {len(waiting)} queues already, the most at once; leave one (DELETE /v1/quickplay)",
            limit=QUEUES_PER_PLAYER,
        )
    now = time.time()
    mine = held.get(queue)
    since = mine["since"] if mine is not None and mine["game"] is None else now
    entry = {
        "queue": queue,
        "type": game_type,
        "players": players,
        "options": chosen,
        "since": since,
        "bots_after_seconds": bots_after_seconds,
        "game": None,
    }
    queues.note(pid, entry, KEEP_SECONDS)
    bots_at = None if bots_after_seconds is None else now + bots_after_seconds
    about = {"type": game_type, "players": players, "options": chosen}
    # Without a function of its own (a test's), the player's rating in the game type: nearest ratings sit together.
    rating = rating_of(pid) if rating_of is not None else svc.ratings.rating_of(pid, game_type)
    seated = queues.join(queue, about, pid, now, rating, bots_at, window)
    if seated:
        form(svc, queues, queue, about, seated)
    elif bots_at is not None:
        # RQ's scheduler moves a job to its queue in the whole second it is due (and looks once a second): the job is
        # scheduled for the second the wait ends in, and waits out the rest itself.
        second = math.floor(bots_at)
        job = f"quickplay-{hashlib.sha256(queue.encode()).hexdigest()[:16]}-{second}"
        at = datetime.fromtimestamp(second, UTC)
        svc.queue.enqueue_at(at, "workers.quickplay.fill", queue, bots_at, job_id=job)
    return shown(queues, pid, queues.entries(pid)[queue])


def form(svc: Services, queues: Queues, queue: str, about: dict[str, Any], seated: list[str]) -> str:
    """Create the game of the players a queue's script took out of it (bots in the seats left) and tell them."""
    rules = GAMES[about["type"]]
    bot = FILLING_BOT if FILLING_BOT in rules.bots else tables.DEFAULT_BOT
    seats: list[dict[str, Any]] = []
    for pid in seated:
        player = svc.players.get(pid)
        seats.append({"player": pid, "name": player["name"] if player is not None else None})
    seats += [{"bot": bot}] * (about["players"] - len(seated))
    game = seat_everyone(svc.handler, about["type"], about["options"], seats)
    for pid in seated:
        entry = queues.entries(pid).get(queue) or {"queue": queue, **about, "since": None, "bots_after_seconds": None}
        queues.note(pid, {**entry, "game": game.game_id}, KEEP_SECONDS)
        svc.notifications.send(pid, "seated", game=game.game_id)
    return game.game_id


def fill(svc: Services, queue: str, now: float | None = None, window: Window = RATING_WINDOW) -> list[str]:
    """Seat the players of ``queue`` whose rating windows, widened by their wait, now meet, and, with bots, every
    player whose wait for bots is over; answers the games formed."""
    queues = Queues(svc.redis, svc.settings.queue)
    about = queues.queues().get(queue)
    if about is None:
        return []
    at = time.time() if now is None else now
    formed = []
    while seated := queues.match(queue, about["players"], at, window):
        formed.append(form(svc, queues, queue, about, seated))
    while seated := queues.fill(queue, about["players"], at):
        formed.append(form(svc, queues, queue, about, seated))
    return formed


def fill_all(svc: Services, now: float | None = None) -> list[str]:
    """``fill`` every queue: the sweeper's look for windows widened and waits over, should a job have been lost.

    A queue nobody joined for ``IDLE_SECONDS`` and nobody waits in is dropped from the look (its next player brings it
    back), so that the sweeper's work follows the queues in use, not every set of options ever asked for.
    """
    queues = Queues(svc.redis, svc.settings.queue)
    at = time.time() if now is None else now
    formed = []
    for queue, about in queues.queues().items():
        formed += fill(svc, queue, at)
        if about.get("joined", 0) < at - IDLE_SECONDS and queues.size(queue) == 0:
            queues.forget_queue(queue)
    return formed


def shown(queues: Queues, pid: str, entry: PlayerEntry) -> PlayerEntry:
    """A player's entry as GET /v1/quickplay shows it: waiting (its place and the queue's size) or seated."""
    position, size = queues.place(entry["queue"], pid) if entry["game"] is None else (None, None)
    return {
        **entry,
        "status": "waiting" if entry["game"] is None else "seated",
        "position": position,
        "size": size,
        "since": None if entry["since"] is None else rfc3339(entry["since"]),
    }


def status(svc: Services, pid: str) -> list[PlayerEntry]:
    """The player's entries in the queues it joined, oldest first."""
    queues = Queues(svc.redis, svc.settings.queue)
    entries = sorted(queues.entries(pid).values(), key=lambda entry: entry["since"] or 0)
    return [shown(queues, pid, entry) for entry in entries]


def leave(svc: Services, pid: str) -> None:
    """Take the player out of every queue it waits in, and forget its entries."""
    queues = Queues(svc.redis, svc.settings.queue)
    for queue, entry in queues.entries(pid).items():
        if entry["game"] is None:
            queues.leave(queue, pid)
        queues.forget(pid, queue)
