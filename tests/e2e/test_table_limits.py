"""The table's limits on the running stack: a game past its event limit and an open game nobody fills both end,
abandoned by an event, and their audits verify."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest
import requests

from service.ops.stack import Stack
from service.ops.verify import verify
from tests.e2e.conftest import e2e_stack, finished, wait_for


@pytest.fixture(scope="module")
def expiring(redis_url: str) -> Iterator[Stack]:
    """A stack of its own whose open games expire after 1 s (the session stack's wait a day, as by default)."""
    env = {"DOGPARK_OPEN_GAME_SECONDS": "1", "DOGPARK_SWEEP_SECONDS": "0.5", "DOGPARK_STALL_SECONDS": "2"}
    with e2e_stack(redis_url, "e2e-expiry", 1, env) as running:
        yield running


def audit_of(api, game_id: str) -> dict:
    response = api("GET", f"/v1/games/{game_id}/audit")
    assert response.status_code == 200, response.text
    return response.json()


def test_an_all_bot_game_past_its_event_limit_is_abandoned_by_the_table_and_verifies(api, stack):
    seats = [{"bot": "random"}] * 3
    created = api("POST", "/v1/games", json={"type": "felix", "seats": seats, "max_events": 40})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]

    view = wait_for(lambda: finished(api, game_id), 60, "the table to abandon the game")
    audit = audit_of(api, game_id)
    verdict = verify(audit)
    cli = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "verify", f"{stack.url}/v1/games/{game_id}/audit"],
        capture_output=True,
        text=True,
    )

    assert view["result"] == {"abandoned": {"reason": "max_events", "limit": 40}, "scores": [], "winners": []}
    assert [e["type"] for e in audit["events"][-2:]] == ["GameAbandoned", "SeedRevealed"]
    assert verdict.ok, verdict.problems
    assert verdict.result == view["result"] and verdict.bot_moves > 0
    assert cli.returncode == 0 and "Abandoned by the table" in cli.stdout, cli.stderr


def test_an_open_game_nobody_fills_expires_by_a_system_event_and_leaves_the_open_list(expiring):
    session = requests.Session()
    seats = [{"human": True}, {"human": True}, {"bot": "random"}]
    created = session.post(f"{expiring.url}/v1/games", json={"type": "felix", "seats": seats}, timeout=30)
    game_id = created.json()["id"]
    claimed = session.post(f"{expiring.url}/v1/games/{game_id}/seats/0", timeout=30)

    def api(method: str, path: str) -> requests.Response:
        return session.request(method, expiring.url + path, timeout=30)

    view = wait_for(lambda: finished(api, game_id), 60, "the system to expire the open game")
    lobby = {
        status: [g["id"] for g in api("GET", f"/v1/games?status={status}&limit=500").json()["games"]]
        for status in ("open", "finished")
    }
    audit = audit_of(api, game_id)
    ending = audit["events"][-2:]
    verdict = verify(audit)

    assert created.json()["status"] == "open" and claimed.status_code == 201
    assert view["result"] == {"abandoned": {"reason": "expired", "seconds": 1.0}, "scores": [], "winners": []}
    assert view["state"] is None and view["to_act"] == []
    assert [e["type"] for e in ending] == ["GameAbandoned", "SeedRevealed"]
    assert all(e["actor"] == {"kind": "system"} for e in ending)
    assert game_id not in lobby["open"] and game_id in lobby["finished"]
    assert verdict.ok, verdict.problems
    assert verdict.result == view["result"]
