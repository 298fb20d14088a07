"""Bots: register a webhook bot, list the bots a seat may name, one registered bot with its ratings, change or retire
one (a change, even of nothing, challenges the bot, and lifts a suspension).

A registered bot is a program of its author's that dogpark calls over HTTP on its seat's turns (docs/bots.md,
"Webhook bots"); a game seats it as it seats a built-in bot, ``{"bot": "<name>", "fallback": "greedy"}``. It belongs
to the player whose token registered it: only that player changes or retires it.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from flask import Response

from domain import table as tables
from domain.catalogue import GAMES
from events.bots import Cursor, NameTaken, Registered
from events.ratings import rated_player
from service.core.problems import (
    BOT_DID_NOT_ANSWER,
    BOT_NAME_TAKEN,
    INVALID_BOT_KEY,
    INVALID_REQUEST,
    NOT_FOUND,
    NOT_YOUR_BOT,
    UNAUTHORIZED,
    URL_NOT_ALLOWED,
    Problem,
    not_found,
)
from service.core.webhook_http import Refused, Unproven, allowed, challenge, check_url
from service.http.access import CHALLENGE, bearer, caller_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.schemas.bots import Bot, BotChange, BotList, BotsQuery, NewBot, OwnBot

log = logging.getLogger("dogpark.api")

blp = Blueprint("bots", __name__, url_prefix="/v1/bots", description="Built-in bots and registered webhook bots.")

EXAMPLE_BOT = {
    "id": "5b0e9c41d2a7f386",
    "name": "whiskers",
    "kind": "registered",
    "games": ["felix"],
    "description": "Bids low, keeps its mice.",
    "timeout_seconds": 2.0,
    "created": 1767261600.0,
    "links": {"self": "/v1/bots/5b0e9c41d2a7f386"},
}
EXAMPLE_URL = "https://bots.example.org/whiskers"
#: An author's secret, as `secrets.token_hex(32)` draws one.
EXAMPLE_SECRET = "9c1f5e0a7b3d46e2a8f0c4b6d2e7a1f3c5b9d0e4a6f8b2c7d1e3f5a9b0c4d6e8"
#: The one answer to a bot that did not prove itself, whatever the reason (the server's log has it): a URL refused,
#: a closed port, a timeout and a wrong answer look alike, so that registration cannot map the server's network.
UNPROVEN = (
    "the bot did not answer its challenge: its URL must reach a bot that this server may call (a public address, "
    "unless the operator allows others), and the bot must echo the challenge within its timeout in a 2xx answer "
    "signed with its secret; redirects are not followed (docs/bots.md, 'Registering, seating, changing, retiring')"
)


def builtin_names() -> dict[str, list[str]]:
    """Every built-in bot's name (lower case), with the game types it plays."""
    names: dict[str, list[str]] = {}
    for rules in GAMES.values():
        for name in tables.bot_names(rules):
            names.setdefault(name.lower(), []).append(rules.id)
    return names


def shown(bot: Registered) -> dict[str, Any]:
    """A registered bot as anyone may see it."""
    return {**bot.public(), "kind": "registered", "links": {"self": f"/v1/bots/{bot.id}"}}


def prove(bot: Registered) -> None:
    """Challenge the bot (as registered or changed) at its URL with its secret; the one problem UNPROVEN if it does
    not answer as it must."""
    try:
        check_url(bot.url)
    except Refused as refused:
        # What is wrong with the URL's form says nothing of the network.
        raise Problem(URL_NOT_ALLOWED, str(refused)) from None
    try:
        challenge(bot.url, bot.secret, bot.timeout, allowed(services().settings.webhook_allow))
    except Unproven as unproven:
        log.info("bot %r did not answer its challenge: %r", bot.name, str(unproven))
        raise Problem(BOT_DID_NOT_ANSWER, UNPROVEN) from None


def owned(bot_id: str) -> Registered:
    """The bot, if the request bears its owner's player token: else 404, 401 or 403."""
    svc = services()
    bot = svc.bots.get(bot_id)
    if bot is None:
        raise not_found(f"bot {bot_id!r}")
    pid = caller_player(required=True)
    if bot.owner is None:
        raise Problem(NOT_YOUR_BOT, f"bot {bot.name!r} was registered before bots had owners: its key retires it")
    if bot.owner != pid:
        raise Problem(NOT_YOUR_BOT, f"bot {bot.name!r} is another player's: only the player who registered it may")
    return bot


#: A registration's or a change's 422: both send the bot its challenge first.
challenge_refused = problem(
    blp,
    422,
    "The body does not match its schema, the URL cannot name a bot, or the bot did not answer its challenge.",
    INVALID_REQUEST,
    URL_NOT_ALLOWED,
    BOT_DID_NOT_ANSWER,
)


@blp.route("", methods=["POST"])
@blp.arguments(
    NewBot(),
    example={"name": "whiskers", "url": EXAMPLE_URL, "games": ["felix"], "secret": EXAMPLE_SECRET},
)
@blp.response(201, OwnBot, example={**EXAMPLE_BOT, "url": EXAMPLE_URL})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, "The name is another bot's, or a built-in bot's.", BOT_NAME_TAKEN)
@challenge_refused
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def register_bot(body: dict) -> tuple[dict, int, dict[str, str]]:
    """Register a webhook bot of the player whose token the request bears: only that player may change or retire it.

    Before it keeps anything, the server POSTs a challenge to the URL, signed with the body's `secret`:
    `{"kind": "challenge", "challenge": <random>, "deadline"}`. The bot must answer within its timeout with a 2xx
    whose body is `{"challenge": <the same value>}`, signed with the same secret in its own `Dogpark-Signature`
    header (the kit's `dogpark bot serve` does). Redirects are not followed. Every failure (a URL this server does not
    call, no answer, a wrong one) is the same 422, which does not say which it was.
    """
    pid = caller_player(required=True)
    count_against_the_rate()
    svc = services()
    name = body["name"]
    if name.lower() in builtin_names() or svc.bots.by_names([name]):
        raise Problem(BOT_NAME_TAKEN, f"the name {name!r} is taken")
    games = list(dict.fromkeys(body["games"]))
    fields = (name, body["url"], body["description"], games, body["timeout_seconds"], body["secret"])
    # The bot as it would be kept: an id and a time only once it passed.
    prove(Registered("", *fields, created=0.0, owner=pid))
    try:
        bot = svc.bots.register(*fields, owner=pid)
    except NameTaken:
        raise Problem(BOT_NAME_TAKEN, f"the name {name!r} is taken") from None
    # The URL is its owner's to see alone: no cache may keep it.
    return {**shown(bot), "url": bot.url}, 201, {"Cache-Control": "no-store", "Location": f"/v1/bots/{bot.id}"}


@blp.route("", methods=["GET"])
@blp.arguments(BotsQuery(), location="query")
@blp.response(
    200, BotList, example={"bots": [{"name": "greedy", "kind": "builtin", "games": list(GAMES)}], "next": None}
)
def list_bots(query: dict) -> dict:
    """Every bot a seat may name, a page at a time.

    The built-in bots (per game type) come on the first page, then the registered webhook bots, oldest first, `limit`
    a page; `next` is the cursor of the page after (`?cursor=<next>`), null on the last page.
    """
    game = query.get("type")
    after = parse_cursor(query["cursor"]) if "cursor" in query else None
    page, cursor = services().bots.page(game, query["limit"], after)
    builtin = [
        {"name": name, "kind": "builtin", "games": games}
        for name, games in sorted(builtin_names().items())
        if after is None and (game is None or game in games)
    ]
    following = None if cursor is None else f"{cursor[0]!r}:{cursor[1]}"
    return {"bots": builtin + [shown(bot) for bot in page], "next": following}


def parse_cursor(cursor: str) -> Cursor:
    """A page's cursor as the query gives it (``<registration time>:<id>``, the schema checked its form)."""
    created, _, last = cursor.partition(":")
    return float(created), last


@blp.route("/<bot_id>", methods=["GET"])
@blp.response(200, Bot, example={**EXAMPLE_BOT, "ratings": {"felix": {"mu": 27.1, "sigma": 6.2, "ordinal": 8.5}}})
@problem(blp, 404, "No such registered bot.", NOT_FOUND)
def get_bot(bot_id: str) -> dict:
    """A registered bot with its ratings per game type, updated once by each rated game it played to its end."""
    svc = services()
    bot = svc.bots.get(bot_id)
    if bot is None:
        raise not_found(f"bot {bot_id!r}")
    return {**shown(bot), "ratings": svc.ratings.ratings_of(rated_player(bot.id), bot.games)}


@blp.route("/<bot_id>", methods=["PATCH"])
@blp.arguments(BotChange(), example={"url": "https://bots.example.org/whiskers-2", "timeout_seconds": 3.0})
@blp.response(200, OwnBot, example={**EXAMPLE_BOT, "timeout_seconds": 3.0, "url": f"{EXAMPLE_URL}-2"})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 403, "The bot is another player's.", NOT_YOUR_BOT)
@problem(blp, 404, "No such registered bot.", NOT_FOUND)
@challenge_refused
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def change_bot(body: dict, bot_id: str) -> tuple[dict, int, dict[str, str]]:
    """Change a registered bot of the caller's: its URL, secret, description, timeout or games (never its name).

    The bot as changed must answer a challenge first, as at registration (so `{}` checks that it still answers);
    nothing changes if it does not. Games it no longer plays drop it, and its ratings in them. A bot that answered
    lifts its suspension: a bot whose calls time out DOGPARK_WEBHOOK_SUSPEND_AFTER times in a row (10 by default) takes
    no seat in a new game until its owner makes it answer in time and changes it here, if only with `{}`.
    """
    svc = services()
    bot = owned(bot_id)
    count_against_the_rate()
    changed = dataclasses.replace(
        bot,
        url=body.get("url", bot.url),
        secret=body.get("secret", bot.secret),
        description=body.get("description", bot.description),
        timeout=body.get("timeout_seconds", bot.timeout),
        games=list(dict.fromkeys(body.get("games", bot.games))),
    )
    prove(changed)
    if not svc.bots.update(bot, changed):
        raise not_found(f"bot {bot_id!r}")
    # It answered its challenge in time: it may be seated again.
    svc.bots.resume(bot.id)
    changed = dataclasses.replace(changed, suspended=None)
    return {**shown(changed), "url": changed.url}, 200, {"Cache-Control": "no-store"}


@blp.route("/<bot_id>", methods=["DELETE"])
@blp.response(204)
@problem(
    blp,
    401,
    "No token, not a player token, or (a bot registered before owners) not its key.",
    UNAUTHORIZED,
    INVALID_BOT_KEY,
)
@problem(blp, 403, "The bot is another player's.", NOT_YOUR_BOT)
@problem(blp, 404, "No such registered bot.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}, {"botKey": []}])
def retire_bot(bot_id: str) -> Response:
    """Retire a registered bot, with its owner's player token. Games it sits in go on: its fallbacks play its seats.

    A bot registered before bots had owners is retired with its key instead.
    """
    svc = services()
    bot = svc.bots.get(bot_id)
    if bot is None:
        raise not_found(f"bot {bot_id!r}")
    token = bearer()
    if bot.owner is None and token is not None and svc.players.by_token(token) is None:
        if not svc.bots.check_key(bot_id, token):
            raise Problem(INVALID_BOT_KEY, "send the bot's key as 'Authorization: Bearer <key>'", CHALLENGE)
    else:
        owned(bot_id)
    svc.bots.retire(bot_id)
    return Response(status=204)
