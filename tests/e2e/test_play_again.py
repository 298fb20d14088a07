"""Quick play over HTTP against the whole stack: docs/play-again.md's session as a reader copies it, its fourth
player seated with bots by the real workers (RQ's scheduled job, or the sweeper) once its wait is over; and, on a
stack whose sweeper hardly looks, by the worker's scheduled job alone."""

from __future__ import annotations

import time
from pathlib import Path

import requests
from dogpark_client import Client

from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for
from tests.e2e.test_docs_examples import background, documents, the_block


def test_the_quick_play_session_seats_three_players_then_one_with_two_bots_after_its_wait(
    stack: Stack, tmp_path: Path
):
    block = the_block("docs/play-again.md", "B=http://127.0.0.1:8000").replace("http://127.0.0.1:8000", stack.url)
    out = tmp_path / "printed"

    with background(block, out) as process:
        process.wait(timeout=60)

    ana, bo, cy, dan, later = documents(out.read_text())
    assert (ana["status"], ana["position"], ana["size"]) == ("waiting", 0, 1)
    assert (bo["status"], bo["position"], bo["size"]) == ("waiting", 1, 2)
    assert cy["status"] == "seated" and dan["status"] == "waiting"
    together = Client(stack.url).view(cy["game"])
    assert together["status"] == "running" and [seat["name"] for seat in together["seats"]] == ["Ana", "Bo", "Cy"]
    ((seated,),) = later.values()
    assert seated["status"] == "seated" and seated["game"] != cy["game"]
    with_bots = Client(stack.url).view(seated["game"])
    assert with_bots["status"] == "running"
    assert [(seat["kind"], seat["bot"]) for seat in with_bots["seats"]] == [("human", None), *[("bot", "greedy")] * 2]


def test_without_the_sweeper_the_workers_scheduled_job_seats_a_player_with_bots_once_its_wait_is_over(redis_url: str):
    # The sweeper looks once as it starts, then every ten minutes: the seat must come from the RQ worker's job.
    env = {"DOGPARK_SWEEP_SECONDS": "600", "DOGPARK_CREATE_RATE": "off"}
    with e2e_stack(redis_url, "quickplay", 1, env) as stack:
        token = requests.post(f"{stack.url}/v1/players", json={"name": "Ana"}, timeout=30).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        body = {"type": "spots", "players": 2, "bots_after_seconds": 1}
        joined = time.monotonic()
        assert requests.post(f"{stack.url}/v1/quickplay", json=body, headers=headers, timeout=30).json()["game"] is None

        def seated() -> str | None:
            return requests.get(f"{stack.url}/v1/quickplay", headers=headers, timeout=30).json()["queues"][0]["game"]

        game_id = wait_for(seated, 10, "the seat with a bot")
        waited = time.monotonic() - joined
        view = requests.get(f"{stack.url}/v1/games/{game_id}", headers=headers, timeout=30).json()

    assert 1 <= waited < 3, waited
    assert view["you"] == 0 and [seat["kind"] for seat in view["seats"]] == ["human", "bot"]
