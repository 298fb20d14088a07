"""Seat tokens and stream tickets: unguessable, stored only as hashes.

A token is compared in constant time against its game's seat hashes. A stream ticket stands in for a token
where a client cannot send headers (a browser's EventSource): it opens one seat's stream of one game, once,
within its lifetime. It is kept in Redis under its hash, in a key of the game's own (so another game never
finds it), and spent by an atomic GETDEL, so two requests racing with one ticket cannot both open a stream.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

import redis
from flask import request

from events.store import key


def new_token() -> str:
    """A fresh bearer token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def bearer() -> str | None:
    """The bearer token of the current request, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


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


def issue_ticket(client: redis.Redis, game_id: str, seat: int, seconds: float) -> str:
    """A fresh stream ticket for ``seat`` of ``game_id``, valid for ``seconds``."""
    ticket = new_token()
    client.set(_ticket_key(game_id, ticket), seat, px=max(1, round(seconds * 1000)))
    return ticket


def redeem_ticket(client: redis.Redis, game_id: str, ticket: str) -> int | None:
    """The seat of ``game_id`` a ticket was issued for, spending it; None if it is unknown, spent or expired."""
    seat = client.getdel(_ticket_key(game_id, ticket))
    return int(seat) if seat is not None else None
