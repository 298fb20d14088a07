"""Slow clients through the real gunicorn: a request body has a deadline (DOGPARK_BODY_SECONDS), and an address may
have only so many requests in flight in a process (DOGPARK_CLIENT_CONNECTIONS); other addresses are served all along.

All on loopback: the abusing client connects from 127.0.0.1, another client from 127.0.0.2 (the whole of 127.0.0.0/8
is loopback), so the server tells them apart by address as it would two hosts."""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator

import pytest

from service.core.problems import PROBLEM
from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack

#: The stack's body deadline, in seconds, and its cap on one address's requests in flight.
DEADLINE = 1.0
CAP = 4
#: A client at another address than the abusing one's.
OTHER = "127.0.0.2"


@pytest.fixture(scope="module")
def slow_stack(redis_url: str) -> Iterator[Stack]:
    """A stack of its own with one web worker (the cap is a process's) and no RQ worker."""
    env = {"DOGPARK_WEB_WORKERS": "1", "DOGPARK_BODY_SECONDS": str(DEADLINE), "DOGPARK_CLIENT_CONNECTIONS": str(CAP)}
    with e2e_stack(redis_url, "slow", 0, env) as running:
        yield running


def stalled_post(stack: Stack, sent: bytes = b"{", source: str = "127.0.0.1") -> socket.socket:
    """A connection whose POST announced a 100-byte body and sent only ``sent`` of it."""
    conn = socket.create_connection(("127.0.0.1", stack.port), timeout=10, source_address=(source, 0))
    head = (
        b"POST /v1/games HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    )
    conn.sendall(head + sent)
    return conn


def answer_of(conn: socket.socket) -> tuple[int, dict[str, str], dict, bool]:
    """The status, headers and JSON body of the one answer on ``conn``, and whether the server closed it after."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    while len(body) < int(headers["content-length"]):
        body += conn.recv(65536)
    try:
        closed = conn.recv(1) == b""
    except ConnectionResetError:
        closed = True
    return int(status_line.split()[1]), headers, json.loads(body), closed


def get(stack: Stack, path: str, source: str = "127.0.0.1") -> tuple[int, dict[str, str], dict, bool]:
    """GET ``path`` from ``source`` on a connection of its own, which asks to be closed after."""
    with socket.create_connection(("127.0.0.1", stack.port), timeout=10, source_address=(source, 0)) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".encode())
        return answer_of(conn)


def test_a_body_that_stops_is_answered_408_and_its_connection_closed_at_the_deadline(slow_stack):
    started = time.monotonic()
    with stalled_post(slow_stack) as conn:
        status, headers, problem, closed = answer_of(conn)
    took = time.monotonic() - started

    assert (status, headers["content-type"], problem["type"]) == (408, PROBLEM, "/v1/problems/body-timeout")
    assert closed
    assert DEADLINE <= took < DEADLINE + 1.5


def test_a_body_that_trickles_within_the_deadline_is_cut_at_it_all_the_same(slow_stack):
    started = time.monotonic()
    with stalled_post(slow_stack) as conn:
        # A byte every fifth of the deadline, until the answer comes (or three deadlines have passed): no wait for the
        # socket is as long as the deadline, but the whole is.
        for _ in range(int(3 * DEADLINE / 0.2)):
            if select.select([conn], [], [], 0.2)[0]:
                break
            conn.sendall(b" ")
        took = time.monotonic() - started
        status, _, problem, closed = answer_of(conn)

    assert (status, problem["type"], closed) == (408, "/v1/problems/body-timeout", True)
    assert DEADLINE <= took < DEADLINE + 0.7


def test_past_the_cap_an_address_is_answered_429_while_another_is_served(slow_stack):
    stalled = [stalled_post(slow_stack) for _ in range(CAP)]
    try:
        time.sleep(0.2)  # each one's head read, and its place taken
        status, headers, problem, closed = get(slow_stack, "/livez")
        other = get(slow_stack, "/livez", source=OTHER)
    finally:
        for conn in stalled:
            conn.close()

    assert (status, problem["type"], headers["retry-after"]) == (429, "/v1/problems/too-many-connections", "1")
    assert closed
    assert other[0] == 200


def test_a_refused_request_is_answered_at_once_and_its_body_not_waited_for(slow_stack):
    stalled = [stalled_post(slow_stack) for _ in range(CAP)]
    try:
        time.sleep(0.2)
        started = time.monotonic()
        with stalled_post(slow_stack) as refused:
            status, _, problem, closed = answer_of(refused)
        took = time.monotonic() - started
    finally:
        for conn in stalled:
            conn.close()

    assert (status, problem["type"], closed) == (429, "/v1/problems/too-many-connections", True)
    assert took < 0.5


def test_requests_closed_or_cut_give_their_places_back(slow_stack):
    for _ in range(3):
        stalled = [stalled_post(slow_stack) for _ in range(CAP)]
        time.sleep(0.2)
        assert get(slow_stack, "/livez")[0] == 429
        for conn in stalled:
            conn.close()
        time.sleep(0.2)  # the server reads each one's end
        assert get(slow_stack, "/livez")[0] == 200
    # Cut at the deadline rather than closed by the client, they give their places back too.
    stalled = [stalled_post(slow_stack) for _ in range(CAP)]
    time.sleep(DEADLINE + 0.5)
    assert [answer_of(conn)[0] for conn in stalled] == [408] * CAP
    for conn in stalled:
        conn.close()
    assert get(slow_stack, "/livez")[0] == 200


@pytest.fixture(scope="module")
def threaded_stack(redis_url: str) -> Iterator[Stack]:
    """The same stack, its web worker of the gthread class (DOGPARK_WORKER_CLASS)."""
    env = {
        "DOGPARK_WORKER_CLASS": "gthread",
        "DOGPARK_WEB_WORKERS": "1",
        "DOGPARK_BODY_SECONDS": str(DEADLINE),
        "DOGPARK_CLIENT_CONNECTIONS": str(CAP),
    }
    with e2e_stack(redis_url, "slow-threads", 0, env) as running:
        yield running


def test_under_gthread_a_body_that_stops_is_cut_at_the_deadline_and_the_cap_holds(threaded_stack):
    started = time.monotonic()
    with stalled_post(threaded_stack) as conn:
        status, _, problem, closed = answer_of(conn)
    took = time.monotonic() - started
    stalled = [stalled_post(threaded_stack) for _ in range(CAP)]
    try:
        time.sleep(0.2)
        capped = get(threaded_stack, "/livez")
        other = get(threaded_stack, "/livez", source=OTHER)
    finally:
        for conn in stalled:
            conn.close()

    assert (status, problem["type"], closed) == (408, "/v1/problems/body-timeout", True)
    assert DEADLINE <= took < DEADLINE + 1.5
    assert (capped[0], capped[2]["type"], other[0]) == (429, "/v1/problems/too-many-connections", 200)
