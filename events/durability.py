"""What an append waits for before it counts as done (DOGPARK_DURABILITY), asked on the append's own connection.

- ``ack``: the append's reply. Redis has the events in memory and in its append-only file's buffer.
- ``fsync``: the events are on the server's disk. With WAITAOF (Redis 7.2 and later) each append is followed by
  ``WAITAOF 1 0 <ms>``; an older server answers a write only after its fsync when it runs ``appendfsync always``
  (as ``make run``'s private Redis does in this mode), which is checked once and logged.
- ``replica``: a replica has the events: each append is followed by ``WAIT 1 <ms>``.

``WAIT`` and ``WAITAOF`` wait for every write the connection has made so far, so they are sent right after the
append on its connection (one pipeline, one round trip). An append that is not confirmed within the wait raises
``NotDurable``: the events are written on the master, which may still lose them if it dies before a replica (or
its disk) has them, so the command is answered 503, and its retry under the same command id is safe either way.
"""

from __future__ import annotations

import logging
from typing import Any

import redis

log = logging.getLogger("dogpark.durability")


class NotDurable(redis.TimeoutError):
    """An append the server made but did not confirm durable (on a replica, or on disk) within the wait."""


class Durability:
    """A mode (service/core/config.py DURABILITY_MODES), and how long an append waits for its confirmation (ms)."""

    def __init__(self, mode: str = "ack", wait_ms: int = 500) -> None:
        self.mode = mode
        self.wait_ms = wait_ms
        #: Whether the server has WAITAOF, asked once (fsync mode only).
        self._waitaof: bool | None = None

    def confirmation(self, node: redis.Redis) -> tuple[Any, ...] | None:
        """The command to send right after an append on ``node`` (the server holding the game), or None when the
        append's reply is confirmation enough."""
        if self.mode == "replica":
            return ("WAIT", 1, self.wait_ms)
        if self.mode == "fsync":
            if self._waitaof is None:
                self._waitaof = _probe_fsync(node)
            if self._waitaof:
                return ("WAITAOF", 1, 0, self.wait_ms)
        return None

    def confirm(self, reply: Any, command_id: str) -> None:
        """Raise NotDurable unless ``reply`` (of ``confirmation``'s command) confirms the append of ``command_id``."""
        # WAIT answers the replicas that have the write; WAITAOF [local fsyncs, replica fsyncs].
        done = reply >= 1 if self.mode == "replica" else reply[0] >= 1
        if not done:
            where = "a replica" if self.mode == "replica" else "the server's disk"
            raise NotDurable(
                f"command {command_id} was written, but {where} did not confirm it within {self.wait_ms} ms "
                f"(DOGPARK_DURABILITY={self.mode}); retrying it with the same id is safe"
            )


def _probe_fsync(node: redis.Redis) -> bool:
    """Whether ``node`` has WAITAOF; without it, say whether its appendfsync makes each reply wait for the disk."""
    try:
        # Waits for nothing (no local fsync, no replica, no timeout): only whether the server knows the command.
        node.execute_command("WAITAOF", 0, 0, 0)
        has_waitaof = True
    except redis.ResponseError:
        has_waitaof = False
    if has_waitaof:
        log.info("DOGPARK_DURABILITY=fsync: the server has WAITAOF; each append waits for its fsync")
        return True
    try:
        settings = node.config_get("appendonly", "appendfsync")
    except redis.ResponseError:
        settings = {}
    if settings == {"appendonly": "yes", "appendfsync": "always"}:
        log.info(
            "DOGPARK_DURABILITY=fsync: the server has no WAITAOF (Redis 7.2+); it runs appendfsync always, so each "
            "append is on its disk before the reply"
        )
    else:
        log.error(
            "DOGPARK_DURABILITY=fsync: the server has no WAITAOF (Redis 7.2+) and runs %s, not appendonly yes with "
            "appendfsync always: an acknowledged move may be lost in a power failure",
            settings or "a configuration CONFIG GET may not read",
        )
    return False
