"""An open game's expiry goes through the machinery of every deadline: due_at in meta, the sweeper, the job."""

from __future__ import annotations

import time
import uuid

import pytest

from events.store import key
from service.core.config import Settings
from service.http.app import create_app
from workers import jobs
from workers.sweeper import sweep

# Long enough that the claim comes before the deadline on a loaded machine (a claim after it is due at once).
OPEN_SECONDS = 1.0
STALL_SECONDS = 0.05


@pytest.fixture
def svc(redis_url):
    settings = Settings(
        redis_url=redis_url,
        queue=f"test-{uuid.uuid4().hex[:8]}",
        open_game_seconds=OPEN_SECONDS,
        stall_seconds=STALL_SECONDS,
        create_rate="off",
    )
    app = create_app(settings)
    services = app.extensions["dogpark"]
    yield services
    services.queue.empty()


def test_an_open_games_expiry_is_recorded_swept_when_lost_and_performed_by_the_job(svc, monkeypatch):
    outcome = svc.handler.create("felix", {}, [{"human": True}, {"human": True}, {"bot": "random"}])
    game_id = outcome.game_id
    svc.handler.claim(game_id, 0, None)
    opened_at = svc.store.read(game_id, 0, 1)[0]["time"]
    due = float(svc.redis.hget(key(game_id, "meta"), "due_at"))
    # As if the job the handler queued were lost in a dying worker: only the sweeper can bring the step back.
    svc.queue.empty()

    while time.time() <= due + STALL_SECONDS:
        time.sleep(STALL_SECONDS)
    swept = sweep(svc, time.time())
    monkeypatch.setattr(jobs, "services", lambda: svc)
    done = jobs.advance(game_id, None)
    table = svc.repo.load(game_id).table

    assert due == pytest.approx(opened_at + OPEN_SECONDS, abs=0.001)
    assert swept >= 1 and any(job.startswith(f"sweep-{game_id}-") for job in svc.queue.job_ids)
    assert done.startswith("ExpireGame")
    assert table["status"] == "finished" and table["abandoned"] == {"reason": "expired", "seconds": OPEN_SECONDS}
    assert game_id not in svc.lobby.list(status="open") and game_id in svc.lobby.list(status="finished")
    assert svc.redis.hget(key(game_id, "meta"), "due_at") == b""


def test_a_public_game_a_stranger_took_two_seats_of_then_left_is_closed_by_its_open_expiry(svc, monkeypatch):
    # Issue #33's stalled table: a stranger claimed two seats of a game meant for friends, with seat tokens, and
    # nobody moves; there is no clock. The friends never come, so the table never fills, and expires.
    outcome = svc.handler.create("felix", {}, [{"human": True}] * 3)
    game_id = outcome.game_id
    stranger = [svc.handler.claim(game_id, seat, "Mallory")[0] for seat in (0, 1)]
    table = svc.repo.load(game_id).table
    due = float(svc.redis.hget(key(game_id, "meta"), "due_at"))

    while time.time() <= due:
        time.sleep(STALL_SECONDS)
    monkeypatch.setattr(jobs, "services", lambda: svc)
    done = jobs.advance(game_id, None)
    closed = svc.repo.load(game_id).table

    assert all(stranger) and table["status"] == "open" and table["clock"] is None
    assert done.startswith("ExpireGame")
    assert closed["status"] == "finished" and closed["abandoned"] == {"reason": "expired", "seconds": OPEN_SECONDS}
    assert game_id not in svc.lobby.list(status="open")
