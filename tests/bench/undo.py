"""The cost of undo offers per view: a seat's view and its legal moves at a table with undo ``off`` and ``safe``.

Each game is played in memory by random moves (never an undo) of persons' seats at a ``safe`` table, through the
table as the command handler plays it; at each seat's decision past the opening the table is kept. The kept tables
are then read in the game's order, as a web process reads its cached game version after version: the deciding
seat's view and every other seat's (service.core.reads.game_view, as GET /v1/games/{id} makes it, written as JSON)
and their legal moves (service.core.reads.legal_moves), each first at its version (nothing of that version known
yet), and the view again; the same tables with undo ``off`` are read likewise. Printed per game: p50 and p95 in ms
of each read, and safe/off of the medians and of the sums (what serving every version to every seat costs) within
this run.

    python -m tests.bench.undo [--seeds 2] [--decisions 40]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import orjson
from dogpark_client.bot import game_moves

from domain import table as tables
from domain.engine import copy_json, rng_for
from service.core import reads
from tests.bench.summary import median, percentile, table

#: (game, players, options) of the games played.
PLAYED: list[tuple[str, int, dict[str, Any]]] = [
    ("felix", 4, {}),
    ("spots", 2, {}),
    ("dogs", 3, {}),
    ("dogslife", 3, {}),
]
#: Decisions of the opening that are not timed (nothing to take back yet, or little).
OPENING = 4


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.undo", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games played per game type (2)")
    parser.add_argument("--decisions", type=int, default=40, help="decisions kept per game (40)")
    return parser.parse_args(argv)


def decisions(game: str, players: int, options: dict[str, Any], seed: str, most: int) -> list[tuple[dict, int]]:
    """The table after each seat's decision past the opening (copies) and the seat that decided."""
    command = tables.create(game, options, [{"name": f"p{n}"} for n in range(players)], seed, undo="safe")
    _, table = tables.apply(None, None, command, rng_for(seed, 1), seed)
    for seat in range(players):
        table = tables.apply(table, seat, {"type": "ClaimSeat", "seat": seat}, rng_for(seed, 0), seed)[1]
    rng, made = random.Random(seed), 0
    kept: list[tuple[dict, int]] = []
    while table["status"] == "running" and len(kept) < most:
        rules = tables.rules_of(table)
        acting = tables.to_act(table)
        due = [step["command"] for step in rules.automatic(table["game"]) if step["delay"] == 0 or not acting]
        if due:
            table = tables.apply(table, None, due[0], rng_for(seed, table["version"] + 1), seed)[1]
            continue
        seat = rng.choice(acting)
        command = rng.choice(game_moves(tables.legal_moves(table, seat)))
        table = tables.apply(table, seat, command, rng_for(seed, table["version"] + 1), seed)[1]
        made += 1
        if made > OPENING:
            kept.append((orjson.loads(orjson.dumps(table)), seat))
    return kept


def off(table: dict) -> dict:
    """The same table with undo off."""
    return {**table, "undo": {"setting": "off"}}


def undated(versions: list[int]) -> dict[int, float]:
    """The events' times, as the view reads them: all at 0 (the bench has no store)."""
    return dict.fromkeys(versions, 0.0)


def timed(call: Callable[[], Any]) -> float:
    """Milliseconds one call takes."""
    began = time.perf_counter()
    call()
    return (time.perf_counter() - began) * 1000


def reads_of(kept: list[tuple[dict, int]], first: str) -> dict[str, list[float]]:
    """Times of each seat's reads over the kept tables in order, ``first`` ("view" or "moves") read first at each
    version by each seat, then its view again."""
    times: dict[str, list[float]] = {"view": [], "moves": [], "again": []}
    for state, _ in kept:
        for seat in range(len(state["seats"])):

            def view(state: dict = state, seat: int = seat) -> bytes:
                return orjson.dumps(reads.game_view("bench", state, state["version"], seat, undated))

            def moves(state: dict = state, seat: int = seat) -> list:
                return reads.legal_moves(state, state["version"], seat)

            times[first].append(timed(view if first == "view" else moves))
            times["again"].append(timed(view))
    return times


def row(game: str, players: int, options: dict[str, Any], seeds: int, most: int) -> tuple[str, ...]:
    """One game's figures."""
    kept = [pair for n in range(seeds) for pair in decisions(game, players, options, f"bench-undo-{n}", most)]
    safe_view = reads_of(copy_json(kept), "view")
    safe_moves = reads_of(copy_json(kept), "moves")
    plain_view = reads_of([(off(kept_table), seat) for kept_table, seat in kept], "view")
    plain_moves = reads_of([(off(kept_table), seat) for kept_table, seat in kept], "moves")

    def spread(samples: list[float]) -> str:
        return f"{percentile(samples, 50):.2f}/{percentile(samples, 95):.2f}"

    def more(safe: list[float], plain: list[float]) -> str:
        return f"{median(safe) / median(plain):.2f} {sum(safe) / sum(plain):.2f}"

    return (
        f"{game} {players}p",
        str(len(kept)),
        spread(plain_view["view"]),
        spread(safe_view["view"]),
        more(safe_view["view"], plain_view["view"]),
        spread(plain_view["again"]),
        spread(safe_view["again"]),
        more(safe_view["again"], plain_view["again"]),
        spread(plain_moves["moves"]),
        spread(safe_moves["moves"]),
        more(safe_moves["moves"], plain_moves["moves"]),
    )


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    args = parse(argv)
    head: tuple[str, ...] = ("game", "states", "view off", "view safe", "x", "again off", "again safe", "x")
    head += ("moves off", "moves safe", "x")
    rows = [row(game, players, options, args.seeds, args.decisions) for game, players, options in PLAYED]
    print("ms p50/p95 per read; x: safe/off, of the medians and of the sums (every seat's reads of every version)")
    print(table([head, *rows]))


if __name__ == "__main__":
    main()
