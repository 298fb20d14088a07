"""Vacations over HTTP on the real Redis: a player's days per year, the clocks of its games paused (in each game's log,
seen by every seat), its early end charged a day per day begun, and what is refused; the account's script with the
time as data for days begun and the year's turn."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime

import pytest

from domain.table.vacations import DAY
from events.vacations import Vacations, vacation_key
from tests.integration import players
from tests.integration.players import auth

VACATION = "/v1/players/me/vacation"
#: A day's turn clock, whose table allows a week by default; one of 10 minutes allows none.
DAILY = {"clock": {"turn_seconds": DAY}}


def new_player(client, name: str) -> tuple[str, dict]:
    """A new player's id and the headers of its token."""
    pid, token = players.new_player(client, name)
    return pid, auth(token)


def game_of(client, players: list[dict], **settings) -> str:
    """A Felix game of Ana and Bo, its seats claimed by ``players`` in order (the last claim starts it), and a bot."""
    names = ["Ana", "Bo"]
    seats = [{"human": True, "name": names[n]} for n in range(len(players))] + [{"bot": "random"}] * (3 - len(players))
    created = client.post("/v1/games", json={"type": "felix", "seats": seats, **settings})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    for seat, headers in enumerate(players):
        claimed = client.post(f"/v1/games/{game_id}/seats/{seat}", headers=headers)
        assert claimed.status_code == 201, claimed.json
    return game_id


def clocks(client, game_id: str, headers: dict | None = None) -> list[dict]:
    return client.get(f"/v1/games/{game_id}", headers=headers or {}).json["clocks"]


def events(client, game_id: str) -> list[dict]:
    return client.get(f"/v1/games/{game_id}/events").json["events"]


def test_a_vacation_pauses_the_players_clocks_where_the_game_allows_and_every_seat_sees_until_when(client):
    _, ana = new_player(client, "Ana")
    _, bo = new_player(client, "Bo")
    daily = game_of(client, [ana, bo], **DAILY)
    short = game_of(client, [ana, bo], clock={"turn_seconds": DAY}, vacation_days=2)
    fast = game_of(client, [ana, bo], clock={"turn_seconds": 600})
    unclocked = game_of(client, [ana, bo])

    started = client.post(VACATION, json={"days": 10}, headers=ana)
    body = started.json
    until = {entry["game"]: entry["until"] for entry in body["games"]}
    since = datetime.fromisoformat(body["vacation"]["since"])
    seen_by_bo = clocks(client, daily, bo)[0]
    said = [e["text"] for e in events(client, short) if e["type"] == "VacationStarted"]

    assert started.status_code == 201, body
    assert body["days_left"] == 4 and body["days_per_year"] == 14 and body["vacation"]["days"] == 10
    assert set(until) == {daily, short}  # not the game of a fast clock, nor the one without a clock
    assert round((datetime.fromisoformat(until[daily]) - since).total_seconds()) == 7 * DAY
    assert round((datetime.fromisoformat(until[short]) - since).total_seconds()) == 2 * DAY
    assert seen_by_bo["deadline"] is None and seen_by_bo["vacation_until"] is not None
    assert clocks(client, daily)[0]["vacation_until"] == seen_by_bo["vacation_until"]  # spectators too
    assert said == ["Ana is on vacation: their clock is paused for up to 2 days."]
    assert clocks(client, fast)[0]["vacation_until"] is None
    assert {"at": until[daily], "seat": 0, "what": "EndVacation"} in client.get(f"/v1/games/{daily}").json[
        "deadlines"
    ]
    assert client.get(f"/v1/games/{unclocked}").json.get("clocks") is None


def test_a_vacation_ended_early_costs_a_day_for_the_day_it_began_and_runs_the_clocks_again(client):
    _, ana = new_player(client, "Ana")
    _, bo = new_player(client, "Bo")
    game_id = game_of(client, [ana, bo], **DAILY)
    client.post(VACATION, json={"days": 5}, headers=ana)

    ended = client.delete(VACATION, headers=ana)
    view = client.get(f"/v1/games/{game_id}", headers=bo).json
    clock, acts = view["clocks"][0], 0 in view["to_act"]
    kinds = [e["type"] for e in events(client, game_id)]

    assert ended.status_code == 200, ended.json
    assert ended.json["days_left"] == 13 and ended.json["vacation"] is None
    assert ended.json["games"] == [{"game": game_id, "seat": 0}]
    assert clock["vacation_until"] is None
    # Ana's clock runs again if her seat acts (Felix's first seat is drawn), else it waits for her turn.
    assert (clock["deadline"] is not None) == acts
    assert kinds[kinds.index("VacationEnded") + 1 :] == (["ClockStarted"] if acts else [])
    assert client.get(VACATION, headers=ana).json == {key: ended.json[key] for key in ended.json if key != "games"}


def test_a_game_that_starts_during_the_vacation_is_paused_as_it_starts(client):
    _, ana = new_player(client, "Ana")
    _, bo = new_player(client, "Bo")
    client.post(VACATION, json={"days": 3}, headers=ana)

    game_id = game_of(client, [ana, bo], **DAILY)
    view = client.get(f"/v1/games/{game_id}", headers=bo).json

    assert view["status"] == "running"
    assert view["clocks"][0]["vacation_until"] is not None and view["clocks"][0]["deadline"] is None
    assert view["clocks"][1]["vacation_until"] is None


def test_two_vacations_asked_at_once_spend_the_days_once(client):
    _, ana = new_player(client, "Ana")
    answers: list[int] = []

    def ask() -> None:
        answers.append(client.application.test_client().post(VACATION, json={"days": 14}, headers=ana).status_code)

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(answers) == [201] + [409] * 5
    assert client.get(VACATION, headers=ana).json["days_left"] == 0


@pytest.mark.parametrize("days", [0, 367, "3", 2.5, None])
def test_a_vacation_of_bad_days_is_refused_by_its_schema(client, days):
    _, ana = new_player(client, "Ana")

    refused = client.post(VACATION, json={"days": days}, headers=ana)

    assert refused.status_code == 422 and refused.json["type"] == "/v1/problems/invalid-request"
    assert client.get(VACATION, headers=ana).json["days_left"] == 14


def test_what_a_vacation_is_refused_for_has_its_own_problem_type(client):
    _, ana = new_player(client, "Ana")

    not_on = client.delete(VACATION, headers=ana)
    too_long = client.post(VACATION, json={"days": 15}, headers=ana)
    client.post(VACATION, json={"days": 2}, headers=ana)
    again = client.post(VACATION, json={"days": 2}, headers=ana)
    nobody = client.get(VACATION)

    assert (not_on.status_code, not_on.json["type"]) == (409, "/v1/problems/not-on-vacation")
    assert (too_long.status_code, too_long.json["type"]) == (409, "/v1/problems/no-vacation-days")
    assert too_long.json["days_left"] == 14
    assert (again.status_code, again.json["type"]) == (409, "/v1/problems/on-vacation")
    assert again.json["vacation"]["days"] == 2
    assert nobody.status_code == 401


@pytest.fixture
def accounts(redis):
    """The accounts' store, and a player id whose key goes with the test."""
    pid = uuid.uuid4().hex[:16]
    yield Vacations(redis), pid
    redis.delete(vacation_key(pid))


def at(year: int, month: int, day: int, hour: int = 0) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


def test_a_vacation_costs_a_day_for_each_day_it_began_and_all_its_days_when_it_runs_to_its_end(accounts):
    store, pid = accounts
    start = at(2026, 3, 1)

    store.start(pid, 5, 14, start)
    two_hours = store.end(pid, start + 2 * 3600)
    store.start(pid, 5, 14, start + DAY)
    a_day_and_an_hour = store.end(pid, start + DAY + DAY + 3600)
    store.start(pid, 3, 14, start + 10 * DAY)
    ran_out = store.read(pid, start + 13 * DAY)

    assert two_hours.used == 1
    assert a_day_and_an_hour.used == 3
    assert ran_out.used == 6 and ran_out.current is None
    assert ran_out.left(2026, 14) == 8


def test_a_vacation_over_new_year_is_the_old_years_and_the_new_year_gives_its_days_afresh(accounts):
    store, pid = accounts
    eve = at(2026, 12, 30)

    store.start(pid, 10, 14, at(2026, 6, 1))
    store.end(pid, at(2026, 6, 2, 1))
    over = store.start(pid, 5, 14, eve)
    in_january = store.read(pid, at(2027, 1, 2))
    next_year = store.start(pid, 14, 14, at(2027, 1, 10))

    assert over.outcome == "ok" and over.left(2026, 14) == 14 - 2 - 5
    assert in_january.current is not None and in_january.left(2027, 14) == 14
    assert next_year.outcome == "ok" and next_year.used == 0 and next_year.year == 2027
