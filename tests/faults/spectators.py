"""Event streams against the others (#31 item 2): one client takes stream slots, or a crowd watches a game, and
another client's requests are timed beside it, against an idle run of the same requests.

Each scenario runs a private stack (tests/faults/scenarios.py) that trusts one proxy, so that its clients speak from
addresses of their own (X-Forwarded-For), as clients of a real deployment do; the caps on streams are at their
defaults unless ``caps`` says otherwise. The crowds are raw sockets read in a process of their own (so that their
reading does not slow this process's timing of the other client).

- ``stream-slots``: one client address asks for ``streams`` spectator streams of one open game as fast as it can and
  holds them; meanwhile other clients, each from an address of its own, open a stream of another game and read its
  first message, one after another, timed.
- ``spectators``: the two players of a game of the bench's Counter (a command an event, 20,000 of them: a game that
  lasts however many commands the run sends) play it, one command at a time, each command's answer timed:
  with no spectator, then with ``count`` of them (the per-game cap's default) from addresses of
  DOGPARK_STREAMS_PER_ADDRESS streams each at most, then with none again (the two runs alone are one: the machine's
  speed drifts); the ratio of the players' p50 and p99 watched to alone, with its 95% interval.

    python -m tests.faults.run --only stream-slots,spectators
"""

from __future__ import annotations

import multiprocessing
import socket
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.queues import Queue as QueueType
from multiprocessing.synchronize import Event as EventType
from urllib.parse import urlsplit

import requests

from service.core.config import Settings
from tests.bench.summary import ratio_interval
from tests.faults.abuse import PACE, Timed, compare
from tests.faults.scenarios import Report, private_stack
from tests.faults.storm import create_games
from tests.faults.streams import Crowd, Player

#: The stacks trust one proxy: each client names its address in X-Forwarded-For.
TRUSTING = {"DOGPARK_TRUSTED_PROXIES": "1"}
#: The caps off, for a run showing what the scenario does without them.
NO_CAPS = {"DOGPARK_STREAMS_PER_ADDRESS": "0", "DOGPARK_STREAMS_PER_TOKEN": "0", "DOGPARK_SPECTATORS_PER_GAME": "0"}


def _watch(base: str, after: dict[str, int], count: int, addresses: list[str], stop: EventType, out: QueueType) -> None:
    """In a process of its own: ``count`` streams held open and read until ``stop``; their answers, then events."""
    crowd = Crowd(base, after, count, addresses)
    out.put(dict(crowd.answers))
    stop.wait()
    crowd.close()
    out.put(crowd.events)


@contextmanager
def watching(base: str, after: dict[str, int], count: int, addresses: list[str]) -> Iterator[Counter[str]]:
    """``count`` streams of the games of ``after`` held open while the block runs, asked for from ``addresses`` in
    turn, in a process of their own: the answers they got (opened by the time the block starts)."""
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    process = context.Process(target=_watch, args=(base, after, count, addresses, stop, out), daemon=True)
    process.start()
    answers: Counter[str] = Counter(out.get(timeout=300))
    try:
        yield answers
    finally:
        stop.set()
        out.get(timeout=60)
        process.join(30)


def statuses(answers: Counter[str]) -> Counter[int]:
    """A crowd's answers ("200", "429 with Retry-After", "no answer") by status (0: none)."""
    return Counter({int(a.split()[0]) if a[0].isdigit() else 0: n for a, n in answers.items()})


def first_message(base: str, game_id: str, address: str) -> int:
    """Open ``game_id``'s stream from ``address`` and read up to its first message; hang up. Its status (0: none)."""
    where = urlsplit(base)
    head = (
        f"GET /v1/games/{game_id}/events/stream HTTP/1.1\r\nHost: {where.hostname}\r\n"
        f"X-Forwarded-For: {address}\r\n\r\n"
    )
    try:
        with socket.create_connection((where.hostname or "127.0.0.1", where.port or 80), timeout=30) as sock:
            sock.sendall(head.encode())
            got = b""
            while b"\r\n\r\n" not in got:
                piece = sock.recv(4096)
                if not piece:
                    break
                got += piece
            status = int(got.split(b" ", 2)[1]) if got.startswith(b"HTTP/") else 0
            # A 200's first message (retry:) may come in the next read.
            while status == 200 and b"retry:" not in got:
                piece = sock.recv(4096)
                if not piece:
                    break
                got += piece
            return status
    except OSError:
        return 0


def stream_opens(base: str, game_id: str, seconds: float, first: int) -> Timed:
    """Streams of ``game_id`` opened one at a time PACE apart for ``seconds``, each from an address of its own
    (numbered from ``first``), read up to their first message: each one timed."""
    timed, number = Timed(), first
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        started = time.perf_counter()
        status = first_message(base, game_id, f"198.51.{number // 250 % 250}.{number % 250 + 1}")
        timed.latencies.append(time.perf_counter() - started)
        timed.statuses[status] += 1
        number += 1
        time.sleep(PACE)
    return timed


def stream_slots(streams: int = 1000, seconds: float = 10.0, caps: dict[str, str] | None = None) -> Report:
    """One client address asking for ``streams`` spectator streams of one game beside other clients opening
    streams of another."""
    name = "with the caps at their defaults" if caps is None else "without the caps"
    report = Report(f"stream-slots: one client asks for {streams:,} spectator streams of one game, {name}")
    with private_stack(env={**TRUSTING, **(caps or {})}) as (stack, _):
        (abused, _), (other, _) = create_games(stack.url, 2)
        idle = stream_opens(stack.url, other, seconds, 0)
        with watching(stack.url, {abused: 0}, streams, ["203.0.113.9"]) as answers:
            beside = stream_opens(stack.url, other, seconds, 10_000)
    compare(report, "other clients' streams opened", {"idle": idle, "beside the abuse": beside}, statuses(answers))
    report.lines.append(f"the abusing client's streams were answered {dict(answers)}")
    return report


def spectators(count: int | None = None, commands: int = 400, caps: dict[str, str] | None = None) -> Report:
    """A game's two players' commands with no spectator, then with ``count`` (the default cap per game) watching."""
    defaults = Settings()
    count = defaults.spectators_per_game if count is None else count
    per_address = defaults.streams_per_address
    report = Report(f"spectators: a game's players' commands, alone and watched by {count} spectators")
    with private_stack(env={**TRUSTING, "DOGPARK_EXTRA_GAMES": "counter", **(caps or {})}) as (stack, _):
        body = {"type": "counter", "seats": [{"human": True}] * 2, "options": {"moves": 20_000}}
        game_id = requests.post(f"{stack.url}/v1/games", json=body, timeout=30).json()["id"]
        claim = f"{stack.url}/v1/games/{game_id}/seats/{{}}"
        tokens = [requests.post(claim.format(seat), timeout=30).json()["token"] for seat in range(2)]
        player = Player(stack.url, [(game_id, tokens)])
        # A warm-up: the game loaded, the connections made.
        player.play(20)
        alone, alone_reads, idle = player.play(commands // 2)
        version = requests.get(f"{stack.url}/v1/games/{game_id}", timeout=30).json()["version"]
        addresses = [f"203.0.113.{n + 1}" for n in range(-(-count // per_address))]
        with watching(stack.url, {game_id: version}, count, addresses) as answers:
            watched, watched_reads, beside = player.play(commands)
        later, later_reads, idle_again = player.play(commands // 2)
        final = requests.get(f"{stack.url}/v1/games/{game_id}", timeout=30).json()
    alone, alone_reads, idle = alone + later, alone_reads + later_reads, idle + idle_again
    runs = {"idle": Timed(idle, alone), "beside the abuse": Timed(beside, watched)}
    compare(report, "the players' commands", runs, statuses(answers))
    for q in (50, 99):
        low, high = ratio_interval(beside, idle, q, block=10)
        report.lines.append(f"p{q} watched / alone: 95% interval {low:.2f}x to {high:.2f}x")
    report.lines.append(f"the game reached version {final['version']}; the spectators' streams were answered "
                        f"{dict(answers)}, from {len(addresses)} addresses")
    if alone_reads or watched_reads:
        report.problems.append(f"view reads not answered 200: {dict(alone_reads + watched_reads)}")
    return report
