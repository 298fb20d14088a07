"""The caps on the bot games one client address has running at once: all-bot games
(DOGPARK_BOT_GAMES_PER_ADDRESS), and games with a seat that searches (DOGPARK_SEARCH_GAMES_PER_ADDRESS).

An all-bot game plays on the server's workers by itself, as fast as they go, for as long as its bots take: a client
that starts many of them keeps the workers busy without sending another request. Games with a person in a seat are
served first (service/core/steps.py); this cap keeps what one address may start within bounds as well. A level
that searches (``medium``, ``hard``) thinks on the search worker, whose threads serve every game's searches in turn:
an address with many such games would queue its searches before everybody else's, so it may have only a few.

Keys (global, one per address and cap)::

    botgames:{<client address>}      sorted set: the all-bot games the address created (and reservations of ones
    searchgames:{<client address>}   being created, ``reserved:<token>``), by creation time; expires a day after the
                                     last one

A game leaves the set once it is seen finished (or gone: archived) at the address's next creation. A creation first
reserves its place, then counts, so that of two creations racing for the last place neither passes unseen.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import redis

from events.store import as_text, key
from service.core.problems import TOO_MANY_BOT_GAMES, TOO_MANY_SEARCH_GAMES, Kind, Problem

#: Seconds a reservation counts at most: a creation that died half-way leaves one behind.
RESERVATION_SECONDS = 60
#: Seconds the set of an address outlives its last creation.
KEPT_SECONDS = 86_400
#: Seconds a refused creation is told to wait: a guess, since games end when their bots finish them.
RETRY_AFTER = 10
RESERVED = "reserved:"


@dataclass(frozen=True)
class Cap:
    """One kind of game an address may have only so many of running: its keys' prefix, its problem, its setting."""

    prefix: str
    kind: Kind
    setting: str
    games: str


ALL_BOTS = Cap("botgames", TOO_MANY_BOT_GAMES, "DOGPARK_BOT_GAMES_PER_ADDRESS", "all-bot games")
SEARCHING = Cap("searchgames", TOO_MANY_SEARCH_GAMES, "DOGPARK_SEARCH_GAMES_PER_ADDRESS", "games with a searching bot")


@contextmanager
def place(client: redis.Redis, cap: Cap, address: str, most: int) -> Iterator[list[str]]:
    """Hold a place among ``address``'s running games of the ``cap``'s kind while one is created: 429 (the cap's
    problem) when it has ``most`` of them (0: no cap) already. Append the created game's id to the list yielded: it
    takes the place; else the place is given back."""
    created: list[str] = []
    if most <= 0:
        yield created
        return
    games, now = f"{cap.prefix}:{{{address}}}", time.time()
    reservation = f"{RESERVED}{secrets.token_hex(8)}"
    client.zadd(games, {reservation: now})
    try:
        running = _running(client, games, now)
        if running > most:
            raise Problem(
                cap.kind,
                f"this address has {running - 1} {cap.games} running, the most it may ({cap.setting} = {most}); "
                "wait for one to finish",
                headers={"Retry-After": str(RETRY_AFTER)},
                running=running - 1,
            )
        yield created
    finally:
        pipe = client.pipeline(transaction=False)
        pipe.zrem(games, reservation)
        if created:
            pipe.zadd(games, {game_id: now for game_id in created})
            pipe.expire(games, KEPT_SECONDS)
        pipe.execute()


def _running(client: redis.Redis, games: str, now: float) -> int:
    """How many of the set's games run (and reservations hold places), after dropping those that no longer do."""
    pairs: list[tuple[bytes, float]] = client.zrange(games, 0, -1, withscores=True)  # type: ignore[assignment]
    entries = [(as_text(member), score) for member, score in pairs]
    ids = [member for member, _ in entries if not member.startswith(RESERVED)]
    # A reservation older than RESERVATION_SECONDS was left by a creation that never finished.
    gone = [m for m, score in entries if m.startswith(RESERVED) and score < now - RESERVATION_SECONDS]
    if ids:
        pipe = client.pipeline(transaction=False)
        for game_id in ids:
            pipe.hget(key(game_id, "meta"), "status")
        gone += [game_id for game_id, status in zip(ids, pipe.execute(), strict=True) if status in (None, b"finished")]
    if gone:
        client.zrem(games, *gone)
    return len(entries) - len(gone)
