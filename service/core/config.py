"""Settings, read once from the environment."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass

from events.urls import is_cluster_url
from service.core.webhook_http import Allow

#: What a command's acknowledgement may wait for (events/durability.py).
DURABILITY_MODES = ("ack", "fsync", "replica")


def parse_bind(address: str, variable: str = "DOGPARK_BIND") -> tuple[str, int]:
    """``HOST:PORT`` (or ``[IPv6]:PORT``), as ``variable`` holds it; ValueError for anything else."""
    host, colon, port = address.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not (colon and host and port.isdigit() and 0 < int(port) < 65536):
        raise ValueError(f"{variable} must be HOST:PORT, such as 127.0.0.1:8000, not {address!r}")
    return host, int(port)


def whole_seconds(text: str | None, default: tuple[int, ...]) -> tuple[int, ...]:
    """A comma-separated list of whole seconds ("10,40"), or ``default`` when not set; ValueError."""
    if text is None:
        return default
    try:
        return tuple(int(seconds) for seconds in text.split(",") if seconds.strip())
    except ValueError:
        raise ValueError(f"a list of seconds must be whole numbers separated by commas, not {text!r}") from None


@dataclass(frozen=True)
class Settings:
    """What an operator may tune; every field has an environment variable."""

    #: The Redis of the games (redis://host:port/db, unix:///path?db=N), or a Redis Cluster
    #: (redis+cluster://host:port,...; see events/connect.py).
    redis_url: str = "redis://127.0.0.1:6379/0"
    #: The Redis of RQ's queues (one Redis: RQ has no Cluster support); None: the games' Redis, if not a Cluster.
    queue_url: str | None = None
    #: What acknowledges a command: "ack" (Redis's reply), "fsync" (on disk), "replica" (on a replica as well).
    durability: str = "ack"
    #: Milliseconds an append waits for the fsync or replica its durability asks, before the command answers 503.
    durability_wait_ms: int = 500
    #: A snapshot is stored each time a game's version crosses a multiple of this.
    snapshot_every: int = 100
    #: Every this-many-th snapshot is also kept for replays (0: none), so a replay folds fewer than
    #: snapshot_every x this events from the nearest one; a game keeps at most max_events / (that product) of them.
    snapshot_keep_every: int = 10
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
    #: The longest a Server-Sent Events stream stays silent: a silent one gets a keep-alive comment before then.
    keepalive_seconds: float = 15.0
    #: Seconds a request waits for Redis (to connect, then for each reply) before it answers 503.
    redis_timeout: float = 1.0
    #: Event streams one web process holds open at most (more: 503); they share the process's one Redis reader.
    stream_connections: int = 500
    #: Milliseconds the news of a game many of a process's streams follow waits after its announcement, so that the
    #: command that appended it is answered before the crowd's writes begin (0: no wait; docs/streams.md).
    fanout_hold_ms: float = 5.0
    #: Milliseconds between two hand-outs of a game's news to its spectators (after its seats' streams): what comes
    #: sooner waits, and goes out with what else came meanwhile (0: at once, after the seats' streams; docs/streams.md).
    spectator_pace_ms: float = 250.0
    #: Event streams one client address may hold open at once, across the web processes (0: no cap; more: 429).
    streams_per_address: int = 32
    #: Event streams one seat (by its token, a player token speaking for it, or their tickets) or one player (its
    #: stream of all its games) may hold open at once, across the web processes (0: no cap; more: 429).
    streams_per_token: int = 8
    #: Spectators' streams (no token) one game may have open at once, across the web processes (0: no cap; more:
    #: 429); its seats' own streams are counted apart, and never refused for it.
    spectators_per_game: int = 200
    #: The most events a game's log may reach before the table abandons it; a game may ask for fewer.
    max_events: int = 50_000
    #: Seconds an open game waits for its seats to be claimed before the system expires it.
    open_game_seconds: float = 86_400.0
    #: Seconds a challenge to a player waits for its answer before it expires.
    challenge_seconds: float = 86_400.0
    #: Vacation days each player has per calendar year (UTC): a vacation pauses the clocks of its player's games
    #: (docs/players.md#vacations); 0: players take none.
    vacation_days: int = 14
    #: The largest request body accepted, in bytes; a larger one is refused with 413.
    max_body_bytes: int = 65_536
    #: Seconds from a request's arrival at the app to its body's last byte; a body slower than that is refused with
    #: 408 and its connection closed.
    body_seconds: float = 5.0
    #: Requests of one client address a web process may be reading or answering at once (0: no cap); one more is a
    #: 429 and its connection is closed. An open event stream counts only until its answer begins.
    client_connections: int = 128
    #: Games created and seats claimed per client address: "<count> per <seconds>", or "off".
    create_rate: str = "60 per 60"
    #: All-bot games one client address may have running at once (0: no cap); past it, creating one is a 429.
    bot_games_per_address: int = 4
    #: Games with a seat (or an ``on_timeout``) naming a level that searches, one client address may have running at
    #: once (0: no cap); past it, creating one is a 429.
    search_games_per_address: int = 4
    #: Replays (GET /v1/games/{id}/replay) per client address: "<count> per <seconds>", or "off".
    replay_rate: str = "300 per 60"
    #: Chat messages one player (or one seat without a player) may post: "<count> per <seconds>", or "off".
    chat_rate: str = "10 per 30"
    #: Hints (GET /v1/games/{id}/hint) one player (or one seat without a player) may ask: "<count> per <seconds>", or
    #: "off". Each is a search in the web process, up to half a second of a core.
    hint_rate: str = "6 per 60"
    #: Where /metrics is served instead of on the API's address: HOST:PORT, by a process gunicorn's master starts; None
    #: (the default): at /metrics on the API's address, beside the API.
    metrics_bind: str | None = None
    #: Reverse proxies in front of the API whose X-Forwarded-For is trusted to name the client (0: none).
    trusted_proxies: int = 0
    #: Origins whose browser pages may call the API (CORS): "https://host[:port]" each, or "*" for any; none: none.
    cors_origins: tuple[str, ...] = ()
    #: Seconds a stream ticket stays valid: it opens one seat's event stream, once.
    stream_ticket_seconds: float = 60.0
    #: Where webhook bots may be called besides public addresses: CIDRs and host names (docs/bots.md, "Safety").
    webhook_allow: tuple[str, ...] = ()
    #: Webhook calls one webhook worker process waits on at once (its threads).
    webhook_threads: int = 64
    #: A registered bot failing this many calls in a row in a game is replaced by its fallback bot for the rest of it.
    webhook_failures: int = 5
    #: Calls to one registered bot in flight at once, across the webhook workers; a call past them is not made, and
    #: the turn is its fallback's at once.
    webhook_bot_calls: int = 8
    #: A registered bot whose calls time out this many times in a row is suspended: it takes no seat in a new game
    #: until its owner changes it (PATCH, if only with {}) and it answers its challenge.
    webhook_suspend_after: int = 10
    #: Searches of thinking bot levels (medium, hard) one search worker process runs at once (its threads).
    search_threads: int = 1
    #: Seconds a search may take, its queue's wait aside, before it is given up and greedy's move is played instead.
    search_deadline: float = 10.0
    #: Seconds between the tries of a notification webhook's call that failed for a reason a later try may not meet
    #: (no connection, a timeout, a 5xx, 408, 429): one more try after each, so 5 tries over about 10 minutes.
    notification_hook_retries: tuple[int, ...] = (10, 40, 160, 400)
    #: Seconds a notification waits before the worker looks whether its player is away: time for an open stream to
    #: have handed the player the turn (docs/notifications.md).
    notify_delay_seconds: float = 1.0
    #: Seconds after a player's turn push within which more games waiting for the player are told in one digest
    #: ("3 games wait for you") at the end of them, instead of a push each.
    notify_digest_seconds: float = 60.0
    #: The share of a turn's time left at which its player is told the clock runs out (0: never).
    clock_warning: float = 0.1
    #: The VAPID private key (PEM, P-256) Web Push is signed with; None: one made on the first start, kept in Redis.
    vapid_private_key: str | None = None
    #: Who runs the server, as the push services are told in every VAPID claim: mailto:... or https://...
    vapid_subject: str = "mailto:dogpark@localhost"
    #: Where push endpoints may be besides public HTTPS addresses (CIDRs, host names, ``loopback``), over http too.
    push_allow: tuple[str, ...] = ()
    #: Push subscriptions one player may hold at once.
    push_subscriptions: int = 10

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from DOGPARK_* variables (and REDIS_URL), of ``env`` (default: the process's environment)."""
        env = os.environ if env is None else env
        return cls(
            redis_url=env.get("REDIS_URL", cls.redis_url),
            queue_url=env.get("DOGPARK_QUEUE_URL") or None,
            durability=env.get("DOGPARK_DURABILITY", cls.durability),
            durability_wait_ms=int(env.get("DOGPARK_DURABILITY_WAIT_MS", cls.durability_wait_ms)),
            snapshot_every=int(env.get("DOGPARK_SNAPSHOT_EVERY", cls.snapshot_every)),
            snapshot_keep_every=int(env.get("DOGPARK_SNAPSHOT_KEEP_EVERY", cls.snapshot_keep_every)),
            game_cache=int(env.get("DOGPARK_GAME_CACHE", cls.game_cache)),
            queue=env.get("DOGPARK_QUEUE", cls.queue),
            sweep_seconds=float(env.get("DOGPARK_SWEEP_SECONDS", cls.sweep_seconds)),
            stall_seconds=float(env.get("DOGPARK_STALL_SECONDS", cls.stall_seconds)),
            command_attempts=int(env.get("DOGPARK_COMMAND_ATTEMPTS", cls.command_attempts)),
            keepalive_seconds=float(env.get("DOGPARK_KEEPALIVE_SECONDS", cls.keepalive_seconds)),
            redis_timeout=float(env.get("DOGPARK_REDIS_TIMEOUT", cls.redis_timeout)),
            stream_connections=int(env.get("DOGPARK_STREAM_CONNECTIONS", cls.stream_connections)),
            fanout_hold_ms=float(env.get("DOGPARK_FANOUT_HOLD_MS", cls.fanout_hold_ms)),
            spectator_pace_ms=float(env.get("DOGPARK_SPECTATOR_PACE_MS", cls.spectator_pace_ms)),
            streams_per_address=int(env.get("DOGPARK_STREAMS_PER_ADDRESS", cls.streams_per_address)),
            streams_per_token=int(env.get("DOGPARK_STREAMS_PER_TOKEN", cls.streams_per_token)),
            spectators_per_game=int(env.get("DOGPARK_SPECTATORS_PER_GAME", cls.spectators_per_game)),
            max_events=int(env.get("DOGPARK_MAX_EVENTS", cls.max_events)),
            open_game_seconds=float(env.get("DOGPARK_OPEN_GAME_SECONDS", cls.open_game_seconds)),
            challenge_seconds=float(env.get("DOGPARK_CHALLENGE_SECONDS", cls.challenge_seconds)),
            vacation_days=int(env.get("DOGPARK_VACATION_DAYS", cls.vacation_days)),
            max_body_bytes=int(env.get("DOGPARK_MAX_BODY_BYTES", cls.max_body_bytes)),
            body_seconds=float(env.get("DOGPARK_BODY_SECONDS", cls.body_seconds)),
            client_connections=int(env.get("DOGPARK_CLIENT_CONNECTIONS", cls.client_connections)),
            create_rate=env.get("DOGPARK_CREATE_RATE", cls.create_rate),
            bot_games_per_address=int(env.get("DOGPARK_BOT_GAMES_PER_ADDRESS", cls.bot_games_per_address)),
            search_games_per_address=int(env.get("DOGPARK_SEARCH_GAMES_PER_ADDRESS", cls.search_games_per_address)),
            replay_rate=env.get("DOGPARK_REPLAY_RATE", cls.replay_rate),
            chat_rate=env.get("DOGPARK_CHAT_RATE", cls.chat_rate),
            hint_rate=env.get("DOGPARK_HINT_RATE", cls.hint_rate),
            metrics_bind=env.get("DOGPARK_METRICS_BIND") or None,
            trusted_proxies=int(env.get("DOGPARK_TRUSTED_PROXIES", cls.trusted_proxies)),
            cors_origins=tuple(o.strip() for o in env.get("DOGPARK_CORS_ORIGINS", "").split(",") if o.strip()),
            stream_ticket_seconds=float(env.get("DOGPARK_STREAM_TICKET_SECONDS", cls.stream_ticket_seconds)),
            webhook_allow=tuple(o.strip() for o in env.get("DOGPARK_WEBHOOK_ALLOW", "").split(",") if o.strip()),
            webhook_threads=int(env.get("DOGPARK_WEBHOOK_THREADS", cls.webhook_threads)),
            webhook_failures=int(env.get("DOGPARK_WEBHOOK_FAILURES", cls.webhook_failures)),
            webhook_bot_calls=int(env.get("DOGPARK_WEBHOOK_BOT_CALLS", cls.webhook_bot_calls)),
            webhook_suspend_after=int(env.get("DOGPARK_WEBHOOK_SUSPEND_AFTER", cls.webhook_suspend_after)),
            search_threads=int(env.get("DOGPARK_SEARCH_THREADS", cls.search_threads)),
            search_deadline=float(env.get("DOGPARK_SEARCH_DEADLINE", cls.search_deadline)),
            notification_hook_retries=whole_seconds(
                env.get("DOGPARK_NOTIFICATION_HOOK_RETRIES"), cls.notification_hook_retries
            ),
            notify_delay_seconds=float(env.get("DOGPARK_NOTIFY_DELAY_SECONDS", cls.notify_delay_seconds)),
            notify_digest_seconds=float(env.get("DOGPARK_NOTIFY_DIGEST_SECONDS", cls.notify_digest_seconds)),
            clock_warning=float(env.get("DOGPARK_CLOCK_WARNING", cls.clock_warning)),
            vapid_private_key=env.get("DOGPARK_VAPID_PRIVATE_KEY") or None,
            vapid_subject=env.get("DOGPARK_VAPID_SUBJECT", cls.vapid_subject),
            push_allow=tuple(o.strip() for o in env.get("DOGPARK_PUSH_ALLOW", "").split(",") if o.strip()),
            push_subscriptions=int(env.get("DOGPARK_PUSH_SUBSCRIPTIONS", cls.push_subscriptions)),
        )

    def __post_init__(self) -> None:
        """Refuse values a stream or a request cannot work with (a keep-alive period of 0 would spin)."""
        seconds = (
            "keepalive_seconds",
            "redis_timeout",
            "open_game_seconds",
            "challenge_seconds",
            "stream_ticket_seconds",
            "body_seconds",
            "search_deadline",
        )
        for name in seconds:
            value = getattr(self, name)
            if not (value > 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a number of seconds above 0, not {value}")
        if self.client_connections < 0:
            raise ValueError(f"client_connections must be 0 (no cap) or more, not {self.client_connections}")
        if self.stream_connections < 1:
            raise ValueError(f"stream_connections must be at least 1, not {self.stream_connections}")
        for name in ("streams_per_address", "streams_per_token", "spectators_per_game"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 (no cap) or more, not {getattr(self, name)}")
        for name in ("fanout_hold_ms", "spectator_pace_ms"):
            value = getattr(self, name)
            if not (value >= 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a number of milliseconds, 0 or more, not {value}")
        if self.snapshot_every < 1 or self.snapshot_keep_every < 0:
            raise ValueError(
                f"DOGPARK_SNAPSHOT_EVERY must be at least 1 and DOGPARK_SNAPSHOT_KEEP_EVERY at least 0, not "
                f"{self.snapshot_every} and {self.snapshot_keep_every}"
            )
        if not 0 <= self.vacation_days <= 366:
            raise ValueError(f"DOGPARK_VACATION_DAYS must be days from 0 to 366, not {self.vacation_days}")
        if self.max_events < 1:
            raise ValueError(f"max_events must be at least 1, not {self.max_events}")
        if is_cluster_url(self.redis_url) and self.queue_url is None:
            raise ValueError(
                "REDIS_URL names a Redis Cluster, where RQ cannot keep its queues: set DOGPARK_QUEUE_URL to a Redis "
                "of their own (redis://host:port/db)"
            )
        if self.queue_url is not None and is_cluster_url(self.queue_url):
            raise ValueError("DOGPARK_QUEUE_URL must name one Redis (redis://...): RQ has no Cluster support")
        if self.durability not in DURABILITY_MODES:
            raise ValueError(f"DOGPARK_DURABILITY is one of {', '.join(DURABILITY_MODES)}, not {self.durability!r}")
        # The wait's reply must come before the request's own timeout gives up on the connection.
        if self.durability != "ack" and not 0 < self.durability_wait_ms < self.redis_timeout * 1000:
            raise ValueError(
                f"DOGPARK_DURABILITY_WAIT_MS must be above 0 and below DOGPARK_REDIS_TIMEOUT "
                f"({self.redis_timeout * 1000:.0f} ms), not {self.durability_wait_ms}"
            )
        Allow.parse(self.webhook_allow)  # a ValueError that names the entry at fault
        Allow.parse(self.push_allow)
        if not 0 <= self.clock_warning < 1:
            raise ValueError(
                f"DOGPARK_CLOCK_WARNING is a share of a turn's time, from 0 (off) to below 1, not {self.clock_warning}"
            )
        for name in ("notify_delay_seconds", "notify_digest_seconds"):
            value = getattr(self, name)
            if not (value >= 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a number of seconds, 0 or more, not {value}")
        if not self.vapid_subject.startswith(("mailto:", "https://")):
            raise ValueError(f"DOGPARK_VAPID_SUBJECT is a mailto: or https:// URL, not {self.vapid_subject!r}")
        if self.push_subscriptions < 1:
            raise ValueError(f"push_subscriptions must be at least 1, not {self.push_subscriptions}")
        if self.metrics_bind is not None:
            parse_bind(self.metrics_bind, "DOGPARK_METRICS_BIND")
        if any(seconds < 1 for seconds in self.notification_hook_retries):
            raise ValueError(
                f"notification_hook_retries must be seconds, 1 or more, not {self.notification_hook_retries}"
            )
        for name in (
            "webhook_threads",
            "webhook_failures",
            "webhook_bot_calls",
            "webhook_suspend_after",
            "search_threads",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")

    @property
    def queue_redis_url(self) -> str:
        """The URL of the Redis RQ's queues live on."""
        return self.queue_url or self.redis_url
