"""Bearer tokens: 256 random bits, of which the server keeps only the SHA-256."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """A fresh bearer token (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()
