"""One spelling for each thing across the API (docs/api.md, Names): a game's id is `id` wherever the object is the
game; a game type is `type`, and one the server does not offer is a 422 naming those it does, in every filter."""

from __future__ import annotations

import pytest

from domain.catalogue import GAMES


def test_the_lobby_and_a_players_games_name_a_games_id_alike(client):
    token = client.post("/v1/players", json={"name": "Ana"}).json["token"]
    game_id = client.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json["id"]
    client.post(f"/v1/games/{game_id}/seats/0", headers={"Authorization": f"Bearer {token}"})

    in_lobby = next(g for g in client.get("/v1/games?type=felix&limit=500").json["games"] if g["id"] == game_id)
    mine = client.get("/v1/players/me/games", headers={"Authorization": f"Bearer {token}"}).json["games"]
    view = client.get(f"/v1/games/{game_id}").json

    assert [g["id"] for g in mine] == [game_id] == [in_lobby["id"]] == [view["id"]]
    assert "game" not in mine[0]
    assert mine[0]["type"] == in_lobby["type"] == view["type"] == "felix"


@pytest.mark.parametrize("path", ["/v1/games?type=chess", "/v1/bots?type=chess"])
def test_a_filter_by_a_game_type_the_server_does_not_offer_is_a_422_naming_those_it_does(client, path):
    answer = client.get(path)

    assert answer.status_code == 422, answer.json
    assert answer.json["type"] == "/v1/problems/invalid-request"
    (message,) = answer.json["errors"]["query"]["type"]
    assert "'chess' is not a game type" in message
    assert all(game_type in message for game_type in GAMES)


def test_a_game_type_the_server_does_not_offer_is_a_404_as_a_resource(client):
    assert client.get("/v1/game-types/chess").status_code == 404


def test_the_bots_are_filtered_by_type_as_the_lobby_is(client):
    assert client.get("/v1/bots?type=felix").status_code == 200
    assert "renamed" in client.get("/v1/bots?game=felix").json["errors"]["query"]["game"][0]


def test_each_list_is_an_object_holding_it_under_its_plural(client):
    answers = {path: client.get(path).json for path in ("/v1/game-types", "/v1/games", "/v1/bots", "/v1/problems")}

    # The registry of bots pages: beside its list, the cursor of the page after.
    assert [list(body) for body in answers.values()] == [["game_types"], ["games"], ["bots", "next"], ["problems"]]
