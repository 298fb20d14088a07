"""The storage layer: each game an append-only, hash-chained log of events, and the other records dogpark keeps.

The event store:

- ``envelope``: an event's stored form (its envelope), the hash chain that seals envelopes, and its check.
- ``contract``: the ``Store`` protocol every event store keeps, what an append takes and gives, and its checks.
- ``store``: ``RedisStore``, the event store on Redis (``append.lua``, its append script), and a game's Redis keys.
- ``memory``: ``MemoryStore``, the event store in one Python process.
- ``durability``: what an append waits for before it counts as done (DOGPARK_DURABILITY).

The other records, on Redis:

- ``players``: players, their tokens, and each player's index of games.
- ``lobby``: the lobby's index of games by type and status.
- ``bots``: the registry of webhook bots.
- ``ratings``: players' and bots' ratings per game type (OpenSkill), and the leaderboards.
- ``tokens``: bearer tokens, of which only the hash is kept.

Reaching Redis:

- ``connect``: Redis and Redis Cluster clients from a URL, the one place every process builds them.
- ``urls``: what a Redis URL names, told without importing redis.

This module imports none of them, so that a module that needs no Redis (``events.urls``, which gunicorn's master reads
through the settings before gevent patches ssl) imports none.
"""
