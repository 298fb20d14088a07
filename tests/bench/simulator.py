"""The engine as a search bot's simulator: a full random playout per game, move generation, and a state's copy.

Each game is played from its setup to its end by uniformly random legal moves drawn straight from
``legal_moves`` (no views, no bots: what a search's playout does), each command played by ``Rules.apply`` on the
playout's own state, its automatic steps taken as they fall due. A Dog's Life is played a second time by its own
``random`` bot (random among purposeful moves: it buries a bone it can, drops none), each move chosen from the seat's
view, since uniformly random dogs never end a game. Printed per game: random playouts per second and
the median and p95 of one playout's time (the target is at most 50 ms a playout on one core), the median events of
a playout and the ms per 1,000 events, the p50 and p99 of one ``legal_moves`` call, the median time of a ``copy``
of a mid-game state, and how many playouts reached the server's cap on a game's events before the rules ended them
(uniformly random dogs of A Dog's Life bury about one bone in 250,000 events, and a dog needs 4 to win: its
playouts all run to the cap, so its figure to read is the ms per 1,000 events), and the garbage collector's share.
Times are CPU times of this process (``CLOCK``).

    python -m tests.bench.simulator [--playouts 20]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from domain.catalogue import GAMES
from domain.compiled import build
from domain.engine import Rules, State, rng_for
from domain.playout import due_step
from service.core.config import Settings
from tests.bench.summary import median, percentile, table

#: (game, players, moves) of the playouts: the sizes the search bots' targets name; the moves uniformly random
#: ("uniform") or the game's built-in random bot's ("bot:random").
PLAYED = [("felix", 4, "uniform"), ("spots", 2, "uniform"), ("dogs", 2, "uniform"), ("dogslife", 3, "uniform"),
          ("dogslife", 3, "bot:random")]
#: A playout ends at the server's cap on a game's events, as the server's table abandons a game there (random dogs
#: in A Dog's Life may never bring home their bones).
MOST_EVENTS = Settings.max_events
#: Every time is this process's CPU time: the target is "on one core", and on a shared machine the wall time counts
#: the other processes' turns too.
CLOCK = time.process_time


@contextmanager
def collections_timed() -> Iterator[list[float]]:
    """The CPU seconds the garbage collector spends inside the block, in a one-item list filled in as it runs."""
    spent = [0.0]
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = CLOCK()
        else:
            spent[0] += CLOCK() - began[0]

    gc.callbacks.append(timed)
    try:
        yield spent
    finally:
        gc.callbacks.remove(timed)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.simulator", description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=20, help="random playouts per game (20)")
    return parser.parse_args(argv)


def playout(
    rules: Rules, players: int, seed: int, listed: list[float], middle: list[State], moves: str = "uniform"
) -> tuple[float, bool, int]:
    """One random playout's seconds, whether it ended by the rules (not at the events' cap) and its events; each
    legal_moves call's seconds go to ``listed``, a copy of a mid-game state to ``middle``. ``moves``: see PLAYED."""
    bot = rules.bots["random"] if moves == "bot:random" else None
    rng = random.Random(seed)
    began = CLOCK()
    setup = rules.setup(players, rules.normalize_options({}, players), rng_for(f"sim-{seed}", 1))
    state, events = rules.fold(setup), len(setup)
    number = 0
    while events < MOST_EVENTS:
        if rules.result(state) is not None:
            return CLOCK() - began, True, events
        command = due_step(rules, state)
        seat = None
        if command is None:
            seat = rules.to_act(state)[0]
            asked = CLOCK()
            legal = rules.legal_moves(state, seat)
            listed.append(CLOCK() - asked)
            command = rng.choice(legal) if bot is None else bot(rules.view(state, seat), legal, rng)
        if number == 60 and not middle:
            middle.append(rules.copy(state))
        caused, state = rules.apply(state, seat, command, rng)
        events, number = events + len(caused), number + 1
    return CLOCK() - began, False, events


def measure(game: str, players: int, playouts: int, moves: str = "uniform") -> tuple[str, ...]:
    """One game's row."""
    rules = GAMES[game]
    listed: list[float] = []
    middle: list[State] = []
    with collections_timed() as collecting:
        played = [playout(rules, players, seed, listed, middle, moves) for seed in range(playouts)]
    times = [seconds for seconds, _, _ in played]
    events = [count for _, _, count in played]
    copies = []
    for _ in range(50):
        began = CLOCK()
        rules.copy(middle[0])
        copies.append(CLOCK() - began)
    return (
        f"{game} {players}p ({build(type(rules).__module__.rpartition('.')[0])})",
        moves,
        f"{len(times) / sum(times):.1f}",
        f"{median(times) * 1e3:.1f}",
        f"{percentile(times, 95) * 1e3:.1f}",
        f"{median(events):.0f}",
        f"{sum(times) / sum(events) * 1e6:.1f}",
        f"{collecting[0] / len(times) * 1e3:.1f}",
        f"{median(listed) * 1e6:.0f}",
        f"{percentile(listed, 99) * 1e6:.0f}",
        f"{median(copies) * 1e6:.0f}",
        f"{sum(not ended for _, ended, _ in played)}",
    )


def main(argv: list[str] | None = None) -> None:
    """Play each game's random playouts and print the table."""
    args = parse(argv)
    header = ("game", "moves", "playouts/s", "ms p50", "ms p95 (target <= 50)", "events p50", "ms / 1,000 events",
              "GC ms / playout", "legal_moves µs p50", "µs p99", "copy µs", "capped")
    # The loaded modules are left out of the collector's full passes, as the server's processes leave their loaded
    # app (service/gunicorn/conf.py): tens of thousands of objects (the games' texts, most of them) made one full
    # pass cost tens of ms, which fell on one playout of DOGS. Undone after, for the benchmarks run after this one.
    gc.freeze()
    try:
        print(table([header, *(measure(game, players, args.playouts, moves) for game, players, moves in PLAYED)]))
    finally:
        gc.unfreeze()


if __name__ == "__main__":
    main()
