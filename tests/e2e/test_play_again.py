"""Quick play over HTTP against the whole stack: docs/play-again.md's session as a reader copies it, its fourth
player seated with bots by the real workers (RQ's scheduled job, or the sweeper) once its wait is over."""

from __future__ import annotations

from pathlib import Path

from dogpark_client import Client

from service.ops.stack import Stack
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
