"""The "webhook" channel of notifications: each hook of the player is POSTed the notification, signed, by a job of
its own on the notifications queue (docs/notification-webhooks.md).

A call is signed as the calls to webhook bots are (``Dogpark-Signature``, service/core/webhook_http.py, with the
hook's secret) and names its notification in ``Dogpark-Notification-Id``. It goes only where a bot's call may go
(DOGPARK_WEBHOOK_ALLOW), over https unless the operator allows the host. A call that got no answer, timed out or was
answered 5xx, 408 or 429 is tried again later, after each of DOGPARK_NOTIFICATION_HOOK_RETRIES's seconds (RQ's
retry, which the worker's scheduler queues when it is due); any other answer ends it: a 2xx is delivered, a 410 says
the hook is gone for good and deletes it, another 4xx (or a 3xx, never followed) is the receiver's refusal.

A notification reaches a hook once however often its job runs (a job queued twice, a worker that died after the
call): the call is marked in flight before it is made and done after, per (hook, notification id); a failed try
clears the mark for its retry. A receiver still sees a second copy if the mark's answer was lost, which is why the
id travels in a header of its own.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from rq import Retry

from events.notification_hooks import Hook
from service.core.notify import NOTIFY_JOB
from service.core.webhook_http import Failed, Refused, allowed, post, resolve_https
from service.core.wiring import Services
from workers import jobs

log = logging.getLogger("dogpark.notification_hooks")

#: The header that carries a call's notification id, by which a receiver drops a copy it already has.
NOTIFICATION_ID = "Dogpark-Notification-Id"
#: Seconds one try of a call may take, connecting included.
CALL_SECONDS = 10.0
#: Seconds a call's in-flight mark outlives a try: a worker that died in the middle leaves the retry free after.
IN_FLIGHT_SECONDS = 60.0
#: Seconds a notification's call to a hook is remembered as made: as long as RQ keeps its job's failure.
SENT_SECONDS = float(NOTIFY_JOB["failure_ttl"])
#: Answers besides 5xx that say "later": the receiver timed out reading, or asks for fewer calls.
LATER = frozenset({408, 429})


class TryAgain(Exception):
    """A try that a later one may not meet (no answer, a timeout, a 5xx): RQ queues the job again after its wait."""


def send(svc: Services, player: str, notification: dict[str, Any]) -> None:
    """Queue the call of each of the player's notification webhooks with ``notification``."""
    intervals = list(svc.settings.notification_hook_retries)
    retry = Retry(max=len(intervals), interval=intervals) if intervals else None
    for hook in svc.hooks.of(player):
        svc.notifications.queue.enqueue(
            "workers.notification_hooks.call",
            player,
            hook.id,
            notification,
            retry=retry,
            description=f"notification {notification['id']} to hook {hook.id}",
            **NOTIFY_JOB,
        )


def body(player: str, notification: dict[str, Any]) -> bytes:
    """A call's body: the notification as the channel got it, and the player it is for."""
    return json.dumps({**notification, "player": player}, separators=(",", ":"), ensure_ascii=False).encode()


def call(player: str, hook_id: str, notification: dict[str, Any]) -> str:
    """POST the notification to one hook of the player, unless that was done; TryAgain for a try to repeat."""
    svc = jobs.services()
    hook = svc.hooks.get(player, hook_id)
    if hook is None:
        return "gone: the hook was deleted"
    notification_id = notification["id"]
    if not svc.hooks.claim(player, hook.id, notification_id, IN_FLIGHT_SECONDS):
        return "done already: another job made or makes this call"
    try:
        outcome = _call(svc, player, hook, notification)
    except BaseException:
        svc.hooks.release(player, hook.id, notification_id)
        raise
    svc.hooks.sent(player, hook.id, notification_id, SENT_SECONDS)
    return outcome


def _call(svc: Services, player: str, hook: Hook, notification: dict[str, Any]) -> str:
    """One try: its outcome, or TryAgain."""
    began = time.monotonic()
    try:
        target = resolve_https(hook.url, allowed(svc.settings.webhook_allow))
        answer = post(
            target,
            body(player, notification),
            hook.secret,
            began + CALL_SECONDS,
            {NOTIFICATION_ID: notification["id"]},
        )
    except Refused as refused:
        # The URL was allowed when registered; its name now resolves elsewhere, or the operator changed the rules.
        log.warning("notification hook %s of player %s is not called: %s", hook.id, player, refused)
        return f"refused: {refused}"
    except Failed as failed:
        raise TryAgain(f"hook {hook.id}: {failed}") from None
    took = f"{(time.monotonic() - began) * 1000:.0f} ms"
    if 200 <= answer.status < 300:
        return f"delivered: {answer.status} in {took}"
    if answer.status >= 500 or answer.status in LATER:
        raise TryAgain(f"hook {hook.id} answered {answer.status}")
    if answer.status == 410:
        svc.hooks.delete(player, hook.id)
        log.info("notification hook %s of player %s answered 410 and is deleted", hook.id, player)
        return "gone: answered 410, the hook is deleted"
    log.info("notification hook %s of player %s refused a call: %s", hook.id, player, answer.status)
    return f"refused: answered {answer.status}"
