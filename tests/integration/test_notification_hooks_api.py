"""Registering, listing and deleting notification webhooks over the API, against the real Redis: the secret shown
once, the URL checked as a webhook bot's is, at most 5 a player, and every refusal a problem document."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app

PATH = "/v1/players/me/notification-hooks"


def make_client(redis_url: str, **settings: object) -> FlaskClient:
    """An app on the test Redis whose webhook calls may go to loopback."""
    app = create_app(
        Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", webhook_allow=("loopback",), **settings)
    )
    return app.test_client()


def new_address() -> str:
    """An address no other test counts against (the counters live in the shared test Redis)."""
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


@pytest.fixture
def client(redis_url: str) -> FlaskClient:
    return make_client(redis_url, create_rate="off")


@pytest.fixture
def players(client: FlaskClient, redis) -> Iterator[list[dict[str, str]]]:
    """Two players' Authorization headers; their hooks are deleted after the test."""
    made = [client.post("/v1/players", json={"name": name}).json for name in ("Ana", "Bo")]
    yield [{"Authorization": f"Bearer {player['token']}"} for player in made]
    redis.delete(*(f"player:{{{player['id']}}}:notification-hooks" for player in made))


def test_a_registered_hook_shows_its_secret_once_and_is_listed_without_it(client, players):
    ana = players[0]

    created = client.post(PATH, json={"url": "http://127.0.0.1:9100/ana"}, headers=ana)
    listed = client.get(PATH, headers=ana)

    hook = created.json
    assert created.status_code == 201
    assert created.headers["Cache-Control"] == "no-store"
    assert created.headers["Location"] == f"{PATH}/{hook['id']}"
    assert set(hook) == {"id", "url", "secret", "created"} and len(hook["secret"]) == 64
    assert listed.status_code == 200
    shown = {"id": hook["id"], "url": "http://127.0.0.1:9100/ana", "created": hook["created"]}
    assert listed.json == {"hooks": [shown]}


def test_a_deleted_hook_is_no_longer_listed_and_deleting_it_again_is_404(client, players):
    ana = players[0]
    first = client.post(PATH, json={"url": "http://127.0.0.1:9100/1"}, headers=ana).json
    second = client.post(PATH, json={"url": "http://127.0.0.1:9100/2"}, headers=ana).json

    deleted = client.delete(f"{PATH}/{first['id']}", headers=ana)
    again = client.delete(f"{PATH}/{first['id']}", headers=ana)

    assert deleted.status_code == 204
    assert [hook["id"] for hook in client.get(PATH, headers=ana).json["hooks"]] == [second["id"]]
    assert again.status_code == 404 and again.content_type == PROBLEM
    assert again.json["type"] == "/v1/problems/not-found"


def test_a_player_neither_sees_nor_deletes_another_players_hooks(client, players):
    ana, bo = players
    hook = client.post(PATH, json={"url": "http://127.0.0.1:9100/ana"}, headers=ana).json

    seen = client.get(PATH, headers=bo).json
    deleted = client.delete(f"{PATH}/{hook['id']}", headers=bo)

    assert seen == {"hooks": []}
    assert deleted.status_code == 404
    assert len(client.get(PATH, headers=ana).json["hooks"]) == 1


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("ftp://127.0.0.1/hook", "http:// or https://"),
        ("https://ana:secret@127.0.0.1/hook", "user name or password"),
        ("http://8.8.8.8/hook", "must be https://"),
        ("https://10.1.2.3/hook", "10.1.2.3 resolves to 10.1.2.3, which this server does not call"),
        ("https://169.254.169.254/latest", "which this server does not call"),
    ],
)
def test_a_url_this_server_does_not_call_is_a_422_problem(client, players, url, why):
    answer = client.post(PATH, json={"url": url}, headers=players[0])

    assert answer.status_code == 422 and answer.content_type == PROBLEM
    assert answer.json["type"] == "/v1/problems/hook-url-not-allowed"
    assert answer.json["title"] == "Notification Hook URL Not Allowed"
    assert why in answer.json["detail"]
    assert client.get(PATH, headers=players[0]).json == {"hooks": []}


@pytest.mark.parametrize("body", [{}, {"url": ""}, {"url": "https://127.0.0.1/", "secret": "mine"}, {"url": 7}])
def test_a_body_that_is_not_a_hook_is_a_422_problem(client, players, body):
    answer = client.post(PATH, json=body, headers=players[0])

    assert answer.status_code == 422 and answer.content_type == PROBLEM
    assert answer.json["type"] == "/v1/problems/invalid-request"


def test_a_sixth_hook_is_a_409_problem_and_registers_nothing(client, players):
    ana = players[0]
    made = [client.post(PATH, json={"url": f"http://127.0.0.1:9100/{n}"}, headers=ana) for n in range(6)]

    assert [answer.status_code for answer in made] == [201] * 5 + [409]
    assert made[5].content_type == PROBLEM
    assert made[5].json["type"] == "/v1/problems/too-many-notification-hooks"
    assert made[5].json["limit"] == 5
    assert len(client.get(PATH, headers=ana).json["hooks"]) == 5


def test_the_problems_title_is_in_the_callers_language(client, players):
    answer = client.post(PATH, json={"url": "ftp://x/"}, headers={**players[0], "Accept-Language": "uk"})

    assert answer.json["title"] == "Адресу вебхука сповіщень не дозволено"
    assert answer.json["detail_en"].startswith("the URL must be")


@pytest.mark.parametrize(("method", "path"), [("POST", PATH), ("GET", PATH), ("DELETE", f"{PATH}/0123456789abcdef")])
@pytest.mark.parametrize("token", [None, "not-a-token"])
def test_without_a_player_token_every_route_is_a_401_problem(client, method, path, token):
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}

    answer = client.open(path, method=method, json={"url": "http://127.0.0.1:9100/"}, headers=headers)

    assert answer.status_code == 401 and answer.content_type == PROBLEM
    assert answer.json["type"] == "/v1/problems/unauthorized"


def test_registrations_count_against_the_addresss_creation_rate(redis_url, redis):
    client = make_client(redis_url, create_rate="2 per 60")
    address = {"REMOTE_ADDR": new_address()}
    player = client.post("/v1/players", json={"name": "Ana"}, environ_base=address).json
    headers = {"Authorization": f"Bearer {player['token']}"}

    answers = [
        client.post(PATH, json={"url": "http://127.0.0.1:9100/"}, headers=headers, environ_base=address)
        for _ in range(2)
    ]

    assert [answer.status_code for answer in answers] == [201, 429]
    assert answers[1].content_type == PROBLEM and answers[1].headers["Retry-After"]
    redis.delete(f"player:{{{player['id']}}}:notification-hooks")
