"""Undo through the API: a seat's legal moves offer it, its POST returns the game to the version it names, a refused
one is a problem naming the rule, and `dogpark verify` accepts a finished game with undos and checks each of them."""

from __future__ import annotations

from dogpark_client.bot import game_moves
from werkzeug.test import TestResponse

from domain.table.undo import COMMANDS, LIMITS
from service.ops.verify import verify
from tests.integration.players import auth
from workers import jobs


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


def ask_game(client) -> tuple[str, dict[int, str]]:
    """A Felix game of two people (seats 0 and 1) and a bot, with undo ask: its id and the people's tokens."""
    body = {"type": "felix", "seats": [{"human": True}, {"human": True}, {"bot": "random"}], "undo": "ask"}
    game_id = client.post("/v1/games", json=body).json["id"]
    return game_id, {seat: client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in (0, 1)}


def past_another_move(client, game_id: str, tokens: dict[int, str]) -> int:
    """Seat 0 moves, then the game goes on until another seat has moved too: the version before seat 0's move."""
    view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
    while 0 not in view["to_act"]:
        play_one(client, game_id, tokens, view)
        view = client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
    before = view["version"]
    move = game_moves(view["legal_moves"])[0]
    assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[0])).status_code == 200
    view = client.get(f"/v1/games/{game_id}").json
    while 0 in view["to_act"] or view["version"] == before + 1:
        play_one(client, game_id, tokens, view)
        view = client.get(f"/v1/games/{game_id}").json
    return before


def asked(client, game_id: str, tokens: dict[int, str]) -> tuple[int, TestResponse]:
    """Seat 0's undo of its move once another seat moved after it, asked of the table: the version it asks back to,
    and the answer. A version the step before which drew on chance begins no whole decision (NotYourDecision, under
    ask too): the game goes on and seat 0 asks again after its next move."""
    for _ in range(6):
        before = past_another_move(client, game_id, tokens)
        body = {"command": {"type": "Undo", "to_version": before}}
        answer = client.post(f"/v1/games/{game_id}/commands", json=body, headers=auth(tokens[0]))
        if answer.status_code == 200:
            return before, answer
        assert answer.json["rule"] == "NotYourDecision", answer.json
    raise AssertionError("no undo of seat 0 was asked in 6 turns")


def play_one(client, game_id: str, tokens: dict[int, str], view: dict) -> None:
    """One step of the game: seat 1's first move where it acts, else the bot's or the system's (the worker's job)."""
    if 1 in view["to_act"]:
        move = game_moves(client.get(f"/v1/games/{game_id}", headers=auth(tokens[1])).json["legal_moves"])[0]
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[1])).status_code == 200
    else:
        jobs.advance(game_id, None)


def test_under_ask_an_undo_past_another_seats_move_happens_once_that_seat_accepts(server):
    game_id, tokens = ask_game(server)

    before, answer = asked(server, game_id, tokens)

    assert answer.json["events"][0]["type"] == "UndoAsked"
    assert answer.json["events"][0]["data"]["asked"] == [1] and answer.json["events"][0]["data"]["rule"] in LIMITS
    theirs = server.get(f"/v1/games/{game_id}", headers=auth(tokens[1])).json
    assert theirs["undo"]["pending"]["to_version"] == before
    answers = {move["command"]["type"]: move for move in theirs["legal_moves"] if move["command"]["type"] in COMMANDS}
    assert set(answers) == {"AcceptUndo", "DeclineUndo"} and answers["AcceptUndo"]["label"].startswith("Accept")
    # The asking seat may not answer its own request, and a second request waits for the first.
    assert server.post(f"/v1/games/{game_id}/commands", json={"command": {"type": "AcceptUndo"}},
                       headers=auth(tokens[0])).json["rule"] == "NotAsked"
    accepted = server.post(f"/v1/games/{game_id}/commands", json=answers["AcceptUndo"], headers=auth(tokens[1]))

    assert accepted.status_code == 200, accepted.json
    assert [ev["type"] for ev in accepted.json["events"]][:2] == ["UndoAccepted", "Undone"]
    then = server.get(f"/v1/games/{game_id}/replay?version={before}", headers=auth(tokens[0])).json
    now = server.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
    assert now["state"] == then["state"] and now["undo"]["pending"] is None


def test_under_ask_a_declined_undo_leaves_the_game_as_it_was(server):
    game_id, tokens = ask_game(server)
    asked(server, game_id, tokens)
    state = server.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json["state"]

    declined = server.post(f"/v1/games/{game_id}/commands", json={"command": {"type": "DeclineUndo"}},
                           headers=auth(tokens[1]))

    assert declined.status_code == 200 and [ev["type"] for ev in declined.json["events"]] == ["UndoDeclined"]
    now = server.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json
    assert now["state"] == state and now["undo"]["pending"] is None
    again = server.post(f"/v1/games/{game_id}/commands", json={"command": {"type": "DeclineUndo"}},
                        headers=auth(tokens[1]))
    assert again.status_code == 422 and again.json["rule"] == "NotAsked"
