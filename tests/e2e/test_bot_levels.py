"""The bot levels through a real stack: a medium seat's turns are searched by the stack's search worker
(`python -m workers.search`), its game ends by itself, and `dogpark verify` passes on it."""

from __future__ import annotations

import subprocess
import sys

from tests.e2e.conftest import bot_game, finished, wait_for


def test_a_felix_game_with_a_medium_seat_is_played_by_the_search_worker_to_its_end_and_verifies(api, stack):
    game_id = bot_game(api, ["medium", "greedy", "random"])

    wait_for(lambda: finished(api, game_id), 120, "the game with a medium seat to finish")
    checked = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "verify", f"{stack.url}/v1/games/{game_id}/audit"],
        capture_output=True,
        text=True,
    )
    audit = api("GET", f"/v1/games/{game_id}/audit").json()

    assert checked.returncode == 0 and checked.stdout.startswith("OK"), checked.stderr
    assert any(e["actor"] == {"kind": "bot", "seat": 0, "name": "medium"} for e in audit["events"])


def test_the_catalogue_lists_each_level_with_its_budget_and_a_game_may_name_them(api):
    felix = next(t for t in api("GET", "/v1/game-types").json()["game_types"] if t["id"] == "felix")
    created = api(
        "POST",
        "/v1/games",
        json={
            "type": "felix",
            "seats": [{"human": True}, {"bot": "hard"}, {"bot": "easy"}],
            "clock": {"turn_seconds": 60},
            "on_timeout": "bot:medium",
        },
    )

    assert [level["name"] for level in felix["levels"]] == ["easy", "medium", "hard"]
    assert {"easy", "medium", "hard"} <= set(felix["bots"])
    hard = felix["levels"][2]
    assert hard["thinks"] is True and hard["seconds"] > 0 and hard["determinizations"] > 0
    assert created.status_code == 201, created.text
