"""Bots: register a webhook bot, list the bots a seat may name, one registered bot with its ratings, retire one.

A registered bot is a program of its author's that dogpark calls over HTTP on its seat's turns (docs/bots.md,
"Webhook bots"); a game seats it as it seats a built-in bot, ``{"bot": "<name>", "fallback": "greedy"}``.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from flask import Response

from domain.catalogue import GAMES
from events.bots import NameTaken, Registered
from service.core.problems import (
    BOT_DID_NOT_ANSWER,
    BOT_NAME_TAKEN,
    INVALID_BOT_KEY,
    INVALID_REQUEST,
    NOT_FOUND,
    URL_NOT_ALLOWED,
    Problem,
    not_found,
)
from service.core.reads import rfc3339
from service.core.webhook_http import Failed, Refused, allowed, post, resolve
from service.http.access import bearer
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.schemas.bots import Bot, BotCreated, BotList, BotsQuery, NewBot

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


def builtin_names() -> dict[str, list[str]]:
    """Every built-in bot's name (lower case), with the game types it plays."""
    names: dict[str, list[str]] = {}
    for rules in GAMES.values():
        for name in rules.bots:
            names.setdefault(name.lower(), []).append(rules.id)
    return names


def ping_body(timeout: float) -> dict[str, Any]:
    """Registration's call: it asks the bot for nothing but an answer within its timeout."""
    return {"kind": "ping", "deadline": rfc3339(time.time() + timeout)}


def shown(bot: Registered) -> dict[str, Any]:
    """A registered bot as anyone may see it."""
    return {**bot.public(), "kind": "registered", "links": {"self": f"/v1/bots/{bot.id}"}}


@blp.route("", methods=["POST"])
@blp.arguments(NewBot(), example={"name": "whiskers", "url": "https://bots.example.org/whiskers", "games": ["felix"]})
@blp.response(
    201,
    BotCreated,
    example={
        **EXAMPLE_BOT,
        "url": "https://bots.example.org/whiskers",
        "secret": "9c1f5e0a7b3d46e2a8f0c4b6d2e7a1f3c5b9d0e4a6f8b2c7d1e3f5a9b0c4d6e8",
        "key": "q3V9rX1mK7bT2wZ5nP8sL4dF6hJ0aC3eG9iU1oY7tR5",
    },
)
@problem(blp, 409, "The name is another bot's, or a built-in bot's.", BOT_NAME_TAKEN)
@problem(
    blp,
    422,
    "The body does not match its schema, the URL is not one this server calls, or the bot did not answer its ping.",
    INVALID_REQUEST,
    URL_NOT_ALLOWED,
    BOT_DID_NOT_ANSWER,
)
@body_errors(blp)
@rate_limited(blp)
def register_bot(body: dict) -> tuple[dict, int, dict[str, str]]:
    """Register a webhook bot. The response holds its signing secret and its key; neither is shown again.

    Before it registers the bot, the server POSTs a signed `ping` call to the URL, which must be answered within
    the bot's timeout: with a 2xx when the body gives the bot's own `secret` (the bot checks the signature), with
    any answer when the server draws the secret (the bot cannot know it yet).
    """
    count_against_the_rate()
    svc = services()
    name = body["name"]
    if name.lower() in builtin_names() or svc.bots.by_names([name]):
        raise Problem(BOT_NAME_TAKEN, f"the name {name!r} is taken")
    try:
        target = resolve(body["url"], allowed(svc.settings.webhook_allow))
    except Refused as refused:
        raise Problem(URL_NOT_ALLOWED, str(refused)) from None
    # A bot that is given its secret checks the ping's signature: the answer must then be a 2xx.
    chosen = body.get("secret")
    secret = chosen or secrets.token_hex(32)
    ping = json.dumps(ping_body(body["timeout_seconds"]), separators=(",", ":")).encode()
    try:
        answer = post(target, ping, secret, time.monotonic() + body["timeout_seconds"])
    except Failed as failed:
        raise Problem(BOT_DID_NOT_ANSWER, f"the ping failed: {failed.detail}") from None
    if chosen is not None and not 200 <= answer.status < 300:
        raise Problem(BOT_DID_NOT_ANSWER, f"the bot answered the ping with {answer.status}, not a 2xx")
    games = list(dict.fromkeys(body["games"]))
    try:
        bot, key = svc.bots.register(name, body["url"], body["description"], games, body["timeout_seconds"], secret)
    except NameTaken:
        raise Problem(BOT_NAME_TAKEN, f"the name {name!r} is taken") from None
    created = {**shown(bot), "url": bot.url, "secret": bot.secret, "key": key}
    # The secret and the key are credentials: no cache may keep them.
    return created, 201, {"Cache-Control": "no-store", "Location": f"/v1/bots/{bot.id}"}


@blp.route("", methods=["GET"])
@blp.arguments(BotsQuery(), location="query")
@blp.response(200, BotList, example={"bots": [{"name": "greedy", "kind": "builtin", "games": list(GAMES)}]})
def list_bots(query: dict) -> dict:
    """Every bot a seat may name: the built-in ones (per game type) and the registered webhook bots."""
    game_type = query.get("type")
    builtin = [
        {"name": name, "kind": "builtin", "games": games}
        for name, games in sorted(builtin_names().items())
        if game_type is None or game_type in games
    ]
    registered = [shown(bot) for bot in services().bots.all() if game_type is None or game_type in bot.games]
    return {"bots": builtin + registered}


@blp.route("/<bot_id>", methods=["GET"])
@blp.response(200, Bot, example={**EXAMPLE_BOT, "ratings": {"felix": {"mu": 27.1, "sigma": 6.2, "ordinal": 8.5}}})
@problem(blp, 404, "No such registered bot.", NOT_FOUND)
def get_bot(bot_id: str) -> dict:
    """A registered bot with its ratings per game type, updated once by each rated game it played to its end."""
    svc = services()
    bot = svc.bots.get(bot_id)
    if bot is None:
        raise not_found(f"bot {bot_id!r}")
    return {**shown(bot), "ratings": svc.bots.ratings_of(bot.id, bot.games)}


@blp.route("/<bot_id>", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No key, or not the bot's.", INVALID_BOT_KEY)
@problem(blp, 404, "No such registered bot.", NOT_FOUND)
@blp.doc(security=[{"botKey": []}])
def retire_bot(bot_id: str) -> Response:
    """Retire a registered bot, with its key. Games it sits in go on: its fallback bots play its seats."""
    svc = services()
    if svc.bots.get(bot_id) is None:
        raise not_found(f"bot {bot_id!r}")
    key = bearer()
    if key is None or not svc.bots.check_key(bot_id, key):
        raise Problem(INVALID_BOT_KEY, "send the bot's key as 'Authorization: Bearer <key>'")
    svc.bots.retire(bot_id)
    return Response(status=204)
