"""Clocks through the API and the worker's job on the real Redis: the settings a game is created with, the clocks
in its views, Resign and Return as any seat's commands, and a clock that runs out played on by the worker."""

from __future__ import annotations

import time
import uuid

import pytest

from events.store import key
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.http.app import create_app
from service.ops.verify import verify
from workers import jobs
from workers.sweeper import sweep


def seated(client, game: str, seats: int, **settings) -> tuple[str, list[str]]:
    """A game of people, every seat claimed; its id and the seats' tokens."""
    created = client.post("/v1/games", json={"type": game, "seats": [{"human": True}] * seats, **settings})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    return game_id, [client.post(f"/v1/games/{game_id}/seats/{s}").json["token"] for s in range(seats)]


def send(client, game_id: str, token: str, command: dict):
    return client.post(
        f"/v1/games/{game_id}/commands", json={"command": command}, headers={"Authorization": f"Bearer {token}"}
    )


@pytest.mark.parametrize(
    ("settings", "option"),
    [
        ({"clock": {"turn_seconds": 0}}, "clock.turn_seconds"),
        ({"clock": {"turn_seconds": 30, "increment_seconds": 1}}, "clock"),
        ({"clock": {"turn_seconds": 30}, "on_timeout": "bot:expert"}, "on_timeout"),
        ({"absent_after": 2}, "absent_after"),
    ],
)
def test_bad_clock_settings_are_a_bad_options_problem_naming_the_field(server, settings, option):
    refused = server.post("/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3, **settings})

    assert refused.status_code == 422 and refused.content_type == PROBLEM
    assert refused.json["option"] == option


def test_a_clocked_game_records_its_settings_shows_each_seats_clock_and_dates_the_deadline(server, redis):
    settings = {"clock": {"initial_seconds": 90, "increment_seconds": 2}, "on_timeout": "bot:greedy", "hotseat": True}
    game_id, _ = seated(server, "felix", 3, **settings)

    opened = server.get(f"/v1/games/{game_id}/events").json["events"][0]["data"]
    view = server.get(f"/v1/games/{game_id}").json
    seat = view["to_act"][0]
    clock = view["clocks"][seat]
    due = float(redis.hget(key(game_id, "meta"), "due_at"))

    assert {k: opened[k] for k in settings} == settings and "absent_after" not in opened
    assert clock["remaining"] == 90 and clock["deadline"] == pytest.approx(time.time() + 90, abs=5)
    assert [d for d in view["deadlines"] if d["what"] == "ExpireClock"] == [
        {"at": view["deadlines"][0]["at"], "seat": seat, "what": "ExpireClock"}
    ]
    assert due == pytest.approx(clock["deadline"], abs=0.001)


def test_a_seat_resigns_through_the_commands_url_though_it_is_not_its_turn_and_returns_only_when_absent(server):
    game_id, tokens = seated(server, "felix", 3, clock={"turn_seconds": 600})
    waiting = next(s for s in range(3) if s not in server.get(f"/v1/games/{game_id}").json["to_act"])

    not_absent = send(server, game_id, tokens[waiting], {"type": "Return"})
    resigned = send(server, game_id, tokens[waiting], {"type": "Resign"})
    again = send(server, game_id, tokens[waiting], {"type": "Resign"})

    assert not_absent.status_code == 422 and not_absent.json["rule"] == "NotAbsent"
    assert resigned.status_code == 200, resigned.json
    assert [e["type"] for e in resigned.json["events"]] == ["SeatResigned"]
    name = resigned.json["game"]["seats"][waiting]["name"] or f"Player {waiting + 1}"
    assert resigned.json["events"][0]["text"] == f"{name} resigns: a bot plays on for them, and they rank last."
    assert resigned.json["game"]["clocks"][waiting]["resigned"] is True
    assert again.status_code == 422 and again.json["rule"] == "SeatResigned"


def test_the_worker_expires_a_clock_once_it_ran_out_and_the_absent_seats_bot_plays_the_game_out(server):
    game_id, _ = seated(server, "spots", 1, clock={"turn_seconds": 1}, absent_after=1)
    far, _ = seated(server, "spots", 1, clock={"turn_seconds": 30})
    assert jobs.advance(far, None) == "nothing due"  # the clock still runs, for longer than a job waits

    # A job woken within a second or two of its deadline (RQ wakes a step in the second it is due) waits it out.
    assert jobs.advance(game_id, None).startswith("ExpireClock")
    for _ in range(2000):
        if server.get(f"/v1/games/{game_id}").json["status"] == "finished":
            break
        jobs.advance(game_id, None)
    audit = server.get(f"/v1/games/{game_id}/audit").json
    verdict = verify(audit)
    expired = next(e for e in audit["events"] if e["type"] == "ClockExpired")

    assert verdict.ok, verdict.problems
    assert expired["actor"] == {"kind": "system"} and expired["time"] >= expired["data"]["deadline"]
    assert {e["actor"].get("for") for e in audit["events"] if e["actor"]["kind"] == "bot"} == {"absent"}
    # The person's only command is its claim (whose batch starts the game): no move of its own.
    claim = next(e["command_id"] for e in audit["events"] if e["type"] == "SeatClaimed")
    assert {e["command_id"] for e in audit["events"] if e["actor"]["kind"] == "seat"} == {claim}


def test_a_clock_whose_job_was_lost_is_swept_when_overdue_and_expired_by_the_job(redis_url, monkeypatch):
    stall = 0.05
    app = create_app(
        Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", stall_seconds=stall, create_rate="off")
    )
    svc = app.extensions["dogpark"]
    game_id = svc.handler.create("spots", {}, [{"human": True}], clock={"turn_seconds": 1}).game_id
    svc.handler.claim(game_id, 0, None)
    deadline = svc.repo.load(game_id).table["clocks"][0]["deadline"]
    due = float(svc.redis.hget(key(game_id, "meta"), "due_at"))
    # As if the job the handler queued were lost in a dying worker: only the sweeper can bring the step back.
    svc.queue.empty()

    while time.time() <= due + stall:
        time.sleep(stall)
    swept = sweep(svc, time.time())
    monkeypatch.setattr(jobs, "services", lambda: svc)
    done = jobs.advance(game_id, None)
    svc.queue.empty()

    assert due == pytest.approx(deadline, abs=0.001)
    assert swept >= 1
    assert done.startswith("ExpireClock")
    assert svc.repo.load(game_id).table["clocks"][0]["expiries"] == 1
