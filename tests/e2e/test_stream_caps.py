"""Through gunicorn: the caps on open event streams (service/streams/places.py), counted across its two web processes.

The stack trusts one proxy, so that each test speaks from addresses of its own (X-Forwarded-For), and has small caps,
so that reaching them is quick: 3 streams an address, 2 a seat's token, 2 spectators a game. Its keep-alive period is
short (1 s): a stream whose client hung up ends, and gives its places back, at its next keep-alive.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import requests

from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for

CAPS = {"DOGPARK_STREAMS_PER_ADDRESS": "3", "DOGPARK_STREAMS_PER_TOKEN": "2", "DOGPARK_SPECTATORS_PER_GAME": "2"}


@pytest.fixture(scope="module")
def capped(redis_url: str) -> Iterator[Stack]:
    """Two web processes, no RQ worker, small caps, one trusted proxy."""
    env = {**CAPS, "DOGPARK_KEEPALIVE_SECONDS": "1", "DOGPARK_WEB_WORKERS": "2", "DOGPARK_TRUSTED_PROXIES": "1"}
    env["DOGPARK_CREATE_RATE"] = "off"
    with e2e_stack(redis_url, "e2e-caps", 0, env) as running:
        yield running


def an_address() -> str:
    """A client address no other test uses."""
    number = uuid.uuid4().int
    return f"10.{number % 251}.{number // 251 % 251}.{number // 63001 % 251}"


def open_game(base: str) -> tuple[str, list[str]]:
    """A game of Felix with its three seats claimed: its id and their tokens."""
    created = requests.post(f"{base}/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, timeout=30)
    game_id = created.json()["id"]
    claim = f"{base}/v1/games/{game_id}/seats/{{}}"
    return game_id, [requests.post(claim.format(seat), timeout=30).json()["token"] for seat in range(3)]


def stream(base: str, game_id: str, address: str, token: str | None = None) -> requests.Response:
    """The game's stream, opened from ``address`` (with a seat's token, given one); left open until closed."""
    headers = {"X-Forwarded-For": address, **({"Authorization": f"Bearer {token}"} if token else {})}
    return requests.get(f"{base}/v1/games/{game_id}/events/stream", headers=headers, stream=True, timeout=(10, 30))


def test_an_address_past_its_streams_is_answered_429_until_one_of_them_closes(capped):
    base, address = capped.url, an_address()
    games = [open_game(base)[0] for _ in range(4)]
    held = [stream(base, game_id, address) for game_id in games[:3]]

    refused = stream(base, games[3], address)
    elsewhere = stream(base, games[3], an_address())
    held[0].close()
    # The place is given back as the server sees the stream close: at its next keep-alive.
    again = wait_for(lambda: (s := stream(base, games[3], address)).status_code == 200 and s, 10, "a freed place")

    assert [s.status_code for s in held] == [200, 200, 200]
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.json()["type"] == "/v1/problems/too-many-streams"
    assert (refused.json()["cap"], refused.json()["limit"]) == ("address", 3)
    assert elsewhere.status_code == 200, "another address is not refused"
    for response in [*held, refused, elsewhere, again]:
        response.close()


def test_a_seats_stream_opens_while_spectators_fill_its_game(capped):
    base = capped.url
    game_id, tokens = open_game(base)
    spectators = [stream(base, game_id, an_address()) for _ in range(3)]

    seats = [stream(base, game_id, an_address(), token) for token in tokens]

    assert [s.status_code for s in spectators] == [200, 200, 429]
    assert spectators[2].json()["cap"] == "spectators"
    assert [s.status_code for s in seats] == [200, 200, 200]
    assert all(s.raw.read(6) == b"retry:" for s in seats)
    for response in [*spectators, *seats]:
        response.close()


def test_a_seats_token_holds_no_more_streams_than_its_cap_from_any_address(capped):
    base = capped.url
    game_id, tokens = open_game(base)

    opened = [stream(base, game_id, an_address(), tokens[0]) for _ in range(3)]
    other_seat = stream(base, game_id, an_address(), tokens[1])

    assert [s.status_code for s in opened] == [200, 200, 429]
    assert opened[2].json()["cap"] == "token"
    assert other_seat.status_code == 200
    for response in [*opened, other_seat]:
        response.close()
