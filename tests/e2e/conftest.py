"""The end-to-end stack: gunicorn, real RQ worker processes and the sweeper, on the test Redis."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import requests

from service.ops.processes import free_port
from service.ops.stack import Stack


@contextmanager
def e2e_stack(
    redis_url: str, name: str, workers: int, env: dict[str, str], log_path: Path | None = None
) -> Iterator[Stack]:
    """A deployment on the test Redis with a queue of its own and ``env`` as its settings; stopped afterwards."""
    running = Stack(
        port=free_port(),
        workers=workers,
        redis_url=redis_url,
        quiet=True,
        log_path=log_path,
        extra_env={"DOGPARK_QUEUE": f"{name}-{uuid.uuid4().hex[:8]}", **env},
    ).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def stack(redis_url: str) -> Iterator[Stack]:
    """One running deployment for the session, with quick recovery and a short keep-alive, that calls webhook bots
    served on loopback (as the kit's tests serve them)."""
    env = {
        "DOGPARK_SWEEP_SECONDS": "0.5",
        "DOGPARK_STALL_SECONDS": "2",
        "DOGPARK_KEEPALIVE_SECONDS": "1",
        "DOGPARK_CREATE_RATE": "off",
        "DOGPARK_WEBHOOK_ALLOW": "loopback",
    }
    with e2e_stack(redis_url, "e2e", 2, env) as running:
        yield running


@pytest.fixture
def api(stack: Stack) -> Callable[..., requests.Response]:
    """Call the API: api("GET", "/v1/games/x", token=...)."""
    session = requests.Session()

    def call(method: str, path: str, token: str | None = None, **kw: Any) -> requests.Response:
        headers = kw.pop("headers", {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return session.request(method, stack.url + path, headers=headers, timeout=30, **kw)

    return call


def wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll until ``check`` returns something truthy; fail with ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def bot_game(api: Callable[..., requests.Response], bots: list[str]) -> str:
    """Create an all-bot Felix game and return its id."""
    created = api("POST", "/v1/games", json={"type": "felix", "seats": [{"bot": b} for b in bots]})
    assert created.status_code == 201, created.text
    return created.json()["id"]


def finished(api: Callable[..., requests.Response], game_id: str) -> dict | None:
    """The spectator view once the game is finished, else None."""
    view = api("GET", f"/v1/games/{game_id}").json()
    return view if view["status"] == "finished" else None
