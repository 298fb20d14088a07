"""A 2 s turn clock on the running stack: a game whose seats are all people who claim them and never move is
played to its end by the worker (each seat times out once, is then absent, and its bot plays on at once), and its
audit verifies."""

from __future__ import annotations

import time

from service.ops.verify import verify
from tests.e2e.conftest import finished, wait_for


def test_a_game_of_people_who_never_move_ends_by_their_clocks_alone_and_verifies(api):
    seats = [{"human": True}] * 3
    created = api(
        "POST", "/v1/games", json={"type": "felix", "seats": seats, "clock": {"turn_seconds": 2}, "absent_after": 1}
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    claims = [api("POST", f"/v1/games/{game_id}/seats/{seat}") for seat in range(3)]
    started = time.time()

    view = wait_for(lambda: finished(api, game_id), 30, "the clocks and the bots to end the game")
    audit = api("GET", f"/v1/games/{game_id}/audit").json()
    verdict = verify(audit)
    expiries = [e for e in audit["events"] if e["type"] == "ClockExpired"]
    people = {e["command_id"] for e in audit["events"] if e["actor"]["kind"] == "seat"}

    assert all(claim.status_code == 201 for claim in claims)
    assert verdict.ok, verdict.problems
    assert verdict.result == view["result"] and view["result"]["winners"]
    assert people == {e["command_id"] for e in audit["events"] if e["type"] == "SeatClaimed"}  # no move of theirs
    assert sorted(e["data"]["seat"] for e in expiries) == [0, 1, 2]
    assert all(e["time"] >= e["data"]["deadline"] and e["actor"] == {"kind": "system"} for e in expiries)
    assert {e["actor"].get("for") for e in audit["events"] if e["actor"]["kind"] == "bot"} == {"absent"}
    assert view["clocks"] and all(clock["absent"] for clock in view["clocks"])
    assert time.time() - started >= 2 * 3  # each seat had its 2 s
