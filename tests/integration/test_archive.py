"""Archiving a finished game on a real Redis: its audit to a file that verifies, its keys and entries gone."""

from __future__ import annotations

import gzip
import json

import pytest

from events.players import games_key, order_key
from events.store import key
from service.core.wiring import build
from service.http.app import create_app
from service.ops.archive import NotArchivable, archive, game_keys
from service.ops.verify import verify
from tests.integration.players import auth
from workers import jobs

HUMANS = {"type": "felix", "seats": [{"human": True}] * 3}


def finished_game(client) -> tuple[str, str]:
    """A game of one player and two seat tokens, played to its end (its event limit): its id and the player's token."""
    player = client.post("/v1/players", json={"name": "Ana"}).json["token"]
    game_id = client.post("/v1/games", json={**HUMANS, "max_events": 12}).json["id"]
    tokens = [player] + [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in (1, 2)]
    client.post(f"/v1/games/{game_id}/seats/0", headers=auth(player))
    view = client.get(f"/v1/games/{game_id}").json
    while view["status"] != "finished":
        token = tokens[view["to_act"][0]]
        move = client.get(f"/v1/games/{game_id}", headers=auth(token)).json["legal_moves"][0]
        view = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token)).json["game"]
    return game_id, player


def test_an_archived_game_is_a_file_that_verifies_and_is_gone_from_redis_the_lobby_and_its_players_list(
    client, redis, tmp_path
):
    svc = client.application.extensions["dogpark"]
    game_id, player = finished_game(client)
    audit = client.get(f"/v1/games/{game_id}/audit").json
    assert client.post(f"/v1/games/{game_id}/rematch", headers=auth(player)).status_code == 200

    archived = archive(svc, audit, tmp_path)

    written = json.loads(gzip.decompress((tmp_path / f"{game_id}.json.gz").read_bytes()))
    assert archived.path == tmp_path / f"{game_id}.json.gz" and written == audit
    assert verify(written).ok and archived.events == len(audit["events"]) and archived.freed > 0
    assert redis.exists(*game_keys(game_id)) == 0 and redis.exists(key(game_id, "rematch")) == 0
    assert game_id not in svc.lobby.list(status="finished", limit=1000)
    assert client.get("/v1/players/me/games", headers=auth(player)).json["games"] == []
    pid = client.get("/v1/players/me", headers=auth(player)).json["id"]
    assert redis.zscore(order_key(pid), game_id) is None and redis.hget(games_key(pid), game_id) is None
    # Another process (no cached copy of the game) answers as the API will from now on.
    assert create_app(svc.settings).test_client().get(f"/v1/games/{game_id}").status_code == 404


def test_a_running_game_or_an_audit_that_is_not_the_whole_log_is_not_archived(client, redis, tmp_path):
    svc = client.application.extensions["dogpark"]
    game_id, _ = finished_game(client)
    audit = client.get(f"/v1/games/{game_id}/audit").json
    running = client.post("/v1/games", json=HUMANS).json["id"]

    with pytest.raises(NotArchivable, match="does not end where its log does"):
        archive(svc, {**audit, "events": audit["events"][:-1]}, tmp_path)
    with pytest.raises(NotArchivable, match="is open, not finished"):
        archive(svc, {**audit, "id": running}, tmp_path)

    assert list(tmp_path.iterdir()) == []
    assert redis.exists(key(game_id, "events"), key(game_id, "meta")) == 2


def test_a_job_queued_for_a_game_archived_since_does_nothing(client, monkeypatch, tmp_path):
    svc = client.application.extensions["dogpark"]
    game_id, _ = finished_game(client)
    archive(svc, client.get(f"/v1/games/{game_id}/audit").json, tmp_path)
    worker = build(svc.settings)  # a worker process, which never loaded the game
    monkeypatch.setattr(jobs, "services", lambda: worker)

    # Its open table's expiry, queued at creation, still runs at its time.
    assert jobs.advance(game_id, None) == "gone: the game was archived"
