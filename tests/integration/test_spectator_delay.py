"""Delayed spectators over HTTP: no spectator read of a running game reaches past its spectator_delay, the seats see
everything at once, and once the game is over all of it is public.

Two people play Spots (the test sends their moves, and runs the automatic steps in line), at a table whose
spectators are two moves behind. The test keeps its own record of the moves (the game's version when each seat's
command was sent), so the horizon it expects is computed apart from the server's.
"""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Iterator

import pytest
from flask import Flask

from service.core.config import Settings
from service.http.app import create_app
from tests.sse import Opened, Reader
from workers import jobs

DELAY = 2
#: The game is abandoned at this many events, so the test sees it end.
MAX_EVENTS = 70


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_app(redis_url: str, queue: str) -> Flask:
    """An app on the test Redis whose automatic steps the test runs itself; its spectators are paced at once."""
    settings = Settings(redis_url=redis_url, queue=queue, create_rate="off", replay_rate="off")
    app = create_app(dataclasses.replace(settings, keepalive_seconds=0.3, spectator_pace_ms=0))
    app.extensions["dogpark"].handler.enqueue = lambda *step: None
    return app


@pytest.fixture
def apps(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Flask]]:
    """Two web processes' apps on the same Redis (each with its own streams), the first one's services the jobs'."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    first, second = new_app(redis_url, queue), new_app(redis_url, queue)
    monkeypatch.setattr(jobs, "services", lambda: first.extensions["dogpark"])
    yield first, second
    for app in (first, second):
        app.extensions["dogpark.fanout"].stop()


def watch(app: Flask, game_id: str, headers: dict[str, str] | None = None, after: int | None = None) -> Reader:
    query = "" if after is None else f"?after={after}"

    def start() -> Opened:
        url = f"/v1/games/{game_id}/events/stream{query}"
        response = app.test_client().get(url, headers=headers or {}, buffered=False)
        return response.status_code, response.response, response.close

    return Reader(start)


def expected_horizon(moves: list[int], version: int, finished: bool) -> int:
    """The test's own horizon: the version before the oldest of the latest DELAY moves (the whole game once over)."""
    return version if finished or not moves else moves[-DELAY:][0]


def test_no_spectator_read_reaches_past_the_delay_and_the_seats_see_everything_at_once(apps):
    app, other = apps
    client = app.test_client()
    created = client.post(
        "/v1/games",
        json={
            "type": "spots",
            "seats": [{"human": True}, {"human": True}],
            "spectator_delay": DELAY,
            "max_events": MAX_EVENTS,
        },
    )
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    assert created.json["spectator_delay"] == DELAY
    tokens = [client.post(f"/v1/games/{game_id}/seats/{seat}").json["token"] for seat in (0, 1)]
    spectator_stream = watch(app, game_id)
    seat_stream = watch(app, game_id, auth(tokens[0]))
    rng = random.Random(36)
    moves: list[int] = []
    late_stream: Reader | None = None
    try:
        while True:
            views = [client.get(f"/v1/games/{game_id}", headers=auth(token)).json for token in tokens]
            version = views[0]["version"]
            finished = views[0]["status"] == "finished"
            horizon = expected_horizon(moves, version, finished)
            assert_spectators_read_up_to(client, game_id, horizon)
            # The seats read the game as it is.
            assert views[1]["version"] == version
            assert client.get(f"/v1/games/{game_id}/events", headers=auth(tokens[1])).json["version"] == version
            spectator_stream.wait(lambda r, h=horizon: max(r.versions(), default=0) == h, f"the stream at {horizon}")
            seat_stream.wait(lambda r, v=version: max(r.versions(), default=0) == v, f"the seat's stream at {version}")
            if finished:
                break
            if late_stream is None and len(moves) == 4:
                # A spectator opening in another process, which loads the game with moves held back.
                late_stream = watch(other, game_id)
            acting = [(token, view) for token, view in zip(tokens, views, strict=True) if view["legal_moves"]]
            if acting:
                token, view = rng.choice(acting)
                sent = client.post(
                    f"/v1/games/{game_id}/commands", json=rng.choice(view["legal_moves"]), headers=auth(token)
                )
                assert sent.status_code == 200, sent.json
                moves.append(version)
            else:
                assert "version" in jobs.advance(game_id, None)
        # Over, the whole game is public: every stream has all of it and ends, and the audit opens.
        assert late_stream is not None
        for reader in (spectator_stream, seat_stream, late_stream):
            reader.wait(lambda r: r.ended, "the stream's end")
            assert reader.versions()[-1] == version
        assert late_stream.versions() == list(range(1, version + 1))
        assert spectator_stream.versions() == list(range(1, version + 1))
        assert client.get(f"/v1/games/{game_id}/audit").status_code == 200
    finally:
        for reader in (spectator_stream, seat_stream, *([late_stream] if late_stream else [])):
            reader.stop()


def assert_spectators_read_up_to(client, game_id: str, horizon: int) -> None:
    """Every spectator read of the game (view, log, replay, stream resumption) stops at ``horizon``."""
    view = client.get(f"/v1/games/{game_id}").json
    assert view["version"] == horizon
    # Read again (a past version the process keeps), the same view.
    assert client.get(f"/v1/games/{game_id}").json == view
    log = client.get(f"/v1/games/{game_id}/events").json
    assert log["version"] == horizon
    assert [event["version"] for event in log["events"]] == list(range(1, horizon + 1))
    paged = client.get(f"/v1/games/{game_id}/events?after={horizon - 1}&limit=5").json
    assert [event["version"] for event in paged["events"]] == [horizon]
    assert client.get(f"/v1/games/{game_id}/replay?version={horizon}").status_code == 200
    past = client.get(f"/v1/games/{game_id}/replay?version={horizon + 1}")
    assert past.status_code == 422
    assert past.json["version"] == horizon
    resumed = client.get(f"/v1/games/{game_id}/events/stream", headers={"Last-Event-ID": str(horizon + 1)})
    assert resumed.status_code == 422
    assert resumed.json["version"] == horizon


@pytest.mark.parametrize(
    ("delay", "kind"),
    [
        (-1, "bad-options"),
        (51, "bad-options"),
        ("2", "invalid-request"),
        (True, "invalid-request"),
        (2.5, "invalid-request"),
        (None, "invalid-request"),
    ],
)
def test_a_spectator_delay_is_an_integer_number_of_moves_from_0_to_50(apps, delay, kind):
    app, _ = apps
    body = {"type": "spots", "seats": [{"human": True}, {"human": True}], "spectator_delay": delay}
    refused = app.test_client().post("/v1/games", json=body)
    assert refused.status_code == 422
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused.json["type"] == f"/v1/problems/{kind}"
    assert "spectator_delay" in refused.get_data(as_text=True)


@pytest.mark.parametrize("delay", [0, 50])
def test_a_table_without_a_delay_says_none_and_one_of_the_most_moves_says_so(apps, delay):
    app, _ = apps
    body = {"type": "spots", "seats": [{"human": True}, {"human": True}], "spectator_delay": delay}
    created = app.test_client().post("/v1/games", json=body)
    assert created.status_code == 201
    assert created.json.get("spectator_delay") == (delay or None)


@pytest.mark.parametrize(("delay", "shown"), [(1, []), (0, [0])])
def test_the_lobby_shows_no_replaced_bot_of_a_running_game_its_spectators_see_behind(apps, delay, shown):
    app, _ = apps
    client, svc = app.test_client(), app.extensions["dogpark"]
    bot = svc.bots.register(
        f"hook-{uuid.uuid4().hex[:8]}", "https://bots.example.org/w", "", ["felix"], 2.0, "s" * 32, owner="p1"
    )
    seats = [{"bot": bot.name}, {"human": True}, {"human": True}]
    game_id = client.post("/v1/games", json={"type": "felix", "seats": seats, "spectator_delay": delay}).json["id"]
    for seat in (1, 2):
        client.post(f"/v1/games/{game_id}/seats/{seat}")
    replace = {"type": "ReplaceBot", "seat": 0, "failures": 5, "reason": "timeout"}
    svc.handler.execute(game_id, None, {"kind": "system"}, replace)

    lobby = client.get("/v1/games", query_string={"type": "felix", "status": "running", "limit": 100}).json["games"]
    listed = [game for game in lobby if game["id"] == game_id]
    assert [game["replaced_bots"] for game in listed] == [shown]
    assert [game["players"][0]["replaced_by"] for game in listed] == ["random" if shown else None]
