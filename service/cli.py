"""The `dogpark` command: play in the terminal, verify an audit, bot win rates, run the stack's parts."""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from pathlib import Path

import click
from flask.cli import FlaskGroup

from domain.catalogue import GAMES
from domain.playout import play as play_game
from domain.playout import win_rates
from service.app import create_app


@click.group(cls=FlaskGroup, create_app=create_app, add_default_commands=False, add_version_option=False)
def main() -> None:
    """dogpark: an event-sourced server for turn-based board games."""


def _game(game_id: str):
    if game_id not in GAMES:
        raise click.BadParameter(f"choose from {', '.join(sorted(GAMES))}", param_hint="GAME")
    return GAMES[game_id]


@main.command(with_appcontext=False)
@click.argument("game")
@click.option("--players", type=int, help="Number of players (default: the number of bots given).")
@click.option("--bots", default=None, help="Comma-separated bot names, one per seat, e.g. greedy,random,random.")
@click.option("--seed", default="demo", show_default=True, help="The game's seed: the same seed, the same game.")
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
@click.option("--board/--no-board", default=True, help="Draw the table after each round of events.")
def play(game: str, players: int | None, bots: str | None, seed: str, options_json: str, board: bool) -> None:
    """Play a whole game in the terminal, bots in every seat, printing each event readably."""
    rules = _game(game)
    names = bots.split(",") if bots else ["greedy"] + ["random"] * ((players or rules.min_players) - 1)
    players = players or len(names)
    if len(names) != players:
        raise click.BadParameter(f"{players} players need {players} bots, got {len(names)}", param_hint="--bots")
    for name in names:
        if name not in rules.bots:
            raise click.BadParameter(f"no bot {name!r}; choose from {sorted(rules.bots)}", param_hint="--bots")
    click.echo(f"{rules.name}: " + ", ".join(f"seat {i} {n}" for i, n in enumerate(names)))

    def show(event: dict, state: object) -> None:
        click.echo(f"  {rules.describe(event)}")
        if board and event["type"] in ("RoundStarted", "TurnStarted", "GameEnded"):
            picture = rules.render(state, None)
            if picture:
                click.echo(picture)

    out = play_game(rules, players, [rules.bots[n] for n in names], seed, json.loads(options_json), on_event=show)
    result = out.result
    click.echo("\nFinal scores:")
    for score in result["scores"]:
        extra = ", ".join(f"{k} {v}" for k, v in score.items() if k not in ("seat", "total"))
        click.echo(f"  seat {score['seat']} ({names[score['seat']]}): {score['total']}  [{extra}]")
    click.echo("Winner(s): " + ", ".join(f"seat {s} ({names[s]})" for s in result["winners"]))


@main.command(with_appcontext=False)
@click.argument("game")
@click.option("--players", type=int, required=True)
@click.option("--lineup", required=True, help="Bot per seat, e.g. greedy,random,random,random (rotated each game).")
@click.option("--games", type=int, default=200, show_default=True)
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
def rates(game: str, players: int, lineup: str, games: int, options_json: str) -> None:
    """Print each lineup position's win rate over seeded games."""
    rules = _game(game)
    names = lineup.split(",")
    shares = win_rates(rules, players, names, games, json.loads(options_json))
    for name, share in zip(names, shares, strict=True):
        click.echo(f"{name:>10}: {share:6.1%}")


@main.command(with_appcontext=False)
@click.argument("source")
def verify(source: str) -> None:
    """Verify a finished game's audit (a file, or the audit URL): hash chain, seed, every event recomputed."""
    from service.verify import verify as check

    if source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=30) as response:  # noqa: S310 - the user names the URL
            audit = json.load(response)
    else:
        audit = json.loads(Path(source).read_text())
    verdict = check(audit)
    if not verdict.ok:
        for problem in verdict.problems:
            click.echo(f"FAIL: {problem}", err=True)
        sys.exit(1)
    click.echo(
        f"OK: {verdict.events} events; hash chain intact; seed matches its commitment; "
        f"every event recomputed from the commands and the seed. Winners: {verdict.result['winners']}"
    )


@main.command(with_appcontext=False)
@click.option("--burst", is_flag=True, help="Stop when the queue is empty (for tests).")
def worker(burst: bool) -> None:
    """Run an RQ worker (with its scheduler) on dogpark's queue."""
    from rq import SimpleWorker

    from workers.jobs import services

    svc = services()
    SimpleWorker([svc.queue], connection=svc.redis).work(burst=burst, with_scheduler=True)


@main.command(with_appcontext=False)
def sweep() -> None:
    """Run the sweeper: re-enqueue overdue steps, so a killed worker loses no turn."""
    from workers.jobs import services
    from workers.sweeper import run

    run(services())


@main.command(with_appcontext=False)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--workers", "worker_count", type=int, default=2, show_default=True)
def run(port: int, worker_count: int) -> None:
    """Run the whole stack: Redis (private unless REDIS_URL is set), the API, the workers, the sweeper."""
    from service.stack import Stack

    Stack(port=port, workers=worker_count, redis_url=os.environ.get("REDIS_URL") or None).serve()


if __name__ == "__main__":
    main()
