"""Redis down or frozen: requests are 503 problem documents with Retry-After, and a stream ends instead of hanging.

Each test starts a redis-server of its own on another port (never the shared one), stops or freezes it, and
stops it afterwards. Times are printed, not asserted.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue, SimpleWorker
from rq.exceptions import DequeueTimeout

from service.core.config import Settings
from service.core.problems import PROBLEM
from service.core.wiring import build
from service.http.app import create_app
from tests.faults.redis_server import RedisServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test's own, stopped (thawed first if frozen) afterwards."""
    own = RedisServer(tmp_path).start()
    yield own
    own.stop()


@pytest.fixture
def app(server: RedisServer) -> Iterator[Flask]:
    """The API on that server, with the default Redis timeout; its stream reader stopped afterwards."""
    app = create_app(Settings(redis_url=server.url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"))
    yield app
    app.extensions["dogpark.fanout"].stop()


def seated_game(client: FlaskClient) -> tuple[str, str, dict]:
    """A running Felix game: (its id, the token of a seat to act, a move that seat may send)."""
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(3)]
    token = tokens[client.get(f"/v1/games/{game_id}").json["to_act"][0]]
    move = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json["legal_moves"][0]
    return game_id, token, move


def answers_while_redis_is_out(client: FlaskClient, game_id: str, token: str, move: dict) -> dict[str, tuple]:
    """Each kind of request once: name -> (status, content type, Retry-After); the time each took is printed."""
    seat = {"Authorization": f"Bearer {token}"}
    requests = {
        "view": lambda: client.get(f"/v1/games/{game_id}", headers=seat),
        "command": lambda: client.post(f"/v1/games/{game_id}/commands", json=move, headers=seat),
        "create": lambda: client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}),
        "stream": lambda: client.get(f"/v1/games/{game_id}/events/stream"),
        "healthz": lambda: client.get("/healthz"),
    }
    out = {}
    for name, send in requests.items():
        start = time.monotonic()
        answer = send()
        print(f"{name}: {answer.status_code} in {time.monotonic() - start:.2f} s")
        out[name] = (answer.status_code, answer.content_type, answer.headers.get("Retry-After"))
        answer.close()
    return out


def unavailable_everywhere(answers: dict[str, tuple]) -> bool:
    return all(status == 503 and kind == PROBLEM and int(wait) > 0 for status, kind, wait in answers.values())


def test_a_frozen_redis_is_a_503_with_retry_after_and_the_api_recovers_when_it_thaws(app, server):
    client = app.test_client()
    game_id, token, move = seated_game(client)

    server.freeze()
    answers = answers_while_redis_is_out(client, game_id, token, move)
    server.thaw()
    after = client.get(f"/v1/games/{game_id}")

    assert unavailable_everywhere(answers), answers
    assert after.status_code == 200


def test_a_redis_that_is_down_is_a_503_with_retry_after_and_the_api_recovers_when_it_is_back(app, server):
    client = app.test_client()
    game_id, token, move = seated_game(client)

    server.process.terminate()
    server.process.wait(10)
    answers = answers_while_redis_is_out(client, game_id, token, move)
    server.start()
    after = client.get(f"/v1/games/{game_id}")

    assert unavailable_everywhere(answers), answers
    assert after.status_code == 200


def test_a_stream_ends_cleanly_when_redis_freezes_under_it(server):
    app = create_app(Settings(redis_url=server.url, keepalive_seconds=0.2, create_rate="off"))
    client = app.test_client()
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    seen: list[str] = []
    ended: list[BaseException | None] = []

    def follow() -> None:
        # Opened, read and closed on one thread, as a request's context stays on its thread.
        stream = app.test_client().get(f"/v1/games/{game_id}/events/stream", buffered=False)
        try:
            seen.extend(chunk.decode() for chunk in stream.response)
            ended.append(None)
        except BaseException as error:  # noqa: BLE001 - the test reports how the stream ended
            ended.append(error)
        finally:
            stream.close()

    follower = threading.Thread(target=follow, daemon=True)
    follower.start()
    deadline = time.monotonic() + 30
    while ": keep-alive\n\n" not in seen and time.monotonic() < deadline:
        time.sleep(0.05)
    server.freeze()
    frozen = time.monotonic()
    follower.join(60)
    print(f"the stream ended {time.monotonic() - frozen:.2f} s after Redis froze")
    app.extensions["dogpark.fanout"].stop()

    assert ": keep-alive\n\n" in seen
    assert ended == [None], "the stream ends without an error once Redis stops answering"


def test_an_rq_worker_on_the_services_waits_for_a_job_longer_than_the_request_timeout(server):
    svc = build(Settings(redis_url=server.url, queue=f"test-{uuid.uuid4().hex[:8]}", redis_timeout=0.2))
    # The worker process checks that Redis answers before it starts RQ's worker on this client.
    svc.worker_redis.ping()
    worker = SimpleWorker([svc.queue], connection=svc.worker_redis)

    with pytest.raises(DequeueTimeout):
        Queue.dequeue_any([svc.queue], timeout=1, connection=worker.connection)
