"""Undo through the API: a seat's legal moves offer it, its POST returns the game to the version it names, a refused
one is a problem naming the rule, and `dogpark verify` accepts a finished game with undos and checks each of them."""

from __future__ import annotations

from service.ops.verify import verify
from workers import jobs


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def undo_game(client) -> tuple[str, str]:
    """A DOGS game of a person (seat 0) and a bot, with undo safe: its id and the person's token."""
    body = {"type": "dogs", "seats": [{"human": True}, {"bot": "random"}], "undo": "safe"}
    game_id = client.post("/v1/games", json=body).json["id"]
    return game_id, client.post(f"/v1/games/{game_id}/seats/0").json["token"]


def my_turn(client, game_id: str, token: str) -> dict:
    """The person's view once it may act (the bot's moves played by the worker's job), or the finished game's."""
    for _ in range(200):
        view = client.get(f"/v1/games/{game_id}", headers=auth(token)).json
        if view["status"] == "finished" or 0 in view["to_act"]:
            return view
        jobs.advance(game_id, None)
    raise AssertionError("the person's turn never came")


def test_a_seat_takes_back_its_moves_through_the_api_and_verify_accepts_the_game(server):
    game_id, token = undo_game(server)
    undos = 0
    view = my_turn(server, game_id, token)
    while view["status"] != "finished":
        offered = [move for move in view["legal_moves"] if move["command"]["type"] == "Undo"]
        if offered and undos < 3:
            target = offered[-1]["command"]["to_version"]
            assert offered[-1]["label"].startswith("Take back")
            posted = server.post(f"/v1/games/{game_id}/commands", json=offered[-1], headers=auth(token))
            assert posted.status_code == 200, posted.json
            assert posted.json["events"][0]["data"] == {"seat": 0, "to_version": target}
            then = server.get(f"/v1/games/{game_id}/replay?version={target}", headers=auth(token)).json
            view = server.get(f"/v1/games/{game_id}", headers=auth(token)).json
            assert view["state"] == then["state"]
            undos += 1
        move = next(move for move in view["legal_moves"] if move["command"]["type"] != "Undo")
        assert server.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token)).status_code == 200
        view = my_turn(server, game_id, token)
    assert undos == 3
    audit = server.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)
    assert verdict.ok, verdict.problems
    # An undo the table would not have allowed (back to the start of the game) fails the replay.
    undo_id = next(e["command_id"] for e in audit["events"] if e["type"] == "Undone")
    audit["commands"][undo_id]["command"]["to_version"] = 1
    assert any("refuse" in problem for problem in verify(audit).problems)


def test_an_undo_the_table_refuses_is_a_problem_naming_its_rule(server):
    game_id, token = undo_game(server)
    view = my_turn(server, game_id, token)
    body = {"command": {"type": "Undo", "to_version": 1}, "expected_version": view["version"]}
    refused = server.post(f"/v1/games/{game_id}/commands", json=body, headers=auth(token))
    assert refused.status_code == 422 and refused.json["rule"] in ("UndoOutOfReach", "NotYourDecision")
