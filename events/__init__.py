"""The event store: each game an append-only, hash-chained stream of envelopes, in Redis or in memory."""

from events.envelope import GENESIS, EnvelopeSchema, canonical_json, chain_hash, seal, verify_chain
from events.lobby import Lobby
from events.memory import MemoryStore
from events.store import AppendResult, BrokenChain, Conflict, RedisStore, key

__all__ = [
    "GENESIS",
    "AppendResult",
    "BrokenChain",
    "Conflict",
    "EnvelopeSchema",
    "Lobby",
    "MemoryStore",
    "RedisStore",
    "canonical_json",
    "chain_hash",
    "key",
    "seal",
    "verify_chain",
]
