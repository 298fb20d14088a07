"""Seat tokens, player tokens and stream tickets: unguessable, stored only as hashes (a request's bearer token is
read in service/http/access.py).

A seat token is compared in constant time against its game's seat hashes; a player token (events/players.py) is
looked up by its hash. A stream ticket stands in for a token where a client cannot send headers (a browser's
EventSource): it opens one stream, once, within its lifetime. A seat's ticket opens that seat's stream of one
game and is kept in a key of the game's own (so another game never finds it); a player's ticket opens the
player's stream. Either is kept under its hash and spent by an atomic GETDEL, so two requests racing with one
ticket cannot both open a stream.
"""

from __future__ import annotations

import hmac

import redis

from events.store import as_text, key
from events.tokens import new_token, token_hash


def seat_of(token: str, hashes: dict[int, str]) -> int | None:
    """The seat whose stored hash matches ``token``; every seat is compared, in constant time."""
    wanted = token_hash(token)
    found = None
    for seat, stored in hashes.items():
        if hmac.compare_digest(wanted, stored):
            found = seat
    return found


def _ticket_key(game_id: str, ticket: str) -> str:
    return key(game_id, f"ticket:{token_hash(ticket)}")


def _milliseconds(seconds: float) -> int:
    return max(1, round(seconds * 1000))


def issue_ticket(client: redis.Redis, game_id: str, seat: int, seconds: float) -> str:
    """A fresh stream ticket for ``seat`` of ``game_id``, valid for ``seconds``."""
    ticket = new_token()
    client.set(_ticket_key(game_id, ticket), seat, px=_milliseconds(seconds))
    return ticket


def redeem_ticket(client: redis.Redis, game_id: str, ticket: str) -> int | None:
    """The seat of ``game_id`` a ticket was issued for, spending it; None if it is unknown, spent or expired."""
    seat = client.getdel(_ticket_key(game_id, ticket))
    return int(seat) if seat is not None else None


def _player_ticket_key(ticket: str) -> str:
    # Apart from the seats' tickets, which live in their games' keys: a seat's ticket never opens a player's stream.
    return f"playerticket:{token_hash(ticket)}"


def issue_player_ticket(client: redis.Redis, pid: str, seconds: float) -> str:
    """A fresh ticket to the stream of player ``pid``, valid for ``seconds``."""
    ticket = new_token()
    client.set(_player_ticket_key(ticket), pid, px=_milliseconds(seconds))
    return ticket


def redeem_player_ticket(client: redis.Redis, ticket: str) -> str | None:
    """The player a ticket was issued to, spending it; None if it is unknown, spent, expired or a seat's."""
    pid = client.getdel(_player_ticket_key(ticket))
    return as_text(pid) if pid is not None else None
