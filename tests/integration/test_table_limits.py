"""The table's limits through the API: a game's own event limit, the platform's, and what TableOpened records."""

from __future__ import annotations

import uuid

import pytest

from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app
from service.ops.verify import verify


@pytest.fixture
def client(redis_url):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    settings = Settings(redis_url=redis_url, queue=queue, max_events=200, open_game_seconds=3600.0, create_rate="off")
    app = create_app(settings)
    with app.test_client() as client:
        yield client
    app.extensions["dogpark"].queue.empty()


def humans(client, **body) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3, **body}).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]
    return game_id, tokens


def test_table_opened_records_the_platforms_limits_when_the_game_asks_for_none(client):
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]

    opened = client.get(f"/v1/games/{game_id}/events").json["events"][0]

    assert opened["type"] == "TableOpened"
    assert (opened["data"]["max_events"], opened["data"]["open_seconds"]) == (200, 3600.0)


@pytest.mark.parametrize(("asked", "title"), [(201, "Bad Options"), (0, "Unprocessable Entity")])
def test_a_game_may_not_ask_for_more_events_than_the_platform_allows(client, asked, title):
    refused = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3, "max_events": asked})

    assert refused.status_code == 422 and refused.content_type == PROBLEM
    assert refused.json["title"] == title and "max_events" in str(refused.json)


def test_a_game_that_reaches_its_own_limit_is_abandoned_and_its_audit_verifies(client):
    game_id, tokens = humans(client, max_events=12)
    view = client.get(f"/v1/games/{game_id}").json
    while view["status"] == "running":
        seat = view["to_act"][0]
        mine = client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
        sent = client.post(
            f"/v1/games/{game_id}/commands",
            json=mine["legal_moves"][0],
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert sent.status_code == 200, sent.json
        view = sent.json["game"]

    audit = client.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)
    finished = [g["id"] for g in client.get("/v1/games?status=finished&limit=500").json["games"]]

    assert view["result"] == {"abandoned": {"reason": "max_events", "limit": 12}, "scores": [], "winners": []}
    assert view["to_act"] == [] and view["legal_moves"] == [] and view["seed"] is not None
    assert [e["type"] for e in audit["events"][-2:]] == ["GameAbandoned", "SeedRevealed"]
    # The move that brought the log to 12 events still happened; the table ended the game right after it.
    last = sent.json["events"]
    assert last[0]["version"] - 1 < 12 <= last[-3]["version"] and last[-3]["type"] != "GameAbandoned"
    assert verdict.ok, verdict.problems
    assert verdict.result == view["result"]
    assert game_id in finished
