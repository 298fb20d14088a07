"""Players' Web Push subscriptions, their language, and the server's VAPID key pair, in Redis.

Keys (a player's share its hash tag, so one player's are in one slot of a Cluster)::

    player:{<player id>}:push          hash: subscription id -> its JSON (endpoint, keys, language, created)
    player:{<player id>}:language      the language the player's notifications are written in
    push:vapid                         hash: private (PEM), public (the application server key, base64url)
"""

from __future__ import annotations

import base64
import json
import secrets
import time
from typing import Any, TypedDict

import redis
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from events.store import as_text

#: The key of the VAPID key pair made on the first start, unless settings give one.
VAPID_KEY = "push:vapid"


class Subscription(TypedDict):
    """A browser's push subscription (PushSubscription.toJSON()) as a player registered it."""

    id: str
    endpoint: str
    keys: dict[str, str]
    language: str
    created: float


def subscriptions_key(pid: str) -> str:
    """The hash of a player's push subscriptions, by id."""
    return f"player:{{{pid}}}:push"


def language_key(pid: str) -> str:
    """The key holding the language a player's notifications are written in."""
    return f"player:{{{pid}}}:language"


def b64url(data: bytes) -> str:
    """``data`` in unpadded base64url, as Web Push spells keys."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """The bytes of unpadded (or padded) base64url ``text``; ValueError for anything else."""
    if not text or any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=" for c in text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class VapidKeys:
    """The server's VAPID key pair: ES256 (P-256), the private key as PEM, the public as the application server key."""

    def __init__(self, private_pem: str) -> None:
        self.private_pem = private_pem
        key = serialization.load_pem_private_key(private_pem.encode(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
            raise ValueError("a VAPID private key is a P-256 (prime256v1) EC key")
        point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        #: The application server key a browser subscribes with: the uncompressed point, base64url.
        self.public_key = b64url(point)

    @classmethod
    def made(cls) -> VapidKeys:
        """A new key pair."""
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return cls(pem.decode())


def vapid_keys(client: redis.Redis, given: str | None = None) -> VapidKeys:
    """The deployment's VAPID key pair: ``given`` (a PEM, from settings), else the one kept in Redis, made and kept
    there by the first process that asks (HSETNX: every process agrees on the first one written)."""
    if given:
        return VapidKeys(given)
    kept = client.hget(VAPID_KEY, "private")
    if kept is None:
        client.hsetnx(VAPID_KEY, "private", VapidKeys.made().private_pem)
        kept = client.hget(VAPID_KEY, "private")
    return VapidKeys(as_text(kept))


class PushSubscriptions:
    """The players' push subscriptions and notification language on one Redis."""

    def __init__(self, client: redis.Redis) -> None:
        self.redis = client

    def add(self, pid: str, endpoint: str, keys: dict[str, str], language: str, limit: int) -> Subscription | None:
        """Keep a subscription (the same endpoint again replaces its record, keeping its id); None if the player has
        ``limit`` already. The player's notifications are written in ``language`` from now on."""
        held = self.list(pid)
        same = next((s for s in held if s["endpoint"] == endpoint), None)
        if same is None and len(held) >= limit:
            return None
        record: Subscription = {
            "id": same["id"] if same else secrets.token_hex(8),
            "endpoint": endpoint,
            "keys": {"p256dh": keys["p256dh"], "auth": keys["auth"]},
            "language": language,
            "created": same["created"] if same else time.time(),
        }
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(subscriptions_key(pid), record["id"], json.dumps(record))
            pipe.set(language_key(pid), language)
            pipe.execute()
        return record

    def list(self, pid: str) -> list[Subscription]:
        """The player's subscriptions, oldest first."""
        found = [json.loads(value) for value in self.redis.hvals(subscriptions_key(pid))]
        return sorted(found, key=lambda s: (s["created"], s["id"]))

    def remove(self, pid: str, subscription_id: str) -> bool:
        """Forget a subscription; False if the player had none of that id."""
        return bool(self.redis.hdel(subscriptions_key(pid), subscription_id))

    def language(self, pid: str) -> str | None:
        """The language the player's notifications are written in, if the player ever said."""
        found = self.redis.get(language_key(pid))
        return None if found is None else as_text(found)


def public_record(subscription: Subscription) -> dict[str, Any]:
    """What the API shows of a subscription: all but its keys, which only the push service needs."""
    return {k: v for k, v in subscription.items() if k != "keys"}
