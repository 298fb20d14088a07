"""A seat's name: given at creation, kept by a claim without one, replaced by a claim with one."""

from __future__ import annotations

import uuid

import pytest

from service.core.config import Settings
from service.http.app import create_app

FELIX = {"type": "felix", "seats": [{"human": True, "name": "Ana"}, {"human": True, "name": "Ben"}, {"bot": "random"}]}


@pytest.fixture
def settings(redis_url):
    return Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")


@pytest.fixture
def client(settings):
    app = create_app(settings)
    with app.test_client() as client:
        yield client
    app.extensions["dogpark"].queue.empty()


def names(client, game_id: str) -> list[str | None]:
    return [seat["name"] for seat in client.get(f"/v1/games/{game_id}").json["seats"]]


def test_a_seat_claimed_without_a_name_keeps_the_name_it_was_created_with(client):
    game_id = client.post("/v1/games", json=FELIX).json["id"]

    claimed = client.post(f"/v1/games/{game_id}/seats/0")

    assert claimed.status_code == 201
    assert claimed.json["game"]["seats"][0]["name"] == "Ana"
    assert names(client, game_id)[0] == "Ana"


def test_a_claim_with_a_name_names_the_seat(client):
    game_id = client.post("/v1/games", json=FELIX).json["id"]

    client.post(f"/v1/games/{game_id}/seats/1", json={"name": "Bea"})

    assert names(client, game_id)[:2] == ["Ana", "Bea"]


def test_the_names_survive_a_fold_of_the_log_by_another_process(client, settings):
    game_id = client.post("/v1/games", json=FELIX).json["id"]
    client.post(f"/v1/games/{game_id}/seats/0")
    client.post(f"/v1/games/{game_id}/seats/1", json={"name": "Bea"})

    # A new app has no cached game: it folds the log from the start.
    with create_app(settings).test_client() as other:
        folded = names(other, game_id)
        replayed = [s["name"] for s in other.get(f"/v1/games/{game_id}/replay?version=2").json["seats"]]

    assert folded == ["Ana", "Bea", "Random Max"]
    assert replayed == ["Ana", "Ben", "Random Max"]
