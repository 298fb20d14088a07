"""Riding out a Redis outage: backoff doubles up to its cap, and an outage is logged once as it starts and ends."""

from __future__ import annotations

import logging

import redis

from workers.outage import Outage


def test_the_wait_doubles_up_to_the_cap_and_starts_again_after_the_outage():
    outage = Outage(logging.getLogger("test.outage"), first=0.25, cap=1.0)
    lost = redis.ConnectionError("refused")

    first = [outage.failed(lost) for _ in range(5)]
    outage.succeeded()
    second = outage.failed(lost)

    assert first == [0.25, 0.5, 1.0, 1.0, 1.0] and second == 0.25


def test_an_outage_is_logged_once_when_it_starts_and_once_when_it_ends(caplog):
    outage = Outage(logging.getLogger("test.outage"))

    with caplog.at_level(logging.WARNING, logger="test.outage"):
        for _ in range(4):
            outage.failed(redis.TimeoutError("Timeout reading from socket"))
        outage.succeeded()
        outage.succeeded()

    messages = [record.getMessage() for record in caplog.records]
    assert len(messages) == 2
    assert messages[0].startswith("Redis is unreachable (Timeout reading") and messages[1].startswith("Redis is back")
