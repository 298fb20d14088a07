"""`make bench`: one run against one private Redis and one gunicorn, printed as a table (docs/benchmarks.md).

python -m tests.bench.run [--clients 8] [--seconds 15] [--micro-seconds 3] [--redis socket|tcp]
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
from service.core.config import Settings
from service.core.wiring import build
from service.ops.private_redis import TRANSPORTS
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench import capacity, fanout, replays, simulator, views, webhooks
from tests.bench.cpu import load_average, machine_busy, tree_cpu
from tests.bench.ending import end_on_sigterm
from tests.bench.http_load import TABLES, LoadResult, run_clients
from tests.bench.load_times import CounterLog, Timed, time_loads, time_replay
from tests.bench.redis_rates import paired_rates
from tests.bench.round_trips import PerKind, count_round_trips
from tests.bench.spread import busiest_share, requests_by_worker
from tests.bench.summary import ms, percentile, table

#: Commands/s of each game type against /healthz requests/s (the least a request that touches Redis costs).
COMMANDS_TARGET = 0.6
#: Store appends/s against raw XADD round trips/s.
APPENDS_TARGET = 0.6
#: Server CPU (gunicorn + Redis) per move, in ms, where the issue sets one.
CPU_TARGETS = {"counter": 1.0, "spots": 1.5}
#: The most of a run's requests one web worker may answer, with 8 clients or more.
SPREAD_TARGET = 0.6
LOAD_RATIO_TARGET = 1.5


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.run", description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="client processes for the HTTP runs (8)")
    parser.add_argument("--seconds", type=float, default=15, help="wall time of each HTTP run (15)")
    parser.add_argument("--micro-seconds", type=float, default=3, help="wall time of each Redis rate (3)")
    parser.add_argument("--load-samples", type=int, default=200, help="Repository.load calls per median (200)")
    parser.add_argument("--replay-samples", type=int, default=15, help="no-snapshot loads per median (15)")
    parser.add_argument("--rq-workers", type=int, default=1, help="RQ worker processes of the stack (1)")
    parser.add_argument(
        "--games", default=",".join(TABLES), help=f"game types the clients play ({','.join(TABLES)})"
    )
    parser.add_argument(
        "--views",
        choices=("pushed", "get"),
        default="pushed",
        help="how a client gets the next seat's view: its stream's pushed turn (default) or a GET",
    )
    parser.add_argument(
        "--connections",
        choices=("client", "seat"),
        default="client",
        help="where a client sends a game's commands: on its one connection (default), or each seat's on a "
        "connection of its own, as each player's phone does",
    )
    parser.add_argument(
        "--capacity-seconds", type=float, default=20, help="play time per game type, capacity figures (20; 0: none)"
    )
    parser.add_argument(
        "--fanout-streams", type=int, default=2000, help="open event streams per fan-out scenario (2000; 0: none)"
    )
    parser.add_argument(
        "--webhook-games", type=int, default=50, help="built-in and slow webhook games, webhook figures (50; 0: none)"
    )
    parser.add_argument(
        "--replay-moves", type=int, default=20_000, help="moves of the long game replays are timed in (20000; 0: none)"
    )
    parser.add_argument(
        "--simulator-playouts", type=int, default=20, help="random playouts per game, simulator figures (20; 0: none)"
    )
    parser.add_argument(
        "--view-rounds", type=int, default=3, help="times each decision's views are timed, with choices (3; 0: none)"
    )
    parser.add_argument(
        "--redis",
        choices=TRANSPORTS,
        default=TRANSPORTS[0],
        help="how the stack reaches its Redis (DOGPARK_PRIVATE_REDIS)",
    )
    return parser.parse_args(argv)


def xadd_payload() -> str:
    """An envelope of the size a store append of one event writes, for raw XADDs that compare fairly with appends."""
    sealed = seal([{"type": "Ticked", "data": {}}], 1, GENESIS, {"kind": "seat", "seat": 0}, "c0", time.time())
    return sealed[0].text


def progress(message: str) -> None:
    """A phase line on stderr, so stdout holds only the figures."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def http_rows(label: str, result: LoadResult, kind: str) -> tuple[str, ...]:
    """A table row: rate and latency percentiles of one request kind."""
    samples = result.latencies[kind]
    return (label, f"{result.rate(kind):,.0f}", ms(percentile(samples, 50)), ms(percentile(samples, 99)), "")


def cpu_probe(stack: Stack) -> Callable[[], dict[str, float]]:
    """Reads CPU seconds used so far by gunicorn (master and workers), redis-server and the whole machine, and the
    requests each web worker answered so far (keys ``worker:<pid>``)."""
    assert stack.web is not None and stack.redis_process is not None and stack.metrics_dir is not None
    web, store, metrics_dir = stack.web.pid, stack.redis_process.pid, stack.metrics_dir

    def probe() -> dict[str, float]:
        served = {f"worker:{pid}": count for pid, count in requests_by_worker(metrics_dir).items()}
        return {"gunicorn": tree_cpu(web), "redis": tree_cpu(store), "machine": machine_busy(), **served}

    return probe


def busiest_worker(result: LoadResult) -> tuple[float, int]:
    """The share of a run's requests that its busiest web worker answered, and how many workers answered any."""
    grown = {name: value for name, value in result.probed.items() if name.startswith("worker:")}
    return busiest_share({}, grown)


def server_ms_per_move(result: LoadResult) -> float:
    """gunicorn's and Redis's CPU seconds in the run's window per command, in ms (its views and set-up included)."""
    return 1000 * (result.probed["gunicorn"] + result.probed["redis"]) / max(len(result.latencies["command"]), 1)


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


def round_trips(stack: Stack, workers: int, env: dict[str, str], data_dir: Path) -> dict[str, PerKind]:
    """Round trips per request, counted on ``stack``, or on a stack of its own whose Redis listens on TCP: MONITOR
    names every connection over a Unix socket alike, so it cannot tell the requests' from the workers'."""
    assert stack.redis_url is not None
    if not stack.redis_url.startswith("unix:"):
        return count_round_trips(stack.redis_url, stack.port)
    apart = Stack(port=free_port(), workers=workers, data_dir=data_dir / "trips", quiet=True,
                  extra_env={**env, "DOGPARK_PRIVATE_REDIS": "tcp"})
    try:
        apart.start()
        assert apart.redis_url is not None
        return count_round_trips(apart.redis_url, apart.port)
    finally:
        apart.stop()


def main(argv: list[str] | None = None) -> None:
    """Start a private stack, measure, print the table, stop everything."""
    args = parse(argv)
    end_on_sigterm()
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-bench-"))
    # The clients create games far faster than the production rate allows; the counter game is served only here.
    env = {
        "DOGPARK_CREATE_RATE": "off",
        "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
        "DOGPARK_EXTRA_GAMES": "counter",
        "DOGPARK_PRIVATE_REDIS": args.redis,
        # The clients stand for many, from one address, each holding its seats' streams.
        "DOGPARK_STREAMS_PER_ADDRESS": "0",
    }
    games = [game for game in args.games.split(",") if game]
    stack = Stack(port=free_port(), workers=args.rq_workers, data_dir=data_dir, quiet=True, extra_env=env)
    started, load_start = time.monotonic(), load_average()
    try:
        progress("starting a private redis-server, gunicorn, RQ worker(s), the sweeper")
        stack.start()
        assert stack.redis_url is not None
        # Load times measure the cold path (snapshot + tail), as after a restart: no per-process game cache.
        services = build(Settings(redis_url=stack.redis_url, game_cache=0))
        client = redis.Redis.from_url(stack.redis_url)

        progress("redis-py XADD and RedisStore.append, one client, sequential")
        payload = xadd_payload()
        xadd, appends, appends_ratio = paired_rates(client, services.store, 2 * args.micro_seconds, payload)

        played = {}
        scenario = "{}" + ("-get" if args.views == "get" else "") + ("-phones" if args.connections == "seat" else "")
        for game in games:
            progress(f"HTTP: {args.clients} clients playing {TABLES[game]}-human {game} games for {args.seconds:g} s")
            played[game] = run_clients(scenario.format(game), stack.port, args.clients, args.seconds, cpu_probe(stack))
        progress(f"HTTP: {args.clients} clients calling GET /livez for {args.seconds:g} s")
        noop = run_clients("noop", stack.port, args.clients, args.seconds, cpu_probe(stack))
        progress(f"HTTP: {args.clients} clients calling GET /healthz (one Redis PING) for {args.seconds:g} s")
        ping = run_clients("ping", stack.port, args.clients, args.seconds, cpu_probe(stack))

        progress("Redis round trips per request: one Felix game under MONITOR")
        trips = round_trips(stack, args.rq_workers, env, data_dir)

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
    ping_rate = ping.rate("ping")
    ping_ratio = ping_rate / noop_rate
    load_ratio = load_5000.median / load_50.median
    tail_ratio = load_5050.median / paired_50.median
    web_workers = os.environ.get("DOGPARK_WEB_WORKERS", str(os.cpu_count()))
    worker_class = os.environ.get("DOGPARK_WORKER_CLASS", "gevent")

    print(
        f"dogpark bench: {os.cpu_count()} CPUs, gunicorn {web_workers} {worker_class} workers, "
        f"{args.clients} client processes x {args.seconds:g} s per HTTP run, one private Redis (on its {args.redis}), "
        f"next views {'from pushed turns' if args.views == 'pushed' else 'by GET'}"
        f"{', a connection per seat' if args.connections == 'seat' else ''}"
    )
    rows: list[tuple[str, ...]] = [("measure", "value", "p50 ms", "p99 ms", "note")]
    rows += [
        ("redis-py XADD round trips/s", f"{xadd.per_second:,.0f}", "", "", f"1 client, {len(payload)}-byte entry"),
        ("RedisStore.append/s (1 event)", f"{appends.per_second:,.0f}", "", "", "1 client, Lua script"),
        (
            "  appends/s / XADD/s",
            f"{appends_ratio:.2f}",
            "",
            "",
            f"median of 6 alternating slices; target >= {APPENDS_TARGET}: {verdict(appends_ratio >= APPENDS_TARGET)}",
        ),
        *(row for game, result in played.items() for row in game_rows(game, result, ping_rate, args.clients)),
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
        per_command = result.probed["gunicorn"] / max(len(result.latencies["command"]), 1)
        print(
            f"gunicorn CPU per {game} command {ms(per_command)} ms (its share of views, streams and set-up included), "
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
    if args.replay_moves > 0:
        progress("replays: early, middle and late versions of one long Counter game, on a stack of its own")
        replays.main(["--moves", str(args.replay_moves)])
    if args.simulator_playouts > 0:
        progress("simulator: random playouts of each game, legal move generation and a state's copy, in this process")
        simulator.main(["--playouts", str(args.simulator_playouts)])
    if args.view_rounds > 0:
        progress("views: each game's seat views with and without their choices, in every language, in this process")
        views.main(["--rounds", str(args.view_rounds)])
    print(f"whole run: {time.monotonic() - started:.0f} s")


def game_rows(game: str, result: LoadResult, ping_rate: float, clients: int) -> list[tuple[str, ...]]:
    """A game's HTTP rows: commands, views GET (if any), set-up, the ratio to /healthz, the server's CPU per move and
    how the requests spread over the web workers."""
    started = len(result.latencies["setup"]) // (1 + TABLES[game])
    ratio = result.rate("command") / ping_rate
    cpu = server_ms_per_move(result)
    share, workers = busiest_worker(result)
    cpu_target = CPU_TARGETS.get(game)
    cpu_note = "gunicorn + Redis CPU in the window / commands"
    if cpu_target is not None:
        cpu_note += f"; target <= {cpu_target} (quiet machine): {verdict(cpu <= cpu_target)}"
    spread_note = f"{workers} workers answered"
    if clients >= 8:
        spread_note += f"; target <= {SPREAD_TARGET}: {verdict(share <= SPREAD_TARGET)}"
    rows = [http_rows(f"HTTP POST /commands/s ({game})", result, "command")]
    if result.latencies["view"]:
        rows.append(http_rows("  GET /v1/games/{id}/s (views)", result, "view"))
    return [
        *rows,
        http_rows("  POST create + claim/s", result, "setup"),
        ("  all API requests/s", f"{result.total_rate():,.0f}", "", "", f"~{started} games started in the run"),
        (
            f"  {game} commands/s / healthz/s",
            f"{ratio:.2f}",
            "",
            "",
            f"target >= {COMMANDS_TARGET}: {verdict(ratio >= COMMANDS_TARGET)}",
        ),
        (f"  {game} server CPU per move", f"{cpu:.2f} ms", "", "", cpu_note),
        ("  busiest web worker's share", f"{share:.2f}", "", "", spread_note),
    ]


def _load_note(timed: Timed) -> str:
    snapshot = f"snapshot v{timed.snapshot_at}" if timed.snapshot_at else "no snapshot"
    return f"{snapshot} + {timed.events_after} events, median of {timed.samples}"


if __name__ == "__main__":
    main()
