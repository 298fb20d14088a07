"""The caps on open event streams, counted across every web process in Redis: a client address's
(DOGPARK_STREAMS_PER_ADDRESS), a seat's or a player's (DOGPARK_STREAMS_PER_TOKEN) and a game's spectators'
(DOGPARK_SPECTATORS_PER_GAME).

A stream holds a place under each cap it counts against while it is open: a member of the cap's sorted set, scored
with when its lease ends. The stream gives its places back as it closes; the process's deliverer renews the leases of
all its streams at each of its looks (KEEPALIVE_LOOKS a keep-alive period); a place whose lease has ended is dropped
by the next stream that asks for one. So a process that dies without closing its streams (SIGKILL, a lost machine)
holds their places for one lease at most, never for ever.

Keys (global, one per address, seat, player or game; each expires a lease after its last renewal)::

    streams:{<client address>}:address
    streams:{<game id>}:seat:<n>
    streams:{<player id>}:player
    streams:{<game id>}:spectators
"""

from __future__ import annotations

import contextlib
import math
import secrets
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import redis

from events.leases import Leases
from events.presence import player_streams_key, seat_streams_key
from service.core.config import Settings

#: Keep-alive periods a place's lease lasts: renewed every quarter of one, it outlives a deliverer a few looks late.
LEASE_PERIODS = 2
#: The limit a seat's or player's set is taken under when DOGPARK_STREAMS_PER_TOKEN is 0 (no cap).
UNCAPPED = 2**31


@dataclass(frozen=True)
class Cap:
    """One cap a stream counts against: its set, how many places it has, and what it caps (for the refusal)."""

    key: str
    limit: int
    #: What the cap counts, as the refusal names it: "address", "token" or "spectators".
    what: str


class TooManyStreams(Exception):
    """A stream would pass one of its caps."""

    #: Seconds the client is told to wait: a place frees when one of the streams it counts closes.
    retry_after = 10

    def __init__(self, cap: Cap) -> None:
        self.cap = cap
        counted = {
            "address": "this client address",
            "token": "this seat (or player)",
            "spectators": "this game's spectators",
        }[cap.what]
        super().__init__(f"{counted} may hold {cap.limit} open event streams at once, and holds them")


def address_cap(address: str, limit: int) -> Cap:
    """The cap on one client address's streams."""
    return Cap(f"streams:{{{address}}}:address", limit, "address")


def seat_cap(game_id: str, seat: int, limit: int) -> Cap:
    """The cap on one seat's streams (its token's, a player token's speaking for it, their tickets')."""
    return Cap(seat_streams_key(game_id, seat), limit, "token")


def player_cap(player: str, limit: int) -> Cap:
    """The cap on one player's streams of all its games."""
    return Cap(player_streams_key(player), limit, "token")


def spectators_cap(game_id: str, limit: int) -> Cap:
    """The cap on one game's spectators' streams."""
    return Cap(f"streams:{{{game_id}}}:spectators", limit, "spectators")


def game_stream_caps(settings: Settings, address: str, game_id: str, seat: int | None) -> list[Cap]:
    """The caps a game's stream counts against: its address's, and its seat's, or (no seat) the game's spectators'."""
    own = (
        spectators_cap(game_id, settings.spectators_per_game)
        if seat is None
        else seat_cap(game_id, seat, settings.streams_per_token)
    )
    return [address_cap(address, settings.streams_per_address), own]


def player_stream_caps(settings: Settings, address: str, player: str) -> list[Cap]:
    """The caps a player's stream counts against: its address's and its player's."""
    return [address_cap(address, settings.streams_per_address), player_cap(player, settings.streams_per_token)]


#: A place held: the cap's set, and the place's member in it.
Place = tuple[str, str]


class Places:
    """Takes, renews and gives back the places of a process's streams."""

    def __init__(self, client: redis.Redis, keepalive_seconds: float) -> None:
        self.client = client
        self.lease = LEASE_PERIODS * keepalive_seconds
        self._leases = Leases(client)

    def take(self, caps: Iterable[Cap]) -> list[Place]:
        """A place under each of ``caps`` (a limit of 0: no cap, no place); TooManyStreams, holding none, if one of
        them is full. One round trip a cap (a script each: the caps' sets may be on different Cluster nodes)."""
        taken: list[Place] = []
        member = secrets.token_hex(8)
        try:
            for cap in caps:
                # A seat's or a player's place is held even with no cap on them: it tells the notifications worker
                # that the player is here (events/presence.py).
                if cap.limit <= 0 and cap.what != "token":
                    continue
                if not self._leases.take(cap.key, member, cap.limit if cap.limit > 0 else UNCAPPED, self.lease):
                    raise TooManyStreams(cap)
                taken.append((cap.key, member))
        except BaseException:
            self.give_back(taken)
            raise
        return taken

    def renew(self, places: Iterable[Place]) -> None:
        """Extend the leases of ``places`` (one pipelined ZADD a set); a place given back meanwhile stays given back."""
        held: dict[str, list[str]] = defaultdict(list)
        for key, member in places:
            held[key].append(member)
        if not held:
            return
        ends = time.time() + self.lease
        pipe = self.client.pipeline(transaction=False)
        for key, members in held.items():
            # XX: only places still there (a stream closing meanwhile has given its own back).
            pipe.zadd(key, dict.fromkeys(members, ends), xx=True)
            pipe.expireat(key, math.ceil(ends))
        pipe.execute()

    def give_back(self, places: Iterable[Place]) -> None:
        """Free ``places``; Redis away, they free themselves when their leases end."""
        places = list(places)
        if not places:
            return
        pipe = self.client.pipeline(transaction=False)
        for key, member in places:
            pipe.zrem(key, member)
        with contextlib.suppress(redis.RedisError):
            pipe.execute()
