"""Quick play's bench: the time to a full table, players of tables of 2 to 5 arriving at random (docs/benchmarks.md).

Against a private stack (its own redis-server, gunicorn, one RQ worker, the sweeper), for each player count of
``--counts``: ``--tables`` tables' worth of players join the queue of A Dog's Life (2 to 6 players) for that count,
arriving as a Poisson process of ``--rate`` players a second (each join from a thread of its own, over HTTP). A table
is full when the join that completes it is answered. Printed per player count: the time to a full table (its first
player's join sent -> the completing join answered) and each player's wait (its join sent -> its table full), p50
and p95, and the completing join's latency (a game created and every seat claimed in that one request), p50 and p95.

Then ``--bots-players`` players, one at a time, join with ``bots_after_seconds`` ``--bots-after`` and alone in their
queue: the time from the join to the player's entry showing its seat (GET /v1/quickplay, polled every 20 ms), past
the wait asked for: how late the worker's scheduled job (or the sweeper) seats it.

    python -m tests.bench.quickplay [--counts 2,3,4,5] [--tables 30] [--rate 4] [--bots-players 10] [--bots-after 1]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.summary import ms, percentile, table

#: The game whose queues the bench fills: it takes 2 to 6 players.
GAME = "dogslife"


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The bench's options."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.quickplay", description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="2,3,4,5", help="the tables' player counts (2,3,4,5)")
    parser.add_argument("--tables", type=int, default=30, help="tables' worth of players per count (30)")
    parser.add_argument("--rate", type=float, default=4.0, help="players arriving a second, on average (4)")
    parser.add_argument("--bots-players", type=int, default=10, help="players seated with bots, one at a time (10)")
    parser.add_argument("--bots-after", type=float, default=1.0, help="their wait for bots, in seconds (1)")
    return parser.parse_args(argv)


def new_player(base: str, name: str) -> str:
    """A new player's token."""
    made = requests.post(f"{base}/v1/players", json={"name": name}, timeout=30)
    made.raise_for_status()
    return made.json()["token"]


def arrivals(base: str, count: int, tables: int, rate: float) -> list[tuple[float, float, float, str | None]]:
    """``tables`` x ``count`` players joining at random: each one's (join sent, join answered, table full, game)."""
    tokens = [new_player(base, f"P{index}") for index in range(tables * count)]
    session = threading.local()
    joined: dict[int, tuple[float, float, str | None]] = {}
    start = time.monotonic() + 0.5
    at, times = start, []
    for _ in tokens:
        at += random.expovariate(rate)
        times.append(at)

    def join(index: int) -> None:
        time.sleep(max(0.0, times[index] - time.monotonic()))
        if not hasattr(session, "http"):
            session.http = requests.Session()
        body = {"type": GAME, "players": count}
        sent = time.monotonic()
        answer = session.http.post(
            f"{base}/v1/quickplay", json=body, headers={"Authorization": f"Bearer {tokens[index]}"}, timeout=30
        )
        answer.raise_for_status()
        joined[index] = (sent, time.monotonic(), answer.json()["game"])

    with ThreadPoolExecutor(64) as pool:
        list(pool.map(join, range(len(tokens))))
    # Each table is full when the join that completed it was answered; the others learn its game afterwards.
    full = {game: answered for _, answered, game in joined.values() if game is not None}
    members: dict[str, list[int]] = {}
    for index, token in enumerate(tokens):
        mine = requests.get(f"{base}/v1/quickplay", headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
        game = mine["queues"][0]["game"]
        if game is not None:
            members.setdefault(game, []).append(index)
    return [
        (joined[index][0], joined[index][1], full[game], game) for game, seated in members.items() for index in seated
    ]


def with_bots(base: str, players: int, wait: float) -> list[float]:
    """Seconds past ``wait`` each of ``players`` (one at a time, alone in its queue) waited to see its seat."""
    late = []
    for index in range(players):
        token = new_player(base, f"B{index}")
        headers = {"Authorization": f"Bearer {token}"}
        # One at a time, each seated before the next joins: alone in the queue.
        body = {"type": GAME, "players": 3, "bots_after_seconds": wait}
        sent = time.monotonic()
        requests.post(f"{base}/v1/quickplay", json=body, headers=headers, timeout=30).raise_for_status()
        while requests.get(f"{base}/v1/quickplay", headers=headers, timeout=30).json()["queues"][0]["game"] is None:
            time.sleep(0.02)
        late.append(time.monotonic() - sent - wait)
    return late


def main(argv: list[str] | None = None) -> None:
    """Run the bench on a private stack and print its figures."""
    args = parse(argv)
    counts = [int(count) for count in args.counts.split(",")]
    with tempfile.TemporaryDirectory(prefix="dogpark-quickplay-") as folder:
        env = {"DOGPARK_CREATE_RATE": "off"}
        stack = Stack(port=free_port(), workers=1, data_dir=Path(folder), quiet=True, extra_env=env).start()
        try:
            header = ("players", "tables", "to a full table p50/p95 ms", "a player's wait p50/p95 ms")
            rows = [(*header, "forming join p50/p95 ms")]
            for count in counts:
                seated = arrivals(stack.url, count, args.tables, args.rate)
                first: dict[str | None, float] = {}
                full_at: dict[str | None, float] = {}
                for sent, _, full, game in seated:
                    first[game], full_at[game] = min(first.get(game, sent), sent), full
                to_full = [full_at[game] - first[game] for game in first]
                waits = [full - sent for sent, _, full, _ in seated]
                forming = [answered - sent for sent, answered, full, _ in seated if answered == full]
                rows.append(
                    (
                        str(count),
                        str(len(first)),
                        f"{ms(percentile(to_full, 50))} / {ms(percentile(to_full, 95))}",
                        f"{ms(percentile(waits, 50))} / {ms(percentile(waits, 95))}",
                        f"{ms(percentile(forming, 50))} / {ms(percentile(forming, 95))}",
                    )
                )
            print(f"Quick play, {GAME}, players arriving at {args.rate:g} a second on average:")
            print(table(rows))
            if args.bots_players > 0:
                late = with_bots(stack.url, args.bots_players, args.bots_after)
                print(
                    f"\nSeated with bots after a {args.bots_after:g} s wait, {len(late)} players: past the wait "
                    f"p50 {ms(percentile(late, 50))} ms, p95 {ms(percentile(late, 95))} ms, max {ms(max(late))} ms"
                )
        finally:
            stack.stop()


if __name__ == "__main__":
    main()
