"""``dogpark bot serve`` and ``dogpark bot play`` (also ``dogpark-bot`` when the kit is installed on its own).

One click group, ``bot``: the kit's ``dogpark-bot`` runs it, and the project's ``dogpark`` adds it as its ``bot``
command, so both read the same options, environment variables and help.
"""

from __future__ import annotations

import logging
import os
import sys

import click

from dogpark_client.bot import Bot, load_bot
from dogpark_client.client import Client
from dogpark_client.play import play as play_seat
from dogpark_client.problems import DogparkError
from dogpark_client.webhook import serve as serve_bot

#: The server `dogpark run` starts when DOGPARK_BIND is not set.
DEFAULT_URL = "http://127.0.0.1:8000"
#: Addresses a server listens on that name no one host: a client on the same machine reaches it on loopback.
WILDCARDS = {"0.0.0.0": "127.0.0.1", "::": "::1"}


def default_url() -> str:
    """The server a bot plays on when neither --url nor DOGPARK_URL names one: where ``dogpark run`` listens on
    this machine, DOGPARK_BIND (``HOST:PORT``, a wildcard host reached on loopback), else 127.0.0.1:8000."""
    bind = os.environ.get("DOGPARK_BIND", "").strip()
    host, colon, port = bind.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not (colon and host and port.isdigit()):
        return DEFAULT_URL
    host = WILDCARDS.get(host, host)
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _bot_class(ctx: click.Context, param: click.Parameter, name: str) -> type[Bot]:
    """The bot class a ``module:Class`` argument names; a usage error if there is none."""
    try:
        return load_bot(name)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None


BOT_ARGUMENT = click.argument("bot_class", metavar="MODULE:CLASS", callback=_bot_class)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def bot() -> None:
    """Run a kit bot: `play` a seat, or `serve` webhook calls.

    The bot is a class written with the dogpark Python kit: MODULE:CLASS names it (such as
    examples.bots.felix:FelixBot), the module imported from the current directory first.
    """
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)


@bot.command()
@BOT_ARGUMENT
@click.option("--game", required=True, help="The game's id.")
@click.option("--seat", type=click.IntRange(min=0), required=True, help="The seat to play.")
@click.option("--token", envvar="DOGPARK_TOKEN", show_envvar=True, help="The seat's token, if it is claimed already.")
@click.option("--name", default=None, help="The name to claim the seat with.")
@click.option(
    "--url",
    envvar="DOGPARK_URL",
    show_envvar=True,
    default=default_url,
    show_default=f"DOGPARK_BIND's address, else {DEFAULT_URL}",
    help="The server.",
)
def play(bot_class: type[Bot], game: str, seat: int, token: str | None, name: str | None, url: str) -> None:
    """Play one seat of a game through its event stream.

    Claims the seat (printing its token on stderr, to resume with --token), or uses --token; then follows the
    seat's event stream and sends the bot's moves until the game ends, and prints the result. Exits 1 when the
    server refuses or cannot be reached.
    """
    client = Client(url)
    try:
        if token is None:
            token = client.claim(game, seat, name)["token"]
            click.echo(f"claimed seat {seat} of {game}; its token (to resume with --token): {token}", err=True)
        final = play_seat(client.as_seat(token), game, bot_class())
    except DogparkError as error:
        raise click.ClickException(str(error)) from None
    result = final.get("result") or {}
    place = "won" if seat in result.get("winners", []) else "did not win"
    click.echo(f"game {game} over: seat {seat} {place}; result {result}")


@bot.command()
@BOT_ARGUMENT
@click.option("--port", type=click.IntRange(1, 65535), required=True, help="The port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--secret",
    envvar="DOGPARK_BOT_SECRET",
    show_envvar=True,
    required=True,
    help="The signing secret the bot is registered with.",
)
def serve(bot_class: type[Bot], port: int, host: str, secret: str) -> None:
    """Answer dogpark's webhook calls with the bot's moves.

    Answers the signed calls (turn, start, end, challenge); a call whose signature is missing, wrong or more than 300 s
    old is refused (401). Runs until stopped.
    """
    serve_bot(bot_class, port, secret, host)


def main() -> None:
    """``dogpark-bot``: the kit's own command."""
    bot(prog_name="dogpark-bot")


if __name__ == "__main__":
    main()
