"""Fixtures for the integration tests, which run against a real Redis (tests/conftest.py's ``tests_redis``).

That Redis may be shared (REDIS_URL), so each test works on fresh uuid game ids and deletes only its own keys.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis as redis_py
from flask import Flask
from flask.testing import FlaskClient

from events.store import GAME_KEYS, key
from service.core.config import Settings
from service.core.wiring import Services
from service.http.app import create_app
from tests.conftest import tests_redis
from workers import jobs


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The integration tests' Redis, not the one of the end-to-end stacks of the same test process: a stack's
    sweeper re-queues every game of its Redis that waits past its stall time, so on a busy machine its workers
    played the steps of a game an integration test was stepping by hand (a snapshot test then saw versions it had not
    committed), and a test's own sweep queued the stack's games on the test's queue."""
    with tests_redis() as url:
        yield url


@pytest.fixture
def streaming_app(redis_url: str) -> Iterator[Flask]:
    """An app whose streams keep alive every 0.3 s, on a queue of the test's own, its reader stopped after."""
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
    app = create_app(dataclasses.replace(settings, keepalive_seconds=0.3))
    yield app
    app.extensions["dogpark.fanout"].stop()
    app.extensions["dogpark"].queue.empty()
    app.extensions["dogpark"].notifications.queue.empty()


@pytest.fixture
def redis(redis_url: str) -> Iterator[redis_py.Redis]:
    """A client on the test Redis."""
    client = redis_py.Redis.from_url(redis_url)
    yield client
    client.close()


def unlimited(redis_url: str) -> Settings:
    """Settings on the test Redis with a queue of their own and no limit per address (the tests share one)."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    return Settings(
        redis_url=redis_url,
        queue=queue,
        create_rate="off",
        replay_rate="off",
        bot_games_per_address=0,
        search_games_per_address=0,
        streams_per_address=0,
    )


def empty_queues(svc: Services) -> None:
    """Empty the queues of the steps of a test's games."""
    for queue in svc.worker_queues():
        queue.empty()


@contextmanager
def client_of(redis_url: str) -> Iterator[FlaskClient]:
    """A test client of a new app on the test Redis, with a queue of its own and no rate limits."""
    app = create_app(unlimited(redis_url))
    with app.test_client() as client:
        yield client
    empty_queues(app.extensions["dogpark"])


@pytest.fixture
def client(redis_url: str) -> Iterator[FlaskClient]:
    """A test client of an app of the test's own on the test Redis, with a queue of its own and no rate limits."""
    with client_of(redis_url) as client:
        yield client


@pytest.fixture(scope="module")
def module_client(redis_url: str) -> Iterator[FlaskClient]:
    """One such client for a module of many small requests that leave the app as they found it (an app takes
    about 0.2 s of CPU to build: most of an integration test's cost)."""
    with client_of(redis_url) as client:
        yield client


@pytest.fixture
def server(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlaskClient]:
    """The API's test client, with the job's services pointed at the same Redis and a queue of the test's own, so
    a test can run the worker's job (workers.jobs) in its own process."""
    app = create_app(unlimited(redis_url))
    svc = app.extensions["dogpark"]
    monkeypatch.setattr(jobs, "services", lambda: svc)
    yield app.test_client()
    empty_queues(svc)


@pytest.fixture
def game_id(redis: redis_py.Redis) -> Iterator[str]:
    """A fresh game id whose keys are deleted after the test."""
    game = f"test-{uuid.uuid4()}"
    yield game
    redis.delete(*(key(game, suffix) for suffix in GAME_KEYS))
