"""Bodies the API refuses before any endpoint sees them: too large, nested too deep, not Unicode text."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from events.envelope import GENESIS
from events.store import RedisStore
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.bodies import MAX_DEPTH


def felix_for_three(client) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(3)]


def post_text(client, path: str, text: str, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(path, data=text.encode(), content_type="application/json", headers=headers)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_body_over_the_limit_is_a_413_problem_and_one_at_the_limit_is_read(client):
    limit = Settings().max_body_bytes
    padding = '{"type": "felix", "seats": [], "pad": "%s"}'
    at_limit = padding % ("x" * (limit - len(padding % "")))
    over = padding % ("x" * (limit + 1 - len(padding % "")))

    refused = post_text(client, "/v1/games", over)
    read = post_text(client, "/v1/games", at_limit)

    assert (len(at_limit), len(over)) == (limit, limit + 1)
    assert refused.status_code == 413 and refused.content_type == PROBLEM
    assert read.status_code == 422 and "pad" in read.json["errors"]["json"]


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1_000, 30_000])  # 30,000: within the size limit
def test_json_nested_deeper_than_the_limit_is_a_400_problem_on_every_body(client, depth):
    game_id, tokens = felix_for_three(client)
    commands = f"/v1/games/{game_id}/commands"

    # Each body nests exactly ``depth`` objects and arrays, its own object included.
    responses = [
        post_text(client, "/v1/games", f'{{"type": "felix", "options": {{"x": {nested(depth - 2)}}}, "seats": []}}'),
        post_text(client, f"/v1/games/{game_id}/seats/0", f'{{"name": {nested(depth - 1)}}}'),
        post_text(client, commands, f'{{"command": {{"type": "Pass", "x": {nested(depth - 2)}}}}}', tokens[0]),
    ]

    assert [(r.status_code, r.content_type) for r in responses] == [(400, PROBLEM)] * 3
    assert all("nested deeper" in r.json["errors"]["json"][0] for r in responses)


def test_json_nested_up_to_the_limit_reaches_the_schema(client):
    at_limit = f'{{"type": "felix", "options": {{"x": {nested(MAX_DEPTH - 2)}}}, "seats": []}}'

    response = post_text(client, "/v1/games", at_limit)

    assert response.status_code == 422 and "seats" in response.json["errors"]["json"]


@pytest.mark.parametrize(
    "where",
    [
        "a seat's name at creation",
        "a claim's name",
        "a command's field",
        "a command's field, escaped in capitals",
        "a command's field name",
        "an option",
    ],
)
def test_a_lone_surrogate_anywhere_in_a_body_is_a_400_problem_and_stores_nothing(client, where):
    game_id, tokens = felix_for_three(client)
    open_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    version = client.get(f"/v1/games/{game_id}").json["version"]
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    path, text, token = {
        "a seat's name at creation": (
            "/v1/games", '{"type": "felix", "seats": [{"human": true, "name": "\\ud800"}]}', None
        ),
        "a claim's name": (f"/v1/games/{open_id}/seats/0", '{"name": "Ana \\udfff"}', None),
        "a command's field": (
            f"/v1/games/{game_id}/commands", '{"command": {"type": "PlayCard", "card": "\\ud83d"}}', tokens[seat]
        ),
        "a command's field, escaped in capitals": (
            f"/v1/games/{game_id}/commands", '{"command": {"type": "PlayCard", "card": "\\uDBFF"}}', tokens[seat]
        ),
        "a command's field name": (
            f"/v1/games/{game_id}/commands", '{"command": {"type": "Pass", "\\udc00": 1}}', tokens[seat]
        ),
        "an option": ("/v1/games", '{"type": "felix", "options": {"\\ud800x": 1}, "seats": []}', None),
    }[where]

    response = post_text(client, path, text, token)

    assert response.status_code == 400 and response.content_type == PROBLEM
    assert "surrogate" in response.json["errors"]["json"][0]
    assert client.get(f"/v1/games/{game_id}").json["version"] == version
    assert client.get(f"/v1/games/{open_id}").json["seats"][0]["claimed"] is False


def test_an_escaped_surrogate_pair_is_a_character_like_any_other(client):
    seat = '{"human": true, "name": "\\ud83d\\udc36"}'

    created = post_text(client, "/v1/games", f'{{"type": "felix", "seats": [{seat}, {seat}, {seat}]}}')

    assert created.status_code == 201 and created.json["seats"][0]["name"] == "\U0001f436"


def test_the_store_refuses_an_event_that_is_not_unicode_text_and_writes_nothing(redis, game_id):
    store = RedisStore(redis)

    with pytest.raises(ValidationError, match="Unicode"):
        store.append(game_id, 0, GENESIS, "c1", [{"type": "Named", "data": {"name": "\ud800"}}], {"kind": "system"})
    assert store.version(game_id) == 0
