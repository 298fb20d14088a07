"""DOGS over HTTP with real workers: an all-bot game of four finishes by itself and its audit verifies."""

from __future__ import annotations

from service.ops.verify import verify
from tests.e2e.conftest import finished, wait_for


def test_an_all_bot_game_of_four_finishes_by_itself_and_verifies(api):
    created = api("POST", "/v1/games", json={"type": "dogs", "seats": [{"bot": "greedy"}, {"bot": "random"}] * 2})
    game_id = created.json()["id"]

    view = wait_for(lambda: finished(api, game_id), 180, "the bots to finish the game")
    verdict = verify(api("GET", f"/v1/games/{game_id}/audit").json())

    assert view["result"]["winners"]
    assert verdict.ok, verdict.problems
