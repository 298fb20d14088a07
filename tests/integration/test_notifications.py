"""Notifications on the real Redis: the commands that queue them, the worker that tells only a player who is away,
once per game and turn or in one digest, by Web Push to a push service of the test's own (tests/push_service.py),
and the push subscriptions' API."""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Iterator
from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker
from rq.registry import ScheduledJobRegistry

from domain import table as tables
from domain.catalogue import GAMES
from domain.language import LANGUAGES
from domain.secrecy import find_leaks
from events.presence import present
from events.push import PushSubscriptions
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.core.wiring import Services
from service.http.app import create_app
from tests.hook_receivers import receiving
from tests.integration.players import auth
from tests.push_service import PushService
from tests.sse import Opened, Reader
from workers import jobs, notifications


def settings(redis_url: str, **changed: object) -> Settings:
    base = Settings(
        redis_url=redis_url,
        queue=f"test-{uuid.uuid4().hex[:8]}",
        create_rate="off",
        keepalive_seconds=0.3,
        notify_delay_seconds=0,
        notify_digest_seconds=60,
        push_allow=("loopback",),
    )
    return Settings(**{**base.__dict__, **changed})


@pytest.fixture
def app(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The API, whose services the notifications jobs run with in this process."""
    made = create_app(settings(redis_url))
    svc = made.extensions["dogpark"]
    monkeypatch.setattr(notifications, "services", lambda: svc)
    yield made
    made.extensions["dogpark.fanout"].stop()
    svc.notifications.queue.empty()
    scheduled = ScheduledJobRegistry(queue=svc.notifications.queue)
    for job_id in scheduled.get_job_ids():
        scheduled.remove(job_id, delete_job=True)
    svc.queue.empty()


@pytest.fixture
def svc(app: Flask) -> Services:
    return app.extensions["dogpark"]


@pytest.fixture
def pushes(client: FlaskClient) -> Iterator[PushService]:
    service = PushService(client.get("/v1/push/key").json["public_key"])
    yield service
    service.stop()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def player(client: FlaskClient, name: str) -> str:
    return client.post("/v1/players", json={"name": name}).json["token"]


def player_id(client: FlaskClient, token: str) -> str:
    return client.get("/v1/players/me", headers=auth(token)).json["id"]


def spots(client: FlaskClient, tokens: list[str]) -> str:
    """A Spots game whose seats the players of ``tokens`` claim, in order, and where the first of them is to act (the
    first seat to act is drawn: the other plays its turn first, if drawn)."""
    game_id = client.post("/v1/games", json={"type": "spots", "seats": [{"human": True}] * len(tokens)}).json["id"]
    for seat, token in enumerate(tokens):
        assert client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token)).status_code == 201
    if client.get(f"/v1/games/{game_id}").json["to_act"] != [0]:
        pass_turn(client, game_id, tokens)
    return game_id


def pass_turn(client: FlaskClient, game_id: str, tokens: list[str]) -> int:
    """Moves of the seat to act until another seat is to act; that seat."""
    first = client.get(f"/v1/games/{game_id}").json["to_act"][0]
    while (seat := client.get(f"/v1/games/{game_id}").json["to_act"][0]) == first:
        move = client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"][0]
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat])).status_code == 200
    return seat


def work(svc: Services) -> None:
    """Run the notifications queue's jobs, as the notifications worker does."""
    SimpleWorker([svc.notifications.queue], connection=svc.worker_redis).work(burst=True)


def subscribe(client: FlaskClient, token: str, pushes: PushService, name: str, **extra: object) -> dict:
    answer = client.post(
        "/v1/players/me/push-subscriptions", json={**pushes.subscribe(name), **extra}, headers=auth(token)
    )
    assert answer.status_code == 201, answer.json
    return answer.json


def test_a_seat_coming_to_act_queues_a_turn_for_its_player_and_nothing_for_the_mover(client, svc):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    game_id = spots(client, [ana, bo])
    svc.notifications.queue.empty()
    assert pass_turn(client, game_id, [ana, bo]) == 1
    version = client.get(f"/v1/games/{game_id}").json["version"]
    jobs = [job.args for job in svc.notifications.queue.get_jobs()]
    assert jobs == [(player_id(client, bo), "turn", game_id, version, {"type": "spots"})]


def test_a_player_away_gets_one_push_per_turn_in_the_language_they_subscribed_in(client, svc, pushes):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    subscribe(client, ana, pushes, "ana-phone", language="uk")
    game_id = spots(client, [ana, bo])
    work(svc)
    # The same turn queued again (the sweeper, a retry) is not pushed again.
    version = client.get(f"/v1/games/{game_id}").json["version"]
    svc.notifications.queue.enqueue(
        "workers.notifications.deliver", player_id(client, ana), "turn", game_id, version, {}
    )
    work(svc)
    # Nor by the digest at the end of the window the first push opened.
    notifications.digest_now(svc, player_id(client, ana))
    taken = pushes.pushes("ana-phone")
    assert len(taken) == 1, pushes.errors
    shown = taken[0].notification
    assert shown["title"] == "Ваш хід"
    assert shown["body"] == "Ваш хід у грі Крапки."
    assert shown["kind"] == "turn" and shown["game"] == game_id and shown["url"] == f"/#/games/{game_id}"
    assert shown["language"] == "uk" and shown["data"] == {"type": "spots"}
    assert taken[0].headers["urgency"] == "high"


def test_a_player_whose_stream_is_open_gets_no_push_and_one_away_again_does(app, client, svc, pushes):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    subscribe(client, bo, pushes, "bo-phone")

    def start() -> Opened:
        response = app.test_client().get("/v1/players/me/stream", headers=auth(bo), buffered=False)
        return response.status_code, response.response, response.close

    stream = Reader(start)
    game_id = spots(client, [ana, bo])
    pass_turn(client, game_id, [ana, bo])
    work(svc)
    assert pushes.pushes("bo-phone") == []
    assert present(svc.redis, player_id(client, bo))
    stream.stop()
    # The stream gives its place back as it closes, once its generator is closed after the hang-up.
    deadline = time.monotonic() + 5
    while present(svc.redis, player_id(client, bo)) and time.monotonic() < deadline:
        time.sleep(0.05)
    pass_turn(client, game_id, [ana, bo])
    pass_turn(client, game_id, [ana, bo])
    work(svc)
    assert len(pushes.pushes("bo-phone")) == 1, pushes.errors


def test_more_games_waiting_within_the_window_are_told_in_one_digest(client, svc, pushes):
    ana, bo, cy = player(client, "Ana"), player(client, "Bo"), player(client, "Cy")
    subscribe(client, ana, pushes, "ana-phone")
    first = spots(client, [ana, bo])
    work(svc)
    assert len(pushes.pushes("ana-phone")) == 1
    second, third = spots(client, [ana, cy]), spots(client, [ana, bo])
    work(svc)
    # Within the window: kept for its digest, due when the window ends.
    assert len(pushes.pushes("ana-phone")) == 1
    scheduled = ScheduledJobRegistry(queue=svc.notifications.queue).get_job_ids()
    assert len([job for job in scheduled if "digest" in job]) == 1
    notifications.digest_now(svc, player_id(client, ana))
    taken = pushes.pushes("ana-phone")
    assert len(taken) == 2
    digest = taken[1].notification
    assert digest["body"] == "3 games wait for you."
    assert digest["kind"] == "turn" and digest["game"] is None
    assert sorted(digest["data"]["games"]) == sorted([second, third])
    assert first  # told singly before


def test_a_subscription_the_push_service_says_is_gone_is_deleted(client, svc, pushes):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    subscribe(client, ana, pushes, "old-phone")
    subscribe(client, ana, pushes, "new-phone")
    pushes.answers["old-phone"] = [410]
    spots(client, [ana, bo])
    work(svc)
    left = client.get("/v1/players/me/push-subscriptions", headers=auth(ana)).json["subscriptions"]
    assert [s["endpoint"].rsplit("/", 1)[-1] for s in left] == ["new-phone"]
    assert len(pushes.pushes("new-phone")) == 1


def test_a_failing_push_service_is_tried_again_a_bounded_number_of_times(client, svc, pushes):
    ana, bo, cy = player(client, "Ana"), player(client, "Bo"), player(client, "Cy")
    subscribe(client, ana, pushes, "flaky")
    subscribe(client, bo, pushes, "down")
    pushes.answers["flaky"] = [500, 503]
    pushes.answers["down"] = [500] * 10
    spots(client, [ana, cy])
    spots(client, [bo, cy])
    work(svc)
    assert pushes.requests["flaky"] == 3 and len(pushes.pushes("flaky")) == 1
    assert pushes.requests["down"] == 3 and pushes.pushes("down") == []
    # Failures that are not the push service's word that it is gone keep the subscription.
    assert len(PushSubscriptions(svc.redis).list(player_id(client, bo))) == 1


def test_a_game_over_is_pushed_to_a_player_away_with_only_what_every_player_may_know(client, svc, pushes):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    subscribe(client, bo, pushes, "bo-phone", language="it")
    game_id = spots(client, [ana, bo])
    svc.notifications.queue.empty()
    svc.notifications.send(player_id(client, bo), "game_over", game_id, 99, type="spots")
    work(svc)
    (taken,) = pushes.pushes("bo-phone")
    assert taken.notification["title"] == "Partita finita"
    assert taken.notification["body"] == "La tua partita di Spots è finita."
    assert taken.notification["id"] == f"{player_id(client, bo)}:game_over:{game_id}:99"
    assert taken.headers["urgency"] == "normal"


def test_a_challenges_answers_reach_the_player_away_by_push_and_webhook_and_a_withdrawal_replaces_its_challenge(
    client, svc, pushes, monkeypatch
):
    # The hook's calls are jobs of their own, run with the jobs' services: these, allowed to call the loopback receiver.
    monkeypatch.setattr(svc, "settings", replace(svc.settings, webhook_allow=("loopback",)))
    monkeypatch.setattr(jobs, "services", lambda: svc)
    ana, bo = player(client, "Ana"), player(client, "Bo")
    ana_id, bo_id = player_id(client, ana), player_id(client, bo)
    subscribe(client, ana, pushes, "ana-phone", language="pt")
    subscribe(client, bo, pushes, "bo-phone", language="it")
    made = [
        client.post(f"/v1/players/{bo_id}/challenges", json={"type": "spots"}, headers=auth(ana)).json["id"]
        for _ in range(3)
    ]
    with receiving() as receiver:
        svc.hooks.add(ana_id, receiver.url, 5)
        game_id = client.post(f"/v1/challenges/{made[0]}/accept", headers=auth(bo)).json["game"]
        client.post(f"/v1/challenges/{made[1]}/decline", headers=auth(bo))
        client.post(f"/v1/challenges/{made[2]}/decline", headers=auth(ana))
        work(svc)
    answers = [push.notification for push in pushes.pushes("ana-phone")]
    offers = [push.notification for push in pushes.pushes("bo-phone") if push.notification["kind"] != "turn"]

    assert [(told["kind"], told["title"], told["body"], told["url"]) for told in answers] == [
        (
            "challenge_accepted",
            "Desafio aceite",
            "Bo aceitou o seu desafio: o seu jogo de Spots começou.",
            f"/#/games/{game_id}",
        ),
        ("challenge_declined", "Desafio recusado", "Bo recusou o seu desafio para um jogo de Spots.", None),
    ]
    assert answers[0]["id"] == f"{ana_id}:challenge_accepted:{game_id}:" and answers[0]["tag"] == f"dogpark-{game_id}"
    assert receiver.bodies() == [
        {**{field: value for field, value in told.items() if field != "tag"}, "player": ana_id} for told in answers
    ]
    assert [(told["kind"], told["data"]["challenge"]) for told in offers] == [
        *[("challenged", challenge_id) for challenge_id in made],
        ("challenge_withdrawn", made[2]),
    ]
    assert (offers[-1]["title"], offers[-1]["body"]) == (
        "Sfida ritirata",
        "Ana ha ritirato la sfida a una partita di Spots.",
    )
    # The withdrawal is shown under its challenge's tag, so it replaces that challenge on the screen.
    assert [told["tag"] for told in offers] == [
        f"dogpark-challenge-{challenge_id}" for challenge_id in [*made, made[2]]
    ]


def test_the_push_key_is_the_servers_p256_public_key(client):
    key = client.get("/v1/push/key").json["public_key"]
    from events.push import unb64url

    raw = unb64url(key)
    assert len(raw) == 65 and raw[0] == 4
    assert client.get("/v1/push/key").json["public_key"] == key


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        ({"endpoint": "ftp://127.0.0.1/x"}, 422, "push-endpoint-not-allowed"),
        ({"endpoint": "http://10.1.2.3/x"}, 422, "push-endpoint-not-allowed"),
        ({"keys": {"p256dh": "not base64!", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, 422, "invalid-request"),
        ({"keys": {"p256dh": "AAAA", "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}, 422, "invalid-request"),
        ({"surprise": 1}, 422, "invalid-request"),
    ],
)
def test_a_subscription_that_cannot_be_pushed_to_is_refused_as_a_problem(client, pushes, body, status, kind):
    ana = player(client, "Ana")
    answer = client.post("/v1/players/me/push-subscriptions", json={**pushes.subscribe(), **body}, headers=auth(ana))
    assert answer.status_code == status, answer.json
    assert answer.mimetype == PROBLEM
    assert answer.json["type"] == f"/v1/problems/{kind}"


def test_the_push_subscriptions_api_needs_a_player_and_caps_a_players_subscriptions(client, pushes):
    assert client.get("/v1/players/me/push-subscriptions").status_code == 401
    assert client.post("/v1/players/me/push-subscriptions", json=pushes.subscribe()).status_code == 401
    ana = player(client, "Ana")
    made = [subscribe(client, ana, pushes, f"phone-{n}") for n in range(10)]
    # The same endpoint again replaces its subscription, keeping its id.
    assert subscribe(client, ana, pushes, "phone-0")["id"] == made[0]["id"]
    refused = client.post("/v1/players/me/push-subscriptions", json=pushes.subscribe(), headers=auth(ana))
    assert refused.status_code == 409 and refused.json["type"] == "/v1/problems/too-many-push-subscriptions"
    assert refused.json["limit"] == 10
    gone = client.delete(f"/v1/players/me/push-subscriptions/{made[3]['id']}", headers=auth(ana))
    assert gone.status_code == 204
    again = client.delete(f"/v1/players/me/push-subscriptions/{made[3]['id']}", headers=auth(ana))
    assert again.status_code == 404 and again.mimetype == PROBLEM
    listed = client.get("/v1/players/me/push-subscriptions", headers=auth(ana)).json["subscriptions"]
    assert len(listed) == 9 and all("keys" not in s for s in listed)


def test_a_clock_warning_waits_for_its_share_of_the_turn_and_is_dropped_once_the_turn_is_played(redis_url, monkeypatch):
    made = create_app(settings(redis_url, clock_warning=0.8))
    svc = made.extensions["dogpark"]
    monkeypatch.setattr(notifications, "services", lambda: svc)
    client = made.test_client()
    pushes = PushService(client.get("/v1/push/key").json["public_key"])
    scheduled = ScheduledJobRegistry(queue=svc.notifications.queue)
    try:
        ana, bo = player(client, "Ana"), player(client, "Bo")
        subscribe(client, ana, pushes, "ana-phone")
        seats = [{"human": True}] * 2
        game_id = client.post("/v1/games", json={"type": "spots", "seats": seats, "clock": {"turn_seconds": 10}}).json[
            "id"
        ]
        for seat, token in enumerate([ana, bo]):
            assert client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token)).status_code == 201
        waiting = client.get(f"/v1/games/{game_id}").json["to_act"][0]
        token = [ana, bo][waiting]
        work(svc)
        ana_id = player_id(client, ana)
        (held,) = [svc.notifications.queue.fetch_job(job_id) for job_id in scheduled.get_job_ids()]
        data = held.args[4]
        assert data["warn_at"] == pytest.approx(data["deadline"] - 8, abs=0.05)
        time.sleep(max(0.0, data["warn_at"] - time.time()))
        if token != ana:
            # Bo's turn first: Ana's warning comes once Bo has played.
            move = client.get(f"/v1/games/{game_id}", headers=auth(bo)).json["legal_moves"][0]
            while client.get(f"/v1/games/{game_id}").json["to_act"] == [1]:
                move = client.get(f"/v1/games/{game_id}", headers=auth(bo)).json["legal_moves"][0]
                assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(bo)).status_code == 200
            token = ana
            work(svc)
            (held,) = [
                svc.notifications.queue.fetch_job(job_id) for job_id in scheduled.get_job_ids() if ana_id in job_id
            ]
            data = held.args[4]
            time.sleep(max(0.0, data["warn_at"] - time.time()))
        assert notifications.tell(svc, *held.args) == "clock sent"
        (warned,) = [p for p in pushes.pushes("ana-phone") if p.notification["kind"] == "clock"]
        assert warned.notification["data"]["seconds"] in (7, 8)
        assert warned.notification["body"] in (
            "8 seconds left for your turn in Spots.",
            "7 seconds left for your turn in Spots.",
        )
        # Played before the warning: the warning says nothing.
        move = client.get(f"/v1/games/{game_id}", headers=auth(token)).json["legal_moves"][0]
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(token)).status_code == 200
        assert notifications.tell(svc, *held.args) == "the turn was played"
    finally:
        pushes.stop()
        made.extensions["dogpark.fanout"].stop()
        svc.notifications.queue.empty()
        for job_id in scheduled.get_job_ids():
            scheduled.remove(job_id, delete_job=True)
        svc.queue.empty()


def test_a_player_registering_subscriptions_past_the_hourly_rate_is_refused_with_retry_after(client, pushes):
    ana = player(client, "Ana")
    body = pushes.subscribe("same-phone")
    answers = [client.post("/v1/players/me/push-subscriptions", json=body, headers=auth(ana)) for _ in range(21)]
    assert [a.status_code for a in answers] == [201] * 20 + [429]
    assert answers[-1].mimetype == PROBLEM and int(answers[-1].headers["Retry-After"]) > 0


def test_a_player_watching_the_game_from_a_seats_stream_gets_no_push_of_its_turns(app, client, svc, pushes):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    subscribe(client, bo, pushes, "bo-phone")
    game_id = spots(client, [ana, bo])

    def start() -> Opened:
        response = app.test_client().get(f"/v1/games/{game_id}/events/stream", headers=auth(bo), buffered=False)
        return response.status_code, response.response, response.close

    stream = Reader(start)
    try:
        pass_turn(client, game_id, [ana, bo])
        work(svc)
        assert pushes.pushes("bo-phone") == []
    finally:
        stream.stop()


def test_a_player_who_watched_the_game_end_from_a_seats_stream_is_not_told_it_ended(app, client, svc):
    ana, bo = player(client, "Ana"), player(client, "Bo")
    tokens = [ana, ana, bo]
    # A game Bo's own move ends tells him nothing anyway: games are played until one ends by Ana's move. Ana holds
    # two of the three seats (a hotseat game), so most games do. Each ends within 60 events (the table abandons it
    # there, which tells the end as any other): a game of first moves may otherwise run to thousands.
    for _ in range(12):
        body = {"type": "spots", "seats": [{"human": True}] * 3, "hotseat": True, "max_events": 60}
        game_id = client.post("/v1/games", json=body).json["id"]
        for seat, token in enumerate(tokens):
            assert client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token)).status_code == 201

        def start(game_id: str = game_id) -> Opened:
            response = app.test_client().get(f"/v1/games/{game_id}/events/stream", headers=auth(bo), buffered=False)
            return response.status_code, response.response, response.close

        stream = Reader(start)
        try:
            while to_act := client.get(f"/v1/games/{game_id}").json["to_act"]:
                seat = to_act[0]
                mine = {"headers": auth(tokens[seat]), "query_string": {"seat": seat}}
                move = client.get(f"/v1/games/{game_id}", **mine).json["legal_moves"][0]
                assert client.post(f"/v1/games/{game_id}/commands", json=move, **mine).status_code == 200
        finally:
            stream.stop()
        version = client.get(f"/v1/games/{game_id}").json["version"]
        last = client.get(f"/v1/games/{game_id}/events", query_string={"after": version - 1}).json["events"][-1]
        if last["actor"].get("seat") in (0, 1):
            break
    else:
        pytest.fail("no game of 12 ended by Ana's move")
    ended = [job.args[0] for job in svc.notifications.queue.get_jobs() if job.args[1:3] == ("game_over", game_id)]
    assert ended == []


def test_the_digest_is_sent_by_the_worker_once_its_window_ends(redis_url, monkeypatch):
    made = create_app(settings(redis_url, notify_digest_seconds=4))
    svc = made.extensions["dogpark"]
    monkeypatch.setattr(notifications, "services", lambda: svc)
    client = made.test_client()
    pushes = PushService(client.get("/v1/push/key").json["public_key"])
    scheduled = ScheduledJobRegistry(queue=svc.notifications.queue)
    try:
        ana, bo, cy = player(client, "Ana"), player(client, "Bo"), player(client, "Cy")
        subscribe(client, ana, pushes, "ana-phone")
        spots(client, [ana, bo])
        work(svc)
        spots(client, [ana, cy])
        spots(client, [ana, bo])
        work(svc)
        assert len(pushes.pushes("ana-phone")) == 1
        time.sleep(4.1)
        # The worker's scheduler moves the window's digest to the queue once it is due; the worker then runs it.
        SimpleWorker([svc.notifications.queue], connection=svc.worker_redis).work(burst=True, with_scheduler=True)
        taken = pushes.pushes("ana-phone")
        assert [push.notification["body"] for push in taken[1:]] == ["3 games wait for you."]
    finally:
        pushes.stop()
        made.extensions["dogpark.fanout"].stop()
        svc.notifications.queue.empty()
        for job_id in scheduled.get_job_ids():
            scheduled.remove(job_id, delete_job=True)
        svc.queue.empty()


#: The players of each game's table, and the commands played at most.
PLAYERS = {"felix": 3, "spots": 2, "dogs": 2, "dogslife": 2}
COMMANDS = 150


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_no_notification_tells_its_player_a_secret_of_the_players_seat(
    client: FlaskClient, svc: Services, monkeypatch: pytest.MonkeyPatch, game_type: str
):
    tokens = [player(client, f"P{seat}") for seat in range(PLAYERS[game_type])]
    seat_of = {player_id(client, token): seat for seat, token in enumerate(tokens)}
    seats = [{"human": True}] * len(tokens)
    game_id = client.post("/v1/games", json={"type": game_type, "seats": seats}).json["id"]
    for seat, token in enumerate(tokens):
        assert client.post(f"/v1/games/{game_id}/seats/{seat}", headers=auth(token)).status_code == 201
    rng, told, checked = random.Random(game_type), set(), 0
    # A game's system steps (A Dog's Life's dogcatcher) are played by a worker's job, here with the test's services.
    monkeypatch.setattr(jobs, "services", lambda: svc)

    for _ in range(COMMANDS):
        table = svc.repo.load(game_id).table
        for job in svc.notifications.queue.get_jobs():
            pid, kind, game, version, data = job.args
            if job.id in told or pid not in seat_of:
                continue
            told.add(job.id)
            secrets = tables.rules_of(table).secrets(table["game"], seat_of[pid])
            for language in LANGUAGES:
                written = notifications.notification(pid, kind, game, version, data, language)
                assert find_leaks(written, secrets) == [], (kind, language, written)
                checked += 1
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] != "running":
            break
        if not view["to_act"]:
            jobs.advance(game_id, None)
            continue
        seat = view["to_act"][0]
        move = rng.choice(client.get(f"/v1/games/{game_id}", headers=auth(tokens[seat])).json["legal_moves"])
        assert client.post(f"/v1/games/{game_id}/commands", json=move, headers=auth(tokens[seat])).status_code == 200

    assert checked >= 3 * len(LANGUAGES), f"only {checked} notifications written"
