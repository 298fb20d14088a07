"""Redis round trips per API request, counted with MONITOR while one client plays one Felix game.

Each request's commands are the ones Redis ran inside the request's wall-clock window on a connection of the
API. Connections seen working while no request is in flight (the sweeper, the RQ worker) are left out, and so
are scripted commands that do not touch the game's keys. A MULTI ... EXEC block is one round trip, as redis-py
pipelines it; commands a Lua script runs are counted apart.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import redis

from tests.bench.http_load import Client, Table, Tally

STOP = "bench-monitor-stop"


def request_kind(method: str, path: str) -> str:
    """The bench's name for a request: command, view or setup."""
    if method == "POST" and path.endswith("/commands"):
        return "command"
    if method == "GET":
        return "view"
    return "setup"


class WindowedClient(Client):
    """A Client that also keeps each request's wall-clock window, to match Redis's MONITOR times."""

    def __init__(self, port: int) -> None:
        super().__init__(port)
        self.windows: list[tuple[float, float, str]] = []

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any, float]:
        """As Client.call, keeping (start, end, kind)."""
        start = time.time()
        result = super().call(method, path, body, token)
        self.windows.append((start, time.time(), request_kind(method, path)))
        return result


@dataclass
class PerKind:
    """Counts for one kind of request."""

    requests: int = 0
    trips: Counter = field(default_factory=Counter)
    scripted: Counter = field(default_factory=Counter)

    def trips_per_request(self) -> float:
        """Round trips per request."""
        return sum(self.trips.values()) / max(self.requests, 1)

    def breakdown(self, counts: Counter) -> str:
        """Counts per request by command name, most frequent first."""
        return ", ".join(f"{name} {n / max(self.requests, 1):.2f}" for name, n in counts.most_common())


def _monitor(client: redis.Redis, sink: list[dict[str, Any]], started: threading.Event) -> None:
    with client.monitor() as monitor:
        started.set()
        while True:
            entry = monitor.next_command()
            if STOP in entry["command"]:
                return
            sink.append(entry)


def count_round_trips(redis_url: str, port: int, idle_seconds: float = 2.5, seed: int = 7) -> dict[str, PerKind]:
    """Play one Felix game to its end under MONITOR; Redis round trips and scripted commands by request kind."""
    client = redis.Redis.from_url(redis_url)
    entries: list[dict[str, Any]] = []
    started = threading.Event()
    watcher = threading.Thread(target=_monitor, args=(client, entries, started), daemon=True)
    watcher.start()
    started.wait(10)
    # Background processes show themselves while no request is in flight; their connections are excluded.
    time.sleep(idle_seconds)
    http = WindowedClient(port)
    felix = Table("felix", http, Tally(), random.Random(seed))
    if not felix.open():
        raise RuntimeError(f"could not set up the MONITOR game: {felix.tally.errors}")
    while felix.view["status"] != "finished":
        if not felix.move():
            raise RuntimeError(f"the MONITOR game failed: {felix.tally.errors}")
    client.echo(STOP)
    watcher.join(10)
    return _attribute(entries, http.windows, felix.game_id)


def _attribute(
    entries: list[dict[str, Any]], windows: list[tuple[float, float, str]], game_id: str
) -> dict[str, PerKind]:
    def window_of(at: float) -> str | None:
        for start, end, kind in windows:
            if start <= at <= end:
                return kind
        return None

    background = {(e["client_address"], e["client_port"]) for e in entries if window_of(e["time"]) is None}
    kinds = {kind: PerKind() for kind in ("command", "view", "setup")}
    for _, _, kind in windows:
        kinds[kind].requests += 1
    in_transaction: set[tuple[str, str]] = set()
    for entry in entries:
        kind = window_of(entry["time"])
        conn = (entry["client_address"], entry["client_port"])
        if kind is None or (entry["client_type"] != "lua" and conn in background):
            continue
        # Scripts run by background processes (RQ's own) carry no connection to tell them apart, but ours
        # touch only this game's keys.
        if entry["client_type"] == "lua" and game_id not in entry["command"]:
            continue
        name = entry["command"].split(" ", 1)[0].upper()
        if entry["client_type"] == "lua":
            kinds[kind].scripted[name] += 1
        elif conn in in_transaction:
            # Queued inside MULTI: sent in the same write as the MULTI, so no round trip of its own.
            if name == "EXEC":
                in_transaction.discard(conn)
        else:
            if name == "MULTI":
                in_transaction.add(conn)
                name = "MULTI..EXEC"
            kinds[kind].trips[name] += 1
    return kinds
