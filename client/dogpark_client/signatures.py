"""Webhook signatures, as dogpark signs its calls to a bot (the way Stripe signs webhooks).

The header is ``Dogpark-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>``. The time is
inside the signed text, so a recorded call cannot be replayed later: a signature more than :data:`TOLERANCE`
seconds off the receiver's clock is refused, however valid its MAC. Several ``v1`` entries may be given (a
secret being rotated); one matching is enough.
"""

from __future__ import annotations

import hashlib
import hmac
import time

HEADER = "Dogpark-Signature"
#: Seconds a signature's time may be off the receiver's clock, either way.
TOLERANCE = 300


class BadSignature(Exception):
    """A call whose signature is missing, malformed, wrong or stale; the message says which."""


def sign(secret: str, body: bytes, at: float | None = None) -> str:
    """The Dogpark-Signature header value of ``body`` signed with ``secret`` at ``at`` (now by default)."""
    stamp = int(time.time() if at is None else at)
    return f"t={stamp},v1={_mac(secret, stamp, body)}"


def verify(secret: str, body: bytes, header: str | None, now: float | None = None, tolerance: int = TOLERANCE) -> int:
    """Check a call's signature header against its raw body; its time if good, else raise BadSignature."""
    if not header:
        raise BadSignature(f"no {HEADER} header")
    stamp: int | None = None
    macs: list[str] = []
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        if name == "t" and value.isdigit():
            stamp = int(value)
        elif name == "v1":
            macs.append(value)
    if stamp is None or not macs:
        raise BadSignature(f"a {HEADER} header needs t=<unix seconds> and v1=<hex>")
    skew = abs((time.time() if now is None else now) - stamp)
    if skew > tolerance:
        raise BadSignature(f"the signature is {skew:.0f} s off this clock (at most {tolerance} s): stale or replayed")
    expected = _mac(secret, stamp, body)
    if not any(hmac.compare_digest(expected, mac) for mac in macs):
        raise BadSignature("the signature does not match the body and the secret")
    return stamp


def _mac(secret: str, stamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
