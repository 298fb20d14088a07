"""DOGPARK_DURABILITY on real servers: a master with a replica of its own (never the shared test Redis's data).

``replica``: an append returns once a replica has it; unconfirmed, it raises NotDurable (503 over HTTP), and so
does its retry, from any process, until a replica has the command. ``fsync``: on a server without WAITAOF
(Redis 7.0) the mode relies on appendfsync always, and says which it found.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis as redis_py

from events.durability import Durability, NotDurable
from events.envelope import GENESIS
from events.store import RedisStore
from service.core.config import Settings
from service.http.app import create_app
from service.ops.processes import wait_until
from service.ops.stack import Stack
from tests.faults.redis_server import RedisServer

NOTED = [{"type": "Noted", "data": {}}]
SYSTEM = {"kind": "system"}


@pytest.fixture(scope="module")
def servers(tmp_path_factory) -> Iterator[tuple[RedisServer, RedisServer]]:
    """A master and its replica, in sync."""
    master = RedisServer(tmp_path_factory.mktemp("master")).start()
    replica = RedisServer(tmp_path_factory.mktemp("replica"), replica_of=master.port).start()
    try:
        link = redis_py.Redis(port=replica.port)
        wait_until(lambda: link.info("replication")["master_link_status"] == "up", 10, "the replica's link")
        yield master, replica
    finally:
        replica.stop()
        master.stop()


def replica_store(server: RedisServer, wait_ms: int = 300) -> RedisStore:
    """A store on ``server`` in replica mode, on a client of its own (as another process would have)."""
    return RedisStore(redis_py.Redis(port=server.port, socket_timeout=2), durability=Durability("replica", wait_ms))


def test_in_replica_mode_an_append_returns_once_the_replica_has_it(servers):
    master, replica = servers
    game_id = f"test-{uuid.uuid4()}"

    appended = replica_store(master).append(game_id, 0, GENESIS, "c1", NOTED, SYSTEM)

    # Read from the replica at once: the append did not return before the replica had the events.
    assert RedisStore(redis_py.Redis(port=replica.port)).read(game_id) == appended.envelopes


def test_an_append_no_replica_confirms_raises_not_durable_and_so_does_its_retry_until_a_replica_has_it(servers):
    master, replica = servers
    game_id = f"test-{uuid.uuid4()}"
    replica.freeze()
    try:
        started = time.monotonic()
        with pytest.raises(NotDurable):
            replica_store(master).append(game_id, 0, GENESIS, "c1", NOTED, SYSTEM)
        waited = time.monotonic() - started
        # The retry comes from another process, on a connection that wrote nothing yet.
        with pytest.raises(NotDurable):
            replica_store(master).append(game_id, 0, GENESIS, "c1", NOTED, SYSTEM)
    finally:
        replica.thaw()
    retried = replica_store(master, wait_ms=900).append(game_id, 0, GENESIS, "c1", NOTED, SYSTEM)

    assert 0.3 <= waited < 1.0
    assert (retried.duplicate, retried.first, retried.last) == (True, 1, 1)
    assert RedisStore(redis_py.Redis(port=master.port)).version(game_id) == 1


def test_a_command_no_replica_confirms_is_answered_503_with_retry_after_and_so_is_its_retry(redis_url):
    # The test Redis has no replica: in replica mode nothing can be confirmed there.
    queue = f"test-{uuid.uuid4().hex[:8]}"
    ack = create_app(Settings(redis_url=redis_url, queue=queue, create_rate="off")).test_client()
    made = ack.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json
    tokens = [ack.post(f"/v1/games/{made['id']}/seats/{seat}").json["token"] for seat in range(3)]
    replica_mode = {"durability": "replica", "durability_wait_ms": 100}
    waiting = Settings(redis_url=redis_url, queue=queue, create_rate="off", **replica_mode)
    client = create_app(waiting).test_client()
    view = client.get(f"/v1/games/{made['id']}").json
    seat = view["to_act"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "k1"}
    move = client.get(f"/v1/games/{made['id']}", headers=headers).json["legal_moves"][0]

    answers = [client.post(f"/v1/games/{made['id']}/commands", json=move, headers=headers) for _ in range(2)]

    assert [a.status_code for a in answers] == [503, 503]
    assert {a.json["type"] for a in answers} == {"/v1/problems/redis-unavailable"}
    assert all(int(a.headers["Retry-After"]) > 0 for a in answers)
    assert client.get(f"/v1/games/{made['id']}").json["version"] == view["version"] + 1


@pytest.mark.parametrize(
    ("appendfsync", "level", "said"),
    [("always", logging.INFO, "runs appendfsync always"), ("everysec", logging.ERROR, "may be lost")],
)
def test_fsync_mode_on_a_server_without_waitaof_relies_on_appendfsync_always_and_says_so(
    tmp_path: Path, caplog, appendfsync, level, said
):
    server = RedisServer(tmp_path, fsync=appendfsync).start()
    try:
        node = redis_py.Redis(port=server.port)
        with caplog.at_level(logging.INFO, logger="dogpark.durability"):
            confirmation = Durability("fsync").confirmation(node)
    finally:
        server.stop()

    assert confirmation is None
    assert [(r.levelno, said in r.getMessage()) for r in caplog.records] == [(level, True)]


@pytest.mark.parametrize(("mode", "appendfsync"), [("fsync", "always"), ("ack", "everysec")])
def test_the_private_redis_of_make_run_fsyncs_every_write_in_fsync_mode(tmp_path: Path, mode, appendfsync):
    stack = Stack(data_dir=tmp_path, quiet=True, extra_env={"DOGPARK_DURABILITY": mode})
    stack.redis_process = stack._start_redis()
    try:
        running = redis_py.Redis.from_url(stack.private_redis.url).config_get("appendonly", "appendfsync")
    finally:
        stack.stop()

    assert running == {"appendonly": "yes", "appendfsync": appendfsync}
