"""What every request pays around the API, done once per process where it can be: the metrics' series of a route,
whether a hook or a view is a coroutine function, the request id read from the environ."""

from __future__ import annotations

import flask.app
import pytest
from prometheus_client import REGISTRY

from service.core.config import Settings
from service.http.app import create_app


def value(name: str, **labels: str) -> float:
    """A sample's value in this process now (0 before its first count)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_each_status_of_a_route_is_counted_in_its_own_series_every_time(client):
    route = {"route": "/v1/games/<game_id>", "method": "GET"}
    before = {status: value("dogpark_http_requests_total", **route, status=status) for status in ("200", "404")}
    timed = value("dogpark_http_request_seconds_count", **route)
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]

    statuses = [client.get(path).status_code for path in [f"/v1/games/{game_id}", "/v1/games/nope"] * 2]

    assert statuses == [200, 404, 200, 404]
    assert value("dogpark_http_requests_total", **route, status="200") == before["200"] + 2
    assert value("dogpark_http_requests_total", **route, status="404") == before["404"] + 2
    assert value("dogpark_http_request_seconds_count", **route) == timed + 4


def test_a_plain_function_is_asked_about_once_and_served_as_itself(redis_url, monkeypatch):
    app = create_app(Settings(redis_url=redis_url, create_rate="off"))
    asked = []
    original = flask.app.iscoroutinefunction
    monkeypatch.setattr(flask.app, "iscoroutinefunction", lambda func: asked.append(func) or original(func))

    def hook() -> None:
        """A plain hook."""

    served = [app.ensure_sync(hook) for _ in range(3)]

    assert served == [hook] * 3
    assert asked == [hook]


def test_a_coroutine_function_still_goes_to_flasks_wrapper_every_time(redis_url, monkeypatch):
    app = create_app(Settings(redis_url=redis_url, create_rate="off"))
    wrapped = []
    monkeypatch.setattr(app, "async_to_sync", lambda func: wrapped.append(func) or "wrapper")

    async def view() -> None:
        """An async view."""

    served = [app.ensure_sync(view) for _ in range(2)]

    assert served == ["wrapper", "wrapper"]
    assert wrapped == [view, view]


@pytest.mark.parametrize("sent", ["abc-123", "trace:0af7651916cd43dd8448eb211c80319c"])
def test_a_usable_request_id_is_taken_from_the_header_whatever_its_spelling(client, sent):
    for header in ("X-Request-ID", "x-request-id", "X-REQUEST-ID"):
        assert client.get("/livez", headers={header: sent}).headers["X-Request-ID"] == sent
