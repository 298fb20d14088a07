"""The lobby and a player's games list who sits and, once a game is over, its result, as the game's view shows
them: read from each game's meta hash, which every append keeps current, with no load of each game."""

from __future__ import annotations

from events.store import key
from tests.integration.players import auth
from tests.integration.test_rematch import finished_game

SEATS = [{"human": True}, {"human": True}, {"bot": "random"}]


def listed(client, path: str, game_id: str, token: str | None = None) -> dict:
    games = client.get(path, headers=auth(token) if token else {}).json["games"]
    return next(game for game in games if game["id"] == game_id)


def test_the_lobby_and_a_players_games_name_who_sits_and_the_result_as_the_games_view_does(server, redis):
    game_id, tokens, _ = finished_game(server, SEATS)
    view = server.get(f"/v1/games/{game_id}?lang=uk").json

    in_lobby = listed(server, "/v1/games?status=finished&lang=uk", game_id)
    mine = listed(server, "/v1/players/me/games?lang=uk", game_id, tokens[0])

    for entry in (in_lobby, mine):
        assert entry["players"] == view["seats"] and entry["result"] == view["result"] is not None
        assert entry["rated"] is False
    # Seat 0 was claimed with a player token and no name; the bot is named in the language asked.
    assert [seat["name"] for seat in in_lobby["players"]] == [None, "S1", "Випадковий Max"]
    in_english = listed(server, "/v1/games?status=finished&lang=en", game_id)
    assert in_english["players"][2]["name"] == "Random Max"
    assert redis.hget(key(game_id, "meta"), "seats") is not None


def test_a_running_game_is_listed_with_its_seats_as_they_fill_and_no_result(server):
    game_id = server.post("/v1/games", json={"type": "felix", "seats": SEATS}).json["id"]
    before = listed(server, "/v1/games", game_id)
    server.post(f"/v1/games/{game_id}/seats/1", json={"name": "Bo"})

    after = listed(server, "/v1/games", game_id)

    assert [seat["claimed"] for seat in before["players"]] == [False, False, True]
    assert [(seat["name"], seat["claimed"]) for seat in after["players"][:2]] == [(None, False), ("Bo", True)]
    assert after["result"] is None


def test_a_game_last_written_before_its_meta_held_its_seats_is_listed_from_its_table(server, redis):
    game_id, _, _ = finished_game(server, SEATS)
    redis.hdel(key(game_id, "meta"), "seats", "result", "rated")
    view = server.get(f"/v1/games/{game_id}").json

    entry = listed(server, "/v1/games?status=finished", game_id)

    assert entry["players"] == view["seats"] and entry["result"] == view["result"]


def test_a_game_of_a_type_the_server_no_longer_offers_is_listed_with_its_seats_as_stored(server, redis):
    game_id = server.post("/v1/games", json={"type": "felix", "seats": SEATS}).json["id"]
    redis.hset(key(game_id, "meta"), "type", "retired")
    redis.hdel(key(game_id, "meta"), "seats")
    other = server.post("/v1/games", json={"type": "felix", "seats": SEATS}).json["id"]
    redis.hset(key(other, "meta"), "type", "retired")

    answer = server.get("/v1/games")

    assert answer.status_code == 200
    entries = {game["id"]: game for game in answer.json["games"]}
    assert entries[game_id]["players"] == [] and entries[game_id]["type"] == "retired"
    assert [seat["kind"] for seat in entries[other]["players"]] == ["human", "human", "bot"]
    assert entries[other]["players"][2]["name"] is None
