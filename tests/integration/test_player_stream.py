"""A player's stream: every game of the player's in one connection, their events as the player's seat sees them,
a turn whenever the player may act, and games joined while connected picked up at once."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.integration.players import auth
from tests.sse import Opened, Reader


@pytest.fixture
def app(streaming_app: Flask) -> Flask:
    return streaming_app


def player(client: FlaskClient, name: str) -> str:
    """A new player's token."""
    return client.post("/v1/players", json={"name": name}).json["token"]


def felix_with(client: FlaskClient, seats: list[str | None], claim: int | None = None) -> tuple[str, list[str]]:
    """A three-seat Felix game whose seats are claimed with ``seats``' tokens (None: a seat token of its own), in
    order, the first ``claim`` of them only; (its id, the token that acts for each seat)."""
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    acting = []
    for seat, token in enumerate(seats[:claim]):
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token) if token else {})
        assert claimed.status_code == 201, claimed.json
        acting.append(token or claimed.json["token"])
    return game_id, acting


def claim_rest(client: FlaskClient, game_id: str, seats: list[str | None], acting: list[str]) -> None:
    for seat in range(len(acting), len(seats)):
        token = seats[seat]
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token) if token else {})
        acting.append(token or claimed.json["token"])


def play(client: FlaskClient, game_id: str, acting: list[str], moves: int) -> list[dict]:
    """``moves`` first legal moves by the seat to act; the spectator's view after each."""
    after = []
    for _ in range(moves):
        seat = client.get(f"/v1/games/{game_id}").json["to_act"][0]
        move = client.get(f"/v1/games/{game_id}", headers=auth(acting[seat])).json["legal_moves"][0]
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(acting[seat])).status_code == 200
        after.append(client.get(f"/v1/games/{game_id}").json)
    return after


def follow(app: Flask, query: str = "", headers: dict | None = None) -> Reader:
    def start() -> Opened:
        response = app.test_client().get(f"/v1/players/me/stream{query}", headers=headers or {}, buffered=False)
        return response.status_code, response.response, response.close

    return Reader(start)


def test_a_players_stream_brings_two_games_events_and_turns_and_picks_up_the_game_joined_while_connected(app):
    client = app.test_client()
    ana, bo = player(client, "Ana"), player(client, "Bo")
    first_seats = [ana, bo, None]
    first, first_acting = felix_with(client, first_seats)
    opened_at = client.get(f"/v1/games/{first}").json
    # Ana is seat 1 of the second game, which Bo and a third player fill once her stream is open.
    second_seats = [bo, ana, None]
    second, second_acting = felix_with(client, second_seats, claim=1)

    stream = follow(app, headers=auth(ana))
    stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")
    claim_rest(client, second, second_seats, second_acting)
    started = client.get(f"/v1/games/{second}").json
    views = {
        first: [opened_at] + play(client, first, first_acting, 6),
        second: [started] + play(client, second, second_acting, 6),
    }
    last = {game: shown[-1]["version"] for game, shown in views.items()}
    stream.wait(lambda s: {m.data["game"]: m.data["version"] for m in s.messages() if m.event != "turn"} == last,
                "both games' last events")
    ana_seat = {first: 0, second: 1}
    # The last move's turn follows its batch.
    stream.wait(lambda s: len(s.messages("turn")) >= sum(
        1 for game, shown in views.items() for v in shown if ana_seat[game] in v["to_act"]), "the turns")

    events = [m for m in stream.messages() if m.event != "turn"]
    turns = [(m.data["game"], m.data["version"]) for m in stream.messages("turn")]
    assert [e.data["version"] for e in events if e.data["game"] == first] == list(
        range(opened_at["version"] + 1, last[first] + 1)), "the first game's events from the stream's opening"
    assert [e.data["version"] for e in events if e.data["game"] == second] == list(range(1, last[second] + 1)), (
        "the game joined while connected, from its first event")
    for game in (first, second):
        expected = [(game, v["version"]) for v in views[game] if ana_seat[game] in v["to_act"]]
        assert [t for t in turns if t[0] == game] == expected, game
    assert all(m.data["view"]["you"] == ana_seat[m.data["game"]] for m in stream.messages("turn"))
    as_ana_sees_them = client.get(f"/v1/games/{second}/events", headers=auth(ana)).json["events"]
    assert [{k: v for k, v in e.data.items() if k != "game"} for e in events if e.data["game"] == second] == (
        as_ana_sees_them), "each event as the player's seat sees it"


def test_on_opening_a_players_stream_gives_a_turn_for_each_game_waiting_for_the_player_and_no_older_events(app):
    client = app.test_client()
    ana = player(client, "Ana")
    games = [felix_with(client, [ana, None, None]) for _ in range(3)]
    waiting = {game for game, _ in games if 0 in client.get(f"/v1/games/{game}").json["to_act"]}
    versions = {game: client.get(f"/v1/games/{game}").json["version"] for game, _ in games}

    stream = follow(app, headers=auth(ana))
    stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")

    turns = stream.messages("turn")
    assert {m.data["game"] for m in turns} == waiting and len(turns) == len(waiting)
    assert all(m.data["version"] == versions[m.data["game"]] for m in turns)
    assert [m for m in stream.messages() if m.event != "turn"] == []


def test_a_players_stream_opens_with_the_players_token_or_a_ticket_of_the_players_once(app):
    client = app.test_client()
    ana = player(client, "Ana")
    _, acting = felix_with(client, [None, None, None])
    ticket = client.post("/v1/players/me/stream-tickets", headers=auth(ana)).json["ticket"]

    nobody = client.get("/v1/players/me/stream")
    a_seats_token = client.get("/v1/players/me/stream", headers=auth(acting[0]))
    by_ticket = follow(app, f"?ticket={ticket}")
    by_ticket.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")
    again = client.get(f"/v1/players/me/stream?ticket={ticket}")

    assert (nobody.status_code, a_seats_token.status_code) == (401, 401)
    assert by_ticket.status == 200
    assert again.status_code == 401 and again.json["type"] == "/v1/problems/invalid-stream-ticket"
