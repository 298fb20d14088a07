"""The metrics a web process counts, on a real Redis (Flask's test client), and /metrics as Prometheus reads it.

Without PROMETHEUS_MULTIPROC_DIR the figures are this process's own (tests/e2e/test_operations.py reads a stack's,
summed over its processes); each test reads how much they grew.
"""

from __future__ import annotations

import time

from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from service.core.config import Settings
from service.core.wiring import build
from service.http.app import create_app
from service.ops.processes import free_port
from tests.integration.players import auth

HUMANS = {"type": "felix", "seats": [{"human": True}] * 3}


def value(name: str, **labels: str) -> float:
    """A sample's value in this process now (0 before its first count)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def seated(client, body: dict = HUMANS) -> tuple[str, list[str]]:
    """A game of human seats, every seat claimed: its id and the seats' tokens."""
    game_id = client.post("/v1/games", json=body).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(len(body["seats"]))]
    return game_id, tokens


def test_requests_are_counted_and_timed_by_route_not_by_path(client):
    route = {"route": "/v1/games/<game_id>", "method": "GET"}
    counted = value("dogpark_http_requests_total", **route, status="200")
    timed = value("dogpark_http_request_seconds_count", **route)
    first, _ = seated(client)
    second, _ = seated(client)

    for game_id in (first, second):
        client.get(f"/v1/games/{game_id}")

    assert value("dogpark_http_requests_total", **route, status="200") == counted + 2
    assert value("dogpark_http_request_seconds_count", **route) == timed + 2


def test_commands_are_counted_by_game_type_actor_and_outcome(client):
    appended = value("dogpark_commands_total", game_type="felix", actor="seat", outcome="appended")
    refused = value("dogpark_commands_total", game_type="felix", actor="seat", outcome="refused")
    appends = value("dogpark_append_seconds_count")
    game_id, tokens = seated(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]

    illegal = {"command": {"type": "PlayCard", "card": "9/cat15"}}
    assert client.post(f"/v1/games/{game_id}/commands", json=illegal, headers=auth(tokens[seat])).status_code == 422
    assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat])).status_code == 200

    # Three claims and the move; the creation was the system's.
    assert value("dogpark_commands_total", game_type="felix", actor="seat", outcome="appended") == appended + 4
    assert value("dogpark_commands_total", game_type="felix", actor="seat", outcome="refused") == refused + 1
    assert value("dogpark_append_seconds_count") == appends + 5


def test_an_append_that_another_process_got_in_before_is_a_conflict(client):
    here = client.application.extensions["dogpark"]
    there = build(here.settings)  # another process: a cache of its own
    conflicts = value("dogpark_command_conflicts_total", game_type="felix")
    game_id = here.handler.create("felix", {}, HUMANS["seats"]).game_id  # which this process holds at version 1

    there.handler.claim(game_id, 0, None)
    _, claimed = here.handler.claim(game_id, 1, None)

    assert claimed.loaded.version == 3
    assert value("dogpark_command_conflicts_total", game_type="felix") == conflicts + 1


def test_a_game_that_ends_counts_its_status_and_the_events_in_its_log(client):
    finished = value("dogpark_games_total", game_type="felix", status="finished")
    games = value("dogpark_game_events_count", game_type="felix")
    events = value("dogpark_game_events_sum", game_type="felix")
    game_id, tokens = seated(client, {**HUMANS, "max_events": 12})

    view = client.get(f"/v1/games/{game_id}").json
    while view["status"] != "finished":
        token = tokens[view["to_act"][0]]
        move = client.get(f"/v1/games/{game_id}", headers=auth(token)).json["legal_moves"][0]
        view = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token)).json["game"]

    assert view["result"]["abandoned"]["reason"] == "max_events"
    assert value("dogpark_games_total", game_type="felix", status="finished") == finished + 1
    assert value("dogpark_game_events_count", game_type="felix") == games + 1
    assert value("dogpark_game_events_sum", game_type="felix") == events + view["version"]


def test_the_metrics_page_is_prometheus_text_with_the_queues_depth(client):
    client.post("/v1/games", json={"type": "felix", "seats": [{"bot": "random"}] * 3})

    page = client.get("/metrics")

    families = {family.name: family for family in text_string_to_metric_families(page.text)}
    queue = client.application.extensions["dogpark"].queue.name
    depth = {
        (sample.labels["queue"], sample.labels["state"]): sample.value
        for sample in families["dogpark_queue_jobs"].samples
    }
    assert page.status_code == 200 and page.content_type.startswith("text/plain; version=")
    assert families["dogpark_queue_reachable"].samples[0].value == 1
    # The first bot's turn, which no worker runs here, waits in the queue of all-bot games.
    assert (depth[queue, "queued"], depth[f"{queue}-bots", "queued"]) == (0, 1)
    assert depth[f"{queue}-webhooks", "queued"] == 0
    assert {"dogpark_http_requests", "dogpark_commands", "dogpark_append_seconds"} <= set(families)


def test_the_metrics_page_answers_while_the_queues_redis_is_down():
    nobody = f"redis://127.0.0.1:{free_port()}/0"
    client = create_app(Settings(redis_url=nobody, redis_timeout=0.2)).test_client()

    page = client.get("/metrics")

    families = {family.name: family for family in text_string_to_metric_families(page.text)}
    assert page.status_code == 200
    assert families["dogpark_queue_reachable"].samples[0].value == 0
    assert "dogpark_queue_jobs" not in families


def test_the_metrics_page_is_no_part_of_the_v1_api(client):
    paths = client.get("/v1/openapi.json").json["paths"]

    assert "/metrics" not in paths and client.get("/metrics").status_code == 200


def test_a_clock_that_runs_out_is_counted_by_game_type(client):
    expiries = value("dogpark_clock_expiries_total", game_type="felix")
    svc = client.application.extensions["dogpark"]
    game_id, _ = seated(client, {**HUMANS, "clock": {"turn_seconds": 1}})
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]

    time.sleep(1.1)
    svc.handler.execute(game_id, None, {"kind": "system"}, {"type": "ExpireClock", "seat": seat})

    assert value("dogpark_clock_expiries_total", game_type="felix") == expiries + 1


def test_a_retried_command_is_counted_as_a_duplicate_not_as_a_second_command(client):
    duplicates = value("dogpark_command_duplicates_total", game_type="felix")
    game_id, tokens = seated(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
    appended = value("dogpark_commands_total", game_type="felix", actor="seat", outcome="appended")

    for _ in range(2):
        headers = {**auth(tokens[seat]), "Idempotency-Key": "move-1"}
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=headers).status_code == 200

    assert value("dogpark_command_duplicates_total", game_type="felix") == duplicates + 1
    assert value("dogpark_commands_total", game_type="felix", actor="seat", outcome="appended") == appended + 1


def test_methods_a_client_makes_up_and_paths_no_route_matches_are_counted_under_one_label_each(client):
    def series() -> set[tuple[str, str]]:
        page = client.get("/metrics").text
        families = {family.name: family for family in text_string_to_metric_families(page)}
        return {(s.labels["route"], s.labels["method"]) for s in families["dogpark_http_requests"].samples}

    before = series()
    for number in range(30):
        client.open(f"/v1/games/made-up-{number}", method=f"INVENTED{number}")
        client.open(f"/no/such/path/{number}", method="GET")
    grown = series() - before

    assert grown <= {("/v1/games/<game_id>", "other"), ("unmatched", "other"), ("unmatched", "GET")}
    assert value("dogpark_http_requests_total", route="unmatched", method="GET", status="404") >= 30


def test_with_a_metrics_address_of_its_own_the_app_serves_no_metrics_page(redis_url):
    client = create_app(Settings(redis_url=redis_url, metrics_bind=f"127.0.0.1:{free_port()}")).test_client()

    assert client.get("/metrics").status_code == 404
    assert client.get("/livez").status_code == 200
