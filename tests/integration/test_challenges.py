"""Challenges over HTTP: a player challenges a named one, who is notified, sees it, and accepts (a private game with
both seated starts) or declines; the first answer stands and the other player is told it, and an unanswered challenge
expires, which the sweeper tells its challenger."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest

import events.challenges
from events.challenges import EXPIRING_KEY, KEPT_SECONDS, challenge_key, player_challenges_key
from service.core.challenges import second, tell_expired
from service.core.wiring import Services
from service.http.app import create_app
from tests.integration.conftest import empty_queues, unlimited
from tests.integration.players import auth, new_player, services
from workers.notifications import notification
from workers.sweeper import sweep


@pytest.fixture(autouse=True)
def _no_notifications_left(client):
    """The notifications a test queued go with it (the client fixture empties the steps' queues only)."""
    yield
    services(client).notifications.queue.empty()


def challenge(client, token: str, to: str, **body):
    return client.post(f"/v1/players/{to}/challenges", json={"type": "spots", **body}, headers=auth(token))


def told(client, pid: str) -> list[tuple]:
    """The notifications queued for player ``pid``: (kind, game, version, data) each."""
    return [tuple(job.args[1:]) for job in services(client).notifications.queue.get_jobs() if job.args[0] == pid]


def test_a_challenged_player_is_notified_and_both_players_see_the_challenge(client):
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")

    made = challenge(client, ana_token, bo, seat=1, clock={"turn_seconds": 60})
    jobs = [tuple(job.args) for job in services(client).notifications.queue.get_jobs()]
    received = client.get("/v1/players/me/challenges", headers=auth(bo_token)).json
    sent = client.get("/v1/players/me/challenges", headers=auth(ana_token)).json

    assert made.status_code == 201, made.json
    assert made.json["from"] == ana and made.json["to"] == bo and made.json["seat"] == 1
    assert made.json["settings"] == {"clock": {"turn_seconds": 60}} and made.json["answer"] is None
    assert jobs == [(bo, "challenged", None, None, {"challenge": made.json["id"], "by": "Ana", "type": "spots"})]
    assert received == {"received": [made.json], "sent": []}
    assert sent == {"received": [], "sent": [made.json]}


def test_an_accepted_challenge_starts_a_private_game_with_both_players_seated(client):
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    made = challenge(client, ana_token, bo, seat=1, clock={"turn_seconds": 60}).json

    accepted = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token))
    game_id = accepted.json["game"]
    view = client.get(f"/v1/games/{game_id}").json
    mine = client.get("/v1/players/me/games", headers=auth(ana_token)).json["games"]
    listed = [game["id"] for game in client.get("/v1/games?type=spots&limit=500").json["games"]]

    assert accepted.status_code == 200, accepted.json
    assert accepted.json["answer"] == "accepted"
    assert view["private"] is True and view["status"] == "running" and "clocks" in view
    assert [(seat["name"], seat["reserved"], seat["claimed"]) for seat in view["seats"]] == [
        ("Bo", bo, True),
        ("Ana", ana, True),
    ]
    assert [game["seats"] for game in mine if game["id"] == game_id] == [[1]]
    assert game_id not in listed
    assert services(client).store.read_field(game_id, "meta", "creator") == ana


def test_an_accepted_challenge_tells_the_challenger_once_with_the_game_whichever_seat_acts_first(client):
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    queue = services(client).notifications.queue
    challenger_first: set[bool] = set()
    # Spots draws the seat to act first: challenges until both the challenger's seat and the other have been first.
    for attempt in range(40):
        made = challenge(client, ana_token, bo, seat=attempt % 2).json
        queue.empty()
        game_id = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token)).json["game"]
        challenger_first.add(client.get(f"/v1/games/{game_id}").json["to_act"] == [made["seat"]])

        assert told(client, ana) == [
            ("challenge_accepted", game_id, None, {"challenge": made["id"], "by": "Bo", "type": "spots"})
        ]
        if attempt >= 1 and len(challenger_first) == 2:
            break
    assert challenger_first == {True, False}


@pytest.mark.parametrize(
    ("decliner", "told_kind"),
    [("the challenged player", "challenge_declined"), ("the challenger", "challenge_withdrawn")],
)
def test_a_declined_challenge_tells_the_challenger_and_a_withdrawn_one_the_challenged_player(
    client, decliner, told_kind
):
    players = {name: new_player(client, name) for name in ("Ana", "Bo")}
    made = challenge(client, players["Ana"][1], players["Bo"][0]).json
    by, other = ("Bo", "Ana") if decliner == "the challenged player" else ("Ana", "Bo")
    services(client).notifications.queue.empty()

    client.post(f"/v1/challenges/{made['id']}/decline", headers=auth(players[by][1]))

    assert told(client, players[other][0]) == [
        (told_kind, None, None, {"challenge": made["id"], "by": by, "type": "spots"})
    ]
    assert told(client, players[by][0]) == []


def test_an_answer_refused_as_too_late_tells_nobody(client):
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    made = challenge(client, ana_token, bo).json
    client.post(f"/v1/challenges/{made['id']}/decline", headers=auth(bo_token))
    services(client).notifications.queue.empty()

    late = [
        client.post(f"/v1/challenges/{made['id']}/{verb}", headers=auth(bo_token)) for verb in ("accept", "decline")
    ]

    assert [answer.status_code for answer in late] == [409, 409]
    assert told(client, ana) == told(client, bo) == []


def test_only_the_challenged_player_accepts_and_the_first_answer_stands(client):
    _, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    _, stranger = new_player(client, "Mallory")
    made = challenge(client, ana_token, bo).json

    by_challenger = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(ana_token))
    by_stranger = client.post(f"/v1/challenges/{made['id']}/decline", headers=auth(stranger))
    declined = client.post(f"/v1/challenges/{made['id']}/decline", headers=auth(bo_token))
    late = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token))

    assert by_challenger.status_code == by_stranger.status_code == 403
    assert by_challenger.json["type"] == "/v1/problems/not-your-challenge"
    assert declined.status_code == 200 and declined.json["answer"] == "declined"
    assert late.status_code == 409 and late.json["type"] == "/v1/problems/challenge-answered"
    assert late.json["answer"] == "declined" and late.json["game"] is None


def test_the_challenger_withdraws_a_challenge_by_declining_it(client):
    _, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    made = challenge(client, ana_token, bo).json

    withdrawn = client.post(f"/v1/challenges/{made['id']}/decline", headers=auth(ana_token))
    accepted = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token))

    assert withdrawn.status_code == 200 and accepted.status_code == 409


def test_a_challenge_is_accepted_once_however_many_accept_at_once(redis_url):
    app = create_app(unlimited(redis_url))
    client = app.test_client()
    try:
        ana, ana_token = new_player(client, "Ana")
        bo, bo_token = new_player(client, "Bo")
        made = challenge(client, ana_token, bo).json
        answers: list[int] = []
        start = threading.Barrier(6)

        def accept() -> None:
            start.wait()
            answers.append(
                app.test_client().post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token)).status_code
            )

        threads = [threading.Thread(target=accept) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        games = [game for game in client.get("/v1/players/me/games", headers=auth(bo_token)).json["games"]]
        queued = app.extensions["dogpark"].notifications.queue.get_jobs()

        assert sorted(answers) == [200] + [409] * 5
        assert len(games) == 1
        assert [job.args[1] for job in queued if job.args[0] == ana] == ["challenge_accepted"]
    finally:
        empty_queues(app.extensions["dogpark"])
        app.extensions["dogpark"].notifications.queue.empty()


def test_a_challenge_to_a_game_the_server_would_not_make_is_refused_when_made(client):
    ana, ana_token = new_player(client, "Ana")
    bo, _ = new_player(client, "Bo")

    answers = {
        "felix is for three or more": challenge(client, ana_token, bo, type="felix"),
        "a bad clock": challenge(client, ana_token, bo, clock={"turn_seconds": 0}),
        "on_timeout without a clock": challenge(client, ana_token, bo, on_timeout="forfeit"),
        "oneself": challenge(client, ana_token, ana),
        "an unknown player": challenge(client, ana_token, "nobody"),
        "no token": client.post(f"/v1/players/{bo}/challenges", json={"type": "spots"}),
        "an unknown field": challenge(client, ana_token, bo, hotseat=True),
    }

    assert {why: answer.status_code for why, answer in answers.items()} == {
        "felix is for three or more": 422,
        "a bad clock": 422,
        "on_timeout without a clock": 422,
        "oneself": 422,
        "an unknown player": 404,
        "no token": 401,
        "an unknown field": 422,
    }
    assert services(client).notifications.queue.count == 0


def test_an_unanswered_challenge_expires(redis_url):
    app = create_app(replace(unlimited(redis_url), challenge_seconds=1.0))
    client = app.test_client()
    try:
        ana, ana_token = new_player(client, "Ana")
        bo, bo_token = new_player(client, "Bo")
        made = challenge(client, ana_token, bo).json
        redis = app.extensions["dogpark"].redis
        expires_in = redis.ttl(challenge_key(made["id"]))

        time.sleep(1.1)
        accepted = client.post(f"/v1/challenges/{made['id']}/accept", headers=auth(bo_token))
        listed = client.get("/v1/players/me/challenges", headers=auth(bo_token)).json

        assert KEPT_SECONDS <= expires_in <= KEPT_SECONDS + 1
        assert accepted.status_code == 404
        assert listed == {"received": [], "sent": []}
        assert redis.zcard(player_challenges_key(bo)) == 0 and redis.zcard(player_challenges_key(ana)) == 1
    finally:
        app.extensions["dogpark"].notifications.queue.empty()


@pytest.fixture
def expiring(redis_url):
    """An app whose challenges expire a second after they are made."""
    app = create_app(replace(unlimited(redis_url), challenge_seconds=1.0))
    yield app
    empty_queues(app.extensions["dogpark"])
    app.extensions["dogpark"].notifications.queue.empty()


def expired_challenge(client) -> tuple[str, str, dict, Services]:
    """Ana's challenge to Bo, left to expire: Ana's id, Bo's, the challenge and the services. The earlier tests'
    expired challenges are told first, and the notifications queued until it expired are emptied."""
    ana, ana_token = new_player(client, "Ana")
    bo, _ = new_player(client, "Bo")
    svc = services(client)
    tell_expired(svc)
    made = challenge(client, ana_token, bo).json
    svc.notifications.queue.empty()
    time.sleep(1.1)
    return ana, bo, made, svc


def test_the_sweeper_tells_the_challenger_once_that_a_challenge_expired_unanswered(expiring):
    client = expiring.test_client()
    ana, bo, made, svc = expired_challenge(client)

    sweep(svc, time.time())
    sweep(svc, time.time())

    assert told(client, ana) == [
        ("challenge_expired", None, None, {"challenge": made["id"], "by": "Bo", "type": "spots"})
    ]
    assert told(client, bo) == []


def test_an_expired_challenge_is_told_once_though_a_second_sweeper_read_it_too(expiring):
    client = expiring.test_client()
    ana, _, made, svc = expired_challenge(client)

    first = tell_expired(svc)
    # A second sweeper that read the expiring ids before the first dropped this one (or a first that stopped between
    # marking it and dropping it) finds it again.
    svc.redis.zadd(EXPIRING_KEY, {made["id"]: made["expires"]})
    second_look = tell_expired(svc)

    assert (first, second_look) == (1, 0)
    assert [kind for kind, *_ in told(client, ana)] == ["challenge_expired"]


def test_a_backlog_of_expired_challenges_is_taken_a_slice_a_look(expiring, monkeypatch):
    client = expiring.test_client()
    ana, ana_token = new_player(client, "Ana")
    bo, _ = new_player(client, "Bo")
    svc = services(client)
    tell_expired(svc)
    for _ in range(3):
        challenge(client, ana_token, bo)
    time.sleep(1.1)
    monkeypatch.setattr(events.challenges, "LOOK_LIMIT", 2)

    looks = [tell_expired(svc) for _ in range(3)]

    assert looks == [2, 1, 0]
    assert [kind for kind, *_ in told(client, ana)].count("challenge_expired") == 3


def test_an_answered_challenge_that_expires_tells_nobody_more(expiring):
    client = expiring.test_client()
    ana, ana_token = new_player(client, "Ana")
    bo, bo_token = new_player(client, "Bo")
    declined = challenge(client, ana_token, bo).json
    accepted = challenge(client, ana_token, bo).json
    client.post(f"/v1/challenges/{declined['id']}/decline", headers=auth(bo_token))
    client.post(f"/v1/challenges/{accepted['id']}/accept", headers=auth(bo_token))
    svc = services(client)
    svc.notifications.queue.empty()
    time.sleep(1.1)

    tell_expired(svc)

    assert told(client, ana) == told(client, bo) == []


def test_an_answer_that_loses_to_the_expiry_is_a_404_not_a_409(expiring):
    _, _, made, svc = expired_challenge(expiring.test_client())
    tell_expired(svc)

    written = svc.challenges.answer(made["id"], "accepted")
    problem = second(svc, made["id"])

    assert written is False
    assert problem.status == 404


@pytest.mark.parametrize(
    ("language", "title", "body"),
    [
        ("en", "Challenge expired", "Bo did not answer your challenge to a game of Spots in time."),
        ("pt", "Desafio expirado", "Bo não respondeu a tempo ao seu desafio para um jogo de Spots."),
        ("uk", "Час виклику минув", "Bo не відповідає на ваш виклик на гру Крапки, і його час минув."),
        ("it", "Sfida scaduta", "Bo non ha risposto in tempo alla tua sfida a una partita di Spots."),
    ],
)
def test_an_expired_challenge_is_told_in_the_challengers_language(language, title, body):
    data = {"challenge": "c1", "by": "Bo", "type": "spots"}

    told = notification("ana", "challenge_expired", None, None, data, language)

    assert (told["title"], told["body"]) == (title, body)


@pytest.mark.parametrize(
    ("language", "body"),
    [
        ("en", "Another player did not answer your challenge to a game of Spots in time."),
        ("uk", "Інший гравець не відповідає на ваш виклик на гру Крапки, і його час минув."),
    ],
)
def test_a_challenge_notice_whose_other_player_is_gone_names_another_player(language, body):
    data = {"challenge": "c1", "by": None, "type": "spots"}

    told = notification("ana", "challenge_expired", None, None, data, language)

    assert told["body"] == body


def test_the_first_answer_written_stands_and_a_second_is_told_so(client):
    ana, ana_token = new_player(client, "Ana")
    bo, _ = new_player(client, "Bo")
    made = challenge(client, ana_token, bo).json
    challenges = services(client).challenges

    first = challenges.answer(made["id"], "declined")
    second = challenges.answer(made["id"], "accepted")

    assert (first, second) == (True, False)
    assert challenges.get(made["id"])["answer"] == "declined"


def test_two_challenges_to_one_player_are_two_notifications_and_one_told_twice_is_one(client):
    _, ana_token = new_player(client, "Ana")
    _, cy_token = new_player(client, "Cy")
    bo, _ = new_player(client, "Bo")
    made = [challenge(client, token, bo).json for token in (ana_token, cy_token)]
    notifications = services(client).notifications

    notifications.send(bo, "challenged", None, None, challenge=made[0]["id"], by="Ana", type="spots")
    told = [job.args[4]["challenge"] for job in notifications.queue.get_jobs()]

    assert sorted(told) == sorted(challenge["id"] for challenge in made)
