"""Every pending deadline shows in the game's view: when (RFC 3339, UTC), the seat it waits on, and what then.

Real A Dog's Life games are played over the API on the real Redis; the system's steps (the truck's roll) are the
RQ job's, run here in the test. A deadline is dated from the logged time of the event it counts from, so a
version's view, and a replay of it, show the same deadline whenever they are read.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import pytest
import redis
from jsonschema import Draft202012Validator

from service.core.config import Settings
from service.http.app import create_app
from tests.integration.players import auth
from workers import jobs

OPEN_SECONDS = 3600.0
ROUTE_SECONDS = 20
ACTION_SECONDS = 120
#: Truck moves it may take before one stops at a fork (the die decides); each stops at one with good odds.
TURNS = 200


@pytest.fixture
def app(redis_url, monkeypatch):
    settings = Settings(
        redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", open_game_seconds=OPEN_SECONDS, create_rate="off"
    )
    app = create_app(settings)
    svc = app.extensions["dogpark"]
    # The RQ job, run by the test instead of a worker.
    monkeypatch.setattr(jobs, "services", lambda: svc)
    yield app
    svc.queue.empty()


@pytest.fixture
def client(app):
    with app.test_client() as client:
        yield client


@pytest.fixture
def svc(app):
    return app.extensions["dogpark"]


def instant(text: str) -> float:
    """A deadline's time as a number of seconds, checking it is RFC 3339 in UTC."""
    assert text.endswith("Z")
    return datetime.fromisoformat(text).astimezone(UTC).timestamp()


def logged(svc: Any, game_id: str, kind: str) -> dict:
    """The last event of type ``kind`` in the game's log, as stored (with its server time)."""
    return [envelope for envelope in svc.store.read(game_id) if envelope["type"] == kind][-1]


def dogslife(client: Any, options: dict | None = None) -> tuple[str, list[str]]:
    """A running A Dog's Life game of two human seats: its id and the seats' tokens."""
    body = {"type": "dogslife", "options": options or {}, "seats": [{"human": True}, {"human": True}]}
    game_id = client.post("/v1/games", json=body).json["id"]
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}", json={}).json["token"] for seat in (0, 1)]
    return game_id, tokens


def until_a_fork(client: Any, game_id: str, tokens: list[str]) -> dict:
    """Play on (each seat ends its actions at once, the job rolls the truck) until the truck waits at a fork."""
    for _ in range(TURNS):
        view = client.get(f"/v1/games/{game_id}").json
        if view["state"]["routes"]:
            return view
        if view["to_act"]:
            seat = view["to_act"][0]
            end = {"command": {"type": "EndActions"}}
            sent = client.post(f"/v1/games/{game_id}/commands", json=end, headers=auth(tokens[seat]))
            assert sent.status_code == 200, sent.json
        else:
            assert not jobs.advance(game_id, None).startswith("nothing"), view["state"]["phase"]
    raise AssertionError(f"no fork in {TURNS} turns")


def test_an_open_tables_expiry_shows_from_its_creation_counted_from_its_opening_whatever_the_claims(client, svc):
    body = {"type": "dogslife", "options": {}, "seats": [{"human": True}, {"human": True}]}

    created = client.post("/v1/games", json=body).json
    claimed = client.post(f"/v1/games/{created['id']}/seats/0", json={}).json["game"]
    viewed = client.get(f"/v1/games/{created['id']}").json
    opened = logged(svc, created["id"], "TableOpened")

    assert created["deadlines"] == claimed["deadlines"] == viewed["deadlines"]
    [expiry] = viewed["deadlines"]
    assert expiry["what"] == "ExpireGame" and expiry["seat"] is None
    assert instant(expiry["at"]) == pytest.approx(opened["time"] + OPEN_SECONDS, abs=0.001)


def test_the_action_deadline_shows_for_the_active_seat_once_the_game_starts(client, svc):
    game_id, _ = dogslife(client)

    view = client.get(f"/v1/games/{game_id}").json
    started = logged(svc, game_id, "ActionPhaseStarted")

    [deadline] = view["deadlines"]
    assert deadline["what"] == "TimeOutActions"
    assert deadline["seat"] == view["state"]["active"] == started["data"]["seat"]
    assert instant(deadline["at"]) == pytest.approx(started["time"] + ACTION_SECONDS, abs=0.001)


def test_an_idle_route_deadline_shows_for_the_seat_at_the_fork_its_delay_after_the_fork(client, svc):
    game_id, tokens = dogslife(client, {"route_deadline_seconds": ROUTE_SECONDS})

    view = until_a_fork(client, game_id, tokens)
    fork = logged(svc, game_id, "TruckDieRolled")
    as_the_seat = client.get(f"/v1/games/{game_id}", headers=auth(tokens[view["state"]["active"]])).json

    [deadline] = view["deadlines"]
    assert deadline["what"] == "ChooseTruckRoute"
    assert deadline["seat"] == view["state"]["active"] == fork["data"]["seat"]
    assert instant(deadline["at"]) == pytest.approx(fork["time"] + ROUTE_SECONDS, abs=0.001)
    assert as_the_seat["deadlines"] == view["deadlines"]
    assert {move["command"]["type"] for move in as_the_seat["legal_moves"]} == {"ChooseTruckRoute"}


def test_a_replay_shows_the_deadlines_of_its_version_dated_by_that_versions_events(client, svc):
    game_id, tokens = dogslife(client, {"route_deadline_seconds": ROUTE_SECONDS})
    at_the_fork = until_a_fork(client, game_id, tokens)
    seat = at_the_fork["state"]["active"]
    route = at_the_fork["state"]["routes"][0]
    choose = {"command": {"type": "ChooseTruckRoute", "route": route}}
    chosen = client.post(f"/v1/games/{game_id}/commands", json=choose, headers=auth(tokens[seat]))

    replayed = client.get(f"/v1/games/{game_id}/replay?version={at_the_fork['version']}").json
    now = client.get(f"/v1/games/{game_id}").json

    assert chosen.status_code == 200, chosen.json
    assert replayed["deadlines"] == at_the_fork["deadlines"]
    assert "ChooseTruckRoute" not in [deadline["what"] for deadline in now["deadlines"]]


def test_a_timed_games_end_shows_beside_the_seats_deadline_soonest_first(client, svc):
    game_id, _ = dogslife(client, {"timed_minutes": 1})

    view = client.get(f"/v1/games/{game_id}").json
    started = next(e for e in svc.store.read(game_id) if e["type"] not in ("TableOpened", "SeatClaimed"))

    assert [(d["what"], d["seat"]) for d in view["deadlines"]] == [
        ("ExpireTime", None),
        ("TimeOutActions", view["state"]["active"]),
    ]
    assert instant(view["deadlines"][0]["at"]) == pytest.approx(started["time"] + 60, abs=0.001)


def test_every_view_the_api_answers_matches_the_documented_game_view(client):
    document = client.get("/v1/openapi.json").json
    schema = {"$ref": "#/components/schemas/GameView", "components": document["components"]}
    game_id, tokens = dogslife(client, {"timed_minutes": 1})
    opened = client.post("/v1/games", json={"type": "dogslife", "options": {}, "seats": [{"human": True}] * 2}).json

    spectator = client.get(f"/v1/games/{game_id}").json
    bodies = [opened, spectator, client.get(f"/v1/games/{game_id}", headers=auth(tokens[0])).json]

    assert [error.message for body in bodies for error in Draft202012Validator(schema).iter_errors(body)] == []


class RoundTrips:
    """Counts the requests the app sends to Redis (a pipeline is one)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        send = redis.connection.AbstractConnection.send_packed_command

        def counted(connection: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return send(connection, *args, **kwargs)

        monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counted)

    def of(self, call: Any) -> int:
        """Round trips ``call`` makes."""
        before = self.count
        call()
        return self.count - before


def test_a_pending_deadline_costs_a_view_no_round_trip_beyond_loading_the_game_whose_events_it_reads(
    redis_url, client, monkeypatch
):
    with_deadlines, _ = dogslife(client, {"timed_minutes": 1})  # two deadlines, counted from two events
    body = {"type": "felix", "options": {}, "seats": [{"human": True}] * 3}
    without, warm_up = (client.post("/v1/games", json=body).json["id"] for _ in range(2))
    for seat in range(3):
        client.post(f"/v1/games/{without}/seats/{seat}", json={})
    # Another process, which has read neither game yet.
    fresh = create_app(Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"))
    trips = RoundTrips(monkeypatch)

    with fresh.test_client() as other:
        # The process connects to Redis, and loads the script that reads a game's snapshot and log into it.
        other.get(f"/v1/games/{warm_up}")
        first = {game: trips.of(lambda game=game: other.get(f"/v1/games/{game}")) for game in (with_deadlines, without)}
        again = {game: trips.of(lambda game=game: other.get(f"/v1/games/{game}")) for game in (with_deadlines, without)}

    assert len(client.get(f"/v1/games/{with_deadlines}").json["deadlines"]) == 2
    assert client.get(f"/v1/games/{without}").json["deadlines"] == []
    # The times the deadlines count from are in the events the load read (no snapshot yet): none is read again.
    assert first[with_deadlines] == first[without]
    assert again[with_deadlines] == again[without]
