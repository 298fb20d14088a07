"""Two API processes on one Redis: each keeps its own game cache, and a stale cache never decides a command."""

from __future__ import annotations

import uuid

import pytest

from events.envelope import verify_chain
from service.app import create_app
from service.config import Settings


@pytest.fixture
def two_workers(redis_url):
    """Two apps with their own caches and one queue, as two gunicorn workers are."""
    settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
    apps = [create_app(settings), create_app(settings)]
    yield [app.test_client() for app in apps]
    apps[0].extensions["dogpark"].queue.empty()


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


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
