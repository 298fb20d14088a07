"""Spots over HTTP with real workers: Pes plays its solo turns by itself; an all-bot game of three finishes."""

from __future__ import annotations

import random

from dogpark_client.bot import game_moves

from domain.spots import RULES
from service.ops.verify import verify
from tests.e2e.conftest import finished, wait_for


def test_a_solo_game_never_needs_the_client_to_trigger_pes(api):
    game_id = api("POST", "/v1/games", json={"type": "spots", "seats": [{"human": True}]}).json()["id"]
    token = api("POST", f"/v1/games/{game_id}/seats/0").json()["token"]
    rng = random.Random(5)

    def step():
        view = api("GET", f"/v1/games/{game_id}", token=token).json()
        if view["status"] == "finished":
            return view
        moves = [m["command"] for m in game_moves(view["legal_moves"])]
        if moves:  # the client only ever sends its own seat's moves
            command = RULES.bots["greedy"](view["state"], moves, rng)
            sent = api("POST", f"/v1/games/{game_id}/commands", token=token, json={"command": command})
            assert sent.status_code == 200, sent.text
        return None

    wait_for(step, 180, "the solo game to end")
    audit = api("GET", f"/v1/games/{game_id}/audit").json()
    pes_turns = [e for e in audit["events"] if e["actor"]["kind"] == "system"]

    assert pes_turns, "Pes never moved"
    assert {e["actor"]["kind"] for e in audit["events"]} == {"system", "seat"}
    assert verify(audit).ok


def test_an_all_bot_game_of_three_finishes_by_itself(api):
    created = api(
        "POST",
        "/v1/games",
        json={"type": "spots", "seats": [{"bot": "greedy"}, {"bot": "random"}] + [{"bot": "greedy"}]},
    )

    view = wait_for(lambda: finished(api, created.json()["id"]), 180, "the bots to finish the game")

    assert view["result"]["winners"]
