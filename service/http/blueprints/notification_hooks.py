"""Notification webhooks: a player registers, lists and deletes the URLs its notifications are POSTed to.

A mobile app's backend, which holds the app's FCM or APNs credentials, registers one for its player and forwards what
it receives to the player's phone (docs/notification-webhooks.md). The URL is checked as a webhook bot's is, at
registration and at each call (service/core/webhook_http.py); registration does not call it: its secret is drawn by
the server and shown in the answer, so the receiver could not prove it holds it before.
"""

from __future__ import annotations

from flask import Response

from events.notification_hooks import TooMany
from service.core.problems import (
    HOOK_URL_NOT_ALLOWED,
    INVALID_REQUEST,
    NOT_FOUND,
    TOO_MANY_HOOKS,
    UNAUTHORIZED,
    Problem,
    not_found,
)
from service.core.webhook_http import Refused, allowed, resolve_https
from service.http.access import caller_player
from service.http.blueprints import problem
from service.http.blueprints.games import count_against_the_rate, rate_limited
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.examples import START
from service.http.schemas.notification_hooks import (
    EXAMPLE_URL,
    NewNotificationHook,
    NotificationHookCreated,
    NotificationHooks,
)

#: Notification webhooks one player may have: a backend or two per app, and room to move one.
MAX_HOOKS = 5
PATH = "/v1/players/me/notification-hooks"
EXAMPLE = {"id": "8d1f0c3a9b2e4f67", "url": EXAMPLE_URL, "created": START}
#: A hook's secret, as `secrets.token_hex(32)` draws one.
EXAMPLE_SECRET = "4e7a0c9d2b1f5e3a8c6d0b2f4a9e1c7d5b3f8a0e6c2d4b9f1a7e3c5d0b8f2a6e"

blp = Blueprint(
    "notification-hooks",
    __name__,
    url_prefix=PATH,
    description="Notification webhooks: where a mobile app's backend is told what its player missed.",
)


@blp.route("", methods=["POST"])
@blp.arguments(NewNotificationHook(), example={"url": EXAMPLE_URL})
@blp.response(201, NotificationHookCreated, example={**EXAMPLE, "secret": EXAMPLE_SECRET})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, f"The player has {MAX_HOOKS} notification webhooks already.", TOO_MANY_HOOKS)
@problem(
    blp,
    422,
    "The body does not match its schema, or the URL is not one this server calls.",
    INVALID_REQUEST,
    HOOK_URL_NOT_ALLOWED,
)
@body_errors(blp)
@rate_limited(blp)
@blp.doc(security=[{"playerToken": []}])
def register_hook(body: dict) -> tuple[dict, int, dict[str, str]]:
    """Register a notification webhook of the player whose token the request bears (at most 5 a player).

    What the player is told while away (its turn, an invitation, a game's end...) is POSTed to the URL as JSON, signed
    with the secret in this answer (`Dogpark-Signature`, as the calls to webhook bots are), its id in
    `Dogpark-Notification-Id`; a failed call is tried again with growing waits, and an answer 410 deletes the hook.
    The URL must be https:// and resolve to public addresses (DOGPARK_WEBHOOK_ALLOW allows others, and http:// to
    them). The secret is shown this once.
    """
    pid = caller_player(required=True)
    count_against_the_rate()
    svc = services()
    try:
        resolve_https(body["url"], allowed(svc.settings.webhook_allow))
    except Refused as refused:
        raise Problem(HOOK_URL_NOT_ALLOWED, str(refused)) from None
    try:
        hook = svc.hooks.add(pid, body["url"], MAX_HOOKS)
    except TooMany:
        raise Problem(
            TOO_MANY_HOOKS, f"a player may have {MAX_HOOKS} notification webhooks: delete one first", limit=MAX_HOOKS
        ) from None
    # The secret is a credential: no cache may keep it.
    headers = {"Cache-Control": "no-store", "Location": f"{PATH}/{hook.id}"}
    return {**hook.shown(), "secret": hook.secret}, 201, headers


@blp.route("", methods=["GET"])
@blp.response(200, NotificationHooks, example={"hooks": [EXAMPLE]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def list_hooks() -> tuple[dict, int, dict[str, str]]:
    """The player's notification webhooks, oldest first, without their secrets."""
    pid = caller_player(required=True)
    return {"hooks": [hook.shown() for hook in services().hooks.of(pid)]}, 200, {"Cache-Control": "no-store"}


@blp.route("/<hook_id>", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 404, "The player has no notification webhook of that id.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def delete_hook(hook_id: str) -> Response:
    """Delete a notification webhook of the player: no call goes to it any more, nor any retry of one."""
    pid = caller_player(required=True)
    if not services().hooks.delete(pid, hook_id):
        raise not_found(f"notification webhook {hook_id!r}")
    return Response(status=204)
