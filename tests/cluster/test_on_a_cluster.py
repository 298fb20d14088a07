"""Dogpark on a Redis Cluster of three masters and three replicas (tests/cluster/local_cluster.py).

The store contract's, the lobby's, the players', the bot registry's, quick play's and rematches' suites of
tests/integration run here again, unchanged: the fixtures they ask for (``redis``, ``game_id``, ``backend``,
``client``, ``server``) are redefined below on the cluster. Then what only a cluster shows (index writes made right
after the append, arriving in either order), and one game of each type end to end: HTTP, a real worker whose queue
is on the single test Redis (DOGPARK_QUEUE_URL), events pushed to a stream by the fan-out.

Everything is in this one module so that `make test` (its files spread over two cores) starts one cluster.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator

import pytest
import requests

from events.contract import IndexWrite
from events.envelope import GENESIS, verify_chain
from events.players import games_key, order_key
from events.ratings import Ratings, builtin_player, player_entry
from events.store import RedisStore, key, versions_key
from service.core.config import Settings
from service.http.app import create_app
from service.ops.stack import Stack
from service.ops.verify import verify
from tests.e2e.conftest import e2e_stack, wait_for
from tests.integration import test_bot_registry as bots_suite
from tests.integration import test_lobby as lobby_suite
from tests.integration import test_players as players_suite
from tests.integration import test_quickplay as quickplay_suite
from tests.integration import test_rematch as rematch_suite
from tests.integration import test_store_contract as contract
from tests.integration.test_bot_registry import bots  # noqa: F401 - a fixture of the reused suite
from tests.integration.test_lobby import lobby  # noqa: F401 - a fixture of the reused suite
from tests.integration.test_store_contract import index_keys, store  # noqa: F401 - fixtures of the reused suite
from workers import jobs

#: Tests of the reused suites that build a client of their own from the single test Redis's URL.
ON_THE_SINGLE_REDIS = {
    "test_a_redis_store_works_with_a_client_that_decodes_responses",
    "test_creating_players_counts_against_the_addresss_creation_rate",
    "test_joining_a_queue_counts_against_the_addresses_creation_rate",
}
for _suite in (contract, lobby_suite, players_suite, bots_suite, quickplay_suite, rematch_suite):
    for _name, _test in vars(_suite).items():
        if _name.startswith("test_") and _name not in ON_THE_SINGLE_REDIS:
            globals()[_name] = _test


@pytest.fixture
def redis(cluster_client):
    """The reused suites' client: the cluster's."""
    return cluster_client


@pytest.fixture
def game_id(cluster_game_id: str) -> str:
    """The reused suites' fresh game id, deleted from the cluster afterwards."""
    return cluster_game_id


@pytest.fixture
def backend(cluster_client) -> contract.Backend:
    """The store contract's backend: a RedisStore on the cluster."""
    return contract.redis_backend(cluster_client)


@pytest.fixture(scope="module")
def client(cluster_url: str, redis_url: str):
    """The players' suite's app (one for the module): games on the cluster, RQ's queue on the single test Redis."""
    settings = Settings(
        redis_url=cluster_url, queue_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"
    )
    app = create_app(settings)
    with app.test_client() as test_client:
        yield test_client
    app.extensions["dogpark"].queue.empty()


@pytest.fixture
def server(cluster_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch):
    """Quick play's and rematches' app: games and queues on the cluster, RQ's queues on the single test Redis, and
    the worker's jobs (workers.jobs) run in this process on the same services."""
    settings = Settings(
        redis_url=cluster_url, queue_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"
    )
    app = create_app(settings)
    svc = app.extensions["dogpark"]
    monkeypatch.setattr(jobs, "services", lambda: svc)
    yield app.test_client()
    for queue in (*svc.worker_queues(), svc.notifications.queue):
        queue.empty()


# What only a cluster shows.


@pytest.fixture
def player_index(cluster_client, cluster_game_id: str) -> Iterator[tuple[str, str]]:
    """A player's games hash and order set (in a slot of their own), deleted afterwards."""
    pid = f"test-{uuid.uuid4()}"
    keys = (games_key(pid), order_key(pid))
    yield keys
    cluster_client.delete(*keys, *(versions_key(name) for name in keys))


def entry(games: str, order: str, game: str, text: str) -> list[IndexWrite]:
    """A player's entry in a game as the handler writes it: the entry, the game's place in the order, the news."""
    return [
        IndexWrite("hset", games, game, text),
        IndexWrite("zadd", order, game, "1.5"),
        IndexWrite("publish", games, game, ""),
    ]


def test_a_games_ratings_and_their_leaderboard_are_one_slots_transactions_on_the_cluster(cluster_client):
    prefix = f"test-ratings-{uuid.uuid4().hex[:8]}"
    pool = Ratings(cluster_client, prefix)
    try:
        for n in range(3):
            pool.rate(f"g{n}", "felix", [(player_entry(f"p{n}"), 1), (builtin_player("random"), 2)])
        assert not pool.rate("g0", "felix", [(player_entry("p0"), 1), (builtin_player("random"), 2)])

        first, cursor = pool.page("felix", 2)
        rest, last = pool.page("felix", 2, cursor)

        entries = [entry for entry, _ in first + rest]
        assert sorted(entries) == sorted([*(player_entry(f"p{n}") for n in range(3)), builtin_player("random")])
        assert last is None and pool.rating_of("p0", "felix") is not None
    finally:
        cluster_client.delete(*(f"{{{prefix}}}:{name}:felix" for name in ("ratings", "board", "boarded", "rated")))


def test_an_append_writes_its_index_entries_outside_the_games_slot_right_after_it(
    cluster_client, cluster_game_id, player_index
):
    games, order = player_index
    on_cluster = RedisStore(cluster_client)
    assert on_cluster.index_apart
    assert cluster_client.keyslot(games) != cluster_client.keyslot(key(cluster_game_id, "events"))

    noted = [{"type": "Noted", "data": {}}]
    index = entry(games, order, cluster_game_id, "v1")
    on_cluster.append(cluster_game_id, 0, GENESIS, "c1", noted, {"kind": "system"}, index=index)

    assert cluster_client.hget(games, cluster_game_id) == b"v1"
    assert cluster_client.zscore(order, cluster_game_id) == 1.5
    assert cluster_client.hget(versions_key(games), cluster_game_id) == b"1"


def test_an_older_appends_index_write_arriving_after_a_newer_ones_changes_nothing(cluster_client, player_index):
    games, order = player_index
    on_cluster = RedisStore(cluster_client)

    on_cluster.write_index(entry(games, order, "g1", "as of version 7"), 7)
    on_cluster.write_index(entry(games, order, "g1", "as of version 5"), 5)
    on_cluster.write_index(entry(games, order, "g1", "as of version 7, again"), 7)

    assert cluster_client.hget(games, "g1") == b"as of version 7"
    on_cluster.write_index(entry(games, order, "g1", "as of version 8"), 8)
    assert cluster_client.hget(games, "g1") == b"as of version 8"


def test_on_a_cluster_an_index_key_without_a_hash_tag_is_refused_before_anything_is_written(
    cluster_client, cluster_game_id
):
    on_cluster = RedisStore(cluster_client)
    untagged = [IndexWrite("hset", f"index-of-{cluster_game_id}", "g1", "entry")]

    with pytest.raises(ValueError, match="hash tag"):
        on_cluster.append(cluster_game_id, 0, GENESIS, "c1", [{"type": "Noted", "data": {}}], {"kind": "system"},
                          index=untagged)

    assert on_cluster.version(cluster_game_id) == 0


def test_an_index_write_is_announced_only_when_it_changes_the_entry(cluster_client, player_index):
    games, order = player_index
    on_cluster = RedisStore(cluster_client)
    with cluster_client.pubsub() as listener:
        listener.subscribe(games)
        listener.get_message(timeout=1)

        on_cluster.write_index(entry(games, order, "g1", "open"), 1)
        on_cluster.write_index(entry(games, order, "g1", "open"), 2)
        on_cluster.write_index(entry(games, order, "g1", "running"), 3)
        heard = [listener.get_message(timeout=0.3) for _ in range(3)]

    assert [m["data"] for m in heard if m is not None] == [b"g1", b"g1"]


def test_an_appends_announcement_with_its_envelopes_reaches_a_listener_on_any_node(
    cluster, cluster_client, cluster_game_id
):
    # A process's listener subscribes on one node, whichever (events/connect.py NodeRotation).
    listeners = [node.client().pubsub(ignore_subscribe_messages=True) for node in cluster.running()]
    for listener in listeners:
        listener.subscribe(key(cluster_game_id, "appended"))
        listener.get_message(timeout=1)

    RedisStore(cluster_client).append(cluster_game_id, 0, GENESIS, "c1", contract.played(1), contract.SEAT)
    heard = [listener.get_message(timeout=2) for listener in listeners]
    for listener in listeners:
        listener.close()

    stored = cluster_client.xrange(key(cluster_game_id, "events"))[0][1][b"e"]
    assert [message and message["data"] for message in heard] == [b"1\n" + stored] * len(listeners)


# One game of each type, end to end.

#: A short game of each type, all bots: (seats, options).
BOT_GAMES = {
    "felix": ([{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}], {}),
    "spots": ([{"bot": "greedy"}], {}),
    "dogs": ([{"bot": "greedy"}, {"bot": "random"}], {}),
    "dogslife": ([{"bot": "greedy"}, {"bot": "greedy"}], {"bone_target": 2}),
}


@pytest.fixture(scope="module")
def cluster_stack(cluster_url: str, redis_url: str) -> Iterator[Stack]:
    """A deployment on the cluster, its RQ queue on the single test Redis."""
    env = {
        "DOGPARK_QUEUE_URL": redis_url,
        "DOGPARK_SWEEP_SECONDS": "0.5",
        "DOGPARK_STALL_SECONDS": "2",
        "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
        "DOGPARK_KEEPALIVE_SECONDS": "1",
    }
    with e2e_stack(cluster_url, "cluster", 2, env) as running:
        yield running


def read_stream(url: str, out: list[int]) -> None:
    """The ids of the events a stream sends, until the server ends it (the game is over)."""
    with requests.get(url, stream=True, timeout=120) as stream:
        out.extend(int(line[4:]) for line in stream.iter_lines(decode_unicode=True) if line.startswith("id: "))


def test_a_game_of_each_type_plays_to_the_end_on_the_cluster_and_its_audit_verifies(cluster_stack):
    base = cluster_stack.url
    games = {}
    for game_type, (seats, options) in BOT_GAMES.items():
        body = {"type": game_type, "seats": seats, "options": options}
        created = requests.post(f"{base}/v1/games", json=body, timeout=30)
        assert created.status_code == 201, created.text
        games[game_type] = created.json()["id"]
    streamed: list[int] = []
    reader = threading.Thread(target=read_stream, args=(f"{base}/v1/games/{games['felix']}/events/stream", streamed))
    reader.start()

    def all_finished() -> bool:
        views = [requests.get(f"{base}/v1/games/{g}", timeout=30).json() for g in games.values()]
        return all(view["status"] == "finished" for view in views)

    wait_for(all_finished, 120, "every game to finish")
    reader.join(30)
    audits = {t: requests.get(f"{base}/v1/games/{g}/audit", timeout=30).json() for t, g in games.items()}
    listed = requests.get(f"{base}/v1/games", params={"status": "finished", "limit": 500}, timeout=30).json()

    assert {t: verify(audit).problems for t, audit in audits.items()} == {t: [] for t in games}
    assert all(verify_chain(audit["events"]) is None for audit in audits.values())
    assert streamed == list(range(1, len(audits["felix"]["events"]) + 1)), json.dumps(streamed[:5])
    assert set(games.values()) <= {game["id"] for game in listed["games"]}
