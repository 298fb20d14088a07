"""`make bench-peer`: dogpark beside boardgame.io 0.50 on the counter game, one Node load generator for both.

Four systems: dogpark in two modes on one stack (service.ops.stack.Stack: gunicorn with 2 gevent workers, its
private redis-server with an append-only file fsynced every second, DOGPARK_EXTRA_GAMES=counter; one stack for the
whole bench), ``dogpark`` (each move's answer names the seat to act next: the generator moves for it at once) and
``dogpark-streamed`` (each seat's client holds its own event stream and moves when a `turn` message comes, as a real
client does); boardgame.io in memory and boardgame.io with FlatFile storage (tests/bench/peer/server.js,
NODE_ENV=production; a fresh server, and a fresh FlatFile folder, for each run). The generator
(tests/bench/peer/loadgen.js) plays 1, 8 and 32 concurrent matches against each, for a fixed time per run; a round
runs every system at every concurrency, the systems' order turning each round, and there are 3 rounds
(docs/peer.md).

Measured per run, over the generator's window (after 2 s of moves left uncounted, to warm up): moves/s; server CPU
per move (user + system seconds from /proc of the server's processes: gunicorn's master and workers and redis-server;
the one Node process); and for dogpark each gunicorn worker's share of the requests, counted per client connection
by the generator and matched to the worker holding the connection's server end (/proc/<pid>/fd and /proc/net/tcp),
beside its share of the workers' CPU.
Printed: every run, then medians per system and concurrency, the issue's table, and the ratios at 8 matches paired
within each round (dogpark / boardgame.io FlatFile, target >= 2; dogpark / boardgame.io in memory, target >= 0.5).

    python -m tests.bench.peer [--seconds 10] [--warmup 2] [--rounds 3] [--matches 1,8,32] [--moves 1000]
                               [--redis socket|tcp]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from service.ops.private_redis import TRANSPORTS
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.cpu import load_average, machine_busy, tree_cpu
from tests.bench.ending import end_on_sigterm
from tests.bench.summary import median

PEER = Path(__file__).resolve().parent / "peer"
CPUS = os.cpu_count() or 1
#: Moves/s at 8 matches, dogpark over boardgame.io: at least this with FlatFile, at least this in memory.
FLATFILE_TARGET = 2.0
MEMORY_TARGET = 0.5
#: With this many matches or more, no gunicorn worker may serve more than SHARE_TARGET of the requests.
SHARE_FROM = 8
SHARE_TARGET = 0.6
#: The least fraction of a run's requests whose connection must be matched to a worker for its shares to count.
MAPPED = 0.9
#: The CPUs each system can use: gunicorn's workers spread over the machine; boardgame.io is one Node thread.
CORES = {"dogpark": CPUS, "dogpark-streamed": CPUS, "bgio-memory": 1, "bgio-flatfile": 1}
#: The concurrency the ratios are taken at.
RATIO_AT = 8
#: The issue's table: each system's label and what it persists.
SYSTEMS = {
    "dogpark": ("dogpark (gunicorn, 2 gevent workers)", "Redis stream, AOF"),
    "dogpark-streamed": ("dogpark, each seat's turns from its own event stream", "Redis stream, AOF"),
    "bgio-memory": ("boardgame.io (one Node process)", "in memory, nothing persisted"),
    "bgio-flatfile": ("boardgame.io", "FlatFile (persisted)"),
}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.peer", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="measured window of each run (10)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every system at every concurrency (3)")
    parser.add_argument("--matches", default="1,8,32", help="concurrent matches, comma-separated (1,8,32)")
    parser.add_argument("--moves", type=int, default=1000, help="moves per game, both systems (1000)")
    parser.add_argument("--warmup", type=float, default=2, help="seconds of moves before each window, uncounted (2)")
    parser.add_argument("--only", choices=sorted(SYSTEMS), action="append", help="run only these systems")
    parser.add_argument("--redis", choices=TRANSPORTS, default=TRANSPORTS[0], help="how dogpark reaches its Redis")
    return parser.parse_args(argv)


def progress(message: str) -> None:
    """A phase line on stderr, so stdout holds only the figures."""
    print(f"[peer {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# --- The servers ----------------------------------------------------------------------------------------------------


@dataclass
class Server:
    """A running system under test: its URL and the processes whose CPU is its cost."""

    name: str
    url: str
    port: int
    #: Process trees counted as the server's CPU (each root with its descendants).
    roots: list[int]
    #: gunicorn's master, whose children are the workers (dogpark only).
    master: int | None = None

    def workers(self) -> list[int]:
        """gunicorn's worker pids (none for boardgame.io)."""
        if self.master is None:
            return []
        return [int(pid) for pid in Path(f"/proc/{self.master}/task/{self.master}/children").read_text().split()]

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: the whole server's ("total") and each gunicorn worker's (by pid)."""
        return {"total": sum(tree_cpu(root) for root in self.roots), **{str(p): tree_cpu(p) for p in self.workers()}}


def as_server(stack: Stack) -> Server:
    """A started stack as a system under test: gunicorn's processes and its private redis-server's count."""
    assert stack.web is not None and stack.redis_process is not None
    return Server("dogpark", stack.url, stack.port, [stack.web.pid, stack.redis_process.pid], stack.web.pid)


@contextmanager
def dogpark(data_dir: Path, transport: str = TRANSPORTS[0]) -> Iterator[Server]:
    """A dogpark stack serving the counter game: 2 gunicorn workers, its own redis-server (AOF, fsync every second)
    reached as ``transport`` says (DOGPARK_PRIVATE_REDIS)."""
    env = {
        "DOGPARK_EXTRA_GAMES": "counter",
        "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
        "DOGPARK_WEB_WORKERS": "2",
        "DOGPARK_PRIVATE_REDIS": transport,
        # The generator stands for every match's clients, from one address: two streams a match.
        "DOGPARK_STREAMS_PER_ADDRESS": "0",
    }
    data_dir.mkdir(parents=True, exist_ok=True)
    stack = Stack(port=free_port(), workers=0, data_dir=data_dir, log_path=data_dir / "stack.log", extra_env=env)
    stack.start()
    try:
        yield as_server(stack)
    finally:
        stack.stop()


@contextmanager
def boardgame_io(name: str, work: Path) -> Iterator[Server]:
    """boardgame.io's server (server.js) in memory or with FlatFile in a fresh folder of ``work``, for one run."""
    port = free_port()
    argv = ["node", "server.js", "--port", str(port), "--storage", "memory"]
    if name == "bgio-flatfile":
        argv[-1:] = ["flatfile", "--dir", tempfile.mkdtemp(prefix="flatfile-", dir=work)]
    with open(work / "bgio.log", "a") as out:
        process = subprocess.Popen(
            argv, cwd=PEER, env={**os.environ, "NODE_ENV": "production"}, stdout=subprocess.PIPE, stderr=out, text=True
        )
    try:
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"{name}: server.js did not start (see {work / 'bgio.log'})")
        yield Server(name, f"http://127.0.0.1:{port}", port, [process.pid])
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- Who holds a connection -----------------------------------------------------------------------------------------

#: A connection's state in /proc/net/tcp (the listening socket, which every worker holds too, is 0A).
ESTABLISHED = "01"


def connection_owners(pids: list[int], server_port: int, states: tuple[str, ...] = (ESTABLISHED,)) -> dict[int, int]:
    """Client port -> the pid (of ``pids``) holding the server end of that TCP connection to ``server_port``, in one
    of ``states`` (/proc/net/tcp's hex codes)."""
    inodes = {}
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes[target[8:-1]] = pid
    owners = {}
    for table_path in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table_path).read_text().splitlines()[1:]:
            fields = line.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            if state in states and int(local.rsplit(":", 1)[1], 16) == server_port and inode in inodes:
                owners[int(remote.rsplit(":", 1)[1], 16)] = inodes[inode]
    return owners


# --- One run --------------------------------------------------------------------------------------------------------


@dataclass
class Run:
    """One generator run against one system at one concurrency."""

    system: str
    matches: int
    round: int
    moves: int
    seconds: float
    errors: dict[str, int]
    server_cpu: float
    client_cpu: float
    machine_cpu: float
    p50_ms: float
    p99_ms: float
    #: gunicorn worker pid -> its share of the requests and of the workers' CPU (dogpark only).
    request_share: dict[int, float] = field(default_factory=dict)
    cpu_share: dict[int, float] = field(default_factory=dict)
    #: gunicorn worker pid -> the generator's connections it holds (a keep-alive connection stays with one worker).
    connections: dict[int, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """Moves per second of the window."""
        return self.moves / self.seconds

    @property
    def ceiling(self) -> float:
        """Moves/s were CPU alone the bound: the CPUs the system can use over its CPU per move (an estimate)."""
        return CORES[self.system] * self.moves / self.server_cpu if self.server_cpu else float("nan")

    @property
    def cpu_per_move_ms(self) -> float:
        """Server CPU milliseconds per move."""
        return 1000 * self.server_cpu / self.moves if self.moves else float("nan")


def run_once(
    server: Server, system: str, matches: int, seconds: float, moves: int, warmup: float, round_: int
) -> Run:
    """Start the generator as ``system``, read the server's CPU as its window opens and closes; the run's figures."""
    mode = system if system.startswith("dogpark") else "bgio"
    argv = ["node", "loadgen.js", "--system", mode, "--url", server.url]
    argv += ["--matches", str(matches), "--seconds", str(seconds), "--moves", str(moves), "--hold"]
    argv += ["--warmup", str(warmup)]
    generator = subprocess.Popen(argv, cwd=PEER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert generator.stdout is not None and generator.stdin is not None
    try:
        started = json.loads(generator.stdout.readline() or "{}")
        if started.get("phase") != "started":
            raise RuntimeError(f"the load generator failed to set up {matches} matches on {server.name}")
        before, client_before, machine_before = server.cpu(), tree_cpu(generator.pid), machine_busy()
        done = json.loads(generator.stdout.readline() or "{}")
        after, client_after, machine_after = server.cpu(), tree_cpu(generator.pid), machine_busy()
        if done.get("phase") != "done":
            raise RuntimeError(f"the load generator stopped early on {server.name}")
        owners = connection_owners(server.workers(), server.port)
    finally:
        generator.stdin.close()
        generator.wait(30)
    result = Run(
        system=system,
        matches=matches,
        round=round_,
        moves=done["moves"],
        seconds=done["seconds"],
        errors=done["errors"],
        server_cpu=after["total"] - before["total"],
        client_cpu=client_after - client_before,
        machine_cpu=machine_after - machine_before,
        p50_ms=done["latency_ms"]["p50"] or float("nan"),
        p99_ms=done["latency_ms"]["p99"] or float("nan"),
    )
    workers = [pid for pid in server.workers() if str(pid) in before]
    if workers:
        requests = {pid: 0 for pid in workers}
        result.connections = {pid: 0 for pid in workers}
        for port, count in done["per_connection"].items():
            owner = owners.get(int(port))
            if owner in requests:
                requests[owner] += count
                result.connections[owner] += 1
        mapped, sent = sum(requests.values()), sum(done["per_connection"].values())
        # Shares only when nearly every request's connection was found held by a worker (not, say, reconnected).
        if sent and mapped >= MAPPED * sent:
            result.request_share = {pid: count / mapped for pid, count in requests.items()}
        used = {pid: after.get(str(pid), 0.0) - before.get(str(pid), 0.0) for pid in workers}
        result.cpu_share = {pid: cpu / (sum(used.values()) or 1) for pid, cpu in used.items()}
    return result


def describe(run: Run) -> str:
    """One line per run."""
    line = (
        f"  round {run.round} {run.system:<16} {run.matches:>2} matches: {run.rate:7,.0f} moves/s, "
        f"server {run.cpu_per_move_ms:.2f} ms CPU/move, p50 {run.p50_ms:.1f} ms, p99 {run.p99_ms:.1f} ms, "
        f"client {run.client_cpu:.1f} s, machine busy {run.machine_cpu:.1f} of {CPUS * run.seconds:.0f} CPU-s"
    )
    if run.request_share:
        shares = ", ".join(
            f"{run.request_share[pid]:.0%} of requests on {run.connections[pid]} connections "
            f"({run.cpu_share.get(pid, 0):.0%} CPU)"
            for pid in sorted(run.request_share)
        )
        line += f"; workers: {shares}"
    if run.errors:
        line += f"; errors {run.errors}"
    return line


# --- The summary ----------------------------------------------------------------------------------------------------


def middle(values: list[float]) -> float:
    """The median, NaN when every run of a cell failed."""
    return median(values) if values else float("nan")


def markdown(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    """A Markdown table, as docs/peer.md and the issue show it."""
    return [f"| {' | '.join(row)} |" for row in (header, tuple("---" for _ in header), *rows)]


def paired(ours: list[Run], theirs: list[Run], figure: Callable[[Run], float]) -> list[float]:
    """Per round present in both: ``figure`` of our run over ``figure`` of theirs (a paired ratio)."""
    mine = {run.round: figure(run) for run in ours}
    return [mine[run.round] / figure(run) for run in theirs if run.round in mine and figure(run) > 0]


def summary(runs: list[Run], levels: list[int], systems: list[str]) -> list[str]:
    """The issue's table of medians, the worker shares, and the paired ratios at RATIO_AT matches."""
    by = {(s, m): [r for r in runs if r.system == s and r.matches == m] for s in systems for m in levels}
    rows = []
    for system in systems:
        rates = " / ".join(f"{middle([r.rate for r in by[system, m]]):,.0f}" for m in levels)
        per_move = [middle([r.cpu_per_move_ms for r in by[system, m]]) for m in levels]
        label, storage = SYSTEMS[system]
        rows.append((label, storage, rates, f"{min(per_move):.2f}-{max(per_move):.2f} ms"))
    header = ("system", "storage", f"moves/s at {' / '.join(map(str, levels))} matches", "server CPU per move")
    lines = ["", "Medians of the runs:", *markdown(header, rows)]
    lines += [
        "",
        "Server CPU per move by concurrency (median ms): "
        + "; ".join(
            f"{system} " + " / ".join(f"{middle([r.cpu_per_move_ms for r in by[system, m]]):.2f}" for m in levels)
            for system in systems
        ),
    ]
    if "dogpark" in systems:
        lines += ["", f"gunicorn workers, the busiest worker's share (target <= {SHARE_TARGET:.0%} from {SHARE_FROM})"]
        for m in levels:
            shares = [max(r.request_share.values()) for r in by["dogpark", m] if r.request_share]
            unknown = sum(1 for r in by["dogpark", m] if not r.request_share)
            cpu = [max(r.cpu_share.values()) for r in by["dogpark", m] if r.cpu_share]
            verdict = "" if m < SHARE_FROM else ("  ok" if shares and max(shares) <= SHARE_TARGET else "  MISSED")
            verdict += f" ({unknown} runs whose connections were not found)" if unknown else ""
            lines.append(
                f"  {m:>2} matches: requests {', '.join(f'{s:.0%}' for s in shares)}; "
                f"CPU {', '.join(f'{c:.0%}' for c in cpu)}{verdict}"
            )
    ratio_lines = []
    peers = (
        ("bgio-flatfile", FLATFILE_TARGET, "boardgame.io FlatFile"),
        ("bgio-memory", MEMORY_TARGET, "boardgame.io in memory"),
    )
    for peer, target, sense in peers:
        if "dogpark" not in systems or peer not in systems or RATIO_AT not in levels:
            continue
        ratios = paired(by["dogpark", RATIO_AT], by[peer, RATIO_AT], lambda run: run.rate)
        ceilings = paired(by["dogpark", RATIO_AT], by[peer, RATIO_AT], lambda run: run.ceiling)
        if not ratios:
            continue
        value = middle(ratios)
        verdict = "ok" if value >= target else "MISSED"
        ratio_lines += [
            f"  dogpark / {sense}: {value:.2f}x (rounds: {', '.join(f'{x:.2f}' for x in ratios)}; "
            f"target >= {target}x) {verdict}",
            f"    estimated from CPU per move, were CPU alone the bound: {middle(ceilings):.2f}x "
            f"(rounds: {', '.join(f'{x:.2f}' for x in ceilings)})",
        ]
    if {"dogpark", "dogpark-streamed"} <= set(systems) and RATIO_AT in levels:
        streamed, direct = by["dogpark-streamed", RATIO_AT], by["dogpark", RATIO_AT]
        figures: dict[str, Callable[[Run], float]] = {
            "moves/s": lambda run: run.rate,
            "server CPU per move": lambda run: run.cpu_per_move_ms,
        }
        for what, figure in figures.items():
            ratios = paired(streamed, direct, figure)
            if ratios:
                ratio_lines.append(
                    f"  dogpark, turns from the streams / turns from the answers, {what}: {middle(ratios):.2f}x "
                    f"(rounds: {', '.join(f'{x:.2f}' for x in ratios)})"
                )
    if ratio_lines:
        lines += ["", f"Ratios at {RATIO_AT} matches, paired within each round (median of the rounds):"]
    return lines + ratio_lines


def main(argv: list[str] | None = None) -> None:
    """Run the rounds against dogpark (one stack for the whole bench) and boardgame.io (a fresh server per run)."""
    args = parse(argv)
    end_on_sigterm()
    levels = [int(m) for m in args.matches.split(",")]
    systems = args.only or list(SYSTEMS)
    if not (PEER / "node_modules" / "boardgame.io").is_dir():
        raise SystemExit("boardgame.io is not installed: run `cd tests/bench/peer && npm ci` (make bench-peer does)")
    work = Path(tempfile.mkdtemp(prefix="dogpark-peer-"))
    runs: list[Run] = []
    failed = False
    progress(f"logs and data in {work}")
    print(
        f"Peer bench: {args.rounds} rounds x {levels} matches x {len(systems)} systems, {args.seconds:.0f} s each, "
        f"{args.moves}-move games; dogpark's Redis on its {args.redis}; {CPUS} CPUs, load average {load_average()}"
    )
    with ExitStack() as lasting:
        dogparks = [system for system in systems if system.startswith("dogpark")]
        stack = lasting.enter_context(dogpark(work / "dogpark", args.redis)) if dogparks else None
        for round_ in range(1, args.rounds + 1):
            # The systems' order turns each round, so none always runs first or after the same neighbour.
            order = systems[round_ - 1 :] + systems[: round_ - 1]
            for matches in levels:
                for system in order:
                    progress(f"round {round_}: {system} at {matches} matches")
                    # boardgame.io starts afresh for each run: FlatFile's node-persist sweeps its folder for expired
                    # items every 2 minutes, reading files while moves rewrite them, and a half-written file ends
                    # the server (an unhandled rejection).
                    with ExitStack() as each:
                        server = stack if system in dogparks else each.enter_context(boardgame_io(system, work))
                        assert server is not None
                        try:
                            run = run_once(server, system, matches, args.seconds, args.moves, args.warmup, round_)
                        except RuntimeError as error:
                            failed = True
                            print(f"  round {round_} {system:<16} {matches:>2} matches: FAILED, {error}", flush=True)
                            continue
                    runs.append(run)
                    print(describe(run), flush=True)
    for line in summary(runs, levels, systems):
        print(line)
    print(f"\nLoad average at the end: {load_average()}")
    if failed:
        print(f"Some runs failed: their logs are kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
