"""A Dog's Life over HTTP with real workers: the truck moves by itself, deadlines pass, addresses stay hidden."""

from __future__ import annotations

import json
import random

from dogpark_client.bot import game_moves

from domain.dogslife import RULES
from tests.e2e.conftest import finished, wait_for
from tests.unit.dogslife_invariants import addresses

DEADLINE = 1


def test_an_all_bot_game_of_four_finishes_by_itself(api):
    created = api("POST", "/v1/games", json={"type": "dogslife", "seats": [{"bot": "greedy"}] * 4})

    view = wait_for(lambda: finished(api, created.json()["id"]), 180, "the bots and the truck to finish the game")

    assert view["result"]["winners"]


def _play_with_a_silent_fork_seat(api) -> tuple[list[dict], list[dict]]:
    """Play seat 0 of a three-seat game to its end, never answering a fork; its audit log and all seat 0 was shown."""
    created = api(
        "POST",
        "/v1/games",
        json={
            "type": "dogslife",
            "seats": [{"human": True}, {"bot": "greedy"}, {"bot": "greedy"}],
            "options": {"route_deadline_seconds": DEADLINE, "bone_target": 2},
        },
    )
    game_id = created.json()["id"]
    token = api("POST", f"/v1/games/{game_id}/seats/0").json()["token"]
    rng = random.Random(3)
    responses: list[dict] = []

    def step():
        view = api("GET", f"/v1/games/{game_id}", token=token).json()
        events = api("GET", f"/v1/games/{game_id}/events", token=token, params={"after": max(0, view["version"] - 30)})
        responses.extend([view, events.json()])
        if view["status"] == "finished":
            return view
        moves = [m["command"] for m in game_moves(view["legal_moves"])]
        if moves and moves[0]["type"] != "ChooseTruckRoute":  # at a fork, this seat never answers
            command = RULES.bots["greedy"](view["state"], moves, rng)
            sent = api("POST", f"/v1/games/{game_id}/commands", token=token, json={"command": command})
            assert sent.status_code in (200, 409), sent.text
            responses.append(sent.json())
        return None

    wait_for(step, 240, "the game to end")
    return api("GET", f"/v1/games/{game_id}/audit").json()["events"], responses


def _forks(log: list[dict]) -> list[tuple[dict, dict]]:
    """Each roll that gave a choice of routes, with the choice that followed it."""
    return [
        (e, next(c for c in log[i + 1 :] if c["type"] == "TruckRouteChosen"))
        for i, e in enumerate(log)
        if e["type"] == "TruckDieRolled" and len(e["data"].get("routes", [])) > 1
    ]


def _shows_everything_asked(log: list[dict]) -> bool:
    """The dice gave this game a fork for seat 0, a fork a bot answered itself, and a newspaper a bot keeps secret."""
    forks = _forks(log)
    return (
        any(fork["data"]["seat"] == 0 for fork, _ in forks)
        and any(fork["data"]["seat"] != 0 and chosen["data"]["chosen_by"] == "seat" for fork, chosen in forks)
        and any(e["type"] == "NewspaperTaken" and e["data"]["seat"] != 0 for e in log)
    )


def test_a_seat_that_never_chooses_a_route_gets_the_servers_choice_after_the_deadline_and_sees_no_address(api):
    # The seed is the server's secret, so the dice may deal a short game without a fork or a bot's newspaper;
    # then another game is played (rarely needed: one CI run in many met such a game).
    games = [_play_with_a_silent_fork_seat(api)]
    while not _shows_everything_asked(games[-1][0]) and len(games) < 3:
        games.append(_play_with_a_silent_fork_seat(api))
    log = games[-1][0]
    assert _shows_everything_asked(log), f"{len(games)} games dealt no fork or no bot's newspaper"

    for played, _ in games:
        for fork, chosen in _forks(played):
            by, wait = chosen["data"]["chosen_by"], chosen["time"] - fork["time"]
            if fork["data"]["seat"] == 0:
                # The server chooses for a silent seat, and never before its deadline.
                assert by == "server" and wait >= DEADLINE, (by, wait)
            else:
                # A bot chooses its own route; on a busy machine its turn may come after the deadline, and then
                # the server has chosen for it, never earlier.
                assert by == "seat" or wait >= DEADLINE, (by, wait)

    # How long after the deadline the server chooses is a figure, not a rule.
    waits = [(c["data"]["chosen_by"], c["time"] - f["time"], f["data"]["seat"]) for f, c in _forks(log)]
    ours = [w for _, w, seat in waits if seat == 0]
    bots = [(by, w) for by, w, seat in waits if seat != 0]
    print(f"server's route choice came {min(ours):.2f}-{max(ours):.2f} s after the fork (deadline {DEADLINE} s)")
    late = sum(by == "server" for by, _ in bots)
    print(f"bots' route choices came {min(w for _, w in bots):.2f}-{max(w for _, w in bots):.2f} s after the fork; "
          f"{late} of {len(bots)} came after the deadline; {len(games)} game(s) played")

    for body in (body for _, responses in games for body in responses):
        if body.get("status") == "finished":
            continue  # the end shows everything
        state = body.get("state") or {}
        shown = addresses(state)
        carried = addresses(state.get("seats", [{}])[0].get("carrying", []))
        assert sorted(shown) == sorted(carried), f"seat 0's view at version {body.get('version')} shows {shown}"
        for event in body.get("events", []):
            if event["type"] != "NewspaperDelivered" and addresses(event):
                assert event["data"].get("seat") == 0, f"seat 0 saw {json.dumps(event)}"
