"""The Web Push channel: a notification to each of the player's browser push subscriptions.

Each push is a POST to the subscription's endpoint (its browser vendor's push service, RFC 8030), its payload the
notification's JSON encrypted for the subscription's keys (aes128gcm, RFC 8291), signed by the server's VAPID key
(RFC 8292), all by ``pywebpush``. A subscription the push service answers 404 or 410 for is gone and is forgotten; a
429, a 5xx or a connection error is tried again, PUSH_ATTEMPTS times in all; any other answer is logged. An endpoint
is called only where a webhook bot could be (a public address, or one DOGPARK_PUSH_ALLOW allows), and over http only
where DOGPARK_PUSH_ALLOW allows.
"""

from __future__ import annotations

import json
import logging
import time
from functools import cache
from typing import Any

import requests
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from events.push import PushSubscriptions, Subscription, vapid_keys
from service.core.push_endpoints import endpoint_refusal
from service.core.wiring import Services

log = logging.getLogger("dogpark.push")

#: Tries of one push at most, and the seconds before the second and third.
PUSH_ATTEMPTS = 3
BACKOFF = (0.5, 2.0)
#: Seconds a push service has to answer.
PUSH_TIMEOUT = 10.0
#: Seconds a push service keeps a push for a browser that is offline (a turn waits that long, and longer).
PUSH_TTL = 86_400


@cache
def _signer(pem: str) -> Vapid:
    """The VAPID signer of a private key, made once per process."""
    return Vapid.from_pem(pem.encode())


def payload(notification: dict[str, Any]) -> str:
    """What the browser's service worker receives: the notification, and a tag that makes a newer one about the same
    game, or of no game the same challenge (its withdrawal replaces the challenge shown), replace the one shown."""
    challenge = notification["data"].get("challenge")
    about = notification["game"] or (f"challenge-{challenge}" if challenge else notification["kind"])
    return json.dumps({**notification, "tag": f"dogpark-{about}"})


def send(svc: Services, player: str, notification: dict[str, Any]) -> None:
    """Push ``notification`` to each of the player's subscriptions (the "push" channel)."""
    subscriptions = PushSubscriptions(svc.redis)
    held = subscriptions.list(player)
    if not held:
        return
    keys = vapid_keys(svc.redis, svc.settings.vapid_private_key)
    signer = _signer(keys.private_pem)
    body = payload(notification)
    for subscription in held:
        refusal = endpoint_refusal(subscription["endpoint"], svc.settings.push_allow)
        if refusal is not None:
            log.warning("push subscription %s of %s not called: %s", subscription["id"], player, refusal)
            continue
        if _push(svc, subscription, body, signer, notification):
            continue
        subscriptions.remove(player, subscription["id"])
        log.info("push subscription %s of %s is gone: forgotten", subscription["id"], player)


def _push(svc: Services, subscription: Subscription, body: str, signer: Vapid, notification: dict[str, Any]) -> bool:
    """One push, tried again on a passing failure; False once the push service says the subscription is gone."""
    info = {"endpoint": subscription["endpoint"], "keys": subscription["keys"]}
    headers = {"Urgency": "high" if notification["kind"] in ("turn", "clock") else "normal"}
    if notification["game"]:
        # A newer push about the same game replaces one the push service still holds for an offline browser.
        headers["Topic"] = f"{notification['kind']}-{notification['game']}"[:32]
    for attempt in range(PUSH_ATTEMPTS):
        if attempt:
            time.sleep(BACKOFF[min(attempt - 1, len(BACKOFF) - 1)])
        try:
            webpush(
                info,
                body,
                vapid_private_key=signer,
                vapid_claims={"sub": svc.settings.vapid_subject},
                timeout=PUSH_TIMEOUT,
                ttl=PUSH_TTL,
                headers=headers,
            )
            return True
        except WebPushException as failure:
            status = failure.response.status_code if failure.response is not None else None
            if status in (404, 410):
                return False
            if status is not None and status != 429 and status < 500:
                log.warning("push to subscription %s refused: %s", subscription["id"], status)
                return True
            log.warning("push to subscription %s failed (%s), try %d", subscription["id"], status, attempt + 1)
        except requests.RequestException as error:
            log.warning("push to subscription %s failed (%s), try %d", subscription["id"], error, attempt + 1)
    return True
