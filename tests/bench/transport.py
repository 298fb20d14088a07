"""The private Redis reached over loopback TCP against over its Unix socket (DOGPARK_PRIVATE_REDIS), paired.

Two stacks run at once, alike but for how their processes reach their own private Redis (gunicorn with its
default workers, one RQ worker, the counter game served). Each slice runs every measure on both stacks, one after
the other, the order turning each slice, so that a busy moment of the shared machine weighs on both alike:

- server CPU per move (gunicorn + redis-server CPU in the window / commands) of HTTP clients playing the counter
  game and Spots (tests/bench/http_load.py, as `make bench` does);
- the same of the Node load generator playing the counter game (tests/bench/peer.py, as `make bench-peer` does;
  skipped when tests/bench/peer has no node_modules);
- one client's raw XADD/s and RedisStore.append/s (tests/bench/redis_rates.py).

Printed: every slice's figures, then for each measure the median of the per-slice ratios socket / TCP.

    python -m tests.bench.transport [--slices 3] [--seconds 6] [--clients 8] [--matches 8] [--micro-seconds 2]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from contextlib import ExitStack
from pathlib import Path

import redis

from service.config import Settings
from service.stack import TRANSPORTS, Stack, free_port
from service.wiring import build
from tests.bench import peer
from tests.bench.cpu import load_average
from tests.bench.http_load import run_clients
from tests.bench.redis_rates import paired_rates
from tests.bench.run import cpu_probe, progress, server_ms_per_move, xadd_payload
from tests.bench.summary import median


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.transport", description=__doc__.splitlines()[0])
    parser.add_argument("--slices", type=int, default=3, help="slices, each running every measure on both (3)")
    parser.add_argument("--seconds", type=float, default=6, help="wall time of each HTTP or Node run (6)")
    parser.add_argument("--clients", type=int, default=8, help="HTTP client processes (8)")
    parser.add_argument("--matches", type=int, default=8, help="the Node generator's concurrent matches (8)")
    parser.add_argument("--micro-seconds", type=float, default=2, help="wall time of the XADD and append rates (2)")
    return parser.parse_args(argv)


def warm(stack: Stack, args: argparse.Namespace) -> None:
    """Play a little on the stack before the first slice, so no first run pays for cold workers and caches."""
    for game in ("counter", "spots"):
        run_clients(game, stack.port, args.clients, 2)


def measure(stack: Stack, args: argparse.Namespace, node: bool) -> dict[str, float]:
    """One slice's figures on one stack."""
    assert stack.redis_url is not None
    figures = {}
    for game in ("counter", "spots"):
        played = run_clients(game, stack.port, args.clients, args.seconds, cpu_probe(stack))
        figures[f"{game} HTTP: server CPU ms per move"] = server_ms_per_move(played)
        figures[f"{game} HTTP: commands/s"] = played.rate("command")
    if node:
        run = peer.run_once(peer.as_server(stack), args.matches, args.seconds, 1000, 1, 0)
        figures["counter Node: server CPU ms per move"] = run.cpu_per_move_ms
        figures["counter Node: moves/s"] = run.rate
    client, store = redis.Redis.from_url(stack.redis_url), build(Settings(redis_url=stack.redis_url)).store
    xadd, appends, ratio = paired_rates(client, store, args.micro_seconds, xadd_payload())
    figures["raw XADD/s"] = xadd.per_second
    figures["RedisStore.append/s"] = appends.per_second
    figures["appends/s / XADD/s"] = ratio
    return figures


def main(argv: list[str] | None = None) -> None:
    """Start a stack of each kind, run the slices, print the figures and the paired ratios, stop everything."""
    args = parse(argv)
    node = (peer.PEER / "node_modules" / "boardgame.io").is_dir()
    work = Path(tempfile.mkdtemp(prefix="dogpark-transport-"))
    at_start = load_average()
    figures: dict[str, list[dict[str, float]]] = {transport: [] for transport in TRANSPORTS}
    with ExitStack() as stacks:
        running = {}
        for transport in TRANSPORTS:
            env = {"DOGPARK_CREATE_RATE": "off", "DOGPARK_EXTRA_GAMES": "counter", "DOGPARK_PRIVATE_REDIS": transport}
            stack = Stack(port=free_port(), workers=1, data_dir=work / transport, quiet=True, extra_env=env)
            stacks.callback(stack.stop)
            running[transport] = stack.start()
            progress(f"{transport}: Redis at {stack.redis_url}; warming up")
            warm(stack, args)
        for index in range(args.slices):
            for transport in TRANSPORTS[index % 2 :] + TRANSPORTS[: index % 2]:
                progress(f"slice {index + 1}: {transport}")
                figures[transport].append(measure(running[transport], args, node))
    shutil.rmtree(work, ignore_errors=True)
    socket, tcp = (figures[transport] for transport in TRANSPORTS)
    print(
        f"Private Redis over its Unix socket vs loopback TCP: {args.slices} slices, {args.seconds:g} s per run, "
        f"{args.clients} HTTP clients, {args.matches} Node matches{'' if node else ' (skipped: no node_modules)'}; "
        f"load average at start {at_start}, at end {load_average()}"
    )
    print(f"{'measure':<40} {'socket (slices)':>28} {'tcp (slices)':>28} {'socket/tcp':>11}")
    for name in socket[0]:
        ratios = [mine[name] / theirs[name] for mine, theirs in zip(socket, tcp, strict=True) if theirs[name]]
        print(
            f"{name:<40} {_slices(socket, name):>28} {_slices(tcp, name):>28} "
            f"{median(ratios) if ratios else float('nan'):>11.3f}"
        )


def _slices(figures: list[dict[str, float]], name: str) -> str:
    """A measure's value in each slice."""
    return " ".join(f"{slice_[name]:.3g}" for slice_ in figures)


if __name__ == "__main__":
    main()
