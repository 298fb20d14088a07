"""Fixtures for the tests on a Redis Cluster: one local cluster of three masters and three replicas per session.

The cluster tests live in one module, so that `make test` (pytest-xdist, files spread over the cores) starts
the cluster once.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from events.connect import connect
from events.store import GAME_KEYS, key
from tests.cluster.local_cluster import LocalCluster


@pytest.fixture(scope="session")
def cluster() -> Iterator[LocalCluster]:
    """A 3+3 cluster on free loopback ports, stopped and removed after the session."""
    running = LocalCluster().start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def cluster_url(cluster: LocalCluster) -> str:
    """The REDIS_URL of the cluster."""
    return cluster.url


@pytest.fixture
def cluster_client(cluster_url: str):
    """A cluster client, as the services build it."""
    client = connect(cluster_url, 5.0)
    yield client
    client.close()


@pytest.fixture
def cluster_game_id(cluster_client) -> Iterator[str]:
    """A fresh game id whose keys are deleted from the cluster after the test."""
    game = f"test-{uuid.uuid4()}"
    yield game
    cluster_client.delete(*(key(game, suffix) for suffix in GAME_KEYS))
