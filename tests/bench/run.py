"""`make bench`: one run against one private Redis and one gunicorn, printed as a table (docs/benchmarks.md).

python -m tests.bench.run [--clients 4] [--seconds 15] [--micro-seconds 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import redis

from events.envelope import GENESIS, seal
from service.config import Settings
from service.stack import Stack, free_port
from service.wiring import build
from tests.bench import capacity, fanout, webhooks
from tests.bench.cpu import load_average, machine_busy, tree_cpu
from tests.bench.http_load import TABLES, LoadResult, run_clients
from tests.bench.load_times import CounterLog, Timed, time_loads, time_replay
from tests.bench.redis_rates import append_rate, xadd_rate
from tests.bench.round_trips import count_round_trips
from tests.bench.summary import ms, percentile, table

COMMANDS_TARGET = 0.5
LOAD_RATIO_TARGET = 1.5


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.run", description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4, help="client processes for the HTTP runs (4)")
    parser.add_argument("--seconds", type=float, default=15, help="wall time of each HTTP run (15)")
    parser.add_argument("--micro-seconds", type=float, default=3, help="wall time of each Redis rate (3)")
    parser.add_argument("--load-samples", type=int, default=200, help="Repository.load calls per median (200)")
    parser.add_argument("--replay-samples", type=int, default=15, help="no-snapshot loads per median (15)")
    parser.add_argument("--rq-workers", type=int, default=1, help="RQ worker processes of the stack (1; idle here)")
    parser.add_argument(
        "--capacity-seconds", type=float, default=20, help="play time per game type, capacity figures (20; 0: none)"
    )
    parser.add_argument(
        "--fanout-streams", type=int, default=2000, help="open event streams per fan-out scenario (2000; 0: none)"
    )
    parser.add_argument(
        "--webhook-games", type=int, default=50, help="built-in and slow webhook games, webhook figures (50; 0: none)"
    )
    return parser.parse_args(argv)


def progress(message: str) -> None:
    """A phase line on stderr, so stdout holds only the figures."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def http_rows(label: str, result: LoadResult, kind: str) -> tuple[str, ...]:
    """A table row: rate and latency percentiles of one request kind."""
    samples = result.latencies[kind]
    return (label, f"{result.rate(kind):,.0f}", ms(percentile(samples, 50)), ms(percentile(samples, 99)), "")


def cpu_probe(stack: Stack) -> Callable[[], dict[str, float]]:
    """Reads CPU seconds used so far by gunicorn (master and workers), redis-server and the whole machine."""
    assert stack.web is not None and stack.redis_process is not None
    web, store = stack.web.pid, stack.redis_process.pid
    return lambda: {"gunicorn": tree_cpu(web), "redis": tree_cpu(store), "machine": machine_busy()}


def cpu_line(name: str, result: LoadResult) -> str:
    """Where the measured window's CPU went: the server, the clients, and everything else on the machine."""
    cpu = result.probed
    others = cpu["machine"] - cpu["gunicorn"] - cpu["redis"] - result.client_cpu
    available = (os.cpu_count() or 1) * result.seconds
    return (
        f"  {name:<6} gunicorn {cpu['gunicorn']:.1f}, redis {cpu['redis']:.1f}, clients {result.client_cpu:.1f}, "
        f"everything else {max(others, 0):.1f}; busy {cpu['machine']:.1f} of {available:.1f}"
    )


def verdict(ok: bool) -> str:
    """MET or MISSED."""
    return "MET" if ok else "MISSED"


def main(argv: list[str] | None = None) -> None:
    """Start a private stack, measure, print the table, stop everything."""
    args = parse(argv)
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-bench-"))
    # The clients create games far faster than the production rate allows.
    no_rate = {"DOGPARK_CREATE_RATE": "off"}
    stack = Stack(port=free_port(), workers=args.rq_workers, data_dir=data_dir, quiet=True, extra_env=no_rate)
    started, load_start = time.monotonic(), load_average()
    try:
        progress("starting a private redis-server, gunicorn, RQ worker(s), the sweeper")
        stack.start()
        assert stack.redis_url is not None
        # Load times measure the cold path (snapshot + tail), as after a restart: no per-process game cache.
        services = build(Settings(redis_url=stack.redis_url, game_cache=0))
        client = redis.Redis.from_url(stack.redis_url)

        progress("redis-py XADD and RedisStore.append, one client, sequential")
        # The raw XADD carries an envelope of the size a store append writes, so the two compare fairly.
        payload = seal([{"type": "Ticked", "data": {}}], 1, GENESIS, {"kind": "seat", "seat": 0}, "c0", time.time())
        payload = payload[0].text
        xadd = xadd_rate(client, args.micro_seconds, payload)
        appends = append_rate(services.store, args.micro_seconds)

        played = {}
        for game, seats in TABLES.items():
            progress(f"HTTP: {args.clients} clients playing {seats}-human {game} games for {args.seconds:g} s")
            played[game] = run_clients(game, stack.port, args.clients, args.seconds, cpu_probe(stack))
        progress(f"HTTP: {args.clients} clients calling GET /livez for {args.seconds:g} s")
        noop = run_clients("noop", stack.port, args.clients, args.seconds, cpu_probe(stack))
        progress(f"HTTP: {args.clients} clients calling GET /healthz (one Redis PING) for {args.seconds:g} s")
        ping = run_clients("ping", stack.port, args.clients, args.seconds, cpu_probe(stack))

        progress("Redis round trips per request: one Felix game under MONITOR")
        trips = count_round_trips(stack.redis_url, stack.port)

        progress("load times: writing counter-game logs through CommandHandler.execute")
        short = CounterLog(services)
        short.grow_to(50)
        long = CounterLog(services)
        long.grow_to(5000)
        load_50, load_5000 = time_loads([short, long], args.load_samples)
        replay_5000 = time_replay(long, args.replay_samples)
        long.grow_to(5050)
        paired_50, load_5050 = time_loads([short, long], args.load_samples)
        long.grow_to(5099)
        (load_5099,) = time_loads([long], args.load_samples)
        executes = (short.writes + long.writes) / (short.write_seconds + long.write_seconds)
    finally:
        progress("stopping the stack")
        stack.stop()
        shutil.rmtree(data_dir, ignore_errors=True)

    noop_rate = noop.rate("noop")
    ping_ratio = ping.rate("ping") / noop_rate
    load_ratio = load_5000.median / load_50.median
    tail_ratio = load_5050.median / paired_50.median
    web_workers = os.environ.get("DOGPARK_WEB_WORKERS", str(os.cpu_count()))

    print(
        f"dogpark bench: {os.cpu_count()} CPUs, gunicorn {web_workers} gevent workers, "
        f"{args.clients} client processes x {args.seconds:g} s per HTTP run, one private Redis"
    )
    rows: list[tuple[str, ...]] = [("measure", "value", "p50 ms", "p99 ms", "note")]
    rows += [
        ("redis-py XADD round trips/s", f"{xadd.per_second:,.0f}", "", "", f"1 client, {len(payload)}-byte entry"),
        ("RedisStore.append/s (1 event)", f"{appends.per_second:,.0f}", "", "", "1 client, Lua script"),
        *(row for game, result in played.items() for row in game_rows(game, result, noop_rate, ping_ratio)),
        http_rows("HTTP GET /livez/s (no-op)", noop, "noop"),
        http_rows("HTTP GET /healthz/s (1 PING)", ping, "ping"),
        ("  healthz/s / no-op/s", f"{ping_ratio:.2f}", "", "", "what one Redis round trip leaves of the no-op rate"),
        ("load @ 50 events", f"{ms(load_50.median)} ms", "", "", _load_note(load_50)),
        ("load @ 5,000 events", f"{ms(load_5000.median)} ms", "", "", _load_note(load_5000)),
        (
            "load 5,000 / load 50",
            f"{load_ratio:.2f}",
            "",
            "",
            f"target <= {LOAD_RATIO_TARGET}: {verdict(load_ratio <= LOAD_RATIO_TARGET)}",
        ),
        ("load @ 5,050 events", f"{ms(load_5050.median)} ms", "", "", _load_note(load_5050)),
        (
            "load 5,050 / load 50",
            f"{tail_ratio:.2f}",
            "",
            "",
            f"same 50-event tail; 50-event load {ms(paired_50.median)} ms in this pairing",
        ),
        ("load @ 5,099 events", f"{ms(load_5099.median)} ms", "", "", _load_note(load_5099)),
        (
            "load @ 5,000 without snapshot",
            f"{ms(replay_5000.median)} ms",
            "",
            "",
            f"read + fold from v1, median of {replay_5000.samples}",
        ),
        ("CommandHandler.execute/s", f"{executes:,.0f}", "", "", "in-process, counter game, 1 client"),
    ]
    print(table(rows))
    errors = {f"{game} {k}": v for game, result in played.items() for k, v in result.errors.items()}
    print(f"errors: {({**errors, **noop.errors, **ping.errors}) or 'none'}")
    print(f"CPU seconds in each HTTP run's window ({os.cpu_count()} CPUs x its wall time available):")
    for game, result in played.items():
        print(cpu_line(game, result))
    print(cpu_line("no-op", noop))
    print(cpu_line("ping", ping))
    per_noop = noop.probed["gunicorn"] / len(noop.latencies["noop"])
    per_ping = ping.probed["gunicorn"] / len(ping.latencies["ping"])
    print(f"gunicorn CPU per no-op {ms(per_noop)} ms, per healthz {ms(per_ping)} ms")
    for game, result in played.items():
        per_command = result.probed["gunicorn"] / len(result.latencies["command"])
        print(
            f"gunicorn CPU per {game} command {ms(per_command)} ms (its share of view GETs and set-up included), "
            f"per no-op {ms(per_noop)} ms: a ratio of {per_noop / per_command:.2f}"
        )
    print(f"load average at start: {load_start}; at end: {load_average()}")
    print("Redis round trips per request (MONITOR, one Felix game, one client):")
    for kind, counts in trips.items():
        trips_line = f"{counts.trips_per_request():.2f} trips ({counts.breakdown(counts.trips)})"
        print(f"  {kind:<8} x{counts.requests:<4} {trips_line}; inside scripts: {counts.breakdown(counts.scripted)}")
    if args.capacity_seconds > 0:
        progress("capacity: CPU and memory per command and per finished game of each type, on a stack of its own")
        capacity.main(["--clients", str(args.clients), "--seconds", str(args.capacity_seconds)])
    if args.fanout_streams > 0:
        progress("fan-out: open event streams beside a flow of commands, on a stack of its own")
        fanout.main(["--streams", str(args.fanout_streams)])
    if args.webhook_games > 0:
        progress("webhooks: built-in bots' turns beside webhook bots that sleep to their deadline, on a stack")
        webhooks.main(["--games", str(args.webhook_games)])
    print(f"whole run: {time.monotonic() - started:.0f} s")


def game_rows(game: str, result: LoadResult, noop_rate: float, ping_ratio: float) -> list[tuple[str, ...]]:
    """A game's HTTP rows: commands, the views fetched to find them, set-up, all requests, the ratios, the ceiling.

    The ceiling is the command ratio this client would reach if a command and a view each cost no more than
    a request that only makes its one Redis round trip (GET /healthz): every command comes with its share of
    views, and each of those requests runs at most ``ping_ratio`` of the no-op rate.
    """
    started = len(result.latencies["setup"]) // (1 + TABLES[game])
    ratio = result.rate("command") / noop_rate
    views_per_command = result.rate("view") / result.rate("command")
    ceiling = ping_ratio / (1 + views_per_command)
    return [
        http_rows(f"HTTP POST /commands/s ({game})", result, "command"),
        http_rows("  GET /v1/games/{id}/s (views)", result, "view"),
        http_rows("  POST create + claim/s", result, "setup"),
        ("  all API requests/s", f"{result.total_rate():,.0f}", "", "", f"~{started} games started in the run"),
        (
            f"  {game} commands/s / no-op/s",
            f"{ratio:.2f}",
            "",
            "",
            f"target >= {COMMANDS_TARGET}: {verdict(ratio >= COMMANDS_TARGET)}",
        ),
        (f"  {game} API requests/s / no-op/s", f"{result.total_rate() / noop_rate:.2f}", "", "", "all of the above"),
        (
            f"  {game} ceiling at healthz cost",
            f"{ceiling:.2f}",
            "",
            "",
            f"{views_per_command:.2f} views per command, each request costing one healthz",
        ),
    ]


def _load_note(timed: Timed) -> str:
    snapshot = f"snapshot v{timed.snapshot_at}" if timed.snapshot_at else "no snapshot"
    return f"{snapshot} + {timed.events_after} events, median of {timed.samples}"


if __name__ == "__main__":
    main()
