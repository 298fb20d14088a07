"""Stream tickets: a seat's single-use, short-lived pass to its event stream, for clients that cannot send headers."""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid

import pytest

from service.core.auth import issue_ticket, redeem_ticket
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app
from tests.integration.players import auth


def make_client(redis_url: str, **overrides):
    settings = Settings(
        redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off", keepalive_seconds=0.1
    )
    app = create_app(dataclasses.replace(settings, **overrides))
    return app, app.test_client()


@pytest.fixture
def client(redis_url):
    app, client = make_client(redis_url)
    yield client
    app.extensions["dogpark"].queue.empty()


def seated_game(client) -> tuple[str, list[str]]:
    """A running Felix game of three human seats, and their tokens."""
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(3)]


def ticket_for(client, game_id: str, token: str) -> str:
    issued = client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(token))
    assert issued.status_code == 201, issued.json
    return issued.json["ticket"]


def stream(client, url: str, headers: dict | None = None) -> tuple[int, str]:
    """A stream's status and, for a 200, its text up to the first keep-alive (every event so far)."""
    response = client.get(url, headers=headers or {}, buffered=False)
    text = ""
    try:
        if response.status_code != 200:
            return response.status_code, response.get_data(as_text=True)
        for chunk in response.response:
            text += chunk.decode()
            if ": keep-alive" in text:
                break
    finally:
        response.close()
    return response.status_code, text


def test_a_ticket_opens_its_seats_stream_as_the_token_would(client):
    game_id, tokens = seated_game(client)
    ticket = ticket_for(client, game_id, tokens[1])

    by_ticket = stream(client, f"/v1/games/{game_id}/events/stream?ticket={ticket}")
    by_token = stream(client, f"/v1/games/{game_id}/events/stream", auth(tokens[1]))
    as_spectator = stream(client, f"/v1/games/{game_id}/events/stream")

    assert by_ticket == by_token
    assert by_ticket[0] == 200 and "event: GameStarted" in by_ticket[1]
    assert as_spectator[1] != by_ticket[1], "a seat sees its own hand; a spectator does not"


def test_a_ticket_opens_one_stream_only(client):
    game_id, tokens = seated_game(client)
    ticket = ticket_for(client, game_id, tokens[0])
    url = f"/v1/games/{game_id}/events/stream?ticket={ticket}"

    first, _ = stream(client, url)
    again = client.get(url)

    assert first == 200
    assert (again.status_code, again.content_type) == (401, PROBLEM)
    assert again.json["type"] == "/v1/problems/invalid-stream-ticket"
    assert again.headers["WWW-Authenticate"].startswith("Bearer")


def test_a_ticket_is_refused_by_another_game_and_still_opens_its_own(client):
    game_id, tokens = seated_game(client)
    other_id, _ = seated_game(client)
    ticket = ticket_for(client, game_id, tokens[0])

    elsewhere = client.get(f"/v1/games/{other_id}/events/stream?ticket={ticket}")
    home, _ = stream(client, f"/v1/games/{game_id}/events/stream?ticket={ticket}")

    assert elsewhere.status_code == 401 and elsewhere.json["type"] == "/v1/problems/invalid-stream-ticket"
    assert home == 200


def test_an_expired_ticket_is_refused(redis_url):
    app, client = make_client(redis_url, stream_ticket_seconds=0.05)
    game_id, tokens = seated_game(client)
    ticket = ticket_for(client, game_id, tokens[0])

    time.sleep(0.5)
    late = client.get(f"/v1/games/{game_id}/events/stream?ticket={ticket}")
    app.extensions["dogpark"].queue.empty()

    assert late.status_code == 401 and late.json["type"] == "/v1/problems/invalid-stream-ticket"


def test_a_made_up_ticket_is_refused(client):
    game_id, _ = seated_game(client)

    made_up = client.get(f"/v1/games/{game_id}/events/stream?ticket=not-a-ticket")

    assert made_up.status_code == 401 and made_up.content_type == PROBLEM


def test_a_ticket_is_for_a_seat_and_says_how_long_it_lasts_and_where_it_leads(client):
    game_id, tokens = seated_game(client)

    anonymous = client.post(f"/v1/games/{game_id}/stream-tickets")
    foreign = client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth("x" * 43))
    unknown = client.post("/v1/games/nope/stream-tickets", headers=auth(tokens[0]))
    issued = client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(tokens[2]))

    assert [r.status_code for r in (anonymous, foreign, unknown)] == [401, 401, 404]
    assert issued.json["expires_in"] == 60
    assert issued.json["stream"] == f"/v1/games/{game_id}/events/stream?ticket={issued.json['ticket']}"
    assert issued.headers["Cache-Control"] == "no-store"
    assert tokens[2] not in issued.get_data(as_text=True)


def test_a_ticket_is_stored_only_as_a_hash_and_expires_in_redis(client, redis):
    game_id, tokens = seated_game(client)

    ticket = ticket_for(client, game_id, tokens[0])
    keys = [k.decode() for k in redis.scan_iter(match=f"game:{{{game_id}}}:ticket:*")]

    assert len(keys) == 1 and ticket not in keys[0]
    assert 0 < redis.pttl(keys[0]) <= 60_000


def test_of_many_requests_racing_with_one_ticket_exactly_one_gets_the_seat(redis, game_id):
    ticket = issue_ticket(redis, game_id, 2, 60)
    seats: list[int | None] = []
    start = threading.Barrier(16)

    def redeem() -> None:
        start.wait()
        seats.append(redeem_ticket(redis, game_id, ticket))

    racers = [threading.Thread(target=redeem) for _ in range(16)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(30)

    assert sorted(seats, key=str) == [2] + [None] * 15


def test_a_seat_gets_a_bounded_number_of_tickets_a_minute(client):
    game_id, tokens = seated_game(client)

    # 30 a minute in fixed windows: whichever window edge the requests cross, 61 of them cannot all pass.
    answers = [client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(tokens[0])) for _ in range(61)]
    other_seat = client.post(f"/v1/games/{game_id}/stream-tickets", headers=auth(tokens[1]))
    refused = [a for a in answers if a.status_code == 429]

    assert {a.status_code for a in answers} == {201, 429}
    assert all(a.json["type"] == "/v1/problems/rate-limited" and int(a.headers["Retry-After"]) > 0 for a in refused)
    assert other_seat.status_code == 201


def test_a_tickets_lifetime_is_read_from_the_environment_and_must_be_above_zero(monkeypatch):
    monkeypatch.setenv("DOGPARK_STREAM_TICKET_SECONDS", "5")
    assert Settings.from_env().stream_ticket_seconds == 5

    monkeypatch.setenv("DOGPARK_STREAM_TICKET_SECONDS", "0")
    with pytest.raises(ValueError, match="stream_ticket_seconds"):
        Settings.from_env()
