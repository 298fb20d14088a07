"""Two stacks alike but for their environment, loaded at the same moment: paired figures of a change.

Two stacks run at once, each with its own private Redis (gunicorn with its default workers, one RQ worker, the
counter game served), and differ only in the environment given to each side (``--side NAME:VAR=VALUE,...``; by
default how they reach their private Redis, DOGPARK_PRIVATE_REDIS socket against tcp). The machine is shared, so
its load comes and goes: each load runs on both stacks at the same moment (a thread each), and the raw rates
alternate between the two in short turns. Each slice measures:

- server CPU per move (gunicorn + redis-server CPU in the window / commands) of HTTP clients playing the counter
  game and Spots (tests/bench/http_load.py, as `make bench` does), ``--clients`` against each stack;
- the same of the Node load generator playing the counter game (tests/bench/peer.py, as `make bench-peer` does;
  skipped when tests/bench/peer has no node_modules), ``--matches`` against each stack;
- one client's raw XADD/s and RedisStore.append/s (tests/bench/redis_rates.py), and the client's CPU per XADD.

Printed: every slice's figures, then for each measure the median of the per-slice ratios of the first side to
the second.

    python -m tests.bench.paired [--slices 4] [--seconds 5] [--clients 4] [--matches 4] [--micro-seconds 2]
    python -m tests.bench.paired --side c:GUNICORN_CMD_ARGS=--http-parser=auto \\
        --side py:GUNICORN_CMD_ARGS=--http-parser=python
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import TypeVar

import redis

from service.core.config import Settings
from service.core.wiring import build
from service.ops.private_redis import TRANSPORTS
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench import peer
from tests.bench.cpu import load_average
from tests.bench.ending import end_on_sigterm
from tests.bench.http_load import run_clients
from tests.bench.redis_rates import Appender, xadd_rate
from tests.bench.run import cpu_probe, progress, server_ms_per_move, xadd_payload
from tests.bench.summary import median

T = TypeVar("T")
#: Alternating turns of each raw rate per slice, on each stack.
TURNS = 6


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.paired", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--side", action="append", type=side, dest="sides", metavar="NAME:VAR=VALUE,...",
        help="a stack's name and its environment, twice (default: socket and tcp, by DOGPARK_PRIVATE_REDIS)",
    )
    parser.add_argument("--slices", type=int, default=4, help="slices, each measuring everything on both (4)")
    parser.add_argument("--seconds", type=float, default=5, help="wall time of each HTTP or Node run (5)")
    parser.add_argument("--clients", type=int, default=4, help="HTTP client processes against each stack (4)")
    parser.add_argument("--matches", type=int, default=4, help="the Node generator's matches against each stack (4)")
    parser.add_argument("--micro-seconds", type=float, default=2, help="wall time of each raw rate per stack (2)")
    args = parser.parse_args(argv)
    args.sides = args.sides or [(transport, {"DOGPARK_PRIVATE_REDIS": transport}) for transport in TRANSPORTS]
    if len(args.sides) != 2 or args.sides[0][0] == args.sides[1][0]:
        parser.error("give two --side, with different names")
    return args


def side(text: str) -> tuple[str, dict[str, str]]:
    """``NAME:VAR=VALUE,VAR=VALUE`` as a name and an environment."""
    name, _, settings = text.partition(":")
    pairs = [one.partition("=") for one in settings.split(",") if one]
    if not name or any(not sep for _, sep, _ in pairs):
        raise argparse.ArgumentTypeError(f"expected NAME:VAR=VALUE,..., not {text!r}")
    return name, {var: value for var, _, value in pairs}


def side_by_side(stacks: dict[str, Stack], run: Callable[[Stack], T]) -> dict[str, T]:
    """``run`` on every stack at once, a thread each, so that both meet the same moment of the machine."""
    with ThreadPoolExecutor(len(stacks)) as pool:
        started = {name: pool.submit(run, stack) for name, stack in stacks.items()}
        return {name: future.result() for name, future in started.items()}


class Raw:
    """One client's raw XADDs and store appends on a stack's Redis, timed turn by turn."""

    def __init__(self, stack: Stack) -> None:
        assert stack.redis_url is not None
        self.client = redis.Redis.from_url(stack.redis_url)
        self.appender = Appender(build(Settings(redis_url=stack.redis_url)).store)
        self.payload = xadd_payload()
        self.xadds = self.appends = self.xadd_seconds = self.append_seconds = self.xadd_cpu = 0.0

    def turn(self, seconds: float) -> None:
        """XADD for half of ``seconds``, append for the other half."""
        cpu = time.process_time()
        xadds = xadd_rate(self.client, seconds / 2, self.payload)
        self.xadd_cpu += time.process_time() - cpu
        appends = self.appender.rate(seconds / 2)
        self.xadds += xadds.count
        self.xadd_seconds += xadds.seconds
        self.appends += appends.count
        self.append_seconds += appends.seconds


def raw_rates(stacks: dict[str, Stack], seconds: float) -> dict[str, dict[str, float]]:
    """Raw XADD/s, RedisStore.append/s and the client's CPU per XADD on each stack, in alternating turns."""
    raws = {name: Raw(stack) for name, stack in stacks.items()}
    for index in range(TURNS):
        for name in list(raws)[index % 2 :] + list(raws)[: index % 2]:
            raws[name].turn(seconds / TURNS)
    return {
        name: {
            "raw XADD/s": raw.xadds / raw.xadd_seconds,
            "RedisStore.append/s": raw.appends / raw.append_seconds,
            "  client CPU us per XADD": 1e6 * raw.xadd_cpu / raw.xadds,
        }
        for name, raw in raws.items()
    }


def measure(stacks: dict[str, Stack], args: argparse.Namespace, node: bool) -> dict[str, dict[str, float]]:
    """One slice's figures on each stack."""
    figures: dict[str, dict[str, float]] = {name: {} for name in stacks}
    for game in ("counter", "spots"):
        played = side_by_side(
            stacks, lambda s, g=game: run_clients(g, s.port, args.clients, args.seconds, cpu_probe(s))
        )
        for name, result in played.items():
            commands = max(len(result.latencies["command"]), 1)
            figures[name][f"{game} HTTP: server CPU ms per move"] = server_ms_per_move(result)
            for part in ("gunicorn", "redis"):
                figures[name][f"{game} HTTP:   of which {part}"] = 1000 * result.probed[part] / commands
            figures[name][f"{game} HTTP: commands/s"] = result.rate("command")
    if node:
        runs = side_by_side(stacks, lambda s: peer.run_once(peer.as_server(s), args.matches, args.seconds, 1000, 1, 0))
        for name, run in runs.items():
            figures[name]["counter Node: server CPU ms per move"] = run.cpu_per_move_ms
            figures[name]["counter Node: moves/s"] = run.rate
    for name, rates in raw_rates(stacks, args.micro_seconds).items():
        figures[name].update(rates)
    return figures


def main(argv: list[str] | None = None) -> None:
    """Start a stack of each side, run the slices, print the figures and the paired ratios, stop everything."""
    args = parse(argv)
    end_on_sigterm()
    node = (peer.PEER / "node_modules" / "boardgame.io").is_dir()
    work = Path(tempfile.mkdtemp(prefix="dogpark-paired-"))
    at_start = load_average()
    slices: list[dict[str, dict[str, float]]] = []
    with ExitStack() as running:
        stacks = {}
        for name, environment in args.sides:
            env = {
                "DOGPARK_CREATE_RATE": "off",
                "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
                "DOGPARK_EXTRA_GAMES": "counter",
                **environment,
            }
            stack = Stack(port=free_port(), workers=1, data_dir=work / name, quiet=True, extra_env=env)
            running.callback(stack.stop)
            stacks[name] = stack.start()
            progress(f"{name} ({environment}): Redis at {stack.redis_url}")
        progress("warming up: a little play on both, uncounted")
        for game in ("counter", "spots"):
            side_by_side(stacks, lambda s, g=game: run_clients(g, s.port, args.clients, 2))
        for index in range(args.slices):
            progress(f"slice {index + 1} of {args.slices}")
            slices.append(measure(stacks, args, node))
    shutil.rmtree(work, ignore_errors=True)
    (a, a_env), (b, b_env) = args.sides
    print(
        f"{a} ({a_env}) vs {b} ({b_env}), both at once: {args.slices} slices, {args.seconds:g} s per run, "
        f"{args.clients} HTTP clients and {args.matches} Node matches against each stack"
        f"{'' if node else ' (Node skipped: no node_modules)'}; load average at start {at_start}, at end "
        f"{load_average()}"
    )
    print(f"{'measure':<40} {a + ' (slices)':>30} {b + ' (slices)':>30} {a + '/' + b:>11}")
    for name in slices[0][a]:
        ratios = [one[a][name] / one[b][name] for one in slices if one[b][name]]
        print(
            f"{name:<40} {_values(slices, a, name):>30} {_values(slices, b, name):>30} "
            f"{median(ratios) if ratios else float('nan'):>11.3f}"
        )


def _values(slices: list[dict[str, dict[str, float]]], side: str, name: str) -> str:
    """A measure's value on one stack in each slice."""
    return " ".join(f"{one[side][name]:.3g}" for one in slices)


if __name__ == "__main__":
    main()
