"""REDIS_URL naming a Redis Cluster, DOGPARK_QUEUE_URL and DOGPARK_DURABILITY: what is accepted, what refused."""

from __future__ import annotations

import pytest

from events.connect import is_cluster_url, seeds
from service.core.config import Settings
from service.ops.processes import StartFailed
from service.ops.stack import Stack

CLUSTER = "redis+cluster://10.0.0.1:7000,10.0.0.2:7001"


def test_a_cluster_url_names_its_seed_nodes_and_credentials():
    nodes, options = seeds("rediss+cluster://ana:s%40cret@10.0.0.1:7000,[::1]:7001")

    assert [(node.host, node.port) for node in nodes] == [("10.0.0.1", 7000), ("::1", 7001)]
    assert options == {"username": "ana", "password": "s@cret", "ssl": True}
    assert is_cluster_url(CLUSTER) and not is_cluster_url("redis://10.0.0.1:6379/0")


@pytest.mark.parametrize("url", ["redis+cluster://", "redis+cluster://10.0.0.1", "redis+cluster://h:port"])
def test_a_cluster_url_without_host_and_port_seeds_is_refused(url):
    with pytest.raises(ValueError):
        seeds(url)


def test_a_cluster_without_a_queue_redis_is_refused_and_says_what_to_set():
    with pytest.raises(ValueError, match="DOGPARK_QUEUE_URL"):
        Settings.from_env({"REDIS_URL": CLUSTER})

    settings = Settings.from_env({"REDIS_URL": CLUSTER, "DOGPARK_QUEUE_URL": "redis://10.0.0.9:6379/0"})
    assert settings.queue_redis_url == "redis://10.0.0.9:6379/0"


def test_the_queues_live_on_the_games_redis_unless_told_otherwise_and_never_on_a_cluster():
    assert Settings.from_env({"REDIS_URL": "redis://h:6379/2"}).queue_redis_url == "redis://h:6379/2"
    with pytest.raises(ValueError, match="RQ has no Cluster support"):
        Settings.from_env({"DOGPARK_QUEUE_URL": CLUSTER})


def test_durability_is_one_of_three_modes_and_its_wait_ends_before_the_request_timeout():
    assert Settings.from_env({}).durability == "ack"
    replica = Settings.from_env({"DOGPARK_DURABILITY": "replica", "DOGPARK_DURABILITY_WAIT_MS": "250"})
    assert (replica.durability, replica.durability_wait_ms) == ("replica", 250)
    with pytest.raises(ValueError, match="ack, fsync, replica"):
        Settings.from_env({"DOGPARK_DURABILITY": "paranoid"})
    with pytest.raises(ValueError, match="DOGPARK_DURABILITY_WAIT_MS"):
        Settings.from_env({"DOGPARK_DURABILITY": "replica", "DOGPARK_DURABILITY_WAIT_MS": "1000"})


def test_the_stack_refuses_a_cluster_without_a_queue_redis_before_it_starts_anything(monkeypatch):
    monkeypatch.delenv("DOGPARK_QUEUE_URL", raising=False)
    stack = Stack(port=1, redis_url=CLUSTER, quiet=True)

    with pytest.raises(StartFailed, match="DOGPARK_QUEUE_URL"):
        stack.start()

    assert (stack.web, stack.workers, stack.redis_process) == (None, [], None)
