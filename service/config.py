"""Settings, read once from the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """What an operator may tune; every field has an environment variable."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    #: A snapshot is stored each time a game's version crosses a multiple of this.
    snapshot_every: int = 100
    #: Games each process keeps loaded, so a command reads only the events since (0 = always from the snapshot).
    game_cache: int = 1000
    #: The RQ queue bots and automatic steps are run from.
    queue: str = "dogpark"
    #: How often the sweeper looks for games whose due step was lost (a killed worker).
    sweep_seconds: float = 2.0
    #: How late a due step may be before the sweeper re-enqueues it.
    stall_seconds: float = 5.0
    #: Decide-append attempts for a command sent without expected_version.
    command_attempts: int = 20
    #: Seconds between keep-alive comments on an idle Server-Sent Events stream.
    keepalive_seconds: float = 15.0

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from DOGPARK_* variables (and REDIS_URL)."""
        env = os.environ
        return cls(
            redis_url=env.get("REDIS_URL", cls.redis_url),
            snapshot_every=int(env.get("DOGPARK_SNAPSHOT_EVERY", cls.snapshot_every)),
            game_cache=int(env.get("DOGPARK_GAME_CACHE", cls.game_cache)),
            queue=env.get("DOGPARK_QUEUE", cls.queue),
            sweep_seconds=float(env.get("DOGPARK_SWEEP_SECONDS", cls.sweep_seconds)),
            stall_seconds=float(env.get("DOGPARK_STALL_SECONDS", cls.stall_seconds)),
            command_attempts=int(env.get("DOGPARK_COMMAND_ATTEMPTS", cls.command_attempts)),
            keepalive_seconds=float(env.get("DOGPARK_KEEPALIVE_SECONDS", cls.keepalive_seconds)),
        )
