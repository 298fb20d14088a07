"""The fan-out bench: thousands of open event streams beside a steady flow of commands (docs/benchmarks.md).

Against a private stack (its own redis-server, gunicorn with service/gunicorn/conf.py, no RQ worker: the games are
all-human two-seat Spots, which needs none and lasts thousands of events), three runs: ``--streams`` streams on one
game at ``--one-game-rate`` commands per second, the same at ``--rate``, and as many streams spread over
``--games`` games at ``--rate``. Each run sends its paced commands (one client, one request in flight, round-robin
over the run's games) for ``--seconds`` (the first run ``--one-game-seconds``, so that it too sends 600) with the
streams open, and for as long with none open, half before them and
half after, so that the machine's drift over a run (a shared machine's speed moves by a fifth within a minute) weighs
on both sides alike. One stream in ten is a seat's (it gets `turn` messages too); the rest are spectators'. The
streams are raw sockets read by ``--readers`` client processes (selectors), which time every event message as it
arrives against the server time sealed in the event (append -> delivery; one clock, one machine). The readers stand
for the viewers' own devices, which in a deployment do not share the server's CPUs: they run under Linux's SCHED_IDLE
policy (``--readers-priority idle``), taking only the CPU time the server and the command client leave, where a
nice value (``--readers-priority 10``; 0 to have them compete) still lets a reader run out its time slice before a
process it kept waiting gets the CPU back.

Printed per run: streams opened / refused, Redis's clients (CLIENT LIST) with and without the streams, the RSS the
web processes gained per stream, append -> delivery p50/p99, event messages delivered against those due, and
command latency p50/p99 with and without the streams, with their ratio (target: within 1.2x) and how far chance alone
moves that ratio (a 95% bootstrap interval over the run's commands: the p99 of 600 is the 6th slowest, and any of
the 2nd to the 12th is as likely a draw; resampled in spells of BLOCK_SECONDS, since a shared machine's speed drifts
over seconds and neighbouring commands are alike).

With ``--streams-apart NICE`` the streams are served by a second gunicorn of the same app on the same Redis,
niced by NICE, and the commands by the first: the deployment where a proxy sends the stream routes to web
processes of lower CPU priority (docs/streams.md).

    python -m tests.bench.fanout [--streams 2000] [--games 200] [--seconds 60] [--rate 10] [--one-game-rate 2]
                                 [--one-game-seconds 300] [--runs slow,fast,spread] [--streams-apart NICE]
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import re
import selectors
import shutil
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from service.core.config import Settings
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.cpu import load_average, tree_cpu
from tests.bench.ending import end_on_sigterm
from tests.bench.http_load import Client, Table, Tally
from tests.bench.summary import ms, percentile, ratio_interval, table

#: The command latency with streams open may be this many times the latency without (p50 and p99).
LATENCY_RATIO_TARGET = 1.2
#: One stream in this many is a seat's; the others are spectators'.
SEAT_EVERY = 10
#: Seconds given to the streams to deliver what the last commands appended before they are read for the last time.
DRAIN = 3.0
#: An event message ends with its server time: ..., "time": 1700000000.25}
EVENT_TIME = re.compile(rb'"time": ?([0-9.]+)\}\n\n')
TURN = b"event: turn\n"
#: How many times a run is begun, each time on new games, before a game that finishes during it ends the bench.
ATTEMPTS = 3
#: Seconds of commands the bootstrap resamples together (ratio_interval's block): a shared machine's speed drifts
#: over spells of seconds, in which one command is as slow as its neighbours.
BLOCK_SECONDS = 5
#: The keep-alive period of the bench stack, the users' default: a stream whose client hung up is noticed at its next
#: keep-alive. (It was 5 s, which over 199 games made keep-alives most of the writes: about 450 a second against 100
#: batches.)
KEEPALIVE = Settings.keepalive_seconds
#: The readers' priority by default: Linux's SCHED_IDLE. Niced by 10 (until 2026-11-28) they still held up the command
#: client over 199 games: under the kernel's EEVDF scheduler (Linux 6.6 on) a process that wakes may wait for a niced
#: one to run out its time slice, and a reader woken by a stream's write ran while the client's answer came in.
IDLE = "idle"


def reader_priority(text: str) -> str | int:
    """A ``--readers-priority``: ``idle``, or a nice value."""
    if text == IDLE:
        return IDLE
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"neither idle nor a nice value: {text!r}") from None


def step_aside(priority: str | int) -> None:
    """Lower this process's CPU priority: ``idle`` runs it only on a CPU no other process wants (a process that wakes
    takes the CPU from it at once); a number nices it by that much."""
    if priority == IDLE:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(priority)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.fanout", description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=2000, help="open streams per scenario (2000)")
    parser.add_argument("--games", type=int, default=200, help="games the spread scenario uses (200)")
    # 600 commands a side at 10/s: a p99 is then the 6th slowest, not the 2nd, which moved by a third run to run.
    parser.add_argument("--seconds", type=float, default=60, help="wall time of each command run (60)")
    parser.add_argument("--rate", type=float, default=10, help="commands per second sent (10)")
    parser.add_argument("--one-game-rate", type=float, default=2, help="commands/s of a first run on one game (2)")
    # As many commands as the others' 60 s at 10/s: in 60 s at 2/s the p99 was the 2nd slowest of 121, which moved
    # from 0.86x to 1.26x between runs of the same code.
    parser.add_argument("--one-game-seconds", type=float, default=300,
                        help="wall time of the first run's commands with the streams open (300)")
    parser.add_argument("--readers", type=int, default=2, help="client processes reading streams (2)")
    parser.add_argument("--readers-priority", type=reader_priority, default=IDLE, metavar="idle|NICE",
                        help="the reader processes' CPU priority, so that the viewers' own devices, here sharing "
                        "the server's CPUs, take what the server leaves: idle (SCHED_IDLE, the default) or a nice "
                        "value (0: compete with the server)")
    parser.add_argument("--streams-apart", type=int, metavar="NICE",
                        help="serve the streams from a second gunicorn on the same Redis, niced by NICE (the "
                        "deployment where a proxy sends the stream routes there), the commands from the first")
    parser.add_argument("--runs", default="slow,fast,spread",
                        help="which runs, in order: slow (one game, --one-game-rate), fast (one game, --rate), "
                        "spread (--games - 1 games, --rate); default all three")
    return parser.parse_args(argv)


# The readers: client processes holding the streams.


@dataclass
class Delivered:
    """What one reader process saw: answers to its stream requests, and every event message it timed."""

    statuses: dict[str, int]
    latencies: list[float]
    turns: int
    ended: int


def _request(host: str, port: int, path: str, token: str | None) -> socket.socket:
    sock = socket.create_connection((host, port), timeout=60)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{auth}\r\n".encode())
    return sock


def _status(sock: socket.socket) -> tuple[str, bytes]:
    """The response's status, and what came after its head."""
    head = b""
    while b"\r\n\r\n" not in head and len(head) < 65536:
        chunk = sock.recv(65536)
        if not chunk:
            break
        head += chunk
    status_line, _, _ = head.partition(b"\r\n")
    parts = status_line.split(b" ")
    return (parts[1].decode() if len(parts) > 1 else "no answer"), head.partition(b"\r\n\r\n")[2]


def _reader_main(host: str, port: int, targets: list[tuple[str, str | None, int]], opened: Any, stop: Any,
                 results: Any, priority: str | int) -> None:
    """Open every target stream ((game, seat token or None, after)), then time events until told to stop."""
    step_aside(priority)
    statuses: dict[str, int] = {}
    latencies: list[float] = []
    turns = ended = 0
    tails: dict[socket.socket, bytes] = {}
    selector = selectors.DefaultSelector()

    def take(sock: socket.socket, data: bytes, now: float) -> None:
        nonlocal turns
        data = tails[sock] + data
        cut = data.rfind(b"\n\n") + 2
        whole, tails[sock] = data[:cut], data[cut:]
        latencies.extend(now - float(at) for at in EVENT_TIME.findall(whole))
        turns += whole.count(TURN)

    # Every request is sent before any answer is read, so that the server opens the streams side by side.
    asked = []
    for game_id, token, after in targets:
        try:
            asked.append(_request(host, port, f"/v1/games/{game_id}/events/stream?after={after}", token))
        except OSError as error:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
    for sock in asked:
        try:
            status, rest = _status(sock)
        except OSError as error:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
            continue
        statuses[status] = statuses.get(status, 0) + 1
        if status != "200":
            sock.close()
            continue
        sock.setblocking(False)
        tails[sock] = b""
        take(sock, rest, time.time())
        selector.register(sock, selectors.EVENT_READ)
    opened.put(statuses)
    while not stop.is_set():
        for key, _ in selector.select(timeout=0.2):
            sock = key.fileobj
            try:
                data = sock.recv(1 << 20)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                selector.unregister(sock)
                ended += 1
                continue
            take(sock, data, time.time())
    for sock in tails:
        sock.close()
    results.put(Delivered(statuses, latencies, turns, ended))


class Crowd:
    """``readers`` processes holding streams on the given targets, opened at once and closed together."""

    def __init__(
        self, port: int, targets: list[tuple[str, str | None, int]], readers: int, priority: str | int = 0
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        self._results = context.Queue()
        opened = context.Queue()
        shares = [targets[i::readers] for i in range(readers)]
        self._processes = [
            context.Process(
                target=_reader_main, args=("127.0.0.1", port, share, opened, self._stop, self._results, priority),
                daemon=True,
            )
            for share in shares
        ]
        for process in self._processes:
            process.start()
        self.statuses: dict[str, int] = {}
        for _ in self._processes:
            for status, count in opened.get(timeout=300).items():
                self.statuses[status] = self.statuses.get(status, 0) + count

    def close(self) -> Delivered:
        """Hang up every stream; what the readers saw, merged."""
        self._stop.set()
        seen = [self._results.get(timeout=120) for _ in self._processes]
        for process in self._processes:
            process.join(30)
        return Delivered(
            self.statuses,
            [latency for one in seen for latency in one.latencies],
            sum(one.turns for one in seen),
            sum(one.ended for one in seen),
        )


# The command loop.


class GameOver(RuntimeError):
    """A bench game finished during a run: its streams ended with it (a two-seat Spots game of random moves lasts
    469-9,593 commands, 2,698 at the median of 200)."""


def drive(tables: list[Table], tally: Tally, seconds: float, rate: float) -> dict[str, int]:
    """Send ``rate`` commands a second for ``seconds``, round-robin over ``tables``; the events each game gained."""
    before = {t.game_id: t.view["version"] for t in tables}
    start = time.monotonic()
    due, turn = start, 0
    while time.monotonic() < start + seconds:
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        playing = tables[turn % len(tables)]
        if playing.game_id not in before:
            raise GameOver("a bench game finished during the run: its streams ended with it")
        try:
            playing.move()
        except (OSError, http.client.HTTPException):
            # gunicorn closes a keep-alive connection idle for 2 s (the pause while the streams open); once more.
            playing.move()
        turn += 1
        due += 1 / rate
    return {t.game_id: t.view["version"] - before[t.game_id] for t in tables}


# Measures of the stack.


def web_processes(stack: Stack) -> list[int]:
    """The gunicorn workers' pids (the master's children)."""
    assert stack.web is not None
    master = stack.web.pid
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def rss(pids: list[int]) -> int:
    """The resident memory of ``pids`` together, in bytes."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


@dataclass
class Figures:
    """One scenario's results."""

    name: str
    rate: float
    statuses: dict[str, int]
    clients_without: int
    clients_with: int
    rss_per_stream: float
    delivered: Delivered
    due: int
    quiet: list[float]
    crowded: list[float]
    errors: dict[str, int]
    #: gunicorn's CPU seconds with the streams open, less those without, per batch written to a stream.
    cpu_per_write: float


def web_cpu(stacks: list[Stack]) -> float:
    """The CPU seconds the stacks' web servers have used."""
    return sum(tree_cpu(stack.web.pid) for stack in stacks if stack.web is not None)


def scenario(
    name: str,
    stacks: list[Stack],
    tables: list[Table],
    rate: float,
    seconds: float,
    args: argparse.Namespace,
    progress: Any,
) -> Figures:
    """``rate`` commands a second for ``seconds`` with ``--streams`` open on ``tables``' games, and with none open for
    as long, half before and half after (so that the machine's drift over the run weighs on both alike).

    The commands go to the first stack, the streams to the last (the same one unless --streams-apart).
    """
    stack, streamer = stacks[0], stacks[-1]
    watcher = redis.Redis.from_url(stack.redis_url or "")
    quiet, crowded = Tally(), Tally()
    for one in tables:
        one.tally = quiet
    progress(f"fan-out, {name}: commands with no stream open, first half")
    cpu = web_cpu(stacks)
    drive(tables, quiet, seconds / 2, rate)
    cpu_quiet = web_cpu(stacks) - cpu
    clients_without = len(watcher.client_list())
    workers = web_processes(streamer)
    rss_without = rss(workers)

    streams = args.streams
    targets = []
    for i in range(streams):
        one = tables[i % len(tables)]
        token = one.tokens[(i // len(tables)) % len(one.tokens)] if i % SEAT_EVERY == 0 else None
        targets.append((one.game_id, token, one.view["version"]))
    progress(f"fan-out, {name}: opening {streams} streams")
    crowd = Crowd(streamer.port, targets, args.readers, args.readers_priority)
    opened = crowd.statuses.get("200", 0)
    rss_with = rss(workers)
    for one in tables:
        one.tally = crowded
    progress(f"fan-out, {name}: commands with the streams open")
    cpu = web_cpu(stacks)
    try:
        gained = drive(tables, crowded, seconds, rate)
    except GameOver:
        crowd.close()
        raise
    clients_with = len(watcher.client_list())
    time.sleep(DRAIN)
    cpu_crowded = web_cpu(stacks) - cpu
    delivered = crowd.close()
    # The streams of a game each get every event appended to it while they were open.
    watching: dict[str, int] = {}
    for game_id, _, _ in targets:
        watching[game_id] = watching.get(game_id, 0) + 1
    due = sum(gained[game_id] * watching[game_id] for game_id in gained) * opened // streams
    # Each command is one batch, written once to each stream of its game.
    writes = sum(len(crowded.latencies["command"]) * watching[t.game_id] // len(tables) for t in tables)
    # The server notices a hung-up stream at its next keep-alive; let it, before the commands run alone again.
    time.sleep(KEEPALIVE + 1)
    progress(f"fan-out, {name}: commands with no stream open, second half")
    for one in tables:
        one.tally = quiet
    cpu = web_cpu(stacks)
    drive(tables, quiet, seconds / 2, rate)
    cpu_quiet += web_cpu(stacks) - cpu
    return Figures(
        name, rate, crowd.statuses, clients_without, clients_with, (rss_with - rss_without) / max(opened, 1),
        delivered, due, quiet.latencies["command"], crowded.latencies["command"], {**quiet.errors, **crowded.errors},
        (cpu_crowded - cpu_quiet) / max(writes, 1),
    )


def run(args: argparse.Namespace, progress: Any = print) -> list[Figures]:
    """Start a private stack, set up the games, run both scenarios, stop everything."""
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-fanout-"))
    env = {
        "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
        # Every stream of a scenario in one process, if the kernel gives it all of them.
        "DOGPARK_STREAM_CONNECTIONS": str(args.streams + 100),
        # The streams stand for many clients, from one address, thousands on one game: no caps on them.
        "DOGPARK_STREAMS_PER_ADDRESS": "0", "DOGPARK_SPECTATORS_PER_GAME": "0",
        "DOGPARK_KEEPALIVE_SECONDS": f"{KEEPALIVE:g}",
    }
    stack = Stack(port=free_port(), workers=0, data_dir=data_dir, quiet=True, extra_env=env)
    stacks = [stack]
    try:
        progress("fan-out: starting a private redis-server and gunicorn")
        stack.start()
        if args.streams_apart is not None:
            progress(f"fan-out: starting a second gunicorn for the streams, niced by {args.streams_apart}")
            apart = Stack(port=free_port(), redis_url=stack.redis_url, workers=0, data_dir=data_dir / "streams",
                          quiet=True, extra_env=env)
            stacks.append(apart)
            apart.start()
            assert apart.web is not None
            for pid in [apart.web.pid, *web_processes(apart)]:
                os.setpriority(os.PRIO_PROCESS, pid, args.streams_apart)
        client, rng = Client(stack.port), random.Random(7)
        runs = {
            "slow": (f"one game, {args.one_game_rate:g}/s", 1, args.one_game_rate, args.one_game_seconds),
            "fast": (f"one game, {args.rate:g}/s", 1, args.rate, args.seconds),
            "spread": (f"{args.games - 1} games, {args.rate:g}/s", args.games - 1, args.rate, args.seconds),
        }
        figures = []
        for name, count, rate, seconds in [runs[name.strip()] for name in args.runs.split(",")]:
            for attempt in range(1, ATTEMPTS + 1):
                # Games of its own for each run (and each attempt), started afresh.
                progress(f"fan-out, {name}: creating {count} two-seat Spots game{'s' if count > 1 else ''}")
                tables = [Table("spots", client, Tally(), rng) for _ in range(count)]
                for one in tables:
                    if not one.open():
                        raise RuntimeError(f"could not set up a bench game: {one.tally.errors}")
                try:
                    figures.append(scenario(name, stacks, tables, rate, seconds, args, progress))
                    break
                except GameOver:
                    if attempt == ATTEMPTS:
                        raise
                    progress(f"fan-out, {name}: a game finished during the run; the run again, on new games")
        return figures
    finally:
        progress("fan-out: stopping the stack")
        for one in reversed(stacks):
            one.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def report(figures: list[Figures], args: argparse.Namespace) -> str:
    """The section's table and its notes."""
    rows: list[tuple[str, ...]] = [("fan-out", "value", "p50 ms", "p99 ms", "note")]
    for one in figures:
        opened = one.statuses.get("200", 0)
        refused = {s: n for s, n in one.statuses.items() if s != "200"}
        delay = one.delivered.latencies
        p50 = percentile(one.crowded, 50) / percentile(one.quiet, 50)
        p99 = percentile(one.crowded, 99) / percentile(one.quiet, 99)
        met = "MET" if max(p50, p99) <= LATENCY_RATIO_TARGET else "MISSED"
        block = round(BLOCK_SECONDS * one.rate)
        chance = [ratio_interval(one.crowded, one.quiet, q, block) for q in (50, 99)]
        rows += [
            (f"{one.name}: streams open", f"{opened:,}", "", "", f"refused {refused or 'none'}"),
            ("  Redis clients (CLIENT LIST)", f"{one.clients_without} -> {one.clients_with}", "", "",
             "without the streams -> with them"),
            ("  web RSS per stream", f"{one.rss_per_stream / 1024:.1f} KiB", "", "",
             "gunicorn workers, with - without"),
            ("  append -> delivery", f"{len(delay):,} events", ms(percentile(delay, 50)), ms(percentile(delay, 99)),
             f"of {one.due:,} due{missing(one)}; {one.delivered.turns:,} turns; "
             f"{one.delivered.ended} streams ended early"),
            ("  web CPU per batch per stream", f"{one.cpu_per_write * 1e6:.0f} us", "", "",
             "gunicorn CPU with the streams - without, per batch handed to a stream"),
            ("  commands, no stream open", f"{len(one.quiet)}", ms(percentile(one.quiet, 50)),
             ms(percentile(one.quiet, 99)), f"{one.rate:g}/s offered, one in flight"),
            ("  commands, streams open", f"{len(one.crowded)}", ms(percentile(one.crowded, 50)),
             ms(percentile(one.crowded, 99)), f"errors {one.errors or 'none'}"),
            ("  with / without", f"{p50:.2f} / {p99:.2f}", "", "",
             f"p50 / p99; target <= {LATENCY_RATIO_TARGET}: {met}"),
            ("    by chance alone", " / ".join(f"{low:.2f}-{high:.2f}" for low, high in chance), "", "",
             f"95% bootstrap intervals of the ratios, {BLOCK_SECONDS} s spells{beyond_chance(chance)}"),
        ]
    return table(rows)


def beyond_chance(intervals: list[tuple[float, float]]) -> str:
    """What the note says of the p50 and p99 ratios whose intervals lie wholly past the target (none: nothing)."""
    past = [f"p{q}" for q, (low, _) in zip((50, 99), intervals, strict=True) if low > LATENCY_RATIO_TARGET]
    return f"; {' and '.join(past)} past the target beyond chance" if past else ""


def missing(one: Figures) -> str:
    """What the note says of events due that no stream was seen to get (none: nothing)."""
    lost = one.due - len(one.delivered.latencies)
    return f" (MISSING {lost:,})" if lost > 0 else ""


def main(argv: list[str] | None = None) -> int:
    """Run the bench and print its table."""
    args = parse(argv)
    end_on_sigterm()
    figures = run(args, lambda line: print(f"[bench {time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True))
    apart = "" if args.streams_apart is None else f"; streams served apart, niced by {args.streams_apart}"
    priority = args.readers_priority
    stepped = " under SCHED_IDLE" if priority == IDLE else f" niced by {priority}" if priority else ""
    print(f"dogpark fan-out bench: {os.cpu_count()} CPUs, {args.readers} reader processes{stepped}{apart}; "
          f"load average at the end {load_average()}")
    print(report(figures, args))
    # An event not seen by a stream is a lost event, or a reader that no longer reads the messages: either fails.
    return 1 if any(missing(one) for one in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
