"""Seat tokens: unguessable, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import request


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
