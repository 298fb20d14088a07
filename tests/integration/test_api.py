"""The HTTP API on a real Redis (Flask's test client, no worker): errors, auth, versions, the lobby."""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from service.core.problems import PROBLEM
from tests.integration.players import auth


@pytest.fixture(scope="module")
def client(module_client: FlaskClient) -> FlaskClient:
    """One app for the module's requests: each reads or writes games of its own."""
    return module_client


def human_game(client, players: int = 3) -> tuple[str, list[str]]:
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * players}).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(players)]
    return game_id, tokens


def test_the_catalogue_lists_felix_with_its_player_counts_and_bots(client):
    felix = next(t for t in client.get("/v1/game-types").json["game_types"] if t["id"] == "felix")

    assert (felix["min_players"], felix["max_players"]) == (3, 5)
    assert {"random", "greedy"} <= set(felix["bots"])


def test_the_catalogue_describes_every_game_in_the_asked_language_with_how_long_it_takes(client):
    english = client.get("/v1/game-types").json["game_types"]
    italian = {t["id"]: t for t in client.get("/v1/game-types?lang=it").json["game_types"]}

    for game in english:
        fewest, most = game["minutes"]
        assert game["description"] and game["description"] != italian[game["id"]]["description"]
        assert 0 < fewest <= most
    assert "sacco" in italian["felix"]["description"]


def test_a_game_with_human_seats_is_open_until_every_seat_is_claimed(client):
    created = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}, {"bot": "random"}] * 2})
    game_id = created.json["id"]
    statuses = [client.get(f"/v1/games/{game_id}").json["status"]]
    for seat in (0, 2):
        client.post(f"/v1/games/{game_id}/seats/{seat}")
        statuses.append(client.get(f"/v1/games/{game_id}").json["status"])

    assert created.status_code == 201 and created.headers["Location"] == f"/v1/games/{game_id}"
    assert statuses == ["open", "open", "running"]


def test_a_claimed_seat_cannot_be_claimed_again_and_a_bot_seat_never(client):
    game_id = client.post(
        "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 2 + [{"bot": "random"}]}
    ).json["id"]
    client.post(f"/v1/games/{game_id}/seats/0")

    again = client.post(f"/v1/games/{game_id}/seats/0")
    bot = client.post(f"/v1/games/{game_id}/seats/2")
    missing = client.post(f"/v1/games/{game_id}/seats/9")
    client.post(f"/v1/games/{game_id}/seats/1")
    started = client.post(f"/v1/games/{game_id}/seats/1")

    assert [(r.status_code, r.json["rule"]) for r in (again, bot, started)] == [
        (409, "SeatTaken"),
        (409, "SeatTaken"),
        (409, "GameStarted"),
    ]
    assert {r.json["type"] for r in (again, bot, started)} == {"/v1/problems/seat-taken"}
    assert missing.status_code == 404 and missing.content_type == PROBLEM


def test_the_lobby_lists_games_by_type_and_status(client):
    open_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    running_id, _ = human_game(client)

    open_ids = [g["id"] for g in client.get("/v1/games?type=felix&status=open&limit=500").json["games"]]
    running_ids = [g["id"] for g in client.get("/v1/games?status=running&limit=500").json["games"]]
    entry = next(g for g in client.get("/v1/games?status=open&limit=500").json["games"] if g["id"] == open_id)

    assert open_id in open_ids and running_id not in open_ids
    assert running_id in running_ids
    assert entry["open_seats"] == 3


def test_a_seat_sees_its_legal_moves_ready_to_post_and_a_spectator_sees_none(client):
    game_id, tokens = human_game(client)
    spectator = client.get(f"/v1/games/{game_id}").json
    seat = spectator["to_act"][0]
    mine = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json

    posted = client.post(f"/v1/games/{game_id}/commands", json=mine["legal_moves"][0], headers=auth(tokens[seat]))

    assert spectator["legal_moves"] == [] and spectator["you"] is None
    assert posted.status_code == 200
    assert posted.json["version"] == mine["version"] + len(posted.json["events"])


def test_commands_need_a_token_of_this_game(client):
    game_id, _ = human_game(client)
    other_id, other_tokens = human_game(client)
    body = {"command": {"type": "Pass"}}

    missing = client.post(f"/v1/games/{game_id}/commands", json=body)
    foreign = client.post(f"/v1/games/{game_id}/commands", json=body, headers=auth(other_tokens[0]))

    assert missing.status_code == foreign.status_code == 401
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert missing.content_type == PROBLEM


def test_a_seat_that_may_not_act_gets_403_and_an_illegal_move_422_naming_the_rule(client):
    game_id, tokens = human_game(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    idle = (seat + 1) % 3

    waiting = client.post(
        f"/v1/games/{game_id}/commands", json={"command": {"type": "Pass"}}, headers=auth(tokens[idle])
    )
    illegal = client.post(
        f"/v1/games/{game_id}/commands",
        json={"command": {"type": "PlayCard", "card": "9/cat15"}},
        headers=auth(tokens[seat]),
    )

    assert waiting.status_code == 403
    assert illegal.status_code == 422 and illegal.json["rule"] == "CardNotInHand"


def test_a_stale_expected_version_is_a_409_and_appends_nothing(client):
    game_id, tokens = human_game(client)
    view = client.get(
        f"/v1/games/{game_id}", headers=auth(tokens[client.get(f"/v1/games/{game_id}").json["to_act"][0]])
    ).json
    token = tokens[view["you"]]
    move = {**view["legal_moves"][0], "expected_version": view["version"] - 1}

    stale = client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token))

    assert stale.status_code == 409 and stale.json["version"] == view["version"]
    assert client.get(f"/v1/games/{game_id}").json["version"] == view["version"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"type": "chess", "seats": [{"human": True}] * 2}, 422),
        ({"type": "felix", "seats": [{"human": True}] * 2}, 422),
        ({"type": "felix", "seats": [{"bot": "nobody"}] * 3}, 422),
        ({"type": "felix", "seats": [{"human": True}] * 3, "options": {"rounds": 8}}, 422),
        ({"type": "felix", "seats": [{"human": True, "bot": "random"}] * 3}, 422),
        ({"type": "felix"}, 422),
        ({"seats": "many"}, 422),
        ([1, 2], 422),
        # A flag is JSON's true or false, never a word that reads as one.
        ({"type": "felix", "seats": [{"human": "yes"}] * 3}, 422),
        ({"type": "felix", "seats": [{"human": True}] * 3, "private": "on"}, 422),
        ({"type": "felix", "seats": [{"human": True}] * 3, "hotseat": "true"}, 422),
        ({"type": "felix", "seats": [{"human": True}] * 3, "hotseat": 1}, 422),
    ],
)
def test_bad_creations_are_problems_that_say_why(client, body, status):
    response = client.post("/v1/games", json=body)

    assert response.status_code == status and response.content_type == PROBLEM
    assert response.json["detail"]


def test_malformed_json_and_unknown_games_are_problems_not_500s(client):
    bad_json = client.post("/v1/games", data="{not json", content_type="application/json")
    unknown = client.get("/v1/games/nope")
    no_route = client.get("/v1/nothing-here")

    assert bad_json.status_code in (400, 422) and bad_json.content_type == PROBLEM
    assert unknown.status_code == 404 and unknown.content_type == PROBLEM
    assert no_route.status_code == 404 and no_route.content_type == PROBLEM


def test_every_read_of_an_unknown_game_is_a_404_problem(client):
    reads = ["", "/events", "/events/stream", "/replay?version=1", "/audit"]

    answers = {path: client.get(f"/v1/games/nope{path}") for path in reads}

    assert {path: answer.status_code for path, answer in answers.items()} == dict.fromkeys(reads, 404)
    assert {answer.json["type"] for answer in answers.values()} == {"/v1/problems/not-found"}


def test_junk_command_bodies_are_each_refused_by_the_schema_or_the_rules(client):
    game_id, tokens = human_game(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    rng = random.Random(1)
    junk = [None, 0, -1, 10**12, "x", "", [], {}, True, 1.5, {"a": 1}, ["PlayCard"]]
    bodies = [
        {
            "command": {
                "type": rng.choice(["PlayCard", "Bid", "Pass", "BuyForOne", "X"]),
                "card": rng.choice(junk),
                "amount": rng.choice(junk),
            }
        }
        for _ in range(60)
    ]
    bodies += [{"command": rng.choice(junk)} for _ in range(20)] + [rng.choice(junk) for _ in range(20)]
    # The seat's own legal moves, each with a field it does not take: junk riding on a move that would pass.
    legal = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"]
    bodies += [{"command": {**move["command"], "padding": rng.choice(junk)}} for move in legal[:20]]
    version = client.get(f"/v1/games/{game_id}").json["version"]

    def refusal(body: object) -> tuple[int, str]:
        """A command with a string type reaches the rules, which refuse it (none takes both card and amount, or
        a padding); any other body is refused by the schema."""
        command = body.get("command") if isinstance(body, dict) else None
        return (422, "rule") if isinstance(command, dict) and isinstance(command.get("type"), str) else (422, "errors")

    answers = [client.post(f"/v1/games/{game_id}/commands", json=b, headers=auth(tokens[seat])) for b in bodies]

    assert [(r.status_code, "rule" if "rule" in r.json else "errors") for r in answers] == [refusal(b) for b in bodies]
    assert {r.content_type for r in answers} == {PROBLEM}
    assert client.get(f"/v1/games/{game_id}").json["version"] == version


def test_replay_shows_the_callers_view_as_it_was(client):
    game_id, tokens = human_game(client)
    before = client.get(f"/v1/games/{game_id}").json
    seat = before["to_act"][0]
    move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
    client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat]))

    replayed = client.get(f"/v1/games/{game_id}/replay?version={before['version']}").json
    future = client.get(f"/v1/games/{game_id}/replay?version=999")

    assert replayed["state"] == before["state"]
    assert future.status_code == 422


def test_healthz_reports_redis_and_livez_touches_nothing(client):
    assert client.get("/healthz").json == {"status": "ok", "redis": "ok"}
    assert client.get("/livez").status_code == 200


def test_every_kind_of_problem_matches_the_problem_schema_of_the_openapi_document(client):
    game_id, tokens = human_game(client)
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json
    commands = f"/v1/games/{game_id}/commands"
    problems = {
        "no token": client.post(commands, json={"command": {"type": "Pass"}}),
        "not this seat's turn": client.post(
            commands, json={"command": {"type": "Pass"}}, headers=auth(tokens[(seat + 1) % 3])
        ),
        "illegal move": client.post(
            commands, json={"command": {"type": "PlayCard", "card": "9/cat15"}}, headers=auth(tokens[seat])
        ),
        "stale version": client.post(
            commands, json={**view["legal_moves"][0], "expected_version": 0}, headers=auth(tokens[seat])
        ),
        "bad idempotency key": client.post(
            commands, json=view["legal_moves"][0], headers={**auth(tokens[seat]), "Idempotency-Key": "a b"}
        ),
        "bad options": client.post(
            "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3, "options": {"rounds": 8}}
        ),
        "body against its schema": client.post("/v1/games", json={"seats": "many"}),
        "query against its schema": client.get("/v1/games?status=lost"),
        "replay past the game": client.get(f"/v1/games/{game_id}/replay?version=999"),
        "audit before the end": client.get(f"/v1/games/{game_id}/audit"),
        "unknown game": client.get("/v1/games/nope"),
        "method not allowed": client.delete("/v1/game-types"),
    }
    schema = client.get("/v1/openapi.json").json["components"]["schemas"]["Problem"]
    validator = Draft202012Validator(schema)

    for name, response in problems.items():
        assert response.status_code >= 400 and response.content_type == PROBLEM, name
        assert not list(validator.iter_errors(response.json)), (name, response.json)
    members = set().union(*(response.json for response in problems.values()))
    assert {"errors", "rule", "option", "version", "to_act"} <= members


def test_a_method_a_path_does_not_take_is_a_405_naming_the_methods_it_does(client):
    response = client.delete("/v1/games")

    assert response.status_code == 405 and response.content_type == PROBLEM
    assert {"GET", "POST"} <= set(response.headers["Allow"].split(", "))


def test_a_version_too_large_for_a_stream_id_is_a_problem_not_a_500(client):
    game_id, tokens = human_game(client)
    huge = 10**25
    seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    move = {"command": {"type": "Pass"}, "expected_version": huge}

    responses = [
        client.get(f"/v1/games/{game_id}/events?after={huge}"),
        client.get(f"/v1/games/{game_id}/replay?version={huge}"),
        client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat])),
        client.get(f"/v1/games/{game_id}/events/stream?after={huge}"),
        client.get(f"/v1/games/{game_id}/events/stream", headers={"Last-Event-ID": "²"}),
    ]

    assert [r.status_code for r in responses] == [422, 422, 422, 400, 400]
    assert {r.content_type for r in responses} == {PROBLEM}


@pytest.mark.parametrize("game_type", ["felix", "spots", "dogs", "dogslife"])
def test_a_replay_can_stop_at_any_version_even_inside_the_setup(client, game_type):
    players = {"felix": 3, "spots": 1, "dogs": 2, "dogslife": 2}[game_type]
    game_id = client.post("/v1/games", json={"type": game_type, "seats": [{"human": True}] * players}).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in range(players)]
    started = client.get(f"/v1/games/{game_id}").json
    version = started["version"]

    replays = [
        client.get(f"/v1/games/{game_id}/replay?version={v}", headers=headers)
        for v in range(1, version + 1)
        for headers in ({}, auth(tokens[0]))
    ]

    assert started["status"] == "running"
    assert [r.status_code for r in replays] == [200] * (2 * version)
    assert all(r.json["legal_moves"] == [] for r in replays)
