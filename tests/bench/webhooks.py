"""The webhook bench: built-in bots' turn latency, alone and beside games whose webhook bots sleep to their deadline.

Against a private stack (its own redis-server, gunicorn, ``--rq-workers`` RQ workers and the webhook worker), two
runs of ``--games`` all-bot Felix games of three built-in bots (random, random, greedy):

- alone;
- beside as many Felix games whose three seats are a registered webhook bot that sleeps to its deadline on every
  turn (``--timeout`` seconds, the bot's registered timeout), so that each of its turns is cut off and played by its
  fallback: every slow game has a call in flight at almost every moment. Their fallbacks' moves are appended by the
  webhook worker, so the slow games add no job to the RQ workers: what the run measures is the slow calls' effect.

A first run of a fifth as many built-in games warms the stack up (its first jobs import and load what the others
then find ready); its figures are not kept. A built-in bot's turn latency is, in the audit of its finished game,
the time its move was appended less the time of the batch before it (the command that made it the bot's turn): the
RQ job's pick-up, the bot's choice and the append. With 50 games at once on two workers it is mostly the wait in
the queue. Printed for each run: the built-in games' turn latency p50/p99 and their ratio, and for the slow games the
webhook turns played in the window (appended -> fallback appended, which is the timeout and the call's overhead).

    python -m tests.bench.webhooks [--games 50] [--timeout 2] [--rq-workers 2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any

import requests

from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.cpu import machine_busy, tree_cpu
from tests.bench.summary import ms, percentile, table
from tests.webhook_bots import SECRET, serving

#: The lineup of the built-in games: three built-in bots.
BUILTIN_SEATS = [{"bot": "random"}, {"bot": "random"}, {"bot": "greedy"}]
#: Seconds the stack is given to start all its workers' threads before the first run.
WARM_UP = 10
#: Seconds the built-in games of a run are given to finish.
PATIENCE = 600


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.webhooks", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return parser.parse_args(argv)


def add_arguments(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    """The bench's options, named ``--<prefix>games`` and so on (run.py passes ``webhooks-``)."""
    parser.add_argument(f"--{prefix}games", type=int, default=50, help="built-in games, and as many slow ones (50)")
    parser.add_argument(f"--{prefix}timeout", type=float, default=2.0, help="the slow bots' timeout, slept (2)")
    parser.add_argument(f"--{prefix}rq-workers", type=int, default=2, help="RQ worker processes of the stack (2)")


@dataclass
class Run:
    """One run's figures: the built-in bots' turn latencies, and the slow games' webhook turns in its window."""

    name: str
    seconds: float
    builtin: list[float]
    webhook: list[float] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    #: CPU seconds in the run's window: the RQ workers', the webhook worker's, the whole machine's.
    cpu: dict[str, float] = field(default_factory=dict)


def batches(events: list[dict[str, Any]]) -> Iterator[tuple[float, float, dict[str, Any]]]:
    """Each batch of a log after the first: (the time of the batch before it, its own time, its actor)."""
    previous = None
    for _, group in groupby(events, key=lambda envelope: envelope.get("command_id", envelope["time"])):
        first = next(group)
        if previous is not None:
            yield previous, first["time"], first["actor"]
        previous = first["time"]


def builtin_latencies(audit: dict[str, Any]) -> list[float]:
    """Each built-in bot move's latency in a finished game: its append less the append before it."""
    return [
        now - before for before, now, actor in batches(audit["events"]) if actor["kind"] == "bot" and "for" not in actor
    ]


def webhook_turns(events: list[dict[str, Any]], bot: str) -> list[tuple[float, str]]:
    """Each turn of the registered bot ``bot`` in a log: its latency, and who moved (``ok``, or why its fallback)."""
    return [
        (now - before, actor.get("reason", "ok"))
        for before, now, actor in batches(events)
        if actor["kind"] == "bot" and bot in (actor["name"], actor.get("for"))
    ]


def create(session: requests.Session, base: str, seats: list[dict[str, Any]]) -> str:
    """A new all-bot game of Felix; its id."""
    created = session.post(f"{base}/v1/games", json={"type": "felix", "seats": seats}, timeout=30)
    created.raise_for_status()
    return created.json()["id"]


def finish(session: requests.Session, base: str, games: list[str]) -> list[dict[str, Any]]:
    """Wait for every game to finish; their audits."""
    deadline = time.monotonic() + PATIENCE
    audits: dict[str, dict[str, Any]] = {}
    while len(audits) < len(games):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{len(games) - len(audits)} games did not finish within {PATIENCE} s")
        for game_id in games:
            if game_id not in audits:
                answer = session.get(f"{base}/v1/games/{game_id}/audit", timeout=30)
                if answer.status_code == 200:
                    audits[game_id] = answer.json()
        time.sleep(0.5)
    return list(audits.values())


def one_run(stack: Stack, games: int, slow: tuple[str, list[str]] | None) -> Run:
    """Play ``games`` built-in games to their end (beside the slow games ``slow`` names, already under way)."""
    session = requests.Session()
    cpu_before = cpu(stack)
    started = time.time()
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(lambda _: create(session, stack.url, BUILTIN_SEATS), range(games)))
    audits = finish(session, stack.url, ids)
    ended = time.time()
    spent = {name: seconds - cpu_before[name] for name, seconds in cpu(stack).items()}
    run = Run("beside slow webhook bots" if slow else "alone", ended - started, [], cpu=spent)
    for audit in audits:
        run.builtin += builtin_latencies(audit)
    if slow is not None:
        bot, slow_ids = slow
        for game_id in slow_ids:
            page = session.get(f"{stack.url}/v1/games/{game_id}/audit", timeout=30)
            # A slow game still running is read as a spectator: no command ids, so batches are told apart by time.
            events = (page.json() if page.status_code == 200 else _events(session, stack.url, game_id))["events"]
            for latency, reason in webhook_turns([e for e in events if started <= e["time"] <= ended], bot):
                run.webhook.append(latency)
                run.reasons[reason] = run.reasons.get(reason, 0) + 1
    return run


def cpu(stack: Stack) -> dict[str, float]:
    """CPU seconds used so far by the stack's RQ workers, its webhook worker, and the whole machine."""
    assert stack.webhooks is not None
    return {
        "RQ workers": sum(tree_cpu(worker.pid) for worker in stack.workers),
        "webhook worker": tree_cpu(stack.webhooks.pid),
        "machine": machine_busy(),
    }


def _events(session: requests.Session, base: str, game_id: str) -> dict[str, Any]:
    return session.get(f"{base}/v1/games/{game_id}/events", params={"limit": 10_000}, timeout=30).json()


def run(games: int, timeout: float, rq_workers: int, progress: Any = print) -> list[Run]:
    """Start a private stack, run ``games`` built-in games alone, then beside as many slow ones; stop everything."""
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-webhooks-"))
    stack = Stack(
        port=free_port(),
        workers=rq_workers,
        data_dir=data_dir,
        quiet=True,
        # The slow bots fail every call: they are never replaced by their fallbacks, so that they are called on. They
        # are served on loopback.
        extra_env={
            "DOGPARK_CREATE_RATE": "off",
            "DOGPARK_WEBHOOK_FAILURES": "1000000",
            "DOGPARK_WEBHOOK_ALLOW": "loopback",
        },
    )
    try:
        progress(f"webhooks: starting a private stack with {rq_workers} RQ workers and the webhook worker")
        stack.start()
        # The webhook worker's threads come up after the API does; a first run's figures are a cold stack's.
        time.sleep(WARM_UP)
        progress(f"webhooks: {max(1, games // 5)} all-bot Felix games to warm the stack up (not measured)")
        one_run(stack, max(1, games // 5), None)
        progress(f"webhooks: {games} all-bot Felix games alone")
        alone = one_run(stack, games, None)
        with serving("sleep", timeout) as server:
            name = f"sleepy-{os.getpid()}"
            body = {"name": name, "url": server.url, "games": ["felix"], "timeout_seconds": timeout, "secret": SECRET}
            player = requests.post(f"{stack.url}/v1/players", json={"name": "bench"}, timeout=30).json()
            headers = {"Authorization": f"Bearer {player['token']}"}
            registered = requests.post(f"{stack.url}/v1/bots", json=body, headers=headers, timeout=30)
            registered.raise_for_status()
            session = requests.Session()
            seats = [{"bot": name, "fallback": "random"}] * 3
            progress(f"webhooks: {games} games whose webhook bot sleeps {timeout:g} s on every turn")
            slow_ids = [create(session, stack.url, seats) for _ in range(games)]
            # Every slow game has its first call in flight before the built-in games start.
            time.sleep(timeout)
            progress(f"webhooks: {games} all-bot Felix games beside them")
            beside = one_run(stack, games, (name, slow_ids))
        return [alone, beside]
    finally:
        progress("webhooks: stopping the stack")
        stack.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


def report(runs: list[Run], games: int, timeout: float) -> str:
    """The section's table."""
    alone, beside = runs
    rows: list[tuple[str, ...]] = [("webhooks", "value", "p50 ms", "p99 ms", "note")]
    for one in runs:
        rows.append(
            (
                f"built-in bot turns, {one.name}",
                f"{len(one.builtin):,}",
                ms(percentile(one.builtin, 50)),
                ms(percentile(one.builtin, 99)),
                f"{games} games of Felix in {one.seconds:.0f} s",
            )
        )
    p50 = percentile(beside.builtin, 50) / percentile(alone.builtin, 50)
    p99 = percentile(beside.builtin, 99) / percentile(alone.builtin, 99)
    rows += [
        ("  beside / alone", f"{p50:.2f} / {p99:.2f}", "", "", "p50 / p99"),
        (
            "slow webhook turns in the window",
            f"{len(beside.webhook):,}",
            ms(percentile(beside.webhook, 50)),
            ms(percentile(beside.webhook, 99)),
            f"{games} games, timeout {timeout:g} s; who moved: {beside.reasons}",
        ),
    ]
    notes = [
        f"CPU seconds, {one.name} ({one.seconds:.0f} s, {os.cpu_count()} CPUs): "
        + ", ".join(f"{name} {seconds:.1f}" for name, seconds in one.cpu.items())
        for one in runs
    ]
    return "\n".join([table(rows), *notes])


def main(argv: list[str] | None = None) -> int:
    """Run the bench and print its table."""
    args = parse(argv)
    runs = run(
        args.games,
        args.timeout,
        args.rq_workers,
        lambda line: print(f"[bench {time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True),
    )
    print(f"dogpark webhook bench: {os.cpu_count()} CPUs, {args.rq_workers} RQ workers, one webhook worker")
    print(report(runs, args.games, args.timeout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
