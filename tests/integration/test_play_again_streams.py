"""A player's stream hears of play again: each change of a finished game's rematch (``event: rematch``), and the new
game a rematch or quick play seats the player at, from its first event."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.integration.test_player_stream import follow
from tests.integration.test_rematch import auth, finished_game, offer


@pytest.fixture
def app(streaming_app: Flask) -> Flask:
    return streaming_app


def test_a_players_stream_hears_each_change_of_a_rematch_and_follows_the_new_game_from_its_start(app):
    client = app.test_client()
    game_id, tokens, _ = finished_game(client, [{"human": True}] * 3)
    stream = follow(app, headers=auth(tokens[0]))
    stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")

    offer(client, game_id, tokens[1])
    stream.wait(lambda s: s.messages("rematch"), "the offer")
    offer(client, game_id, tokens[2])
    offer(client, game_id, tokens[0], "/decline")
    offer(client, game_id, tokens[2])
    offer(client, game_id, tokens[1])
    new_id = offer(client, game_id, tokens[0]).json["rematch"]["game"]
    stream.wait(lambda s: any(m.data["game"] == new_id for m in s.messages("TableOpened")), "the new game")

    stream.wait(lambda s: s.messages("rematch")[-1].data["rematch"]["status"] == "started", "the start")
    # Each message tells the rematch as it stands when the stream reads it: a quick change may be told once for two.
    said = [(m.data["game"], m.data["rematch"]["status"]) for m in stream.messages("rematch")]
    assert said[0] == (game_id, "offered") and said[-1] == (game_id, "started")
    assert {status for _, status in said} >= {"offered", "started"} and len(said) >= 3
    opened = next(m for m in stream.messages("TableOpened") if m.data["game"] == new_id)
    assert opened.data["version"] == 1


def test_a_players_stream_follows_the_game_quick_play_seats_the_player_at(app):
    client = app.test_client()
    tokens = [client.post("/v1/players", json={"name": name}).json["token"] for name in ("Ana", "Bo", "Cy")]
    stream = follow(app, headers=auth(tokens[0]))
    stream.wait(lambda s: ": keep-alive" in s.text, "a keep-alive")

    answers = [client.post("/v1/quickplay", json={"type": "felix", "players": 3}, headers=auth(t)) for t in tokens]

    game_id = answers[-1].json["game"]
    stream.wait(lambda s: any(m.data["game"] == game_id for m in s.messages("TableOpened")), "the game formed")
    claims = [m.data["data"]["seat"] for m in stream.messages("SeatClaimed") if m.data["game"] == game_id]
    assert claims == [0, 1, 2]
