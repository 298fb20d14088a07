"""Problem types: every problem the API sends has a type of its own, and that type resolves to its page."""

from __future__ import annotations

import dataclasses
import socket
import uuid
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from werkzeug.test import TestResponse

from service.core.config import Settings
from service.core.problems import KINDS, PROBLEM
from service.http.app import create_app
from service.http.client_connections import EXTENSION
from service.ops.processes import free_port
from tests.integration.players import auth


@pytest.fixture
def make_app(redis_url: str) -> Iterator[Callable[..., Flask]]:
    """Apps on the test Redis with settings overridden; their queues are emptied afterwards."""
    apps = []

    def make(**overrides) -> Flask:
        settings = Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off")
        apps.append(create_app(dataclasses.replace(settings, **overrides)))
        return apps[-1]

    yield make
    for app in apps:
        app.extensions["dogpark.fanout"].stop()
        if app.extensions["dogpark"].settings.redis_url == redis_url:
            app.extensions["dogpark"].queue.empty()


def seated_game(client: FlaskClient, seats: int = 3) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * seats}).json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(seats)]


def rated_game(client: FlaskClient) -> str:
    """A rated game with a seat open, which only a player token claims."""
    seats = [{"human": True}, {"bot": "random"}, {"bot": "random"}]
    return client.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True}).json["id"]


def every_kind_of_problem(make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch) -> dict[str, TestResponse]:
    """One response of each kind of problem the API sends, provoked over HTTP, by the kind expected."""
    app = make_app()
    client = app.test_client()
    game_id, tokens = seated_game(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
    commands = f"/v1/games/{game_id}/commands"
    answers = {
        "bad-request": client.post("/v1/games", data="{not json", content_type="application/json"),
        "unauthorized": client.post(commands, json=move),
        "invalid-stream-ticket": client.get(f"/v1/games/{game_id}/events/stream?ticket=made-up"),
        "not-your-turn": client.post(commands, json=move, headers=auth(tokens[(seat + 1) % 3])),
        "not-found": client.get("/v1/games/nope"),
        "method-not-allowed": client.delete("/v1/games"),
        "stale-version": client.post(commands, json={**move, "expected_version": 1}, headers=auth(tokens[seat])),
        "seat-taken": client.post(f"/v1/games/{game_id}/seats/0"),
        "game-not-over": client.get(f"/v1/games/{game_id}/audit"),
        "no-hint": client.get(f"/v1/games/{game_id}/hint", headers=auth(tokens[(seat + 1) % 3])),
        "body-too-large": client.post("/v1/games", data="[" + " " * 70_000 + "]", content_type="application/json"),
        "range-not-satisfiable": client.get("/docs/swagger-ui.css", headers={"Range": "bytes=999999999-"}),
        "invalid-request": client.post("/v1/games", json={"seats": "many"}),
        "illegal-move": client.post(
            commands, json={"command": {"type": "Bid", "amount": -1}}, headers=auth(tokens[seat])
        ),
        "bad-options": client.post("/v1/games", json={"type": "chess", "seats": [{"human": True}]}),
        "player-required": client.post(f"/v1/games/{rated_game(client)}/seats/0"),
        "unsupported-media-type": client.post("/v1/players", data='{"name": "Ana"}', content_type="text/plain"),
        "version-not-reached": client.get(f"/v1/games/{game_id}/replay?version=999"),
        "choose-seat": client.get(f"/v1/games/{game_id}?seat=first", headers=auth(tokens[0])),
        "not-your-seat": client.get(f"/v1/games/{game_id}?seat=1", headers=auth(tokens[0])),
    }
    keyed = {**auth(tokens[seat]), "Idempotency-Key": "bid-once"}
    client.post(commands, json=move, headers=keyed)
    answers["idempotency-key-reused"] = client.post(commands, json={"command": {"type": "Pass"}}, headers=keyed)
    player = auth(client.post("/v1/players", json={"name": "Ana"}).json["token"])
    answers["no-rematch"] = client.post(f"/v1/games/{game_id}/rematch", headers=auth(tokens[0]))
    for players in (3, 4, 5):
        client.post("/v1/quickplay", json={"type": "felix", "players": players}, headers=player)
    answers["too-many-queues"] = client.post("/v1/quickplay", json={"type": "spots", "players": 2}, headers=player)
    client.delete("/v1/quickplay", headers=player)
    answers["not-on-vacation"] = client.delete("/v1/players/me/vacation", headers=player)
    answers["no-vacation-days"] = client.post("/v1/players/me/vacation", json={"days": 366}, headers=player)
    client.post("/v1/players/me/vacation", json={"days": 1}, headers=player)
    answers["on-vacation"] = client.post("/v1/players/me/vacation", json={"days": 1}, headers=player)
    bot = {"name": f"test-{uuid.uuid4().hex[:8]}", "url": "http://10.0.0.7/", "games": ["felix"], "secret": "s" * 32}
    answers["url-not-allowed"] = client.post("/v1/bots", json={**bot, "url": "ftp://10.0.0.7/"}, headers=player)
    answers["bot-name-taken"] = client.post("/v1/bots", json={**bot, "name": "greedy"}, headers=player)
    answers["bot-did-not-answer"] = client.post("/v1/bots", json=bot, headers=player)
    # A private table, and a challenge from Ana to Bo.
    bo = client.post("/v1/players", json={"name": "Bo"}).json
    private = {"type": "felix", "seats": [{"human": True}] * 3, "private": True}
    table = client.post("/v1/games", json=private, headers=player)
    answers["not-invited"] = client.post(f"/v1/games/{table.json['id']}/seats/1", headers=auth(bo["token"]))
    answers["not-at-table"] = client.get(f"/v1/games/{table.json['id']}/invitations", headers=auth(bo["token"]))
    quiet = client.post("/v1/games", json={**private, "private": False, "spectator_chat": False}).json["id"]
    spoken = {"room": "spectators", "text": "hi"}
    answers["chat-closed"] = client.post(f"/v1/games/{quiet}/chat", json=spoken, headers=auth(bo["token"]))
    challenge = client.post(f"/v1/players/{bo['id']}/challenges", json={"type": "spots"}, headers=player).json
    answers["not-your-challenge"] = client.post(f"/v1/challenges/{challenge['id']}/accept", headers=player)
    client.post(f"/v1/challenges/{challenge['id']}/decline", headers=auth(bo["token"]))
    answers["challenge-answered"] = client.post(f"/v1/challenges/{challenge['id']}/decline", headers=player)
    app.extensions["dogpark"].notifications.queue.empty()
    registry = app.extensions["dogpark"].bots
    registered = registry.register(bot["name"], bot["url"], "", ["felix"], 2.0, "s" * 32, owner="another player")
    answers["not-your-bot"] = client.delete(f"/v1/bots/{registered.id}", headers=player)
    # A bot registered before bots had owners is retired with its key, and a token that is no key is refused.
    registry.redis.hdel(f"{registry.tag}:bot:{registered.id}", "owner")
    answers["invalid-bot-key"] = client.delete(f"/v1/bots/{registered.id}", headers=auth("not-its-key"))
    limit = app.extensions["dogpark"].settings.webhook_suspend_after
    for _ in range(limit):
        registry.end_call(registered.id, registry.take_call(registered.id, 8, 30), timed_out=True, suspend_after=limit)
    suspended = {"type": "felix", "seats": [{"bot": registered.name}, {"human": True}, {"human": True}]}
    answers["bot-suspended"] = client.post("/v1/games", json=suspended)
    registry.retire(registered.id)
    hooks = "/v1/players/me/notification-hooks"
    answers["hook-url-not-allowed"] = client.post(hooks, json={"url": "http://8.8.8.8/"}, headers=player)
    # Registration does not call the URL: a public address is all the five need.
    made = [client.post(hooks, json={"url": f"https://8.8.8.8/{n}"}, headers=player) for n in range(6)]
    answers["too-many-notification-hooks"] = made[5]
    # One creation an hour: of three in a row, at least one is refused, whichever hour they fall in.
    limited = make_app(create_rate="1 per 3600").test_client()
    creations = [limited.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}) for _ in range(3)]
    answers["rate-limited"] = next(r for r in creations if r.status_code == 429)
    capped = make_app(bot_games_per_address=1).test_client()
    address = {"REMOTE_ADDR": f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.9"}
    all_bots = {"type": "felix", "seats": [{"bot": "random"}] * 3}
    answers["too-many-bot-games"] = [capped.post("/v1/games", json=all_bots, environ_base=address) for _ in (1, 2)][1]
    thinking = make_app(search_games_per_address=1).test_client()
    hard = {"type": "felix", "seats": [{"human": True}, {"human": True}, {"bot": "hard"}]}
    answers["too-many-search-games"] = [thinking.post("/v1/games", json=hard, environ_base=address) for _ in (1, 2)][1]
    # A game that changes under every attempt is what makes a command busy; no attempts at all does the same.
    answers["busy"] = make_app(command_attempts=0).test_client().post(commands, json=move, headers=auth(tokens[seat]))
    down = make_app(redis_url=f"redis://127.0.0.1:{free_port()}/0", redis_timeout=0.2)
    answers["redis-unavailable"] = down.test_client().get(f"/v1/games/{game_id}")
    full = make_app(stream_connections=1)
    held = full.extensions["dogpark.fanout"].subscribe()
    answers["streams-full"] = full.test_client().get(f"/v1/games/{game_id}/events/stream")
    full.extensions["dogpark.fanout"].close(held)
    # A body that stops after one byte, as gunicorn's socket would bring it: the socket waits at most the time left.
    sender, receiver = socket.socketpair()
    sender.sendall(b"{")
    stalled = {"wsgi.input": receiver.makefile("rb"), "gunicorn.socket": receiver}
    answers["body-timeout"] = (
        make_app(body_seconds=0.2)
        .test_client()
        .post("/v1/games", data=b" " * 100, content_type="application/json", environ_overrides=stalled)
    )
    sender.close()
    receiver.close()
    crowded = make_app(client_connections=1)
    crowded.extensions[EXTENSION].take("127.0.0.1")
    answers["too-many-connections"] = crowded.test_client().get("/livez")
    one_spectator = make_app(spectators_per_game=1)
    watching = one_spectator.test_client().get(f"/v1/games/{game_id}/events/stream", buffered=False)
    answers["too-many-streams"] = one_spectator.test_client().get(f"/v1/games/{game_id}/events/stream")
    watching.close()

    pushing = make_app(push_subscriptions=1, push_allow=("loopback",)).test_client()
    pusher = auth(pushing.post("/v1/players", json={"name": "Pat"}).json["token"])
    keys = {"p256dh": "B" + "A" * 86, "auth": "A" * 22}
    subscriptions = "/v1/players/me/push-subscriptions"
    first = pushing.post(subscriptions, json={"endpoint": "http://127.0.0.1/a", "keys": keys}, headers=pusher)
    assert first.status_code == 201
    answers["too-many-push-subscriptions"] = pushing.post(
        subscriptions, json={"endpoint": "http://127.0.0.1/b", "keys": keys}, headers=pusher
    )
    answers["push-endpoint-not-allowed"] = pushing.post(
        subscriptions, json={"endpoint": "http://10.0.0.1/a", "keys": keys}, headers=pusher
    )

    def fail(*_: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.extensions["dogpark"].lobby, "list", fail)
    answers["internal-error"] = client.get("/v1/games")
    return answers


def test_every_kind_of_problem_the_api_sends_has_its_own_type_which_resolves_to_its_page(make_app, monkeypatch):
    answers = every_kind_of_problem(make_app, monkeypatch)
    client = make_app().test_client()

    for slug, answer in answers.items():
        page = client.get(answer.json["type"])

        assert answer.content_type == PROBLEM, slug
        assert answer.json["type"] == f"/v1/problems/{slug}", (slug, answer.json)
        assert page.status_code == 200, slug
        assert (page.json["title"], page.json["status"]) == (answer.json["title"], answer.status_code), slug
        assert page.json["meaning"] and page.json["remedy"], slug
    assert set(answers) == set(KINDS), "every registered kind is one the API sends, and each was provoked"


def test_every_problem_sent_matches_the_problem_schema_of_the_openapi_document(make_app, monkeypatch):
    answers = every_kind_of_problem(make_app, monkeypatch)
    schema = make_app().test_client().get("/v1/openapi.json").json["components"]["schemas"]["Problem"]
    validator = Draft202012Validator(schema)

    for slug, answer in answers.items():
        assert not list(validator.iter_errors(answer.json)), (slug, answer.json)


def test_the_problems_page_lists_every_kind_by_status(make_app):
    client = make_app().test_client()

    listed = client.get("/v1/problems").json["problems"]

    assert [p["type"] for p in listed] == [k.type for k in sorted(KINDS.values(), key=lambda k: k.status)]


def test_an_unknown_problem_type_is_itself_a_not_found_problem(make_app):
    unknown = make_app().test_client().get("/v1/problems/no-such-thing")

    assert (unknown.status_code, unknown.content_type) == (404, PROBLEM)
    assert unknown.json["type"] == "/v1/problems/not-found"


def test_the_openapi_document_lists_every_problem_type_and_serves_their_pages(make_app):
    document = make_app().test_client().get("/v1/openapi.json").json

    assert set(document["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]) == {
        *(kind.type for kind in KINDS.values()),
        "about:blank",
    }
    assert {"/v1/problems", "/v1/problems/{slug}"} <= set(document["paths"])
