"""The connections events.connect makes to one Redis: the check of whether one has something to read (the pool asks
it of each connection it hands out), which must not go through the select module's poll that gevent patches."""

from __future__ import annotations

import select

import pytest
import redis as redis_py

from events.connect import connect


@pytest.fixture
def connection(redis_url: str):
    """A connection of a pooled client as the web's requests have it, taken out of its pool."""
    client = connect(redis_url, 2.0, max_connections=2)
    connection = client.connection_pool.get_connection()
    yield connection
    client.connection_pool.release(connection)
    client.close()


def test_an_idle_connection_has_nothing_to_read_as_told_without_the_select_modules_poll(connection, monkeypatch):
    def patched_poll() -> None:
        raise RuntimeError("the select module's poll was asked (gevent's, in a gunicorn worker)")

    monkeypatch.setattr(select, "poll", patched_poll)

    assert connection.can_read() is False


def test_a_connection_with_a_reply_waiting_has_something_to_read(connection: redis_py.Connection):
    connection.send_command("ECHO", "waiting")
    readable, _, _ = select.select([connection._sock], [], [], 5)

    assert readable and connection.can_read() is True
    assert connection.read_response() == b"waiting"
