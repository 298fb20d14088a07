"""Hints over HTTP on a real Redis (GET /v1/games/{id}/hint): a seat that may act gets one of its legal moves with
its label; a spectator, a stranger, a seat that waits, a rated table and one opened without hints get none; the
asks are counted against the asker's rate."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest
from flask.testing import FlaskClient

from service.http.app import create_app
from tests.integration.conftest import empty_queues, unlimited
from tests.integration.players import auth, new_player
from workers import jobs

#: A Felix table: a player's seat (0), a seat claimed with a seat token (1), and a bot.
SEATS = [{"human": True}, {"human": True}, {"bot": "greedy"}]


@pytest.fixture
def hinting(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], FlaskClient]]:
    """A test client of an app whose hint rate is the one given, the worker's job pointed at its services."""
    apps = []

    def made(rate: str) -> FlaskClient:
        app = create_app(dataclasses.replace(unlimited(redis_url), hint_rate=rate))
        monkeypatch.setattr(jobs, "services", lambda: app.extensions["dogpark"])
        apps.append(app)
        return app.test_client()

    yield made
    for app in apps:
        empty_queues(app.extensions["dogpark"])


def felix(client: FlaskClient, **settings: object) -> tuple[str, dict[int, str]]:
    """A running Felix game of ``SEATS``: its id, and the tokens of its people's seats (0: its player's)."""
    _, player_token = new_player(client, "Ana")
    created = client.post("/v1/games", json={"type": "felix", "seats": SEATS, **settings})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    assert client.post(f"/v1/games/{game_id}/seats/0", headers=auth(player_token)).status_code == 201
    seat_token = client.post(f"/v1/games/{game_id}/seats/1", json={"name": "Bo"}).json["token"]
    return game_id, {0: player_token, 1: seat_token}


def turn_of_a_person(client: FlaskClient, game_id: str, tokens: dict[int, str]) -> tuple[int, dict]:
    """The first person's seat to act, and its view, once the bot has played (the worker's job)."""
    for _ in range(50):
        view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
        people = [seat for seat in view["to_act"] if seat in tokens]
        if people:
            return people[0], client.get(f"/v1/games/{game_id}", headers=auth(tokens[people[0]])).json
        jobs.advance(game_id, None)
    raise AssertionError("no person's turn came")


def hint(client: FlaskClient, game_id: str, token: str | None, query: str = ""):
    return client.get(f"/v1/games/{game_id}/hint{query}", headers=auth(token) if token else {})


def test_a_seat_that_may_act_gets_one_of_its_legal_moves_with_its_label_in_its_language(hinting):
    client = hinting("off")
    game_id, tokens = felix(client)
    asked = set()
    while len(asked) < 2:
        # Given a person's seat to act (by its player's token, or by its seat token)
        seat, view = turn_of_a_person(client, game_id, tokens)
        spoken = client.get(f"/v1/games/{game_id}?lang=pt", headers=auth(tokens[seat])).json

        # When it asks for a hint, in Portuguese
        answer = hint(client, game_id, tokens[seat], "?lang=pt")

        # Then it is one of its legal moves, labelled as its view labels it, from the medium bot, for this version
        assert answer.status_code == 200, answer.json
        legal = {str(move["command"]): move for move in spoken["legal_moves"]}
        assert str(answer.json["move"]) in legal
        chosen = legal[str(answer.json["move"])]
        assert (answer.json["label"], answer.json["label_key"]) == (chosen["label"], chosen["label_key"])
        assert answer.json["bot"] == "medium" and answer.json["version"] == view["version"]
        assert answer.headers["Cache-Control"] == "no-store"
        asked.add(seat)
        sent = client.post(f"/v1/games/{game_id}/commands", json=chosen, headers=auth(tokens[seat]))
        assert sent.status_code == 200, sent.json


def test_a_spectator_a_stranger_and_a_seat_that_waits_get_no_hint(hinting):
    client = hinting("off")
    game_id, tokens = felix(client)
    seat, _ = turn_of_a_person(client, game_id, tokens)
    waiting = 1 - seat
    _, stranger = new_player(client, "Cy")
    other_game, other_tokens = felix(client)

    assert hint(client, game_id, None).status_code == 401
    assert hint(client, game_id, other_tokens[1]).status_code == 401
    assert hint(client, game_id, stranger).json["type"] == "/v1/problems/not-your-seat"
    assert hint(client, game_id, tokens[0], f"?seat={1}").status_code == 403
    refused = hint(client, game_id, tokens[waiting])
    assert (refused.status_code, refused.json["rule"]) == (409, "NotYourTurn")
    assert refused.json["type"] == "/v1/problems/no-hint"
    assert hint(client, "no-such-game", tokens[0]).status_code == 404
    assert hint(client, game_id, tokens[0], "?seat=x").status_code == 400


def test_no_hint_before_the_game_runs(hinting):
    client = hinting("off")
    created = client.post("/v1/games", json={"type": "felix", "seats": SEATS}).json
    token = client.post(f"/v1/games/{created['id']}/seats/0", json={"name": "Ana"}).json["token"]

    refused = hint(client, created["id"], token)

    assert (refused.status_code, refused.json["rule"]) == (409, "GameNotRunning")


def test_a_rated_table_gives_no_hints_and_refuses_them(hinting):
    client = hinting("off")
    _, bo = new_player(client, "Bo")
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]
    asked = client.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True, "hints": True})
    assert (asked.status_code, asked.json["option"]) == (422, "hints")
    assert "RatedNoHints" in asked.json["detail"]

    game_id = client.post("/v1/games", json={"type": "felix", "seats": seats, "rated": True}).json["id"]
    assert client.post(f"/v1/games/{game_id}/seats/0", headers=auth(bo)).status_code == 201
    seat, view = turn_of_a_person(client, game_id, {0: bo})

    refused = hint(client, game_id, bo)

    assert view["hints"] is False
    assert (refused.status_code, refused.json["rule"]) == (409, "HintsOff")


def test_a_table_opened_with_hints_false_gives_none(hinting):
    client = hinting("off")
    assert client.post("/v1/games", json={"type": "felix", "seats": SEATS, "hints": "yes"}).status_code == 422
    game_id, tokens = felix(client, hints=False)
    seat, view = turn_of_a_person(client, game_id, tokens)

    refused = hint(client, game_id, tokens[seat])

    assert view["hints"] is False
    assert "hints" not in client.get(f"/v1/games/{felix(client)[0]}").json
    assert (refused.status_code, refused.json["rule"]) == (409, "HintsOff")


def test_past_the_hint_rate_an_ask_is_a_429_with_retry_after(hinting):
    client = hinting("2 per 60")
    game_id, tokens = felix(client)
    seat, _ = turn_of_a_person(client, game_id, tokens)

    answers = [hint(client, game_id, tokens[seat]) for _ in range(3)]

    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert answers[2].json["type"] == "/v1/problems/rate-limited"
    assert 1 <= int(answers[2].headers["Retry-After"]) <= 60
