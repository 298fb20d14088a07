"""HTTP load through gunicorn: client processes that each play their own games, or repeat one GET.

Each process holds one keep-alive connection and sends one request at a time. A seat's legal moves are in
the view of that seat only, so when the turn passes to another seat the client needs that seat's view: by
default it takes it from the `turn` its stream pushes (tests/bench/turns.py), as a player's client does; the
scenario ``<game>-get`` GETs it instead, and those GETs are timed and counted apart from the commands. In Felix
the turn passes after most moves; in Spots a seat makes a turn's many decisions in a row, each from the view
its previous command returned.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

#: The fixed requests a client can repeat: the no-op, and one that adds a single Redis round trip (a PING).
PROBES = {"noop": "/livez", "ping": "/healthz"}
#: Request kinds a client times: a game's moves, the views fetched to find them, game set-up, the fixed requests.
KINDS = ("command", "view", "setup", *PROBES)
#: The games a client plays, with their human seats (counter only on a server whose DOGPARK_EXTRA_GAMES names it).
TABLES = {"felix": 4, "spots": 2, "dogs": 2, "dogslife": 3, "counter": 2}


class Client:
    """One keep-alive HTTP/1.1 connection to the API, timing every request it sends."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any, float]:
        """(status, decoded JSON body, seconds from sending to the last byte read)."""
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            # A dropped keep-alive connection: the caller counts an error and starts over on a fresh one.
            self.conn.close()
            raise
        elapsed = time.perf_counter() - start
        return response.status, json.loads(raw) if raw else None, elapsed


@dataclass
class Tally:
    """What one client process measured: latencies by kind, errors, and its measuring window."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    errors: dict[str, int] = field(default_factory=dict)
    start: float = 0.0
    end: float = 0.0
    cpu: float = 0.0

    def record(self, kind: str, status: int, wanted: int, seconds: float) -> bool:
        """Keep a successful request's latency, count any other status as an error; True on success."""
        if status == wanted:
            self.latencies[kind].append(seconds)
            return True
        name = f"{kind} {status}"
        self.errors[name] = self.errors.get(name, 0) + 1
        return False


class Table:
    """One all-human game played by one client: creates it, claims every seat, then moves at random.

    Every request goes on the client's one connection, or with ``phones`` each seat's commands on a connection of
    that seat's own, as each player's phone sends them (gunicorn may then serve a game's seats in different
    processes).
    """

    def __init__(self, game: str, client: Client, tally: Tally, rng: random.Random, phones: bool = False) -> None:
        self.game = game
        self.client = client
        self.tally = tally
        self.rng = rng
        self.game_id = ""
        self.tokens: list[str] = []
        self.view: dict[str, Any] = {}
        self.phones = [client, *(Client(client.port) for _ in range(TABLES[game] - 1))] if phones else [client]

    def connection(self, seat: int) -> Client:
        """The connection a seat's commands go on."""
        return self.phones[seat % len(self.phones)]

    def open(self) -> bool:
        """Create a fresh game and claim its seats; False if any request failed."""
        seats = [{"human": True}] * TABLES[self.game]
        status, body, seconds = self.client.call("POST", "/v1/games", {"type": self.game, "seats": seats})
        if not self.tally.record("setup", status, 201, seconds):
            return False
        self.game_id, self.tokens = body["id"], []
        for seat in range(len(seats)):
            status, body, seconds = self.client.call("POST", f"/v1/games/{self.game_id}/seats/{seat}", {})
            if not self.tally.record("setup", status, 201, seconds):
                return False
            self.tokens.append(body["token"])
        self.view = body["game"]
        return True

    def move(self) -> bool:
        """Send one legal move picked at random, fetching the acting seat's view first if needed."""
        view = self.view
        if view["status"] == "finished":
            return self.open()
        seat = view["to_act"][0]
        if view["you"] != seat or not view["legal_moves"]:
            status, view, seconds = self.client.call("GET", f"/v1/games/{self.game_id}", token=self.tokens[seat])
            if not self.tally.record("view", status, 200, seconds):
                return False
        body = self.rng.choice(view["legal_moves"])
        path = f"/v1/games/{self.game_id}/commands"
        status, reply, seconds = self.connection(seat).call("POST", path, body, token=self.tokens[seat])
        if not self.tally.record("command", status, 200, seconds):
            return False
        self.view = reply["game"]
        return True


def _play(game: str, port: int, seed: int, ready: Callable[[], None], seconds: float) -> Tally:
    from tests.bench.turns import Pushed

    tally, rng = Tally(), random.Random(seed)
    name, *options = game.split("-")
    table = (Table if "get" in options else Pushed)(name, Client(port), tally, rng, phones="phones" in options)
    # The first game is set up before the clock starts, which also warms each worker's script cache.
    ok = table.open()
    ready()
    tally.start, cpu = time.monotonic(), time.process_time()
    deadline = tally.start + seconds
    while time.monotonic() < deadline:
        try:
            ok = table.move() if ok else table.open()
        except (OSError, http.client.HTTPException):
            tally.errors["connection"] = tally.errors.get("connection", 0) + 1
            ok = False
    tally.end, tally.cpu = time.monotonic(), time.process_time() - cpu
    if isinstance(table, Pushed):
        table.close()
    return tally


def _repeat(kind: str, port: int, seed: int, ready: Callable[[], None], seconds: float) -> Tally:
    tally, client = Tally(), Client(port)
    ready()
    tally.start, cpu = time.monotonic(), time.process_time()
    deadline = tally.start + seconds
    while time.monotonic() < deadline:
        try:
            status, _, elapsed = client.call("GET", PROBES[kind])
        except (OSError, http.client.HTTPException):
            status, elapsed = 0, 0.0
        tally.record(kind, status, 200, elapsed)
    tally.end, tally.cpu = time.monotonic(), time.process_time() - cpu
    return tally


#: A game's scenario is its id, then "-get" to GET the next seat's view, then "-phones" for a connection per seat.
PLAY_OPTIONS = ("", "-get", "-phones", "-get-phones")
SCENARIOS: dict[str, Callable[[int, int, Callable[[], None], float], Tally]] = {
    **{game + options: partial(_play, game + options) for game in TABLES for options in PLAY_OPTIONS},
    **{kind: partial(_repeat, kind) for kind in PROBES},
}


def _client_main(scenario: str, port: int, seed: int, barrier: Any, seconds: float, results: Any) -> None:
    tally = SCENARIOS[scenario](port, seed, barrier.wait, seconds)
    results.put(tally)


@dataclass(frozen=True)
class LoadResult:
    """Every client's tallies merged: latencies by kind, errors, the wall time they spanned, their CPU seconds."""

    latencies: dict[str, list[float]]
    errors: dict[str, int]
    seconds: float
    clients: int
    client_cpu: float
    #: What ``probe`` counted (e.g. CPU seconds of the server's processes) over the measured window.
    probed: dict[str, float]

    def rate(self, kind: str) -> float:
        """Successful requests of ``kind`` per second of wall time."""
        return len(self.latencies[kind]) / self.seconds

    def total_rate(self) -> float:
        """Successful requests of every kind per second of wall time."""
        return sum(len(samples) for samples in self.latencies.values()) / self.seconds


def run_clients(
    scenario: str,
    port: int,
    clients: int,
    seconds: float,
    probe: Callable[[], dict[str, float]] = dict,
    seed: int = 1,
) -> LoadResult:
    """Run ``clients`` processes of ``scenario`` against the API on ``port`` for ``seconds``; merge their tallies.

    ``probe`` is read as the clients start and again as the first of them finishes, which is the measured window.
    """
    context = multiprocessing.get_context("spawn")
    # This process waits at the barrier too, so that it reads the probe as the clients' clocks start.
    barrier = context.Barrier(clients + 1, timeout=120)
    results = context.Queue()
    processes = [
        context.Process(target=_client_main, args=(scenario, port, seed + i, barrier, seconds, results), daemon=True)
        for i in range(clients)
    ]
    try:
        for process in processes:
            process.start()
        barrier.wait()
        before = probe()
        tallies = [results.get(timeout=seconds + 60)]
        after = probe()
        tallies += [results.get(timeout=60) for _ in processes[1:]]
        for process in processes:
            process.join(10)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(5)
    latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
    errors: dict[str, int] = {}
    for tally in tallies:
        for kind, samples in tally.latencies.items():
            latencies[kind].extend(samples)
        for name, count in tally.errors.items():
            errors[name] = errors.get(name, 0) + count
    wall = max(t.end for t in tallies) - min(t.start for t in tallies)
    probed = {name: after[name] - before[name] for name in before}
    return LoadResult(latencies, errors, wall, clients, sum(t.cpu for t in tallies), probed)
