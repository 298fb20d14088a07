"""A body sent as anything but JSON is a 415 that says what to send, on every request that takes a JSON body; a
request without a body needs no Content-Type."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient


@pytest.fixture(scope="module")
def client(module_client: FlaskClient) -> FlaskClient:
    """One app for the module's requests: each is answered from its body and headers alone."""
    return module_client


def felix(client: FlaskClient) -> str:
    return client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]


def seated(client: FlaskClient) -> tuple[str, dict[str, str], dict]:
    """A game whose seats are claimed: the seat to act's headers and its first legal move."""
    game_id = felix(client)
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(3)]
    headers = {"Authorization": f"Bearer {tokens[client.get(f'/v1/games/{game_id}').json['to_act'][0]]}"}
    return game_id, headers, client.get(f"/v1/games/{game_id}", headers=headers).json["legal_moves"][0]


def new_game(client: FlaskClient) -> tuple[str, dict, dict[str, str]]:
    return "/v1/games", {"type": "felix", "seats": [{"human": True}] * 3}, {}


def claim(client: FlaskClient) -> tuple[str, dict, dict[str, str]]:
    return f"/v1/games/{felix(client)}/seats/0", {"name": "Ana"}, {}


def command(client: FlaskClient) -> tuple[str, dict, dict[str, str]]:
    game_id, headers, move = seated(client)
    return f"/v1/games/{game_id}/commands", move, headers


def new_player(client: FlaskClient) -> tuple[str, dict, dict[str, str]]:
    return "/v1/players", {"name": "Ana"}, {}


def new_bot(client: FlaskClient) -> tuple[str, dict, dict[str, str]]:
    return "/v1/bots", {"name": "whiskers", "url": "https://bots.example.org/w", "games": ["felix"]}, {}


#: Every request that takes a JSON body: where it goes, a body it takes, and its headers.
TAKERS: dict[str, Callable[[FlaskClient], tuple[str, dict, dict[str, str]]]] = {
    "POST /v1/games": new_game,
    "POST /v1/games/{id}/seats/{seat}": claim,
    "POST /v1/games/{id}/commands": command,
    "POST /v1/players": new_player,
    "POST /v1/bots": new_bot,
}
#: How a body that is JSON is sent as something else: by a form, as text, with no type at all.
MISTYPED = {"form": "application/x-www-form-urlencoded", "text": "text/plain", "none": None}


@pytest.mark.parametrize("sent_as", MISTYPED)
@pytest.mark.parametrize("taker", TAKERS)
def test_a_json_body_sent_without_its_content_type_is_a_415_saying_what_to_send(client, taker, sent_as):
    path, body, headers = TAKERS[taker](client)
    environ = {"CONTENT_TYPE": MISTYPED[sent_as]} if MISTYPED[sent_as] else {}

    answer = client.post(path, data=json.dumps(body), headers=headers, environ_overrides=environ)

    assert answer.status_code == 415, answer.json
    assert answer.content_type == "application/problem+json"
    assert answer.json["type"] == "/v1/problems/unsupported-media-type"
    assert "Content-Type: application/json" in answer.json["detail"]
    assert client.get(answer.json["type"]).json["status"] == 415


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8"])
def test_a_json_body_with_a_json_content_type_is_taken(client, content_type):
    answer = client.post("/v1/players", data=json.dumps({"name": "Ana"}), content_type=content_type)

    assert answer.status_code == 201


def test_a_claim_without_a_body_needs_no_content_type(client):
    game_id = felix(client)

    claimed = client.post(f"/v1/games/{game_id}/seats/0")

    assert claimed.status_code == 201


def test_a_request_without_a_body_is_told_of_the_fields_it_misses_not_of_its_content_type(client):
    answer = client.post("/v1/players")

    assert answer.status_code == 422
    assert answer.json["errors"]["json"]["name"] == ["Missing data for required field."]
