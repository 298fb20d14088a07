"""POST, GET, PATCH and DELETE /v1/bots through the app, with real bots answering on loopback."""

from __future__ import annotations

import socket
import threading
import uuid
from collections.abc import Iterator

import pytest
from dogpark_client import BotServer
from flask.testing import FlaskClient

from events.tokens import new_token, token_hash
from examples.bots.felix import FelixBot
from service.core.config import Settings
from service.http.app import create_app
from tests.webhook_bots import SECRET as TEST_BOTS_SECRET
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
    client = make_client(redis_url, ("loopback",))
    yield client
    bots = client.application.extensions["dogpark"].bots
    for bot in every_registered(client):
        if bot.name.startswith("test-"):
            bots.retire(bot.id)


def every_registered(client: FlaskClient) -> list:
    bots = client.application.extensions["dogpark"].bots
    found, cursor = bots.page(None, 200)
    while cursor is not None:
        more, cursor = bots.page(None, 200, cursor)
        found += more
    return found


def new_player(client: FlaskClient) -> dict[str, str]:
    """The Authorization header of a new player."""
    token = client.post("/v1/players", json={"name": "Ana"}).get_json()["token"]
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def ana(client: FlaskClient) -> dict[str, str]:
    return new_player(client)


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


def listed_names(client: FlaskClient, game: str | None = None) -> list[str]:
    """The names of the registered bots GET /v1/bots lists, page after page."""
    query = {"limit": 50} | ({"type": game} if game else {})
    pages = [client.get("/v1/bots", query_string=query).get_json()]
    while pages[-1]["next"] is not None:
        pages.append(client.get("/v1/bots", query_string={**query, "cursor": pages[-1]["next"]}).get_json())
    return [bot["name"] for page in pages for bot in page["bots"] if bot["kind"] == "registered"]


def test_a_bot_that_answers_its_challenge_is_registered_as_the_players_and_shown_without_its_secret(
    client, kit_bot, ana
):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix", "felix"], "secret": SECRET, "description": "cats"}

    created = client.post("/v1/bots", json=body, headers=ana)
    bot = created.get_json()
    shown = client.get(f"/v1/bots/{bot['id']}").get_json()
    first = client.get("/v1/bots", query_string={"type": "felix"}).get_json()
    catalogue = {t["id"]: t for t in client.get("/v1/game-types").get_json()["game_types"]}

    assert created.status_code == 201, bot
    assert created.headers["Cache-Control"] == "no-store" and created.headers["Location"] == f"/v1/bots/{bot['id']}"
    assert bot["url"] == kit_bot.url and "secret" not in bot and "key" not in bot
    assert bot["games"] == ["felix"] and bot["timeout_seconds"] == 2.0 and bot["kind"] == "registered"
    assert shown == {**{k: v for k, v in bot.items() if k != "url"}, "ratings": {}}
    assert {"name": "greedy", "kind": "builtin", "games": ["felix", "spots", "dogs", "dogslife"]} in first["bots"]
    assert bot["name"] in listed_names(client, "felix") and bot["name"] in listed_names(client)
    assert bot["name"] not in listed_names(client, "dogs")
    # The catalogue names a game's first page of registered bots.
    assert catalogue["felix"]["registered_bots"] == [b["name"] for b in first["bots"] if b["kind"] == "registered"]
    assert bot["name"] not in catalogue["dogs"]["registered_bots"]


def test_registration_needs_a_players_token(client, kit_bot):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": SECRET}

    anonymous = client.post("/v1/bots", json=body)
    forged = client.post("/v1/bots", json=body, headers={"Authorization": f"Bearer {new_token()}"})

    assert [anonymous.status_code, forged.status_code] == [401, 401]
    assert anonymous.get_json()["type"] == forged.get_json()["type"] == "/v1/problems/unauthorized"
    assert body["name"] not in listed_names(client)


def test_a_bot_needs_a_secret_of_its_authors_to_answer_its_challenge_with(client, kit_bot, ana):
    refused = client.post("/v1/bots", json={"name": name(), "url": kit_bot.url, "games": ["felix"]}, headers=ana)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/invalid-request"
    assert "secret" in refused.get_json()["errors"]["json"]


def test_a_bot_started_with_another_secret_fails_its_challenge_and_is_not_registered(client, kit_bot, ana):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": "another-secret-" + "x" * 32}

    refused = client.post("/v1/bots", json=body, headers=ana)

    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert body["name"] not in listed_names(client)


def test_a_redirect_to_a_bot_that_would_answer_is_not_followed(client, kit_bot, ana):
    with serving("redirect", location=kit_bot.url) as redirector:
        body = {"name": name(), "url": redirector.url, "games": ["felix"], "secret": SECRET}
        refused = client.post("/v1/bots", json=body, headers=ana)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert [call["kind"] for call in redirector.calls] == ["challenge"]


@pytest.mark.parametrize("behaviour", ["echo", "unsigned"])
def test_only_the_challenge_echoed_and_signed_with_the_secret_registers_a_bot(client, ana, behaviour):
    # "echo" sends the signed call back as it came: a signature of the server's own, over the call, not an answer.
    with serving(behaviour) as bot:
        body = {"name": name(), "url": bot.url, "games": ["felix"], "secret": TEST_BOTS_SECRET}
        answered = client.post("/v1/bots", json=body, headers=ana)
    with serving("first") as good:
        passed = client.post("/v1/bots", json={**body, "name": name(), "url": good.url}, headers=ana)

    assert answered.status_code == 422
    assert answered.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert bot.calls[0]["kind"] == "challenge"
    assert passed.status_code == 201, passed.get_json()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nobody listens once the probe closes


def test_a_refused_or_unreachable_url_gets_one_message_that_does_not_say_why(redis_url):
    loopback = make_client(redis_url, ("loopback",))
    public_only = make_client(redis_url, ())
    token = new_player(loopback)
    answers = {}

    def register(client: FlaskClient, url: str, secret: str = TEST_BOTS_SECRET) -> tuple[int, str, str]:
        body = {"name": name(), "url": url, "games": ["felix"], "secret": secret, "timeout_seconds": 0.5}
        answer = client.post("/v1/bots", json=body, headers=token).get_json()
        return answer["status"], answer["type"], answer["detail"]

    with serving("echo") as wrong, serving("silent", seconds=2) as silent, serving("first") as good:
        answers["a closed loopback port"] = register(loopback, f"http://127.0.0.1:{closed_port()}/")
        answers["an open port answering otherwise"] = register(loopback, wrong.url)
        answers["an open port whose bot holds another secret"] = register(loopback, good.url, secret=SECRET)
        answers["a timeout"] = register(loopback, silent.url)
        answers["an open loopback port, refused"] = register(public_only, good.url)
        answers["a closed loopback port, refused"] = register(public_only, f"http://127.0.0.1:{closed_port()}/")
        answers["a name resolving to loopback"] = register(public_only, f"http://localhost:{good.server_port}/")
        answers["a private address"] = register(public_only, "http://10.0.0.7/bot")
        answers["a metadata service"] = register(public_only, "http://169.254.169.254/latest")

    assert len(set(answers.values())) == 1, answers
    assert next(iter(answers.values()))[:2] == (422, "/v1/problems/bot-did-not-answer")


@pytest.mark.parametrize(
    ("url", "why"),
    [("ftp://example.org/bot", "http"), ("http://user:pw@example.org/", "user name"), ("http:///bot", "no host")],
)
def test_a_url_that_cannot_name_a_bot_is_refused_for_its_form_alone_without_a_call(client, ana, url, why):
    refused = client.post(
        "/v1/bots", json={"name": name(), "url": url, "games": ["felix"], "secret": SECRET}, headers=ana
    )

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/url-not-allowed"
    assert why in refused.get_json()["detail"]


@pytest.mark.parametrize("taken", ["greedy", "Random", "EASY"])
def test_a_bot_never_takes_a_built_in_bots_name(client, kit_bot, ana, taken):
    body = {"name": taken, "url": kit_bot.url, "games": ["dogs"], "secret": SECRET}

    refused = client.post("/v1/bots", json=body, headers=ana)

    assert refused.status_code == 409
    assert refused.get_json()["type"] == "/v1/problems/bot-name-taken"


def test_a_name_is_one_bots_whatever_its_case(client, kit_bot, ana):
    first = name()
    client.post("/v1/bots", json={"name": first, "url": kit_bot.url, "games": ["felix"], "secret": SECRET}, headers=ana)

    again = client.post(
        "/v1/bots", json={"name": first.upper(), "url": kit_bot.url, "games": ["felix"], "secret": SECRET}, headers=ana
    )

    assert again.status_code == 409


def test_only_the_player_who_registered_a_bot_changes_or_retires_it(client, kit_bot, ana):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": SECRET}
    bot = client.post("/v1/bots", json=body, headers=ana).get_json()
    path = f"/v1/bots/{bot['id']}"
    bob = new_player(client)

    answers = {
        "nobody changes": client.patch(path, json={"timeout_seconds": 5}),
        "bob changes": client.patch(path, json={"timeout_seconds": 5}, headers=bob),
        "nobody retires": client.delete(path),
        "bob retires": client.delete(path, headers=bob),
        "a made-up token retires": client.delete(path, headers={"Authorization": f"Bearer {new_token()}"}),
    }

    assert {what: answer.status_code for what, answer in answers.items()} == {
        "nobody changes": 401,
        "bob changes": 403,
        "nobody retires": 401,
        "bob retires": 403,
        "a made-up token retires": 401,
    }
    assert answers["bob retires"].get_json()["type"] == "/v1/problems/not-your-bot"
    assert client.get(path).get_json()["timeout_seconds"] == 2.0
    assert client.delete(path, headers=ana).status_code == 204
    assert client.get(path).status_code == 404
    assert client.delete(path, headers=ana).status_code == 404


def test_its_owner_changes_a_bot_that_answers_the_challenge_as_changed_and_nothing_else(client, kit_bot, ana):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": SECRET}
    bot = client.post("/v1/bots", json=body, headers=ana).get_json()
    path = f"/v1/bots/{bot['id']}"
    registry = client.application.extensions["dogpark"].bots
    ratings = client.application.extensions["dogpark"].ratings
    ratings.rate("test-game", "felix", [(f"bot:{bot['id']}", 1), ("builtin:random", 2)])

    with serving("first") as moved:
        wrong_secret = client.patch(path, json={"url": moved.url}, headers=ana)
        changed = client.patch(
            path,
            json={
                "url": moved.url,
                "secret": TEST_BOTS_SECRET,
                "games": ["dogs"],
                "timeout_seconds": 3,
                "description": "x",
            },
            headers=ana,
        )
        recheck = client.patch(path, json={}, headers=ana)
    gone = client.patch(path, json={}, headers=ana)
    renamed = client.patch(path, json={"name": "another"}, headers=ana)

    assert wrong_secret.status_code == 422
    assert wrong_secret.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert changed.status_code == 200, changed.get_json()
    assert changed.get_json() == {
        **bot,
        "url": moved.url,
        "games": ["dogs"],
        "timeout_seconds": 3.0,
        "description": "x",
    }
    assert [call["kind"] for call in moved.calls] == ["challenge", "challenge", "challenge"]
    assert recheck.status_code == 200
    assert gone.status_code == 422, "the bot's server has stopped: it no longer answers"
    assert renamed.status_code == 422 and renamed.get_json()["type"] == "/v1/problems/invalid-request"
    kept = registry.get(bot["id"])
    assert (kept.url, kept.secret, kept.games) == (moved.url, TEST_BOTS_SECRET, ["dogs"])
    assert ratings.ratings_of(f"bot:{bot['id']}", ["felix"]) == {}, "a game it no longer plays drops its rating"
    assert bot["name"] not in listed_names(client, "felix") and bot["name"] in listed_names(client, "dogs")


def test_a_bot_registered_before_bots_had_owners_is_still_retired_with_its_key_alone(client, ana):
    registry = client.application.extensions["dogpark"].bots
    bot = registry.register(name(), "https://bots.example.org/w", "", ["felix"], 2.0, SECRET, owner="nobody")
    key = new_token()
    # As a registration of before kept it: a key's hash, no owner.
    registry.redis.hdel(f"{registry.tag}:bot:{bot.id}", "owner")
    registry.redis.hset(f"{registry.tag}:bot:{bot.id}", "key_sha256", token_hash(key))
    path = f"/v1/bots/{bot.id}"

    by_a_player = client.delete(path, headers=ana)
    changed = client.patch(path, json={}, headers=ana)
    wrong_key = client.delete(path, headers={"Authorization": f"Bearer {key}x"})
    retired = client.delete(path, headers={"Authorization": f"Bearer {key}"})

    assert [by_a_player.status_code, changed.status_code, wrong_key.status_code] == [403, 403, 401]
    assert wrong_key.get_json()["type"] == "/v1/problems/invalid-bot-key"
    assert retired.status_code == 204
    assert client.get(path).status_code == 404


def test_the_registry_is_listed_a_page_at_a_time_each_bot_once_oldest_first(client):
    registry = client.application.extensions["dogpark"].bots
    mine = [
        registry.register(name(), "https://bots.example.org/w", "", games, 2.0, SECRET, owner="ana")
        for games in (["felix"], ["dogs"], ["felix", "dogs"], ["felix"], ["spots"])
    ]

    def every_page(game: str | None) -> list[dict]:
        query: dict = {"limit": 2} | ({"type": game} if game else {})
        pages = [client.get("/v1/bots", query_string=query).get_json()]
        while pages[-1]["next"] is not None:
            pages.append(client.get("/v1/bots", query_string={**query, "cursor": pages[-1]["next"]}).get_json())
        return pages

    every, felix = every_page(None), every_page("felix")
    registered = [b["id"] for page in every for b in page["bots"] if b["kind"] == "registered"]
    felix_ids = [b["id"] for page in felix for b in page["bots"] if b["kind"] == "registered"]

    assert all(len([b for b in page["bots"] if b["kind"] == "registered"]) <= 2 for page in every)
    assert [b["kind"] for page in every[1:] for b in page["bots"]] == ["registered"] * (len(registered) - 2)
    assert len(registered) == len(set(registered))
    assert [i for i in registered if i in {b.id for b in mine}] == [b.id for b in mine]
    assert [i for i in felix_ids if i in {b.id for b in mine}] == [mine[0].id, mine[2].id, mine[3].id]
    for bot in mine:
        registry.retire(bot.id)


@pytest.mark.parametrize(
    "query", [{"limit": 0}, {"limit": 201}, {"cursor": "x"}, {"cursor": "1.5:XYZ"}, {"type": "chess"}]
)
def test_a_page_outside_the_query_schema_is_refused(client, query):
    refused = client.get("/v1/bots", query_string=query)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/invalid-request"


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
def test_a_body_outside_the_schema_is_refused(client, ana, change):
    body = {"name": name(), "url": "http://127.0.0.1:9/", "games": ["felix"], "secret": SECRET, **change}

    refused = client.post("/v1/bots", json=body, headers=ana)

    assert refused.status_code == 422
    assert refused.get_json()["type"] == "/v1/problems/invalid-request"


def test_an_unknown_bot_is_not_found(client, ana):
    assert client.get("/v1/bots/nobody").status_code == 404
    assert client.patch("/v1/bots/nobody", json={}, headers=ana).status_code == 404
    assert client.delete("/v1/bots/nobody", headers=ana).status_code == 404


def suspend(client: FlaskClient, bot_id: str) -> None:
    """Time out the bot's calls in a row until it is suspended, as the webhook worker counts them."""
    svc = client.application.extensions["dogpark"]
    limit = svc.settings.webhook_suspend_after
    for _ in range(limit):
        svc.bots.end_call(bot_id, svc.bots.take_call(bot_id, 8, 30), timed_out=True, suspend_after=limit)


def test_a_suspended_bot_takes_no_seat_until_its_owner_changes_it_and_it_answers_its_challenge(client, kit_bot, ana):
    body = {"name": name(), "url": kit_bot.url, "games": ["felix"], "secret": SECRET}
    bot = client.post("/v1/bots", json=body, headers=ana).get_json()
    seats = {"type": "felix", "seats": [{"bot": bot["name"]}, {"human": True}, {"human": True}]}
    suspend(client, bot["id"])

    shown = client.get(f"/v1/bots/{bot['id']}").get_json()
    refused = client.post("/v1/games", json=seats)
    anothers = client.patch(f"/v1/bots/{bot['id']}", json={}, headers=new_player(client))
    pinged = client.patch(f"/v1/bots/{bot['id']}", json={}, headers=ana)
    seated = client.post("/v1/games", json=seats)

    assert shown["suspended"] is True
    assert refused.status_code == 422 and refused.get_json()["type"] == "/v1/problems/bot-suspended"
    assert refused.get_json()["bots"] == [bot["name"]]
    assert anothers.status_code == 403
    assert pinged.status_code == 200 and pinged.get_json()["suspended"] is False
    assert client.get(f"/v1/bots/{bot['id']}").get_json()["suspended"] is False
    assert seated.status_code == 201


def test_a_suspended_bot_that_does_not_answer_its_challenge_stays_suspended(client, ana):
    server = BotServer(("127.0.0.1", 0), FelixBot, SECRET)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    body = {"name": name(), "url": server.url, "games": ["felix"], "secret": SECRET}
    bot = client.post("/v1/bots", json=body, headers=ana).get_json()
    server.shutdown()
    server.server_close()
    suspend(client, bot["id"])

    # The bot is gone from its address.
    pinged = client.patch(f"/v1/bots/{bot['id']}", json={}, headers=ana)

    assert pinged.status_code == 422 and pinged.get_json()["type"] == "/v1/problems/bot-did-not-answer"
    assert client.get(f"/v1/bots/{bot['id']}").get_json()["suspended"] is True
