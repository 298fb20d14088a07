"""How often safe undo is allowed: per game, over seeded playouts of random moves (tests/unit/undo_playouts.py), the
decisions after which the seat that made it is offered an undo, the longest undo offered (in versions and in the
seat's decisions), and per game an example of each rule that refuses one (each decision's last 12 versions tried).

    python -m tests.bench.undo_figures [--seeds 2]
"""

from __future__ import annotations

import argparse

from domain import table as tables
from domain.engine import IllegalMove
from domain.table import undo
from tests.bench.summary import table
from tests.unit.undo_playouts import GAMES, Decided, playout, undone

#: How many versions back from each decision an undo is tried, to find refusals.
TRIED = 12


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.undo_figures", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="playouts per game (2)")
    return parser.parse_args(argv)


def refusal(decided: Decided, version: int) -> IllegalMove | None:
    """What refuses the decided seat's undo to ``version`` (None: allowed)."""
    try:
        undone(decided, version)
    except IllegalMove as refused:
        return refused
    return None


def figures(game: str, players: int, options: dict, seeds: int, examples: dict[str, str]) -> tuple[str, ...]:
    """One game's row; the first example of each refusal rule met is added to ``examples``."""
    decisions = offered = longest = most = 0
    for n in range(seeds):
        for decided in playout(game, players, options, f"undo-figures-{n}"):
            decisions += 1
            offers = undo.offers(decided.table, tables.rules_of(decided.table), decided.seat)
            now = decided.table["version"]
            if offers:
                offered += 1
                longest = max(longest, now - offers[-1].to_version)
                most = max(most, offers[-1].decisions)
            for version in range(max(1, now - TRIED), now):
                refused = refusal(decided, version)
                if refused is not None and refused.reason not in examples:
                    where = f"seat {decided.seat} at version {now} back to {version}"
                    examples[refused.reason] = f"{where}: {refused.detail}"
    share = f"{offered} of {decisions} ({100 * offered / max(1, decisions):.0f}%)"
    return f"{game} {players}p", share, str(longest), str(most)


def main(argv: list[str] | None = None) -> None:
    """Print the table and the examples."""
    args = parse(argv)
    examples: dict[str, dict[str, str]] = {game: {} for game, _, _ in GAMES}
    rows = [figures(game, players, options, args.seeds, examples[game]) for game, players, options in GAMES]
    print(table([("game", "decisions with a safe undo", "longest (versions)", "longest (decisions)"), *rows]))
    for game, found in examples.items():
        for rule in sorted(found):
            print(f"{game} {rule}: {found[rule]}")


if __name__ == "__main__":
    main()
