"""``dogpark bot serve`` and ``dogpark bot play`` (also ``dogpark-bot`` when the kit is installed on its own)."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from dogpark_client.bot import load_bot
from dogpark_client.client import Client
from dogpark_client.play import play
from dogpark_client.problems import DogparkError
from dogpark_client.webhook import serve

#: The server `dogpark run` starts, when neither --url nor DOGPARK_URL names another.
DEFAULT_URL = "http://127.0.0.1:8000"


def parser(prog: str) -> argparse.ArgumentParser:
    """The command line of the bot commands."""
    top = argparse.ArgumentParser(prog=prog, description="Run a bot written with the dogpark Python kit.")
    commands = top.add_subparsers(dest="command", required=True)

    served = commands.add_parser(
        "serve",
        help="run the bot as a webhook server dogpark calls on its turns",
        description="Answer dogpark's signed calls (turn, start, end, challenge) with the bot's moves. Calls whose "
        "signature is missing, wrong or more than 300 s old are refused (401).",
    )
    served.add_argument("bot", help="the bot class, as module:Class")
    served.add_argument("--port", type=int, required=True)
    served.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: %(default)s)")
    served.add_argument(
        "--secret",
        default=os.environ.get("DOGPARK_BOT_SECRET"),
        help="the signing secret registration returned (default: $DOGPARK_BOT_SECRET)",
    )

    played = commands.add_parser(
        "play",
        help="play one seat of a game through its event stream",
        description="Claim the seat (or use its token), follow the seat's event stream and send the bot's moves "
        "until the game ends; print the result.",
    )
    played.add_argument("bot", help="the bot class, as module:Class")
    played.add_argument("--game", required=True, help="the game's id")
    played.add_argument("--seat", type=int, required=True, help="the seat to play")
    played.add_argument("--token", default=os.environ.get("DOGPARK_TOKEN"), help="the seat's token, if claimed")
    played.add_argument("--name", default=None, help="the name to claim the seat with")
    played.add_argument(
        "--url", default=os.environ.get("DOGPARK_URL", DEFAULT_URL), help="the server (default: %(default)s)"
    )
    return top


def main(argv: list[str] | None = None, prog: str = "dogpark-bot") -> int:
    """Run the command; its exit status."""
    args = parser(prog).parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        bot_class = load_bot(args.bot)
    except ValueError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    if args.command == "serve":
        if not args.secret:
            print(f"{prog}: give the signing secret: --secret or DOGPARK_BOT_SECRET", file=sys.stderr)
            return 2
        serve(bot_class, args.port, args.secret, args.host)
        return 0
    try:
        return _play(args, bot_class)
    except DogparkError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 1


def _play(args: argparse.Namespace, bot_class: type) -> int:
    """Claim the seat if need be, play it to the end, print the result."""
    client = Client(args.url)
    token = args.token
    if token is None:
        token = client.claim(args.game, args.seat, args.name)["token"]
        print(f"claimed seat {args.seat} of {args.game}; its token (to resume with --token): {token}", file=sys.stderr)
    final = play(client.as_seat(token), args.game, bot_class())
    result = final.get("result") or {}
    place = "won" if args.seat in result.get("winners", []) else "did not win"
    print(f"game {args.game} over: seat {args.seat} {place}; result {result}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
