"""gunicorn's gevent workers share the connections evenly (service/gunicorn/balance.py): a new connection goes to a
worker holding the fewest, and still finds a worker when the least loaded one stops answering."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import time
from collections import Counter
from collections.abc import Iterator

import pytest

from service.ops.stack import Stack
from tests.bench.peer import connection_owners
from tests.e2e.conftest import e2e_stack
from tests.e2e.test_make_run import children_of


@pytest.fixture(scope="module")
def two_workers(redis_url: str) -> Iterator[Stack]:
    """A stack of its own with two gevent web workers and no RQ worker: no other test's connections in its count.

    Its workers keep an idle connection a minute, not gunicorn's 2 s: on a busy machine, opening eight one after
    another took longer than that, and the first was closed before the last was counted. Its streams' keep-alive
    period is 2 s, so that a stream a test hangs up is noticed (at its next keep-alive) before the next test counts.
    """
    env = {"DOGPARK_WEB_WORKERS": "2", "GUNICORN_CMD_ARGS": "--keep-alive 60", "DOGPARK_KEEPALIVE_SECONDS": "2"}
    with e2e_stack(redis_url, "balance", 0, env) as running:
        serving(running)
        yield running


def held_connections(stack: Stack) -> dict[int, int]:
    """How many established connections to the stack's port each web worker holds, from the kernel's own tables."""
    assert stack.web is not None
    workers = children_of(stack.web.pid)
    owners = Counter(connection_owners(workers, stack.port).values())
    return {pid: owners[pid] for pid in workers}


#: The states of a server's end of a TCP connection while its worker still holds it: established, and closed by the
#: client but not yet by the worker (whose count still has it until its greenlet reads the end).
HELD_STATES = ("01", "08")


def idle(stack: Stack) -> None:
    """Wait until the workers hold no connection, each having closed its end of the last ones."""
    assert stack.web is not None
    deadline = time.monotonic() + 10
    while connection_owners(children_of(stack.web.pid), stack.port, HELD_STATES):
        assert time.monotonic() < deadline, "the workers still hold connections"
        time.sleep(0.02)


def serving(stack: Stack) -> None:
    """Wait until every web worker takes connections: a worker still loading the app counts for nothing yet, and
    its sibling takes every connection meanwhile."""
    opened = []
    deadline = time.monotonic() + 30
    try:
        while not all(held_connections(stack).values()):
            assert time.monotonic() < deadline, "a web worker never took a connection"
            opened.append(served(stack))
            time.sleep(0.05)
    finally:
        for connection in opened:
            connection.close()
    idle(stack)


def served(stack: Stack, timeout: float = 10) -> http.client.HTTPConnection:
    """A new keep-alive connection that has had one request answered (so a worker has accepted it)."""
    connection = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=timeout)
    connection.request("GET", "/livez")
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200
    return connection


def splits_opening(stack: Stack, count: int) -> list[list[int]]:
    """Open ``count`` keep-alive connections one after another: how they lie over the workers after each (fewest
    first); all closed again afterwards."""
    opened, splits = [], []
    try:
        for _ in range(count):
            opened.append(served(stack))
            splits.append(sorted(held_connections(stack).values()))
    finally:
        for connection in opened:
            connection.close()
    return splits


def test_keep_alive_connections_opened_one_after_another_alternate_between_the_two_workers(two_workers):
    idle(two_workers)
    splits = splits_opening(two_workers, 8)

    assert splits == [[0, 1], [1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4]]


def opened_stream(stack: Stack, game_id: str) -> socket.socket:
    """A spectator's event stream of the game on a connection of its own, once its answer has begun."""
    stream = socket.create_connection(("127.0.0.1", stack.port), timeout=10)
    stream.sendall(f"GET /v1/games/{game_id}/events/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += stream.recv(4096)
    assert head.startswith(b"HTTP/1.1 200"), head[:200]
    return stream


def test_connections_that_carry_requests_are_spread_evenly_apart_from_the_streams_beside_them(two_workers):
    # A phone's client holds its stream and a connection for its commands; eight of them, one after another.
    idle(two_workers)
    creating = served(two_workers)
    creating.request("POST", "/v1/games", body=json.dumps({"type": "felix", "seats": [{"human": True}] * 3}),
                     headers={"Content-Type": "application/json"})
    game_id = json.loads(creating.getresponse().read())["id"]
    creating.close()
    idle(two_workers)
    streams: list[socket.socket] = []
    commands: list[http.client.HTTPConnection] = []
    try:
        for _ in range(8):
            streams.append(opened_stream(two_workers, game_id))
            commands.append(served(two_workers))
        assert two_workers.web is not None
        owners = connection_owners(children_of(two_workers.web.pid), two_workers.port)
        by_worker = Counter(owners[connection.sock.getsockname()[1]] for connection in commands)
    finally:
        for connection in commands:
            connection.close()
        for stream in streams:
            stream.close()
        idle(two_workers)

    # Counted with the streams as one, the 16 connections lay 8 and 8 and the commands' 8 lay 1 and 7 here.
    assert sorted(by_worker.values()) == [4, 4]


def test_a_worker_that_stops_answering_leaves_its_connections_to_the_other_then_catches_up(two_workers):
    idle(two_workers)
    stopped = min(held_connections(two_workers))
    opened, waits = [], []
    os.kill(stopped, signal.SIGSTOP)
    try:
        for _ in range(3):
            started = time.monotonic()
            opened.append(served(two_workers))
            waits.append(time.monotonic() - started)
        while_stopped = held_connections(two_workers)
    finally:
        os.kill(stopped, signal.SIGCONT)
    try:
        for _ in range(3):
            opened.append(served(two_workers))
        after = held_connections(two_workers)
    finally:
        for connection in opened:
            connection.close()

    assert while_stopped[stopped] == 0 and sorted(while_stopped.values()) == [0, 3]
    assert max(waits) < 2
    assert after[stopped] == 3 and sorted(after.values()) == [3, 3]


def test_a_worker_killed_and_replaced_leaves_its_slot_to_the_new_one_and_the_spread_stays_even(two_workers):
    assert two_workers.web is not None
    idle(two_workers)
    killed = min(held_connections(two_workers))
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while len(workers := children_of(two_workers.web.pid)) != 2 or killed in workers:
        assert time.monotonic() < deadline, "gunicorn did not replace the killed worker"
        time.sleep(0.1)
    serving(two_workers)

    splits = splits_opening(two_workers, 6)

    assert splits == [[0, 1], [1, 1], [1, 2], [2, 2], [2, 3], [3, 3]]
