"""POST, GET and DELETE /v1/bots through the app, with real bots answering on loopback."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from dogpark_client import BotServer
from flask.testing import FlaskClient

from examples.bots.felix import FelixBot
from service.core.config import Settings
from service.http.app import create_app
from tests.webhook_bots import serving

SECRET = "a-secret-of-the-authors-own-choosing-0123456789"


def make_client(redis_url: str, allow: tuple[str, ...]) -> FlaskClient:
    settings = Settings(
        redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off", webhook_allow=allow
    )
    return create_app(settings).test_client()


@pytest.fixture
def client(redis_url: str) -> Iterator[FlaskClient]:
    """The app, allowed to call bots on loopback; the bots a test registers are retired afterwards."""
    client = make_client(redis_url, ("127.0.0.0/8",))
    yield client
    bots = client.application.extensions["dogpark"].bots
    for bot in bots.all():
        if bot.name.startswith("test-"):
            bots.retire(bot.id)


@pytest.fixture
def kit_bot() -> Iterator[BotServer]:
    """The kit's webhook server running the example Felix bot, with SECRET."""
    server = BotServer(("127.0.0.1", 0), FelixBot, SECRET)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def name() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


def test_a_bot_that_passes_its_signed_ping_is_registered_and_its_secret_and_key_are_shown_once(client, kit_bot):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix", "felix"], "secret": SECRET, "description": "cats"}

    created = client.post("/v1/bots", json=body)
    bot = created.get_json()
    shown = client.get(f"/v1/bots/{bot['id']}").get_json()
    listed = client.get("/v1/bots", query_string={"type": "felix"}).get_json()["bots"]
    elsewhere = client.get("/v1/bots", query_string={"type": "dogs"}).get_json()["bots"]
    catalogue = {t["id"]: t for t in client.get("/v1/game-types").get_json()["game_types"]}

    assert created.status_code == 201, bot
    assert created.headers["Cache-Control"] == "no-store" and created.headers["Location"] == f"/v1/bots/{bot['id']}"
    assert bot["secret"] == SECRET and bot["key"] and bot["key"] != SECRET
    assert bot["games"] == ["felix"] and bot["timeout_seconds"] == 2.0 and bot["kind"] == "registered"
    assert shown == {**{k: v for k, v in bot.items() if k not in ("secret", "key", "url")}, "ratings": {}}
    assert shown in [{**b, "ratings": {}} for b in listed]
    assert {"name": "greedy", "kind": "builtin", "games": ["felix", "spots", "dogs", "dogslife"]} in listed
    assert bot["name"] not in [b["name"] for b in elsewhere]
    assert bot["name"] in catalogue["felix"]["registered_bots"]
    assert bot["name"] not in catalogue["dogs"]["registered_bots"]


def test_a_bot_given_its_own_secret_must_pass_the_pings_signature_check(client, kit_bot):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": "another-secret-" + "x" * 32}

    refused = client.post("/v1/bots", json=body)

    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert "401" in refused.get_json()["detail"]
    assert body["name"] not in [b["name"] for b in client.get("/v1/bots").get_json()["bots"]]


def test_without_a_secret_of_its_own_any_answer_to_the_ping_will_do_and_the_server_draws_one(client, kit_bot):
    # The kit refuses the ping (401): it cannot know a secret that is drawn only now. It answered in time, though.
    created = client.post("/v1/bots", json={"name": name(), "url": kit_bot.url, "games": ["felix"]})

    assert created.status_code == 201, created.get_json()
    assert len(created.get_json()["secret"]) == 64


def test_a_bot_that_does_not_answer_its_ping_in_time_is_refused_and_not_registered(client):
    with serving("silent", seconds=2) as bot:
        body = {"name": name(), "url": bot.url, "games": ["felix"], "timeout_seconds": 0.3}
        refused = client.post("/v1/bots", json=body)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert body["name"] not in [b["name"] for b in client.get("/v1/bots").get_json()["bots"]]


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "10.0.0.7", "169.254.169.254"])
def test_a_url_naming_or_resolving_to_a_private_range_is_refused_without_a_call(redis_url, host):
    client = make_client(redis_url, ())  # the default: no private range allowed
    with serving("first") as bot:
        port = bot.server_address[1]
        refused = client.post("/v1/bots", json={"name": name(), "url": f"http://{host}:{port}/", "games": ["felix"]})

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/url-not-allowed"
    assert bot.calls == []


@pytest.mark.parametrize("taken", ["greedy", "Random", "EASY"])
def test_a_bot_never_takes_a_built_in_bots_name(client, kit_bot, taken):
    refused = client.post("/v1/bots", json={"name": taken, "url": kit_bot.url, "games": ["dogs"]})

    assert refused.status_code == 409
    assert refused.get_json()["type"] == "/v1/problems/bot-name-taken"


def test_a_name_is_one_bots_whatever_its_case(client, kit_bot):
    first = name()
    client.post("/v1/bots", json={"name": first, "url": kit_bot.url, "games": ["felix"]})

    again = client.post("/v1/bots", json={"name": first.upper(), "url": kit_bot.url, "games": ["felix"]})

    assert again.status_code == 409


def test_a_bot_is_retired_with_its_key_and_nothing_else(client, kit_bot):
    bot = client.post("/v1/bots", json={"name": name(), "url": kit_bot.url, "games": ["felix"]}).get_json()
    path = f"/v1/bots/{bot['id']}"

    unkeyed = client.delete(path)
    wrong = client.delete(path, headers={"Authorization": f"Bearer {bot['key']}x"})
    secret = client.delete(path, headers={"Authorization": f"Bearer {bot['secret']}"})
    retired = client.delete(path, headers={"Authorization": f"Bearer {bot['key']}"})

    assert [r.status_code for r in (unkeyed, wrong, secret)] == [401, 401, 401]
    assert unkeyed.get_json()["type"] == "/v1/problems/invalid-bot-key"
    assert retired.status_code == 204
    assert client.get(path).status_code == 404
    assert client.delete(path, headers={"Authorization": f"Bearer {bot['key']}"}).status_code == 404


@pytest.mark.parametrize(
    "change",
    [
        {"timeout_seconds": 31},
        {"timeout_seconds": 0},
        {"games": ["chess"]},
        {"games": []},
        {"name": "has space"},
        {"secret": "too short"},
        {"url": ""},
    ],
)
def test_a_body_outside_the_schema_is_refused(client, change):
    body = {"name": name(), "url": "http://127.0.0.1:9/", "games": ["felix"], **change}

    refused = client.post("/v1/bots", json=body)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/invalid-request"


def test_an_unknown_bot_is_not_found(client):
    assert client.get("/v1/bots/nobody").status_code == 404
