"""Capacity figures for docs/deploy.md: what one command and one finished game cost, per game type, and the
hardware that makes for 10,000 concurrent games.

Per command: client processes play all-human games through HTTP (random legal moves, each seat's view fetched
when the turn passes to it) on a private stack for a fixed time. Over that window gunicorn's CPU seconds (master
and workers, from /proc), Redis's (INFO cpu: used_cpu_sys + used_cpu_user) and the memory Redis holds for its
keys (MEMORY STATS: the dataset and its key tables) grow; each is divided by the commands (and by the events
they appended).

Per finished game: random moves make endless games, so whole games are played by greedy bots in every seat (the
stack's RQ workers play them: their CPU per move is measured too). Each finished game is measured (MEMORY USAGE
of its keys, its audit's size) and archived (service/ops/archive.py): the fall of the keys' memory is what archiving
frees.

python -m tests.bench.capacity [--clients 4] [--seconds 20] [--games 12] [--move-seconds 10]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import multiprocessing
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from service.core.config import Settings
from service.core.wiring import JOB_RESULT_TTL, build
from service.ops.archive import archive, game_keys, memory_of
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.cpu import tree_cpu
from tests.bench.http_load import Client, Table, Tally
from tests.bench.summary import table

#: Each game type's seats: human ones for the clients, greedy bots for the whole games.
SEATS = {"felix": 4, "spots": 2, "dogs": 2, "dogslife": 3}
#: The concurrent games the arithmetic sizes for.
CONCURRENT_GAMES = 10_000
#: Share of a core one process is planned to use at most, and of the one core a Redis shard runs its commands on.
CPU_BUDGET = 0.5


class Recorded(Table):
    """http_load's table with the game type's seats and options, remembering every game's last version."""

    def __init__(self, game: str, client: Client, tally: Tally, rng: random.Random) -> None:
        super().__init__(game, client, tally, rng)
        self.versions: dict[str, int] = {}

    def open(self) -> bool:
        """Create a game of the type with every seat human, and claim them all."""
        seats = SEATS[self.game]
        body = {"type": self.game, "seats": [{"human": True}] * seats}
        status, created, seconds = self.client.call("POST", "/v1/games", body)
        if not self.tally.record("setup", status, 201, seconds):
            return False
        self.game_id, self.tokens = created["id"], []
        for seat in range(seats):
            status, claimed, seconds = self.client.call("POST", f"/v1/games/{self.game_id}/seats/{seat}", {})
            if not self.tally.record("setup", status, 201, seconds):
                return False
            self.tokens.append(claimed["token"])
        self.view = claimed["game"]
        self.versions[self.game_id] = self.view["version"]
        return True

    def move(self) -> bool:
        """One random legal move (a new game after a finished one), noting the game's version."""
        if self.view["status"] == "running" and not self.view["to_act"]:
            return self.wait_for_the_server()
        moved = super().move()
        if moved:
            self.versions[self.game_id] = self.view["version"]
        return moved

    def wait_for_the_server(self) -> bool:
        """Look again shortly at a game whose next step is the server's (a worker plays it), as a client would."""
        time.sleep(0.02)
        status, self.view, seconds = self.client.call("GET", f"/v1/games/{self.game_id}", token=self.tokens[0])
        return self.tally.record("view", status, 200, seconds)


@dataclass
class Played:
    """What the clients of one game type did: requests by kind, errors, and each game's last version."""

    requests: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)


def _client(game: str, port: int, seed: int, barrier: Any, seconds: float, results: Any) -> None:
    tally = Tally()
    played = Recorded(game, Client(port), tally, random.Random(seed))
    barrier.wait()
    deadline = time.monotonic() + seconds
    try:
        ok = played.open()
        while time.monotonic() < deadline:
            ok = played.move() if ok else played.open()
    except Exception as error:  # noqa: BLE001 - reported with the figures, which it leaves short
        tally.errors[f"client failed: {error!r}"] = 1
    requests = {kind: len(samples) for kind, samples in tally.latencies.items()}
    results.put(Played(requests, tally.errors, played.versions))


def play(game: str, port: int, clients: int, seconds: float, probe: Any) -> tuple[Played, dict[str, float]]:
    """``clients`` processes play ``game`` for ``seconds``; their merged record and what ``probe`` grew by."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(clients + 1, timeout=120), context.Queue()
    processes = [
        context.Process(target=_client, args=(game, port, i, barrier, seconds, results), daemon=True)
        for i in range(clients)
    ]
    for process in processes:
        process.start()
    barrier.wait()
    before = probe()
    parts = [results.get(timeout=seconds + 120) for _ in processes]
    after = probe()
    for process in processes:
        process.join(10)
    merged = Played()
    for part in parts:
        for name, source in (("requests", part.requests), ("errors", part.errors)):
            target = getattr(merged, name)
            for kind, count in source.items():
                target[kind] = target.get(kind, 0) + count
        merged.versions.update(part.versions)
    return merged, {name: after[name] - value for name, value in before.items()}


@dataclass(frozen=True)
class PerCommand:
    """One game type's costs per command, over the window its human clients played."""

    game: str
    commands: int
    events: int
    seconds: float
    server_cpu: float
    redis_cpu: float
    redis_memory: float
    errors: dict[str, int]

    @property
    def server_ms(self) -> float:
        """gunicorn CPU milliseconds per command (its share of view GETs and set-up included)."""
        return 1000 * self.server_cpu / self.commands

    @property
    def redis_ms(self) -> float:
        """Redis CPU milliseconds per command."""
        return 1000 * self.redis_cpu / self.commands


@dataclass(frozen=True)
class PerGame:
    """One game type's finished games, played by greedy bots: their size, their bots' CPU, what archiving frees."""

    game: str
    games: int
    events: float
    moves: float
    worker_cpu: float
    keys: float
    freed: float
    audit_bytes: float
    audit_gz_bytes: float

    @property
    def worker_ms(self) -> float:
        """RQ worker CPU milliseconds per bot move."""
        return 1000 * self.worker_cpu / (self.moves * self.games)


def per_command(game: str, stack: Stack, clients: int, seconds: float) -> PerCommand:
    """Human clients play ``game`` for ``seconds``: the server's and Redis's CPU and Redis's memory per command."""
    assert stack.web is not None and stack.redis_url is not None
    client = redis.Redis.from_url(stack.redis_url)
    web = stack.web.pid

    def probe() -> dict[str, float]:
        cpu = client.info("cpu")
        return {
            "server": tree_cpu(web),
            "redis": cpu["used_cpu_sys"] + cpu["used_cpu_user"],
            "memory": stored(client),
            "clock": time.monotonic(),
        }

    played, grew = play(game, stack.port, clients, seconds, probe)
    return PerCommand(
        game=game,
        commands=played.requests["command"],
        events=sum(played.versions.values()),
        seconds=grew["clock"],
        server_cpu=grew["server"],
        redis_cpu=grew["redis"],
        redis_memory=grew["memory"],
        errors=played.errors,
    )


def per_game(game: str, stack: Stack, count: int, archive_to: Path) -> PerGame:
    """``count`` all-greedy games of ``game`` played to their end by the workers, measured, then archived."""
    assert stack.redis_url is not None
    client = redis.Redis.from_url(stack.redis_url)
    api = Client(stack.port)
    workers = [process.pid for process in stack.workers]
    seats = SEATS[game]
    before = sum(map(tree_cpu, workers))
    body = {"type": game, "seats": [{"bot": "greedy"}] * seats}
    ids = [api.call("POST", "/v1/games", body)[1]["id"] for _ in range(count)]
    deadline = time.monotonic() + 600
    waiting = set(ids)
    while waiting and time.monotonic() < deadline:
        time.sleep(0.5)
        waiting = {game_id for game_id in waiting if api.call("GET", f"/v1/games/{game_id}")[1]["status"] != "finished"}
    if waiting:
        raise RuntimeError(f"{len(waiting)} games of {game} did not finish within 600 s")
    worker_cpu = sum(map(tree_cpu, workers)) - before
    audits = [api.call("GET", f"/v1/games/{game_id}/audit")[1] for game_id in ids]
    keys = [memory_of(client, game_keys(game_id)) for game_id in ids]
    svc = build(Settings(redis_url=stack.redis_url))
    used = stored(client)
    for audit in audits:
        archive(svc, audit, archive_to)
    freed = used - stored(client)
    texts = [json.dumps(audit, separators=(",", ":")).encode() for audit in audits]
    return PerGame(
        game=game,
        games=count,
        events=sum(len(audit["events"]) for audit in audits) / count,
        # Every command but the creation (the system's) is a bot's move or an automatic step.
        moves=sum(len(audit["commands"]) - 1 for audit in audits) / count,
        worker_cpu=worker_cpu,
        keys=sum(keys) / count,
        freed=freed / count,
        audit_bytes=sum(map(len, texts)) / count,
        audit_gz_bytes=sum(len(gzip.compress(text)) for text in texts) / count,
    )


def stored(client: redis.Redis) -> int:
    """Bytes Redis holds for its keys: the dataset and the key tables (MEMORY STATS), without the client buffers,
    the AOF buffer and the scripts' caches, which come and go with the traffic."""
    stats = client.memory_stats()
    tables = sum(
        db["overhead.hashtable.main"] + db["overhead.hashtable.expires"]
        for name, db in stats.items()
        if name.startswith("db.")
    )
    return stats["dataset.bytes"] + tables


def job_memory(client: redis.Redis) -> float:
    """Mean bytes of an RQ job's hash, each kept JOB_RESULT_TTL seconds after it ran (or until due, if scheduled)."""
    jobs = list(client.scan_iter(match="rq:job:*", count=1000))
    return memory_of(client, jobs) / max(len(jobs), 1)


def kib(count: float) -> str:
    """Bytes as KiB with one decimal."""
    return f"{count / 1024:,.1f}"


def report(commands: list[PerCommand], games: list[PerGame], job_bytes: float, move_seconds: float) -> str:
    """The measured tables, and the arithmetic to 10,000 concurrent games at one move per ``move_seconds`` each."""
    lines = ["Per command (human seats, random legal moves, the views they fetch and the set-up included):"]
    rows: list[tuple[str, ...]] = [
        ("game", "commands/s", "server ms/cmd", "redis ms/cmd", "redis B/cmd", "redis B/event", "events/cmd")
    ]
    for c in commands:
        rows.append(
            (
                c.game,
                f"{c.commands / c.seconds:,.0f}",
                f"{c.server_ms:.2f}",
                f"{c.redis_ms:.3f}",
                f"{c.redis_memory / c.commands:,.0f}",
                f"{c.redis_memory / c.events:,.0f}",
                f"{c.events / c.commands:.2f}",
            )
        )
    lines += [table(rows), "", "Per finished game (greedy bots in every seat, played by the RQ workers):"]
    rows = [("game", "games", "events/game", "moves/game", "worker ms/move", "keys KiB", "freed KiB", "audit KiB (gz)")]
    for g in games:
        rows.append(
            (
                g.game,
                str(g.games),
                f"{g.events:,.0f}",
                f"{g.moves:,.0f}",
                f"{g.worker_ms:.2f}",
                kib(g.keys),
                kib(g.freed),
                f"{kib(g.audit_bytes)} ({kib(g.audit_gz_bytes)})",
            )
        )
    rate = CONCURRENT_GAMES / move_seconds
    lines += [
        table(rows),
        f"An RQ job's hash: {job_bytes:,.0f} bytes, kept {JOB_RESULT_TTL} s after it ran.",
        "",
        f"{CONCURRENT_GAMES:,} concurrent games of one type, one move every {move_seconds:g} s in each: {rate:,.0f} "
        f"commands/s. Cores planned at {CPU_BUDGET:.0%} busy (API processes; Redis shards, one core each); live "
        "games at half their finished size; finished games kept until archived:",
    ]
    rows = [
        ("game", "API cores", "API procs", "Redis cores", "shards", "game min", "live GiB", "GiB/day", "wk cores/100")
    ]
    for c, g in zip(commands, games, strict=True):
        api_cores = rate * c.server_ms / 1000
        redis_cores = rate * c.redis_ms / 1000
        game_seconds = g.moves * move_seconds
        per_day = CONCURRENT_GAMES * 86_400 / game_seconds * g.keys
        rows.append(
            (
                c.game,
                f"{api_cores:.1f}",
                str(math.ceil(api_cores / CPU_BUDGET)),
                f"{redis_cores:.2f}",
                str(math.ceil(redis_cores / CPU_BUDGET)),
                f"{game_seconds / 60:,.0f}",
                f"{CONCURRENT_GAMES * g.keys / 2 / 2**30:.2f}",
                f"{per_day / 2**30:.1f}",
                f"{100 * g.worker_ms / 1000:.2f}",
            )
        )
    lines += [table(rows), "(wk cores/100: RQ worker cores per 100 bot moves a second.)"]
    return "\n".join(lines)


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.capacity", description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4, help="client processes per game type (4)")
    parser.add_argument("--seconds", type=float, default=20, help="wall time each game type is played (20)")
    parser.add_argument("--games", type=int, default=12, help="greedy games per type played to their end (12)")
    parser.add_argument("--move-seconds", type=float, default=10, help="a game's assumed time between moves (10)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Start a private stack, measure every game type, print the figures and the sizing, stop everything."""
    args = parse(argv)
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-capacity-"))
    env = {"DOGPARK_CREATE_RATE": "off"}
    stack = Stack(port=free_port(), workers=2, data_dir=data_dir, quiet=True, extra_env=env)
    try:
        stack.start()
        assert stack.redis_url is not None
        commands, games = [], []
        for game in SEATS:
            print(f"[capacity] {args.clients} clients playing {game} for {args.seconds:g} s", file=sys.stderr)
            commands.append(per_command(game, stack, args.clients, args.seconds))
            print(f"[capacity] {args.games} games of {game} by greedy bots", file=sys.stderr)
            games.append(per_game(game, stack, args.games, data_dir / "archive"))
        job_bytes = job_memory(redis.Redis.from_url(stack.redis_url))
    finally:
        stack.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    print(
        f"dogpark capacity: {args.clients} client processes x {args.seconds:g} s and {args.games} bot games per "
        "game type, one private Redis, 2 RQ workers"
    )
    print(report(commands, games, job_bytes, args.move_seconds))
    errors = {f"{c.game} {kind}": count for c in commands for kind, count in c.errors.items()}
    print(f"errors: {errors or 'none'}")


if __name__ == "__main__":
    main()
