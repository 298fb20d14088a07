"""CORS: browser pages from the origins the operator lists may call the API; pages from anywhere else may not."""

from __future__ import annotations

import dataclasses
import uuid

import pytest

from service.core.config import Settings
from service.http.app import create_app

APP = "https://app.example"


@pytest.fixture
def client_for(redis_url):
    """A test client of an app allowing ``origins``; the apps' queues are emptied afterwards."""
    apps = []

    def make(origins: tuple[str, ...]):
        settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
        apps.append(create_app(dataclasses.replace(settings, cors_origins=origins)))
        return apps[-1].test_client()

    yield make
    for app in apps:
        app.extensions["dogpark"].queue.empty()


def preflight(client, path: str, origin: str, method: str = "POST", headers: str = "content-type"):
    return client.options(
        path,
        headers={"Origin": origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers},
    )


def cors_headers(response) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k.lower().startswith("access-control-")}


def test_by_default_no_origin_is_allowed(client_for):
    client = client_for(())

    asked = preflight(client, "/v1/games", APP)
    simple = client.get("/v1/game-types", headers={"Origin": APP})

    assert cors_headers(asked) == cors_headers(simple) == {}


def test_a_preflight_from_an_allowed_origin_allows_the_routes_methods_and_the_apis_headers(client_for):
    client = client_for((APP, "http://localhost:5173"))

    asked = preflight(
        client, "/v1/games/some-game/commands", APP, headers="authorization, content-type, idempotency-key"
    )

    assert asked.status_code in (200, 204)
    assert asked.headers["Access-Control-Allow-Origin"] == APP
    assert "POST" in asked.headers["Access-Control-Allow-Methods"]
    allowed = {h.strip().lower() for h in asked.headers["Access-Control-Allow-Headers"].split(",")}
    assert allowed == {"authorization", "content-type", "idempotency-key", "last-event-id", "x-request-id"}
    assert int(asked.headers["Access-Control-Max-Age"]) > 0
    assert "Origin" in asked.headers["Vary"]
    assert "Access-Control-Allow-Credentials" not in asked.headers


def test_a_stream_preflight_allows_last_event_id(client_for):
    client = client_for((APP,))

    asked = preflight(client, "/v1/games/g/events/stream", APP, method="GET", headers="last-event-id")

    assert "GET" in asked.headers["Access-Control-Allow-Methods"]
    assert "Last-Event-ID" in asked.headers["Access-Control-Allow-Headers"]


def test_responses_to_an_allowed_origin_expose_the_headers_a_client_reads(client_for):
    client = client_for((APP,))

    created = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, headers={"Origin": APP})
    refused = client.post(
        f"/v1/games/{created.json['id']}/commands", json={"command": {"type": "Pass"}}, headers={"Origin": APP}
    )

    for response in (created, refused):
        assert response.headers["Access-Control-Allow-Origin"] == APP
        exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
        assert exposed == {"Location", "Retry-After", "Idempotent-Replayed", "X-Request-ID"}
        assert "Origin" in response.headers["Vary"]
    assert refused.status_code == 401, "a page reads the API's problems too"


def test_an_origin_not_listed_gets_no_cors_headers(client_for):
    client = client_for((APP,))

    for origin in ("https://evil.example", "https://app.example.evil.example", "http://app.example", "null"):
        asked = preflight(client, "/v1/games", origin)
        simple = client.get("/v1/game-types", headers={"Origin": origin})

        assert cors_headers(asked) == cors_headers(simple) == {}, origin
        assert "Origin" in simple.headers["Vary"]


def test_a_star_allows_every_origin_when_the_operator_says_so(client_for):
    client = client_for(("*",))

    asked = preflight(client, "/v1/games", "https://anywhere.example")
    simple = client.get("/v1/game-types", headers={"Origin": "https://anywhere.example"})

    assert asked.headers["Access-Control-Allow-Origin"] == simple.headers["Access-Control-Allow-Origin"] == "*"


def test_the_origins_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("DOGPARK_CORS_ORIGINS", " https://app.example , http://localhost:5173,")

    assert Settings.from_env().cors_origins == ("https://app.example", "http://localhost:5173")


@pytest.mark.parametrize(
    "origins", [("https://app.example/",), ("app.example",), ("https://app.example/play",), ("*", APP), ("null",)]
)
def test_an_origin_list_that_is_not_origins_stops_the_app_from_starting(client_for, origins):
    with pytest.raises(ValueError, match="DOGPARK_CORS_ORIGINS"):
        client_for(origins)
