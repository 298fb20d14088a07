"""A vacation on the running stack, with short times: a 2 s turn clock at a table that lets a clock pause 5 s. Ana goes
on vacation for a day, and then a game of hers starts: her clock is paused as it starts, never runs out while paused,
runs again when the table's 5 s are over (the worker's EndVacation, on time), and then runs out as any clock; the game
ends and verifies; her vacation, ended after seconds, costs one day."""

from __future__ import annotations

import time

from domain.table.vacations import DAY
from service.ops.verify import verify
from tests.e2e.conftest import finished, wait_for

#: The most a clock of the test's table may pause: 5 s, in days.
PAUSE = 5
TABLE = {"clock": {"turn_seconds": 2}, "absent_after": 1, "vacation_days": PAUSE / DAY}


def test_a_clock_on_vacation_never_runs_out_runs_again_after_the_tables_maximum_and_the_vacation_costs_a_day(api):
    ana = api("POST", "/v1/players", json={"name": "Ana"}).json()["token"]
    away = api("POST", "/v1/players/me/vacation", token=ana, json={"days": 1})
    seats = [{"human": True, "name": "Ana"}, {"bot": "greedy"}, {"bot": "random"}]
    game_id = api("POST", "/v1/games", json={"type": "felix", "seats": seats, **TABLE}).json()["id"]
    claimed = api("POST", f"/v1/games/{game_id}/seats/0", token=ana)
    during = api("GET", "/v1/players/me/vacation", token=ana).json()

    view = wait_for(lambda: finished(api, game_id), 60, "the vacation's end, the clock and the bots to end the game")
    audit = api("GET", f"/v1/games/{game_id}/audit").json()
    back = api("DELETE", "/v1/players/me/vacation", token=ana)
    log = audit["events"]
    [paused] = [e for e in log if e["type"] == "VacationStarted"]
    [resumed] = [e for e in log if e["type"] == "VacationEnded"]
    expiries = [e for e in log if e["type"] == "ClockExpired"]

    assert away.status_code == 201 and claimed.status_code == 201, (away.text, claimed.text)
    assert during["days_left"] == 13 and during["vacation"]["days"] == 1
    assert paused["data"]["until"] - paused["data"]["since"] == PAUSE  # the table's maximum, not the day asked
    assert paused["time"] - started_at(log) < 2  # paused as the game started, before its first 2 s ran out
    # On time: the worker ends the pause at its end, not before, and not a sweep later.
    assert paused["data"]["until"] <= resumed["time"] < paused["data"]["until"] + 1.5
    assert resumed["actor"] == {"kind": "system"} and resumed["data"]["paused"] >= PAUSE
    assert not [e for e in expiries if e["time"] < resumed["time"]]  # never timed out while paused
    assert [e["data"]["seat"] for e in expiries] == [0]  # after the pause, her clock runs out as any
    assert expiries[0]["data"]["deadline"] > resumed["time"]
    assert verify(audit).ok and view["result"]["winners"]
    assert back.status_code == 200 and back.json()["days_left"] == 13 and back.json()["vacation"] is None


def started_at(log: list[dict]) -> float:
    """When the game started: its first clock's start."""
    return next(e["time"] for e in log if e["type"] == "ClockStarted")


def test_a_vacation_ended_early_runs_the_paused_clock_again_and_the_game_plays_on_to_its_end(api):
    ana = api("POST", "/v1/players", json={"name": "Ana"}).json()["token"]
    seats = [{"human": True, "name": "Ana"}, {"bot": "greedy"}, {"bot": "random"}]
    # 5 s to decide: time enough for the vacation to begin before Ana's first decision could run out.
    table = {**TABLE, "clock": {"turn_seconds": 5}}
    game_id = api("POST", "/v1/games", json={"type": "felix", "seats": seats, **table}).json()["id"]
    api("POST", f"/v1/games/{game_id}/seats/0", token=ana)
    api("POST", "/v1/players/me/vacation", token=ana, json={"days": 1})
    time.sleep(1)

    back = api("DELETE", "/v1/players/me/vacation", token=ana).json()
    view = wait_for(lambda: finished(api, game_id), 60, "the clock and the bots to end the game")
    kinds = [e["type"] for e in api("GET", f"/v1/games/{game_id}/audit").json()["events"]]

    assert back["games"] == [{"game": game_id, "seat": 0}] and back["days_left"] == 13
    assert kinds.count("VacationStarted") == kinds.count("VacationEnded") == 1
    assert view["result"]["winners"]
