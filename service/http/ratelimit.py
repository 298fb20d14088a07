"""A per-client rate limit kept in Redis: a fixed-window counter per client address, one round trip a request.

Keys (global, one per address and window, expiring when the window ends)::

    ratelimit:<scope>:<client address>:<window number>

A fixed window lets a client make up to twice its count across a window's edge; that is the price of one
INCR instead of a script, and it still bounds what one address can create to about ``count`` per window.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import redis

from service.core.problems import RATE_LIMITED, Problem

_RATE = re.compile(r"\s*(\d+)\s+per\s+(\d+)\s*")


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests per ``seconds``."""

    count: int
    seconds: int


@lru_cache(maxsize=16)
def parse_rate(text: str) -> Rate | None:
    """``"<count> per <seconds>"`` as a Rate, ``"off"`` as None; ValueError for anything else."""
    if text.strip().lower() == "off":
        return None
    match = _RATE.fullmatch(text)
    if match is None or int(match[1]) < 1 or int(match[2]) < 1:
        raise ValueError(f"a rate is '<count> per <seconds>' (both at least 1) or 'off', not {text!r}")
    return Rate(int(match[1]), int(match[2]))


def take(
    client: redis.Redis, rate: Rate | None, scope: str, address: str, clock: Callable[[], float] = time.time
) -> None:
    """Count one request from ``address`` against ``scope``; past ``rate`` (None: no limit), 429 with Retry-After."""
    if rate is None:
        return
    now = clock()
    window = int(now // rate.seconds)
    ends = (window + 1) * rate.seconds
    counter = f"ratelimit:{scope}:{address}:{window}"
    pipe = client.pipeline(transaction=False)
    pipe.incr(counter)
    pipe.expireat(counter, ends + 1)
    count, _ = pipe.execute()
    if count > rate.count:
        retry = max(1, math.ceil(ends - now))
        raise Problem(
            RATE_LIMITED,
            f"at most {rate.count} per {rate.seconds} s from one address; try again in {retry} s",
            headers={"Retry-After": str(retry)},
        )
