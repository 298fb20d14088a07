"""Event streams: an idle stream outlasts the socket timeout; a process holds a bounded number of streams."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest
from flask import Flask

from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app

LIMIT = 2


@pytest.fixture
def app(redis_url: str) -> Iterator[Flask]:
    settings = Settings(
        redis_url=redis_url,
        queue=f"test-{uuid.uuid4().hex[:8]}",
        keepalive_seconds=0.2,
        stream_connections=LIMIT,
        create_rate="off",
    )
    app = create_app(settings)
    yield app
    app.extensions["dogpark.fanout"].stop()
    app.extensions["dogpark"].queue.empty()


class Viewer:
    """One stream, opened, read and closed on a thread of its own (a request's context stays on its thread)."""

    def __init__(self, app: Flask, game_id: str, looking_for: str) -> None:
        self.url = f"/v1/games/{game_id}/events/stream"
        self.looking_for = f"event: {looking_for}"
        self.text = ""
        self.reader = threading.Thread(target=self._read, args=(app,), daemon=True)
        self.reader.start()

    def _read(self, app: Flask) -> None:
        response = app.test_client().get(self.url, buffered=False)
        try:
            for chunk in response.response:
                self.text += chunk.decode()
                if self.looking_for in self.text:
                    return
        finally:
            response.close()

    def join(self) -> None:
        """Wait until the viewer saw the event and hung up."""
        self.reader.join(30)


def until(check, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_a_viewer_past_the_limit_gets_503_with_retry_after_while_commands_go_through(app):
    client = app.test_client()
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    viewers = [Viewer(app, game_id, "SeatClaimed") for _ in range(LIMIT)]
    # Each viewer holds its room once it has had a keep-alive.
    until(lambda: all(": keep-alive" in v.text for v in viewers), "every viewer's first keep-alive")

    refused = client.get(f"/v1/games/{game_id}/events/stream")
    claimed = client.post(f"/v1/games/{game_id}/seats/0")
    for viewer in viewers:
        viewer.join()
    again = client.get(f"/v1/games/{game_id}/events/stream")
    again.close()

    assert (refused.status_code, refused.content_type) == (503, PROBLEM)
    assert int(refused.headers["Retry-After"]) > 0
    assert claimed.status_code == 201
    assert all("event: SeatClaimed" in viewer.text for viewer in viewers)
    assert again.status_code == 200, "a viewer that hung up gives its room back"


def test_a_stopping_process_ends_its_streams_and_refuses_new_ones_with_503_and_a_retry_after_of_a_second(app):
    client = app.test_client()
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    viewer = Viewer(app, game_id, "never sent")
    until(lambda: ": keep-alive" in viewer.text, "the viewer's first keep-alive")

    app.extensions["dogpark.fanout"].stop()
    viewer.join()
    refused = client.get(f"/v1/games/{game_id}/events/stream")
    claimed = client.post(f"/v1/games/{game_id}/seats/0")

    assert not viewer.reader.is_alive(), "the open stream ended"
    assert (refused.status_code, refused.content_type) == (503, PROBLEM)
    assert refused.json["type"].endswith("/streams-full")
    assert "stopping" in refused.json["detail"]
    assert refused.headers["Retry-After"] == "1"
    assert claimed.status_code == 201, "requests other than streams are still served"


def test_a_stream_idle_for_longer_than_the_socket_timeout_keeps_going_then_shows_the_next_event(redis_url):
    # Idle five times the socket timeout, as the default keep-alive (15 s) is to the default timeout (1 s).
    settings = Settings(redis_url=redis_url, keepalive_seconds=0.5, redis_timeout=0.1, create_rate="off",
                        queue=f"test-{uuid.uuid4().hex[:8]}")
    app = create_app(settings)
    client = app.test_client()
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    viewer = Viewer(app, game_id, "SeatClaimed")
    until(lambda: viewer.text.count(": keep-alive") >= 2, "two keep-alives")

    claimed = client.post(f"/v1/games/{game_id}/seats/0")
    viewer.join()
    app.extensions["dogpark.fanout"].stop()

    assert claimed.status_code == 201
    assert "event: SeatClaimed" in viewer.text
