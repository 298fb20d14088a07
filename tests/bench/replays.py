"""The replay bench: GET /v1/games/{id}/replay at early, middle and late versions of one long game.

Against a private stack (its own redis-server, gunicorn, replays not rate-limited), one game of Counter with
``--moves`` moves (20,000: the most it takes, 20,00x events) is written through the real CommandHandler in this
process, so its snapshots are taken (and every DOGPARK_SNAPSHOT_KEEP_EVERY-th kept) exactly as the server takes
them. Then one client asks for the replay of each version in turn, ``--samples`` times over, and the median and p99
of each version's answer time are printed. A replay folds the game from the nearest snapshot kept at or before its
version, so the versions of the issue (100, 10,000, 20,000) should cost alike: the target is a slowest median within
2x of the fastest. The last version asked for lies just before a kept snapshot, the most a replay folds (fewer than
DOGPARK_SNAPSHOT_EVERY x DOGPARK_SNAPSHOT_KEEP_EVERY events); it is printed beside them, outside the target.

    python -m tests.bench.replays [--moves 20000] [--samples 40]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import requests

from domain.catalogue import GAMES
from domain.counter import RULES as COUNTER
from service.core.config import Settings
from service.core.handler import Outcome
from service.core.repository import snapshot_tag
from service.core.wiring import Services, build
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.bench.summary import median, ms, percentile, table

#: The versions the issue names; a replay of each should cost about the same.
VERSIONS = (100, 10_000, 20_000)
#: The slowest median replay of VERSIONS over the fastest, at most.
RATIO_TARGET = 2.0


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.replays", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return parser.parse_args(argv)


def add_arguments(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    """The bench's options, named ``--<prefix>moves`` and so on (run.py passes ``replay-``)."""
    parser.add_argument(f"--{prefix}moves", type=int, default=20_000, help="moves of the long Counter game (20000)")
    parser.add_argument(f"--{prefix}samples", type=int, default=40, help="replays of each version (40)")


def write_game(services: Services, moves: int) -> tuple[str, dict[int, int]]:
    """A Counter game of two seats played to its end through the handler, one move of 1 at a time: its id, and the
    version each move brought the game to, by move (its command id is ``move-<n>``)."""
    GAMES.setdefault(COUNTER.id, COUNTER)
    created = services.handler.create(COUNTER.id, {"moves": moves}, [{"human": True}, {"human": True}])
    game_id = created.game_id
    for seat in (0, 1):
        services.handler.claim(game_id, seat, None)
    versions = {}
    for move in range(moves):
        versions[move] = execute_move(services, game_id, move).loaded.version
    return game_id, versions


def execute_move(services: Services, game_id: str, move: int) -> Outcome:
    """Move ``move`` of the game (seat 0's moves are the even ones), under the command id ``move-<n>``."""
    seat = move % 2
    actor = {"kind": "seat", "seat": seat}
    return services.handler.execute(game_id, seat, actor, {"type": "Increment", "by": 1}, command_id=f"move-{move}")


def time_retries(services: Services, game_id: str, moves: dict[int, int], samples: int) -> dict[int, list[float]]:
    """Seconds of an idempotent retry of the move that brought the game to each version of ``moves`` ({version: move}),
    answered as first answered: the game rebuilt as of that version."""
    timings: dict[int, list[float]] = {version: [] for version in moves}
    for _ in range(samples):
        for version, move in moves.items():
            start = time.perf_counter()
            outcome = execute_move(services, game_id, move)
            timings[version].append(time.perf_counter() - start)
            assert outcome.duplicate and outcome.loaded.version == version
    return timings


def time_replays(base_url: str, game_id: str, versions: list[int], samples: int) -> dict[int, list[float]]:
    """Seconds of each replay, by version: the versions asked in turn, sample after sample, so that a busy moment of
    the machine weighs on all alike."""
    timings: dict[int, list[float]] = {version: [] for version in versions}
    with requests.Session() as session:
        for version in versions:
            # Once each first: the web worker's first request of a game reads its type.
            session.get(f"{base_url}/v1/games/{game_id}/replay", params={"version": version}, timeout=60)
        for _ in range(samples):
            for version in versions:
                start = time.perf_counter()
                answer = session.get(f"{base_url}/v1/games/{game_id}/replay", params={"version": version}, timeout=60)
                timings[version].append(time.perf_counter() - start)
                assert answer.status_code == 200, (version, answer.status_code, answer.text[:200])
                assert answer.json()["version"] == version
    return timings


def main(argv: list[str] | None = None) -> bool:
    """Run the bench and print its table; True when the versions' medians are within the target."""
    args = parse(argv)
    settings = Settings()
    # The version whose replay folds the most events: just before a kept snapshot.
    kept = settings.snapshot_every * settings.snapshot_keep_every
    worst = (args.moves // kept) * kept - 1
    data_dir = Path(tempfile.mkdtemp(prefix="dogpark-bench-replays-"))
    env = {"DOGPARK_CREATE_RATE": "off", "DOGPARK_REPLAY_RATE": "off", "DOGPARK_EXTRA_GAMES": "counter"}
    stack = Stack(port=free_port(), workers=1, data_dir=data_dir, quiet=True, extra_env=env)
    try:
        stack.start()
        assert stack.redis_url is not None
        services = build(Settings(redis_url=stack.redis_url))
        began = time.monotonic()
        game_id, moved = write_game(services, args.moves)
        written = time.monotonic() - began
        version = services.store.version(game_id)
        versions = [v for v in VERSIONS if v <= version] + [worst]
        timings = time_replays(stack.url, game_id, versions, args.samples)
        by_version = {after: move for move, after in moved.items()}
        retries = time_retries(services, game_id, {v: by_version[v] for v in versions}, args.samples)
        tag = snapshot_tag(COUNTER.id)
        folded = {v: v - services.store.load_at(game_id, tag, v)[0] for v in versions}
    finally:
        stack.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    medians = {v: median(timings[v]) for v in VERSIONS if v in timings}
    ratio = max(medians.values()) / min(medians.values())
    print(
        f"replays of one Counter game of {version:,} events (written in {written:.0f} s), one client, "
        f"{args.samples} replays of each version; a snapshot every {settings.snapshot_every} events, every "
        f"{settings.snapshot_keep_every}th kept"
    )
    rows = [("version", "replay p50 ms", "replay p99 ms", "retry p50 ms", "retry p99 ms", "events folded")]
    for v in versions:
        replays, again = timings[v], retries[v]
        row = (ms(median(replays)), ms(percentile(replays, 99)), ms(median(again)), ms(percentile(again, 99)))
        rows.append((f"{v:,}", *row, f"{folded[v]:,}"))
    print(table(rows))
    ok = ratio <= RATIO_TARGET
    print(
        f"slowest / fastest median of {', '.join(f'{v:,}' for v in medians)}: {ratio:.2f} "
        f"(target <= {RATIO_TARGET}: {'met' if ok else 'MISSED'})"
    )
    return ok


if __name__ == "__main__":
    main()
