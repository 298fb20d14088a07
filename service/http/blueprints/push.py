"""Web Push: the server's VAPID key, and a player's browser push subscriptions (docs/notifications.md).

A browser subscribes with the server's key (GET /v1/push/key) through its service worker, and the client POSTs the
subscription as PushSubscription.toJSON() gives it. The notifications worker (workers/push.py) pushes to it what a
player who is away is told, in the language the subscription gave.
"""

from __future__ import annotations

from typing import Any

from flask import Response

from events.push import PushSubscriptions, public_record, vapid_keys
from service.core.problems import (
    INVALID_REQUEST,
    NOT_FOUND,
    PROBLEM,
    PUSH_ENDPOINT_NOT_ALLOWED,
    RATE_LIMITED,
    TOO_MANY_PUSH_SUBSCRIPTIONS,
    UNAUTHORIZED,
    Problem,
    not_found,
)
from service.core.push_endpoints import endpoint_refusal
from service.http.access import caller_player
from service.http.blueprints import problem, type_links
from service.http.bodies import Blueprint, body_errors
from service.http.context import services
from service.http.language import asked_language
from service.http.ratelimit import Rate, take
from service.http.schemas.problems import Problem as ProblemSchema
from service.http.schemas.push import NewPushSubscription, PushKey, PushSubscriptionList, PushSubscriptionShown

#: Subscriptions one player may register (or register again) per window: a browser subscribes once per device.
SUBSCRIBE_RATE = Rate(20, 3600)
SUBSCRIPTIONS = "/v1/players/me/push-subscriptions"
EXAMPLE_KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
EXAMPLE_SUBSCRIPTION = {
    "endpoint": "https://push.example.net/wpush/v2/gAAAAABk",
    "expirationTime": None,
    "keys": {
        "p256dh": "BOVFfCoBB_-cjajz2Ul12r-DfFTC4Vz0Os5Q8Va9yMNeyh0Bp-0k6tHN7Ow-EZUxLYmshBdPzrjDsvHh7Cz8G3k",
        "auth": "F7c0W21lOHmc5BcXWomflQ",
    },
    "language": "pt",
}
EXAMPLE_SHOWN = {
    "id": "8c1f0a3b5d2e4f60",
    "endpoint": EXAMPLE_SUBSCRIPTION["endpoint"],
    "language": "pt",
    "created": 1767225600.0,
}

blp = Blueprint("push", __name__, url_prefix="/v1", description="Web Push: the server's key, players' subscriptions.")


@blp.route("/push/key", methods=["GET"])
@blp.response(200, PushKey, example={"public_key": EXAMPLE_KEY})
def push_key() -> dict:
    """The server's VAPID public key: the applicationServerKey a browser subscribes with (base64url).

    Made on the server's first start and kept (or given by DOGPARK_VAPID_PRIVATE_KEY); a browser subscribed with an
    older key must subscribe again.
    """
    svc = services()
    return {"public_key": vapid_keys(svc.redis, svc.settings.vapid_private_key).public_key}


@blp.route("/players/me/push-subscriptions", methods=["POST"])
@blp.arguments(NewPushSubscription(), example=EXAMPLE_SUBSCRIPTION)
@blp.response(201, PushSubscriptionShown, example=EXAMPLE_SHOWN)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 409, "The player holds DOGPARK_PUSH_SUBSCRIPTIONS subscriptions already.", TOO_MANY_PUSH_SUBSCRIPTIONS)
@problem(
    blp,
    422,
    "The body does not match its schema, or its endpoint is not one the server calls.",
    INVALID_REQUEST,
    PUSH_ENDPOINT_NOT_ALLOWED,
)
@body_errors(blp)
@blp.alt_response(
    429,
    schema=ProblemSchema,
    content_type=PROBLEM,
    description=f"More than {SUBSCRIBE_RATE.count} subscriptions registered by the player in {SUBSCRIBE_RATE.seconds} "
    "s; Retry-After says when the window ends." + type_links(RATE_LIMITED),
    headers={"Retry-After": {"description": "Seconds until a retry may pass.", "schema": {"type": "integer"}}},
)
@blp.doc(security=[{"playerToken": []}])
def subscribe(body: dict[str, Any]) -> tuple[dict, int]:
    """Register a browser's push subscription: the player is told by push, when away, in its language.

    The body is PushSubscription.toJSON(), and optionally `language` (else the request's); the same endpoint sent
    again replaces its subscription, keeping its id. The player's notifications are written in that language from then
    on. A subscription the push service says is gone (404, 410) is deleted by the server.
    """
    svc = services()
    pid = caller_player(required=True)
    take(svc.redis, SUBSCRIBE_RATE, "push-subscriptions", pid)
    refusal = endpoint_refusal(body["endpoint"], svc.settings.push_allow)
    if refusal is not None:
        raise Problem(PUSH_ENDPOINT_NOT_ALLOWED, refusal)
    limit = svc.settings.push_subscriptions
    language = body.get("language") or asked_language()
    record = PushSubscriptions(svc.redis).add(pid, body["endpoint"], body["keys"], language, limit)
    if record is None:
        raise Problem(TOO_MANY_PUSH_SUBSCRIPTIONS, f"the player holds {limit} push subscriptions already", limit=limit)
    return public_record(record), 201


@blp.route("/players/me/push-subscriptions", methods=["GET"])
@blp.response(200, PushSubscriptionList, example={"subscriptions": [EXAMPLE_SHOWN]})
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@blp.doc(security=[{"playerToken": []}])
def subscriptions() -> dict:
    """The player's push subscriptions, oldest first (without their keys)."""
    pid = caller_player(required=True)
    return {"subscriptions": [public_record(s) for s in PushSubscriptions(services().redis).list(pid)]}


@blp.route("/players/me/push-subscriptions/<subscription_id>", methods=["DELETE"])
@blp.response(204)
@problem(blp, 401, "No token, or not a player token.", UNAUTHORIZED)
@problem(blp, 404, "The player has no subscription of that id.", NOT_FOUND)
@blp.doc(security=[{"playerToken": []}])
def unsubscribe(subscription_id: str) -> Response:
    """Delete one of the player's push subscriptions: nothing more is pushed to it."""
    pid = caller_player(required=True)
    if not PushSubscriptions(services().redis).remove(pid, subscription_id):
        raise not_found(f"push subscription {subscription_id!r}")
    return Response(status=204)
