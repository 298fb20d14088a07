"""The `dogpark` command: play in the terminal, verify an audit, bot win rates, run the stack or one of its parts."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from dogpark_client import Client
from dogpark_client.cli import bot as bot_commands

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import Rules
from domain.language import FALLBACK, LANGUAGES, render
from domain.playout import play as play_game
from domain.playout import win_rates
from service.core import logs
from service.core.config import Settings

if TYPE_CHECKING:
    from service.ops.stack import Stack

#: The default address of `dogpark run`, when neither DOGPARK_BIND nor --port says otherwise.
DEFAULT_BIND = "127.0.0.1:8000"
#: `dogpark play`'s exit status for a game the table abandoned at its event cap.
ABANDONED = 3


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """dogpark: an event-sourced server for turn-based board games."""


def _game(game_id: str) -> Rules:
    """The rules of a game type; a usage error for an unknown one."""
    if game_id not in GAMES:
        raise click.BadParameter(f"choose from {', '.join(sorted(GAMES))}", param_hint="GAME")
    return GAMES[game_id]


@main.command()
@click.argument("game")
@click.option("--players", type=int, help="Number of players (default: the number of bots given).")
@click.option("--bots", default=None, help="Comma-separated bot names, one per seat, e.g. greedy,random,random.")
@click.option("--seed", default="demo", show_default=True, help="The game's seed: the same seed, the same game.")
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
@click.option("--seat", type=int, default=None, help="Watch as this seat sees the game (default: as a spectator).")
@click.option("--board/--no-board", default=True, help="Draw the table after each round of events.")
@click.option("--delay", type=click.FloatRange(min=0), default=0, help="Seconds to wait after each event.")
@click.option(
    "--max-events",
    type=click.IntRange(min=1),
    envvar="DOGPARK_MAX_EVENTS",
    show_envvar=True,
    default=Settings.max_events,
    show_default=True,
    help="Abandon the game once its log reaches this many events, as the server's table does.",
)
@click.option(
    "--lang",
    "language",
    type=click.Choice(LANGUAGES),
    default=FALLBACK,
    show_default=True,
    help="The language of the log's lines.",
)
def play(
    game: str,
    players: int | None,
    bots: str | None,
    seed: str,
    options_json: str,
    seat: int | None,
    board: bool,
    delay: float,
    max_events: int,
    language: str,
) -> None:
    """Play a whole game in the terminal, bots in every seat.

    The log and the board show what one viewer may see, through the same redaction the API applies: a
    spectator by default, or one seat with --seat N. Hidden cards and orders stay hidden in both.

    A game still running when its log reaches --max-events events is abandoned, as the server abandons it: one
    line says so, and the command exits with status 3.
    """
    rules = _game(game)
    names = bots.split(",") if bots else ["greedy"] + ["random"] * ((players or rules.min_players) - 1)
    players = players or len(names)
    if len(names) != players:
        raise click.BadParameter(f"{players} players need {players} bots, got {len(names)}", param_hint="--bots")
    bots_by_name = tables.every_bot(rules)
    for name in names:
        if name not in bots_by_name:
            raise click.BadParameter(f"no bot {name!r}; choose from {tables.bot_names(rules)}", param_hint="--bots")
    if seat is not None and not 0 <= seat < players:
        raise click.BadParameter(f"a seat from 0 to {players - 1}", param_hint="--seat")
    # The bots' names as the server gives them (Greedy Rex, Random Bella...), which the lines call them by.
    called = [tables.bot_name(name, number, language) for number, name in enumerate(names)]
    seated = zip(names, called, strict=True)
    click.echo(f"{rules.name}: " + ", ".join(f"seat {i} {bot} ({name})" for i, (bot, name) in enumerate(seated)))
    if seat is None:
        click.echo("Watching as a spectator: hidden cards stay hidden (--seat N to watch as one seat).")
    else:
        click.echo(f"Watching as seat {seat} ({names[seat]}): of the hidden cards, only its own are shown.")

    def show(event: dict, state: object) -> None:
        line = render(rules.message(tables.redact(rules.id, event, seat)), language, called)
        # An event another line already tells is described as nothing.
        if line:
            click.echo(f"  {line}")
        if board and event["type"] in rules.redraw_after:
            picture = rules.render(state, seat)
            if picture:
                click.echo(picture)
        if delay:
            time.sleep(delay)

    lineup = [bots_by_name[n] for n in names]
    out = play_game(rules, players, lineup, seed, json.loads(options_json), on_event=show, max_events=max_events)
    result = out.result
    if "abandoned" in result:
        abandoned = {"type": "GameAbandoned", "data": result["abandoned"]}
        click.echo(render(tables.describe(rules.id, abandoned), language, called))
        sys.exit(ABANDONED)
    click.echo("\nFinal scores:")
    for score in result["scores"]:
        click.echo(f"  seat {score['seat']} ({names[score['seat']]}): {_score(score)}")
    if "pes" in result:
        click.echo(f"  Pes: {_score(result['pes'])}")
    click.echo("Winner(s): " + ", ".join(_winners(result, names)))


def _score(score: dict[str, Any]) -> str:
    """A total, with the score's other parts in brackets (whether Pes won is said on the line of the winners)."""
    parts = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in score.items()}
    extra = ", ".join(f"{k} {v}" for k, v in parts.items() if k not in ("seat", "total", "won"))
    return f"{score['total']}  [{extra}]" if extra else str(score["total"])


def _winners(result: dict[str, Any], names: list[str]) -> list[str]:
    """The winners by seat and bot; Pes, when it wins a solo game of Spots."""
    return logs.winners(result, lambda seat: f"seat {seat} ({names[seat]})")


@main.command()
@click.argument("game")
@click.option("--players", type=int, required=True)
@click.option("--lineup", required=True, help="Bot per seat, e.g. greedy,random,random,random (rotated each game).")
@click.option("--games", type=int, default=200, show_default=True)
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
def rates(game: str, players: int, lineup: str, games: int, options_json: str) -> None:
    """Print each bot's win rate over seeded games (and Pes's, solo).

    A progress bar with the time left runs on stderr while the games are played.
    """
    rules = _game(game)
    names = lineup.split(",")
    bots = tables.every_bot(rules)
    unknown = [name for name in names if name not in bots]
    if unknown or len(names) != players:
        raise click.BadParameter(
            f"{players} bots from {tables.bot_names(rules)}, got {lineup!r}", param_hint="--lineup"
        )
    pes_wins: list[bool] = []
    with click.progressbar(
        length=games, label=f"{games} games of {rules.name}", file=sys.stderr, show_eta=True, show_pos=True
    ) as bar:

        def count(result: dict[str, Any]) -> None:
            if "pes" in result:
                pes_wins.append(result["pes"]["won"])
            bar.update(1)

        shares = win_rates(rules, players, names, games, json.loads(options_json), on_game=count, bots=bots)
    for name, share in zip(names, shares, strict=True):
        click.echo(f"{name:>10}: {_share(share * games, games)}")
    if pes_wins:
        click.echo(f"{'Pes':>10}: {_share(sum(pes_wins), games)}")


def _share(wins: float, games: int) -> str:
    """A share of wins with its Wilson 95% interval."""
    # Imported on use, as the arena command imports it: the ratings' library slows every other command's start.
    from service.ops.arena import wilson

    low, high = wilson(wins, games)
    return f"{wins / games:6.1%} [{low:.1%}-{high:.1%}]"


class Unverifiable(click.ClickException):
    """An audit that could not be read; exit status 2 (1 means a log that fails the checks)."""

    exit_code = 2


@main.command()
@click.argument("source")
def verify(source: str) -> None:
    """Verify a finished game's audit (a file, or its URL).

    Checks the hash chain and the seed, and recomputes every event and every move of a built-in bot. Exits 1 when
    the log fails a check, 2 when the audit cannot be read.
    """
    from service.ops.verify import verify as check

    verdict = check(_read_audit(source))
    # A game that checks out reached its end, and has a result.
    if not verdict.ok or verdict.result is None:
        for problem in verdict.problems:
            click.echo(f"FAIL: {problem}", err=True)
        sys.exit(1)
    click.echo(
        f"OK: {verdict.events} events; hash chain intact; seed matches its commitment; "
        f"every event recomputed from the commands and the seed; {verdict.bot_moves} moves of built-in bots "
        f"recomputed from their views and the seed (a registered third-party bot's moves are only checked to be "
        f"legal). " + _outcome(verdict.result)
    )


def _read_audit(source: str) -> dict[str, Any]:
    """The audit document at ``source`` (a URL or a file); Unverifiable, with the cause in one line, if none."""
    try:
        if source.startswith(("http://", "https://")):
            with urllib.request.urlopen(source, timeout=30) as response:  # noqa: S310 - the user names the URL
                text = response.read()
        else:
            text = Path(source).read_bytes()
    except urllib.error.HTTPError as error:
        raise Unverifiable(f"{source} answered {_status(error.code)}: {_problem_detail(error)}") from None
    except urllib.error.URLError as error:
        reason = getattr(error.reason, "strerror", None) or error.reason
        raise Unverifiable(f"cannot reach {source}: {reason}") from None
    except OSError as error:
        raise Unverifiable(f"cannot read {source}: {error.strerror or error}") from None
    try:
        audit = json.loads(text)
    except ValueError as error:
        raise Unverifiable(f"{source} is not JSON: {error}") from None
    if not isinstance(audit, dict):
        raise Unverifiable(f"{source} is not an audit document (a JSON object)")
    return audit


def _status(code: int) -> str:
    """``409 Conflict``: a status code with its standard phrase (servers spell theirs in various ways)."""
    try:
        return f"{code} {HTTPStatus(code).phrase}"
    except ValueError:
        return str(code)


def _problem_detail(error: urllib.error.HTTPError) -> str:
    """What the server said went wrong: its problem document's detail (or title), else the start of its body."""
    body = error.read().decode(errors="replace")
    try:
        problem = json.loads(body)
    except ValueError:
        return body.strip().splitlines()[0][:200] if body.strip() else "no details given"
    if isinstance(problem, dict):
        return str(problem.get("detail") or problem.get("title") or "no details given")
    return body[:200]


def _outcome(result: dict) -> str:
    """How a verified game ended, in words: the winning seats, or Pes (solo Spots)."""
    if "abandoned" in result:
        return f"Abandoned by the table, no winners: {result['abandoned']}"
    if result.get("pes", {}).get("won"):
        return "Pes wins."
    return f"Winners: {result['winners']}"


@main.command()
@click.option("--port", type=int, default=None, help="The API's port, instead of DOGPARK_BIND's (default 8000).")
@click.option("--workers", "worker_count", type=int, default=2, show_default=True, help="RQ worker processes.")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the private Redis keeps its data (default: var/ in the project).",
)
def run(port: int | None, worker_count: int, data_dir: Path | None) -> None:
    """Run the whole stack: Redis, the API, the workers, the sweeper.

    Redis is a private one under --data-dir, reached through its Unix socket there (DOGPARK_PRIVATE_REDIS=tcp: a
    loopback port), unless REDIS_URL is set. The API listens on DOGPARK_BIND (HOST:PORT,
    default 127.0.0.1:8000); --port replaces its port. A child that exits is restarted; one that keeps dying stops
    everything with exit status 1. Ctrl-C stops everything in order. Webhook bots are called at public addresses
    only: DOGPARK_WEBHOOK_ALLOW=loopback lets it call bots served on this machine.
    """
    from service.ops.stack import Stack

    host, port = run_address(port)
    try:
        logs.level()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    stack = Stack(
        host=host, port=port, workers=worker_count, redis_url=os.environ.get("REDIS_URL") or None, data_dir=data_dir
    )
    sys.exit(stack.serve())


def run_address(port: int | None) -> tuple[str, int]:
    """Where `dogpark run` listens: DOGPARK_BIND (or 127.0.0.1:8000), its port replaced by ``port`` if given."""
    from service.core.config import parse_bind

    try:
        host, bound = parse_bind(os.environ.get("DOGPARK_BIND") or DEFAULT_BIND)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    return host, bound if port is None else port


# `dogpark bot play|serve`: the kit's own command group (the kit's `dogpark-bot`), one set of options and help.
main.add_command(bot_commands, name="bot")


@main.command()
@click.argument("game")
@click.option("--bots", required=True, help="Comma-separated: built-in names, module:Class kit bots, registered names.")
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True)
@click.option("--players", type=int, default=None, help="Seats per game (default: one per bot named).")
@click.option("--url", default=None, help="A running server (default: a private one, started and stopped here).")
@click.option("--parallel", type=click.IntRange(min=1), default=4, show_default=True, help="Games played at once.")
@click.option("--options", "options_json", default="{}", help="Game options as JSON.")
@click.option("--table", "table_json", default="{}", help="The new games' other fields as JSON, e.g. a clock.")
@click.option("--timeout", type=float, default=300, show_default=True, help="Seconds a game may take.")
@click.option("--workers", "worker_count", type=int, default=2, show_default=True, help="The private server's workers.")
@click.option("--verify/--no-verify", "check", default=True, show_default=True, help="Verify every game's audit.")
def arena(
    game: str,
    bots: str,
    games: int,
    players: int | None,
    url: str | None,
    parallel: int,
    options_json: str,
    table_json: str,
    timeout: float,
    worker_count: int,
    check: bool,
) -> None:
    """Rate bots by games played through a real server.

    Prints each bot's games, wins, mean score, move latency, failures, fallbacks and OpenSkill rating. Built-in and
    registered webhook bots sit in bot seats; a kit bot (module:Class) claims a human seat and plays it through its
    event stream from a thread of this process. The bots take the seats in turn, one place further each game.
    Scores, latencies and stand-in moves are read from each game's audit, which is verified too.

    A request the server answers 429 waits what Retry-After says, and one whose connection is lost is tried again
    (within --timeout). A game that fails is handed to the server's bots to end (its kit bots' seats resigned).
    Exits 1 when any game failed, or did not verify.
    """
    from service.ops import arena as arenas

    names = [name.strip() for name in bots.split(",") if name.strip()]
    players = players or len(names)
    with ExitStack() as cleanup:
        if url is None:
            url = cleanup.enter_context(_private_server(worker_count)).url
        # Rate limits and lost answers are waited out for as long as a game may take.
        client = Client(url, max_wait=timeout)
        try:
            entrants = arenas.entrants(client, game, names)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--bots") from None
        kind = next(t for t in client.game_types()["game_types"] if t["id"] == game)
        if not kind["min_players"] <= players <= kind["max_players"]:
            detail = f"{game} takes {kind['min_players']} to {kind['max_players']} players, not {players}"
            raise click.BadParameter(detail, param_hint="--players")
        verifier = _audit_problems if check else None
        started = time.monotonic()
        with click.progressbar(
            length=games, label=f"{games} games of {game} on {url}", file=sys.stderr, show_eta=True, show_pos=True
        ) as bar:
            records = arenas.run(
                client,
                game,
                entrants,
                games,
                players,
                json.loads(options_json),
                parallel,
                verifier,
                on_game=lambda record: bar.update(1),
                table=json.loads(table_json),
                timeout=timeout,
            )
        elapsed = time.monotonic() - started
    click.echo(arenas.table_text(arenas.standings(records, [e.name for e in entrants])))
    failed = [record for record in records if record.failure]
    click.echo(
        f"\n{games} games of {game} with {players} player{'s' if players > 1 else ''} in {elapsed:.0f} s: "
        f"{sum(r.verified for r in records)} audits verified, {len(failed)} failed, "
        f"{sum(r.abandoned for r in records)} abandoned."
    )
    for record in failed[:5]:
        click.echo(f"  game {record.index} ({record.game_id}): {record.failure}", err=True)
    if failed:
        sys.exit(1)


def _audit_problems(audit: dict[str, Any]) -> list[str]:
    """What `dogpark verify` finds wrong with an audit (nothing: an empty list)."""
    from service.ops.verify import verify as check

    return check(audit).problems


@contextmanager
def _private_server(worker_count: int) -> Iterator[Stack]:
    """A stack of its own for the arena: a private Redis in a temporary folder, no creation rate nor caps on the
    bot games its one address runs."""
    from service.ops.processes import free_port
    from service.ops.stack import Stack

    with tempfile.TemporaryDirectory(prefix="dogpark-arena-") as data:
        click.echo("starting a private server...", err=True)
        env = {
            "DOGPARK_CREATE_RATE": "off",
            "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
            "DOGPARK_SEARCH_GAMES_PER_ADDRESS": "0",
        }
        stack = Stack(port=free_port(), workers=worker_count, data_dir=Path(data), quiet=True, extra_env=env).start()
        try:
            yield stack
        finally:
            stack.stop()


@main.command()
@click.option("--burst", is_flag=True, help="Stop when the queue is empty (for tests).")
def worker(burst: bool) -> None:
    """Run one RQ worker: it plays bots' turns and automatic steps.

    It takes the steps of games with a person in a seat first, those of all-bot games only while there are none. It
    runs RQ's scheduler too, and rides out Redis outages.
    """
    from workers.jobs import services
    from workers.outage import keep_working

    logs.configure()
    svc = services()
    keep_working(svc.worker_queues(), svc.worker_redis, burst=burst)


@main.command()
def sweep() -> None:
    """Re-enqueue overdue steps, so no turn is lost.

    The sweeper: a worker killed mid-job loses no bot turn this way; the sweeper rides out Redis outages.
    """
    from workers.jobs import services
    from workers.sweeper import run as sweep_forever

    logs.configure()
    sweep_forever(services())


@main.command()
@click.argument("api")
@click.option("--to", "folder", required=True, type=click.Path(file_okay=False, path_type=Path), help="Archive folder.")
@click.option("--older-than", type=click.FloatRange(min=0), default=24.0, show_default=True, help="Created hours ago.")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Games at most this run.")
@click.option("--verify/--no-verify", "check", default=True, show_default=True, help="Verify each audit first.")
def archive(api: str, folder: Path, older_than: float, limit: int, check: bool) -> None:
    """Archive finished games to files, and out of Redis.

    Each one's audit, read from the API at API, goes to <id>.json.gz in --to; then its keys leave Redis
    (REDIS_URL). A game whose audit fails verification is kept. See docs/deploy.md, Retention.
    """
    from service.ops.archive import NotArchivable, forget
    from service.ops.archive import archive as archive_game
    from workers.jobs import services

    svc = services()
    games = svc.lobby.list(status="finished", limit=limit, before=time.time() - older_than * 3600)
    done = []
    for game_id in games:
        if not svc.store.exists(game_id):
            forget(svc, game_id)
            click.echo(f"dropped game {game_id} from the lobby: it has no keys left in Redis", err=True)
            continue
        audit = _read_audit(f"{api.rstrip('/')}/v1/games/{game_id}/audit")
        problems = _audit_problems(audit) if check else []
        try:
            if problems:
                raise NotArchivable(f"its audit fails verification: {problems[0]}")
            done.append(archive_game(svc, audit, folder))
        except NotArchivable as kept:
            click.echo(f"kept game {game_id}: {kept}", err=True)
    freed = sum(archived.freed for archived in done)
    click.echo(f"archived {len(done)} of {len(games)} finished games to {folder}; their keys held {freed:,} bytes")


@main.group()
def chat() -> None:
    """Moderate games' chat: list reports, delete messages."""


@chat.command("reports")
@click.option("--after", default=None, help="Only reports after this report id.")
@click.option("--limit", type=click.IntRange(min=1), default=100, show_default=True, help="Reports at most.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line instead of text.")
def chat_reports(after: str | None, limit: int, as_json: bool) -> None:
    """List reports of chat messages (on REDIS_URL), oldest first: the newest --limit, or those after --after.

    Each holds the message, its room, sender, reporter and reason."""
    from workers.jobs import services

    for report in services().chat.reports(limit, after):
        if as_json:
            click.echo(json.dumps(report, ensure_ascii=False))
            continue
        sender, reporter = report["sender"], report["reporter"]
        click.echo(
            f"{report['id']}  game {report['game']} message {report['message']} ({report['room']}'s room)\n"
            f"  from {sender['name']!r} (player {sender['player']}, seat {sender['seat']}): {report['text']!r}\n"
            f"  reported by {reporter['name']!r} (player {reporter['player']}, seat {reporter['seat']}) at "
            f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(report['at']))} UTC: {report['reason']!r}"
        )


@chat.command("delete")
@click.argument("game")
@click.argument("message")
@click.option("--by", default="operator", show_default=True, help="Who deletes it, kept in its tombstone.")
def chat_delete(game: str, message: str, by: str) -> None:
    """Delete message MESSAGE of game GAME: its words are gone, its tombstone (sender, room, time) stays."""
    from workers.jobs import services

    if not services().chat.delete(game, message, by):
        raise click.ClickException(f"game {game} has no message {message} (unknown, trimmed or deleted already)")
    click.echo(f"deleted message {message} of game {game}")


if __name__ == "__main__":
    main()
