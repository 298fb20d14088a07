"""Notification webhooks: the HTTPS URLs a player registered to be told of what happens while away, in Redis.

A mobile app's backend registers one for its player (it holds the FCM or APNs credentials dogpark cannot), and the
notifications worker POSTs each notification there, signed with the hook's secret (docs/notification-webhooks.md).

Keys, each tagged with the player's id as the player's own keys are (events/players.py), so one player's are one
slot on a Cluster::

    player:{<pid>}:notification-hooks            hash: hook id -> {"id", "url", "secret", "created"} (JSON)
    player:{<pid>}:notification-sent:<hook id>:<notification id>
                                                 "sending" while a call is in flight, then "sent": the same
                                                 notification reaches a hook once, however often its job runs

The secret is drawn here and kept as it is, since every call is signed with it: whoever reads this Redis can sign
calls to the hooks, as with the bots' secrets (docs/bots.md, "The secret").
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

import redis

from events.store import as_text

# Add a hook unless the player has ARGV[3] already: counting and adding in one step, so that racing registrations
# never pass the limit. KEYS[1] the player's hooks; ARGV: the hook id, its JSON, the limit. Answers 1 if added.
_ADD_LUA = """
if redis.call("HLEN", KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return 1
"""


class TooMany(Exception):
    """The player has as many hooks as it may."""


@dataclass(frozen=True)
class Hook:
    """A notification webhook: where a player's notifications are POSTed, and the secret that signs them."""

    id: str
    url: str
    secret: str
    #: Server time (Unix seconds) it was registered at.
    created: float

    def shown(self) -> dict[str, object]:
        """What its player sees of it after registration: everything but the secret."""
        return {"id": self.id, "url": self.url, "created": self.created}


def hooks_key(pid: str) -> str:
    """The hash of a player's hooks, by id."""
    return f"player:{{{pid}}}:notification-hooks"


def sent_key(pid: str, hook_id: str, notification_id: str) -> str:
    """The mark of one notification's call to one hook of the player."""
    return f"player:{{{pid}}}:notification-sent:{hook_id}:{notification_id}"


class NotificationHooks:
    """Players' notification webhooks on one Redis."""

    def __init__(self, client: redis.Redis, clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.clock = clock
        self._add = client.register_script(_ADD_LUA)

    def add(self, pid: str, url: str, limit: int) -> Hook:
        """Keep a new hook of the player at ``url``, with a fresh secret; TooMany if the player has ``limit``."""
        hook = Hook(id=secrets.token_hex(8), url=url, secret=secrets.token_hex(32), created=self.clock())
        if not self._add(keys=[hooks_key(pid)], args=[hook.id, json.dumps(asdict(hook)), limit]):
            raise TooMany(pid)
        return hook

    def of(self, pid: str) -> list[Hook]:
        """The player's hooks, oldest first."""
        found = [Hook(**json.loads(value)) for value in self.redis.hvals(hooks_key(pid))]
        return sorted(found, key=lambda hook: (hook.created, hook.id))

    def get(self, pid: str, hook_id: str) -> Hook | None:
        """One hook of the player, or None (never registered, or deleted)."""
        value = self.redis.hget(hooks_key(pid), hook_id)
        return None if value is None else Hook(**json.loads(as_text(value)))

    def delete(self, pid: str, hook_id: str) -> bool:
        """Forget a hook of the player; False if it had none of that id."""
        return bool(self.redis.hdel(hooks_key(pid), hook_id))

    def claim(self, pid: str, hook_id: str, notification_id: str, seconds: float) -> bool:
        """Mark the notification's call to the hook as in flight for ``seconds``; False if it is in flight or was
        made already."""
        return bool(self.redis.set(sent_key(pid, hook_id, notification_id), "sending", nx=True, px=_ms(seconds)))

    def sent(self, pid: str, hook_id: str, notification_id: str, seconds: float) -> None:
        """Remember for ``seconds`` that the notification's call to the hook is done (no other is made)."""
        self.redis.set(sent_key(pid, hook_id, notification_id), "sent", px=_ms(seconds))

    def release(self, pid: str, hook_id: str, notification_id: str) -> None:
        """Drop the in-flight mark of a call that failed, so that its retry may make it."""
        self.redis.delete(sent_key(pid, hook_id, notification_id))


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))
