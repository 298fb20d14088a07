"""Two API processes on one Redis: each keeps its own game cache, and a stale cache never decides a command."""

from __future__ import annotations

import uuid

import pytest
from dogpark_client.bot import game_moves

from events.envelope import verify_chain
from service.core.config import Settings
from service.http.app import create_app
from tests.integration.players import auth


@pytest.fixture
def two_workers(redis_url):
    """Two apps with their own caches and one queue, as two gunicorn workers are."""
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
    apps = [create_app(settings), create_app(settings)]
    yield [app.test_client() for app in apps]
    apps[0].extensions["dogpark"].queue.empty()


def felix_for_three(client) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]


def acting_view(client, game_id: str, tokens: list[str]) -> dict:
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    return client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json


def test_a_command_on_a_worker_whose_cache_fell_behind_lands_after_the_other_workers_appends(two_workers):
    a, b = two_workers
    game_id, tokens = felix_for_three(a)
    acting_view(a, game_id, tokens)  # worker a now has the game cached
    for _ in range(3):
        view = acting_view(b, game_id, tokens)
        assert b.post(f"/v1/games/{game_id}/commands", json=view["legal_moves"][0],
                      headers=auth(tokens[view["you"]])).status_code == 200

    seat = b.get(f"/v1/games/{game_id}").json["to_act"][0]
    view = b.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json
    sent = a.post(f"/v1/games/{game_id}/commands", json={"command": view["legal_moves"][0]["command"]},
                  headers=auth(tokens[seat]))

    assert sent.status_code == 200
    assert sent.json["events"][0]["version"] == view["version"] + 1
    stored = a.application.extensions["dogpark"].store.read(game_id)
    assert [e["version"] for e in stored] == list(range(1, len(stored) + 1)) and verify_chain(stored) is None


def test_a_seat_a_stale_cache_thinks_may_not_act_is_checked_again_on_the_stored_game(two_workers):
    a, b = two_workers
    game_id, tokens = felix_for_three(a)
    first = acting_view(a, game_id, tokens)  # cached by a while the first seat is to act
    assert b.post(f"/v1/games/{game_id}/commands", json=first["legal_moves"][0],
                  headers=auth(tokens[first["you"]])).status_code == 200
    now = acting_view(b, game_id, tokens)

    sent = a.post(f"/v1/games/{game_id}/commands", json=now["legal_moves"][0], headers=auth(tokens[now["you"]]))

    assert now["you"] != first["you"] and sent.status_code == 200


def test_an_expected_version_ahead_of_a_stale_cache_is_accepted_and_one_behind_the_store_is_a_409(two_workers):
    a, b = two_workers
    game_id, tokens = felix_for_three(a)
    first = acting_view(a, game_id, tokens)
    assert b.post(f"/v1/games/{game_id}/commands", json=first["legal_moves"][0],
                  headers=auth(tokens[first["you"]])).status_code == 200
    now = acting_view(b, game_id, tokens)
    behind = {**now["legal_moves"][0], "expected_version": first["version"]}

    stale = a.post(f"/v1/games/{game_id}/commands", json=behind, headers=auth(tokens[now["you"]]))
    sent = a.post(f"/v1/games/{game_id}/commands", json=now["legal_moves"][0], headers=auth(tokens[now["you"]]))

    assert stale.status_code == 409 and stale.json["version"] == now["version"]
    assert sent.status_code == 200 and sent.json["version"] > now["version"]


def test_the_times_of_the_events_a_worker_appended_or_read_are_known_to_it_without_a_round_trip(two_workers):
    a, b = two_workers
    game_id, tokens = felix_for_three(a)
    view = acting_view(b, game_id, tokens)
    assert b.post(f"/v1/games/{game_id}/commands", json=view["legal_moves"][0],
                  headers=auth(tokens[view["you"]])).status_code == 200
    stored = a.application.extensions["dogpark"].store.read(game_id)
    a.get(f"/v1/games/{game_id}")  # worker a reads what b appended

    for client in (a, b):
        repo = client.application.extensions["dogpark"].repo
        repo.store = None  # any read of the store would fail
        assert repo.event_times(game_id, [e["version"] for e in stored]) == {e["version"]: e["time"] for e in stored}


def play(client, game_id: str, tokens: list[str], moves: int) -> dict:
    """Make ``moves`` first legal moves through ``client``; the acting seat's view after them."""
    for _ in range(moves):
        view = acting_view(client, game_id, tokens)
        assert client.post(f"/v1/games/{game_id}/commands", json=view["legal_moves"][0],
                           headers=auth(tokens[view["you"]])).status_code == 200
    return acting_view(client, game_id, tokens)


def backed_up(redis, game_id: str) -> dict[bytes, bytes]:
    """Every key of the game, dumped: what a backup (or a replica that falls behind) holds of it."""
    return {name: redis.dump(name) for name in redis.scan_iter(match=f"game:{{{game_id}}}:*")}


def restore(redis, game_id: str, backup: dict[bytes, bytes]) -> None:
    """Put the game back as ``backup`` holds it: the writes since are lost, as in a failover or a restore."""
    redis.delete(*redis.scan_iter(match=f"game:{{{game_id}}}:*"))
    for name, dumped in backup.items():
        redis.restore(name, 0, dumped)


def ahead_of_the_store(client) -> tuple[str, list[str], dict]:
    """A game whose last three moves the store lost after ``client``'s worker cached them; the view it went back to."""
    redis = client.application.extensions["dogpark"].store.redis
    game_id, tokens = felix_for_three(client)
    saved = play(client, game_id, tokens, 2)
    backup = backed_up(redis, game_id)
    play(client, game_id, tokens, 3)
    restore(redis, game_id, backup)
    return game_id, tokens, saved


def test_a_worker_whose_cache_is_ahead_of_a_store_that_lost_moves_shows_the_stored_game(two_workers):
    a, _ = two_workers
    game_id, tokens, saved = ahead_of_the_store(a)

    shown = a.get(f"/v1/games/{game_id}", headers=auth(tokens[saved["you"]])).json

    assert shown == saved


def test_a_worker_whose_cache_is_ahead_of_a_store_that_lost_moves_plays_on_from_the_stored_game(two_workers):
    a, _ = two_workers
    game_id, tokens, saved = ahead_of_the_store(a)

    sent = a.post(f"/v1/games/{game_id}/commands", json=saved["legal_moves"][0], headers=auth(tokens[saved["you"]]))

    assert sent.status_code == 200, sent.json
    assert sent.json["events"][0]["version"] == saved["version"] + 1
    stored = a.application.extensions["dogpark"].store.read(game_id)
    assert [e["version"] for e in stored] == list(range(1, len(stored) + 1)) and verify_chain(stored) is None


def test_a_worker_whose_cache_holds_moves_the_store_lost_and_replaced_decides_on_the_stored_game(two_workers):
    a, b = two_workers
    redis = a.application.extensions["dogpark"].store.redis
    game_id, tokens = felix_for_three(a)
    play(a, game_id, tokens, 2)
    backup = backed_up(redis, game_id)
    play(a, game_id, tokens, 3)  # lost: worker a alone remembers them
    restore(redis, game_id, backup)
    # Worker b, knowing only the store, plays other moves in their place: as many, then more.
    for moves in (3, 2):
        theirs = play(b, game_id, tokens, moves)

        sent = a.post(f"/v1/games/{game_id}/commands", json=game_moves(theirs["legal_moves"])[-1],
                      headers=auth(tokens[theirs["you"]]))

        assert sent.status_code == 200, sent.json
        assert a.get(f"/v1/games/{game_id}").json == b.get(f"/v1/games/{game_id}").json
