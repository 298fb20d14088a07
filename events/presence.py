"""Whether a player is here: one of the player's event streams is open (service/streams/places.py holds their places).

An open stream holds a leased place in its seat's set (a game's stream of a seat, opened with the seat's token, a
player token speaking for it, or their tickets) or in its player's set (the stream of all the player's games), renewed
by its web process at each look and given back as it closes; a stream of a process that died drops out when its
lease ends. A stream of a seat, or of the player, follows the game live: it has the player's turn as soon as its
process hands it out. The notifications worker tells a player who has one open nothing by push or webhook (lichess's
rule: only the away are told).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import redis


def seat_streams_key(game_id: str, seat: int) -> str:
    """The leased set of the open streams of one seat of a game."""
    return f"streams:{{{game_id}}}:seat:{seat}"


def player_streams_key(pid: str) -> str:
    """The leased set of a player's open streams of all its games."""
    return f"streams:{{{pid}}}:player"


def present(client: redis.Redis, pid: str, game_id: str | None = None, seats: Iterable[int] = ()) -> bool:
    """True while the player has a stream of all its games open, or (given a game) one of ``seats``' streams."""
    now = time.time()
    keys = [player_streams_key(pid)] + ([seat_streams_key(game_id, seat) for seat in seats] if game_id else [])
    # One round trip a key: the seats' sets are in the game's slot, the player's in the player's.
    return any(client.zcount(name, now, "+inf") for name in keys)
