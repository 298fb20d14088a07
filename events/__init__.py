"""The event store: each game an append-only, hash-chained stream of envelopes, in Redis or in memory.

The names below are imported when first asked for, so that a module of the package that needs no Redis
(``events.urls``, which gunicorn's master reads through the settings before gevent patches ssl) imports none.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: Each name the package offers, and the module that defines it.
_EXPORTS = {
    "GENESIS": "events.envelope",
    "EnvelopeSchema": "events.envelope",
    "canonical_json": "events.envelope",
    "chain_hash": "events.envelope",
    "seal": "events.envelope",
    "verify_chain": "events.envelope",
    "Lobby": "events.lobby",
    "MemoryStore": "events.memory",
    "AppendResult": "events.store",
    "BrokenChain": "events.store",
    "Conflict": "events.store",
    "RedisStore": "events.store",
    "key": "events.store",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """One of the package's names, from its module."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
