"""All-bot games cannot delay the bots of games with a person in a seat: their steps wait in a queue of their own,
which a worker serves only while the queue of games with a person is empty; and one address may have only so many
all-bot games running at once (DOGPARK_BOT_GAMES_PER_ADDRESS), and so many whose levels search on the search worker
(DOGPARK_SEARCH_GAMES_PER_ADDRESS)."""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Iterator

import pytest
from rq import Queue, SimpleWorker
from rq.job import Job

from events.store import key
from service.core.wiring import Services
from service.http.app import create_app
from tests.integration.conftest import empty_queues, unlimited
from workers import jobs
from workers.sweeper import sweep

ALL_BOTS = {"type": "felix", "seats": [{"bot": "random"}] * 3}
WITH_A_PERSON = {"type": "felix", "seats": [{"human": True}, {"bot": "random"}, {"bot": "random"}]}
WITH_A_HARD_BOT = {"type": "felix", "seats": [{"human": True}, {"human": True}, {"bot": "hard"}]}


@pytest.fixture
def svc(client) -> Services:
    return client.application.extensions["dogpark"]


def new_address() -> str:
    """An address no other test counts against (the sets of games live in the shared test Redis)."""
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def test_an_all_bot_games_steps_wait_in_the_bots_queue_and_a_game_with_a_person_has_its_steps_in_the_first(client, svc):
    bots = client.post("/v1/games", json=ALL_BOTS).json["id"]
    # An open game's expiry is its first step.
    person = client.post("/v1/games", json=WITH_A_PERSON).json["id"]

    def scheduled(queue: Queue) -> list[str]:
        job_ids = queue.scheduled_job_registry.get_job_ids()
        return [Job.fetch(job_id, connection=queue.connection).args[0] for job_id in job_ids]

    assert ([job.args[0] for job in svc.steps.bots.get_jobs()], scheduled(svc.steps.bots)) == ([bots], [])
    assert ([job.args[0] for job in svc.steps.queue.get_jobs()], scheduled(svc.steps.queue)) == ([], [person])
    assert svc.redis.hget(key(bots, "meta"), "all_bots") == b"1"
    assert svc.redis.hget(key(person, "meta"), "all_bots") == b"0"


def test_a_worker_takes_a_step_of_a_game_with_a_person_before_the_all_bot_games_steps_queued_before_it(
    svc, monkeypatch
):
    ran: list[str] = []
    monkeypatch.setattr(jobs, "advance", lambda game_id, version: ran.append(game_id) or "done")
    now = time.time()
    for number in range(3):
        svc.steps.enqueue(f"bots-{number}", 1, now, all_bots=True)
    svc.steps.enqueue("person", 1, now)

    SimpleWorker(svc.worker_queues(), connection=svc.worker_redis).work(burst=True)

    assert ran == ["person", "bots-0", "bots-1", "bots-2"]


def test_the_sweeper_queues_an_overdue_step_again_on_the_queue_of_its_kind_of_game(svc):
    games = {}
    for name, seats in (("bots", ALL_BOTS["seats"]), ("person", WITH_A_PERSON["seats"])):
        games[name] = svc.handler.create("felix", {}, seats).game_id
        # As if its job were lost in a dying worker, long overdue.
        svc.redis.hset(key(games[name], "meta"), "due_at", f"{time.time() - 60:.3f}")
    empty_queues(svc)

    sweep(svc, time.time())

    assert games["bots"] in {job.args[0] for job in svc.steps.bots.get_jobs()}
    assert games["person"] in {job.args[0] for job in svc.steps.queue.get_jobs()}
    for game_id in games.values():
        svc.lobby.remove(game_id, "felix")


@pytest.fixture
def capped(redis_url: str) -> Iterator[object]:
    """A test client of an app whose addresses may have 2 all-bot games running at once."""
    app = create_app(dataclasses.replace(unlimited(redis_url), bot_games_per_address=2))
    yield app.test_client()
    empty_queues(app.extensions["dogpark"])


def test_an_address_with_as_many_all_bot_games_running_as_it_may_is_refused_another_with_a_429_problem(capped):
    address = {"REMOTE_ADDR": new_address()}

    created = [capped.post("/v1/games", json=ALL_BOTS, environ_base=address) for _ in range(3)]
    person = capped.post("/v1/games", json=WITH_A_PERSON, environ_base=address)
    elsewhere = capped.post("/v1/games", json=ALL_BOTS, environ_base={"REMOTE_ADDR": new_address()})

    assert [answer.status_code for answer in created] == [201, 201, 429]
    refused = created[2]
    assert refused.json["type"] == "/v1/problems/too-many-bot-games" and refused.json["running"] == 2
    assert int(refused.headers["Retry-After"]) > 0 and "DOGPARK_BOT_GAMES_PER_ADDRESS" in refused.json["detail"]
    assert person.status_code == 201 and elsewhere.status_code == 201


def test_once_one_of_its_all_bot_games_is_over_an_address_may_start_another(capped, monkeypatch):
    svc = capped.application.extensions["dogpark"]
    monkeypatch.setattr(jobs, "services", lambda: svc)
    address = {"REMOTE_ADDR": new_address()}
    first = capped.post("/v1/games", json={**ALL_BOTS, "max_events": 12}, environ_base=address).json["id"]
    capped.post("/v1/games", json=ALL_BOTS, environ_base=address)
    refused = capped.post("/v1/games", json=ALL_BOTS, environ_base=address)

    while capped.get(f"/v1/games/{first}").json["status"] != "finished":
        jobs.advance(first, None)
    again = capped.post("/v1/games", json=ALL_BOTS, environ_base=address)

    assert (refused.status_code, again.status_code) == (429, 201)


@pytest.fixture
def search_capped(redis_url: str) -> Iterator[object]:
    """A test client of an app whose addresses may have 2 games with a searching level running at once."""
    app = create_app(dataclasses.replace(unlimited(redis_url), search_games_per_address=2))
    yield app.test_client()
    empty_queues(app.extensions["dogpark"])


def test_an_address_with_as_many_searching_games_as_it_may_is_refused_another_but_not_one_without_a_search(
    search_capped,
):
    address = {"REMOTE_ADDR": new_address()}
    clocked_hard = {
        "type": "felix",
        "seats": [{"human": True}] * 3,
        "clock": {"turn_seconds": 30},
        "on_timeout": "bot:hard",
    }

    first = search_capped.post("/v1/games", json=WITH_A_HARD_BOT, environ_base=address)
    second = search_capped.post("/v1/games", json=clocked_hard, environ_base=address)
    refused = search_capped.post(
        "/v1/games", json={**WITH_A_HARD_BOT, "seats": [{"bot": "medium"}] * 3}, environ_base=address
    )
    greedy = search_capped.post(
        "/v1/games",
        json={**WITH_A_HARD_BOT, "seats": [{"human": True}, {"bot": "easy"}, {"bot": "greedy"}]},
        environ_base=address,
    )
    elsewhere = search_capped.post("/v1/games", json=WITH_A_HARD_BOT, environ_base={"REMOTE_ADDR": new_address()})

    assert (first.status_code, second.status_code, refused.status_code) == (201, 201, 429)
    assert refused.json["type"] == "/v1/problems/too-many-search-games" and refused.json["running"] == 2
    assert "DOGPARK_SEARCH_GAMES_PER_ADDRESS" in refused.json["detail"] and int(refused.headers["Retry-After"]) > 0
    assert greedy.status_code == 201 and elsewhere.status_code == 201
