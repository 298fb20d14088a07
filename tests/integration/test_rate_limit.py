"""The per-address rates of game creations and seat claims, and of replays, counted in the real Redis."""

from __future__ import annotations

import time
import uuid

import pytest

from service.core.config import Settings
from service.core.problems import PROBLEM, Problem
from service.http.app import create_app
from service.http.ratelimit import Rate, parse_rate, take

FELIX = {"type": "felix", "seats": [{"human": True}] * 3}


def make_client(redis_url: str, **settings: object):
    app = create_app(Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", **settings))
    return app.test_client()


def new_address() -> str:
    """An address no other test counts against (the counters live in the shared test Redis)."""
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def test_creations_and_claims_past_the_rate_are_429_problems_with_retry_after(redis_url):
    client = make_client(redis_url, create_rate="3 per 60")
    address = {"REMOTE_ADDR": new_address()}

    game_id = client.post("/v1/games", json=FELIX, environ_base=address).json["id"]
    claims = [client.post(f"/v1/games/{game_id}/seats/{seat}", environ_base=address) for seat in (0, 1, 2)]
    creation = client.post("/v1/games", json=FELIX, environ_base=address)

    assert [r.status_code for r in claims] == [201, 201, 429]
    assert creation.status_code == 429 and creation.content_type == PROBLEM
    assert 1 <= int(creation.headers["Retry-After"]) <= 60
    assert claims[2].headers["Retry-After"] and "3 per 60 s" in claims[2].json["detail"]
    assert client.get(f"/v1/games/{game_id}").json["seats"][2]["claimed"] is False


def test_each_address_has_a_rate_of_its_own(redis_url):
    client = make_client(redis_url, create_rate="1 per 60")
    first, second = {"REMOTE_ADDR": new_address()}, {"REMOTE_ADDR": new_address()}

    statuses = [client.post("/v1/games", json=FELIX, environ_base=address).status_code for address in (first, second)]
    again = client.post("/v1/games", json=FELIX, environ_base=first)

    assert statuses == [201, 201] and again.status_code == 429


def test_x_forwarded_for_names_the_client_only_behind_trusted_proxies(redis_url):
    proxy = {"REMOTE_ADDR": new_address()}
    trusting = make_client(redis_url, create_rate="1 per 60", trusted_proxies=1)
    direct = make_client(redis_url, create_rate="1 per 60")
    clients = [new_address(), new_address()]

    behind = [
        trusting.post("/v1/games", json=FELIX, environ_base=proxy, headers={"X-Forwarded-For": c}).status_code
        for c in clients
    ]
    spoofed = [
        direct.post("/v1/games", json=FELIX, environ_base=proxy, headers={"X-Forwarded-For": c}).status_code
        for c in (new_address(), new_address())
    ]

    assert behind == [201, 201]
    assert spoofed == [201, 429]


def test_a_window_resets_the_count_and_its_counter_expires_with_it(redis):
    rate, scope, address = Rate(2, 10), f"test-{uuid.uuid4().hex}", new_address()
    # A window still to come, so that its counter's expiry lies ahead of the real clock Redis keeps.
    start = (int(time.time()) // 10 + 2) * 10

    for _ in range(2):
        take(redis, rate, scope, address, clock=lambda: start + 0.5)
    with pytest.raises(Problem) as refused:
        take(redis, rate, scope, address, clock=lambda: start + 3.2)
    take(redis, rate, scope, address, clock=lambda: start + 10.0)

    assert (refused.value.status, refused.value.headers) == (429, {"Retry-After": "7"})
    now = time.time()
    # Expires when the window ends (plus a second): Redis counts whole milliseconds.
    assert 0 < redis.pttl(f"ratelimit:{scope}:{address}:{start // 10}") <= (start + 11 - now) * 1000 + 1


def test_no_rate_counts_nothing(redis):
    address = new_address()

    for _ in range(100):
        take(redis, parse_rate("off"), "create", address)

    assert not redis.keys(f"ratelimit:*:{address}:*")


def test_replays_past_the_rate_are_429_problems_with_retry_after_and_each_address_has_a_rate_of_its_own(redis_url):
    client = make_client(redis_url, create_rate="off", replay_rate="3 per 60")
    first, second = {"REMOTE_ADDR": new_address()}, {"REMOTE_ADDR": new_address()}
    game_id = client.post("/v1/games", json=FELIX).json["id"]

    replays = [client.get(f"/v1/games/{game_id}/replay?version=1", environ_base=first) for _ in range(4)]
    other = client.get(f"/v1/games/{game_id}/replay?version=1", environ_base=second)

    assert [r.status_code for r in replays] == [200, 200, 200, 429]
    assert replays[3].content_type == PROBLEM and replays[3].json["type"] == "/v1/problems/rate-limited"
    assert 1 <= int(replays[3].headers["Retry-After"]) <= 60 and "3 per 60 s" in replays[3].json["detail"]
    assert other.status_code == 200


@pytest.mark.parametrize("rate", ["create_rate", "replay_rate"])
@pytest.mark.parametrize("text", ["60", "0 per 60", "6 per 0", "six per minute", "60 per 60 s", ""])
def test_a_rate_that_is_not_count_per_seconds_stops_the_app_from_starting(redis_url, rate, text):
    with pytest.raises(ValueError, match="per"):
        make_client(redis_url, **{rate: text})
