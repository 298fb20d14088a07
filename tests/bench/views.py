"""The cost of ``choices`` per view: a seat's view with its choice tree against the same view without it.

Each game is played in memory by its greedy bots, through the table as the command handler plays it
(service.http.examples.Game); at every bot decision the deciding seat's view is made as GET /v1/games/{id} makes it
(service.core.reads.game_view) and written as JSON, in each language in turn, and its choices' part alone is timed
after it (the tree built, rendered, written): a view without choices is the one less its part. Printed per game:
the median time of a view without and with choices, their ratio with a 95% bootstrap interval, the median JSON size
without and with, and the most options of any node. No target is set.

    python -m tests.bench.views [--rounds 3]
"""

from __future__ import annotations

import argparse
import time

import orjson

from domain import choices
from domain import table as tables
from domain.language import LANGUAGES
from domain.schedule import Action, next_action
from service.core import reads
from service.http.examples import SETTINGS, START, Game
from tests.bench.summary import median, ratio_interval, table

#: (game, players) of the games played.
PLAYED = [("felix", 4), ("spots", 2), ("dogs", 3), ("dogslife", 3)]


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.views", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each decision's views are timed (3)")
    return parser.parse_args(argv)


def decisions(game_type: str, players: int) -> list[tuple[Game, int]]:
    """The game at each of its bots' decisions, and the seat deciding; the tables are copies, the game goes on."""
    game = Game(f"bench-{game_type}", f"views-{game_type}-{players}")
    seats = [{"bot": "greedy"}] * players
    created = tables.create(game_type, {}, seats, game.seed, SETTINGS.max_events, SETTINGS.open_game_seconds)
    game.run(None, {"kind": "system"}, created, START)
    seen: list[tuple[Game, int]] = []
    while game.table is not None and game.table["status"] == "running":
        # What is due now (a bot's move), else the next deadline (a time-out), as the workers would take them.
        at = START + game.version
        action = next_action(game.table, lambda version: START + version, at, game.seed) or next_action(
            game.table, lambda version: START + version, float("inf"), game.seed
        )
        assert isinstance(action, Action), f"{game_type}: no action due at version {game.version}"
        if action.seat is not None and action.seat in tables.to_act(game.table):
            frozen = Game(game.id, game.seed)
            frozen.table, frozen.log = orjson.loads(orjson.dumps(game.table)), list(game.log)
            seen.append((frozen, action.seat))
        game.run(action.seat, action.actor, action.command, START + game.version)
    return seen


def timed_view(game: Game, seat: int, language: str) -> tuple[float, float, int, int]:
    """Seconds to make and write one view of ``seat``, seconds of its choices' part alone (the tree built, rendered
    and written), and the JSON sizes of the view and of its choices."""
    assert game.table is not None
    times = reads.logged_times(game.log)
    began = time.perf_counter()
    body = orjson.dumps(reads.game_view(game.id, game.table, game.version, seat, times, True, language))
    viewed = time.perf_counter()
    # The names are the view's, made in it already: only the tree itself is timed as the choices' part.
    names = tables.names(game.table, language)
    started = time.perf_counter()
    part = orjson.dumps(reads.spoken_choices(tables.choices(game.table, seat), language, names))
    offered = time.perf_counter()
    return viewed - began, offered - started, len(body), len(part)


def measure(game_type: str, players: int, rounds: int) -> tuple[str, ...]:
    """One game's row: medians without and with choices, their ratio with its interval, sizes, the largest node."""
    whole: list[float] = []
    without: list[float] = []
    sizes: dict[bool, list[int]] = {False: [], True: []}
    largest = 0
    for game, seat in decisions(game_type, players):
        assert game.table is not None
        tree = tables.choices(game.table, seat)
        largest = max([largest, *(len(node["options"]) for node in choices.nodes(tree))])
        for _ in range(rounds):
            for language in LANGUAGES:
                seconds, part, size, part_size = timed_view(game, seat, language)
                whole.append(seconds)
                without.append(seconds - part)
                sizes[True].append(size)
                sizes[False].append(size - part_size)
    low, high = ratio_interval(whole, without, 50)
    return (
        f"{game_type} {players}p",
        str(len(whole)),
        f"{median(without) * 1e6:.0f}",
        f"{median(whole) * 1e6:.0f}",
        f"{median(whole) / median(without):.2f} [{low:.2f}-{high:.2f}]",
        f"{median(sizes[False]):.0f}",
        f"{median(sizes[True]):.0f}",
        str(largest),
    )


def rows(rounds: int) -> list[tuple[str, ...]]:
    """The table's rows, a header first."""
    header = ("game", "views", "µs without", "µs with", "with/without [95%]", "bytes without", "bytes with", "most")
    return [header, *(measure(game_type, players, rounds) for game_type, players in PLAYED)]


def main(argv: list[str] | None = None) -> None:
    """Time the views of every game and print the table."""
    args = parse(argv)
    print(table(rows(args.rounds)))


if __name__ == "__main__":
    main()
