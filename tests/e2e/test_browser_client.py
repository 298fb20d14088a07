"""A browser page against the real gunicorn: CORS preflights, a seat's stream opened by a ticket, no token logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for

PAGE = "http://localhost:5173"


@pytest.fixture(scope="module")
def browser_stack(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """A stack that allows one page's origin, its access log on, writing to a file of its own; no workers."""
    log = tmp_path_factory.mktemp("browser") / "stack.log"
    env = {
        "DOGPARK_CORS_ORIGINS": PAGE,
        "DOGPARK_ACCESS_LOG": "-",
        "DOGPARK_KEEPALIVE_SECONDS": "0.5",
        "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
    }
    with e2e_stack(redis_url, "e2e-browser", 0, env, log_path=log) as running:
        yield running


def fetch(stack: Stack, method: str, path: str, origin: str = PAGE, **kw) -> requests.Response:
    """A request as a page's fetch() sends it: with its Origin."""
    headers = {"Origin": origin, **kw.pop("headers", {})}
    return requests.request(method, stack.url + path, headers=headers, timeout=30, **kw)


def preflight(stack: Stack, method: str, path: str, headers: str, origin: str = PAGE) -> requests.Response:
    """The OPTIONS a browser sends before a request that is not simple."""
    asked = {"Access-Control-Request-Method": method, "Access-Control-Request-Headers": headers}
    return fetch(stack, "OPTIONS", path, origin, headers=asked)


def first_event(stack: Stack, url: str) -> str:
    """Open a stream as an EventSource does (no Authorization header) and read up to its first event."""
    with requests.get(
        stack.url + url, headers={"Origin": PAGE, "Accept": "text/event-stream"}, stream=True, timeout=30
    ) as stream:
        assert stream.status_code == 200, stream.text
        assert stream.headers["Access-Control-Allow-Origin"] == PAGE
        text = ""
        for chunk in stream.iter_content(chunk_size=None, decode_unicode=True):
            text += chunk
            if "\nevent: " in text:
                return text
    raise AssertionError(f"the stream ended before an event: {text!r}")


def test_a_page_from_the_allowed_origin_creates_claims_and_follows_its_seat_by_ticket(browser_stack):
    stack = browser_stack
    game = {"type": "felix", "seats": [{"human": True, "name": "Ana"}, {"bot": "greedy"}, {"bot": "random"}]}

    asked = preflight(stack, "POST", "/v1/games", "content-type")
    created = fetch(stack, "POST", "/v1/games", json=game)
    game_id = created.json()["id"]
    claimed = fetch(stack, "POST", f"/v1/games/{game_id}/seats/0")
    token = claimed.json()["token"]
    asked_ticket = preflight(stack, "POST", f"/v1/games/{game_id}/stream-tickets", "authorization")
    issued = fetch(stack, "POST", f"/v1/games/{game_id}/stream-tickets", headers={"Authorization": f"Bearer {token}"})
    streamed = first_event(stack, issued.json()["stream"])
    reused = fetch(stack, "GET", issued.json()["stream"])

    assert asked.status_code == 200 and asked.headers["Access-Control-Allow-Origin"] == PAGE
    assert "POST" in asked.headers["Access-Control-Allow-Methods"]
    assert "Location" in created.headers["Access-Control-Expose-Headers"]
    assert claimed.json()["game"]["seats"][0]["name"] == "Ana"
    assert "Authorization" in asked_ticket.headers["Access-Control-Allow-Headers"]
    assert issued.status_code == 201 and issued.headers["Access-Control-Allow-Origin"] == PAGE
    assert "event: TableOpened" in streamed
    assert reused.status_code == 401 and reused.headers["Access-Control-Allow-Origin"] == PAGE
    assert reused.json()["type"] == "/v1/problems/invalid-stream-ticket"


def test_a_page_from_another_origin_gets_no_cors_headers(browser_stack):
    asked = preflight(browser_stack, "POST", "/v1/games", "content-type", origin="https://elsewhere.example")
    simple = fetch(browser_stack, "GET", "/v1/game-types", origin="https://elsewhere.example")

    assert "Access-Control-Allow-Origin" not in asked.headers
    assert "Access-Control-Allow-Origin" not in simple.headers


def test_the_log_names_tickets_but_never_a_seat_token(browser_stack):
    created = fetch(browser_stack, "POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3})
    game_id = created.json()["id"]
    tokens = [fetch(browser_stack, "POST", f"/v1/games/{game_id}/seats/{s}").json()["token"] for s in range(3)]
    for token in tokens:
        bearer = {"Authorization": f"Bearer {token}"}
        fetch(browser_stack, "GET", f"/v1/games/{game_id}", headers=bearer)
        ticket = fetch(browser_stack, "POST", f"/v1/games/{game_id}/stream-tickets", headers=bearer).json()["ticket"]
        first_event(browser_stack, f"/v1/games/{game_id}/events/stream?ticket={ticket}")
    # A stream's access line is written when the server notices the client left: at its next keep-alive.
    streams = f"/v1/games/{game_id}/events/stream?ticket="
    logged = wait_for(
        lambda: (text := Path(browser_stack.log_path).read_text()).count(streams) == 3 and text, 30, "the log"
    )

    assert f"/v1/games/{game_id}/stream-tickets" in logged
    assert not [token for token in tokens if token in logged]
