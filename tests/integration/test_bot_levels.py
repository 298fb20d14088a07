"""The bot levels that think on the real Redis: the worker's job hands their turns to the search queue, the search job
(workers.search.think) gives the level the seat's view, legal moves, rng and redacted log and nothing else, and
appends its move once; a search that fails plays greedy's; a search never holds up another game's bot turns."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from itertools import groupby

import pytest
from flask import Flask
from rq import SimpleWorker

from domain import table as tables
from domain.engine import bot_rng
from domain.schedule import Think, next_action
from domain.secrecy import find_leaks
from events.store import key
from service.core.wiring import Services
from service.http.app import create_app
from service.ops.verify import verify
from tests.integration.conftest import empty_queues, unlimited
from workers import jobs, search

#: Steps a test plays at most before it calls a game stuck.
MOST_STEPS = 3000


@pytest.fixture
def app(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """The app on the test Redis with queues of its own, whose services the jobs of this process use."""
    made = create_app(unlimited(redis_url))
    built = made.extensions["dogpark"]
    monkeypatch.setattr(jobs, "services", lambda: built)
    monkeypatch.setattr(search, "services", lambda: built)
    yield made
    empty_queues(built)
    built.searches.queue.empty()


@pytest.fixture
def svc(app: Flask) -> Services:
    return app.extensions["dogpark"]


def create(svc: Services, game_type: str, seats: list[dict], **settings) -> str:
    return svc.handler.create(game_type, {}, seats, **settings).game_id


def step(svc: Services, game_id: str) -> str:
    """One step of the game as the workers take it: the worker's job, and the search job it hands a search to."""
    done = jobs.advance(game_id, None)
    if done.endswith("search is queued"):
        (job,) = svc.searches.queue.get_jobs()
        svc.searches.queue.remove(job)
        return search.think(*job.args)
    return done


def play_out(app: Flask, game_id: str) -> dict:
    """Play the game to its end as the workers do; its audit."""
    svc = app.extensions["dogpark"]
    for _ in range(MOST_STEPS):
        if svc.repo.load(game_id).table["status"] == "finished":
            return app.test_client().get(f"/v1/games/{game_id}/audit").json
        step(svc, game_id)
    raise AssertionError(f"{game_id} did not finish")


def recorded(svc: Services, game_id: str) -> dict:
    """The command of the game's last batch, as recorded."""
    command_id = svc.store.read(game_id)[-1]["command_id"]
    return json.loads(svc.store.read_field(game_id, "commands", command_id))


def test_a_medium_seat_plays_its_game_to_the_end_from_the_search_queue_and_verify_passes(app, svc):
    game_id = create(svc, "felix", [{"bot": "medium"}, {"bot": "greedy"}, {"bot": "random"}])

    handed = next(done for _ in range(MOST_STEPS) if (done := jobs.advance(game_id, None)).endswith("queued"))
    queued = [(job.func_name, job.args) for job in svc.searches.queue.get_jobs()]
    svc.searches.queue.empty()
    version = svc.repo.load(game_id).version
    record = play_out(app, game_id)
    verdict = verify(record)

    medium = [e for e in record["events"] if e["actor"] == {"kind": "bot", "seat": 0, "name": "medium"}]
    assert handed == "seat 0's medium search is queued"
    assert queued == [("workers.search.think", (game_id, version))]
    assert verdict.ok, verdict.problems
    assert medium and all(record["commands"][e["command_id"]]["seat"] == 0 for e in medium)


def test_an_absent_persons_seat_at_level_medium_is_played_by_play_for_with_its_move_and_stays_absent(app, svc):
    game_id = create(
        svc,
        "dogs",
        [{"human": True}, {"bot": "greedy"}],
        clock={"turn_seconds": 1},
        on_timeout="bot:medium",
        absent_after=1,
    )
    svc.handler.claim(game_id, 0, None)

    record = play_out(app, game_id)
    verdict = verify(record)

    played = [e for e in record["events"] if e["actor"].get("for") == "absent"]
    commands = [record["commands"][e["command_id"]]["command"] for e in played]
    assert verdict.ok, verdict.problems
    assert played and all(e["actor"] == {"kind": "bot", "seat": 0, "name": "medium", "for": "absent"} for e in played)
    assert all(c["type"] == "PlayFor" and c["seat"] == 0 and "move" in c for c in commands)
    assert [e["type"] for e in record["events"] if e["type"] in ("SeatAbsent", "SeatReturned")] == ["SeatAbsent"]


@pytest.mark.parametrize(
    ("game_type", "seats"), [("felix", 3), ("spots", 2), ("spots", 1), ("dogs", 2), ("dogslife", 3)]
)
def test_what_the_search_job_gives_a_level_reveals_none_of_the_seats_secrets(svc, game_type, seats):
    game_id = create(svc, game_type, [{"bot": "greedy"}] * seats)
    for _ in range(30):
        jobs.advance(game_id, None)
    loaded = svc.repo.load(game_id)
    rules = tables.rules_of(loaded.table)

    for seat in range(seats):
        given = search.inputs(svc, loaded, seat)
        secrets = rules.secrets(loaded.table["game"], seat)

        assert secrets, "a seat with nothing hidden from it proves nothing"
        assert find_leaks(given.view, secrets) == [] and find_leaks(given.history, secrets) == []
        assert find_leaks(given.legal, secrets) == []


def test_the_level_is_called_with_exactly_the_seats_view_legal_moves_rng_and_redacted_log(svc, monkeypatch):
    game_id = create(svc, "dogs", [{"bot": "greedy"}, {"bot": "hard"}])
    calls: list[tuple[tuple, dict]] = []

    def level(*args, **kwargs):
        calls.append((args, kwargs))
        return args[1][-1]

    monkeypatch.setattr(tables, "thinker_bot", lambda rules, name: level)
    for _ in range(MOST_STEPS):
        loaded = svc.repo.load(game_id)
        due = next_action(loaded.table, lambda version: 0.0, 0.0, loaded.secret["seed"])
        if isinstance(due, Think):
            break
        jobs.advance(game_id, None)
    rules, seat, game = tables.rules_of(loaded.table), due.seat, loaded.table["game"]

    done = search.think(game_id, loaded.version)

    ((args, kwargs),) = calls
    view, legal, rng, history = args
    expected_rng = bot_rng(loaded.secret["seed"], loaded.version, seat)
    assert kwargs == {} and len(args) == 4
    assert view == rules.view(game, seat) and legal == rules.legal_moves(game, seat)
    assert history == svc.repo.history(loaded, seat)
    assert isinstance(rng, random.Random) and rng.random() == expected_rng.random()
    assert done == f"hard in seat {seat} -> version {svc.repo.load(game_id).version}"
    assert svc.store.read(game_id)[-1]["actor"] == {"kind": "bot", "seat": seat, "name": "hard"}


def first_think(svc: Services, game_id: str) -> int:
    """Play the game up to its first search; the version it is due at."""
    for _ in range(MOST_STEPS):
        if jobs.advance(game_id, None).endswith("search is queued"):
            svc.searches.queue.empty()
            return svc.repo.load(game_id).version
    raise AssertionError("no search came due")


@pytest.mark.parametrize(
    ("failure", "why"), [("deadline", "past 0.05 s"), ("exception", "RuntimeError"), ("illegal move", "illegal move")]
)
def test_a_search_that_fails_plays_greedys_move_instead(svc, monkeypatch, failure, why):
    if failure == "deadline":
        monkeypatch.setattr(svc, "settings", dataclasses.replace(svc.settings, search_deadline=0.05))
    else:

        def level(view, legal, rng, history):
            if failure == "exception":
                raise RuntimeError("a bug in a search")
            return {"type": "NoSuchMove"}

        monkeypatch.setattr(tables, "thinker_bot", lambda rules, name: level)
    game_id = create(svc, "felix", [{"bot": "hard"}, {"bot": "random"}, {"bot": "random"}])
    version = first_think(svc, game_id)
    loaded = svc.repo.load(game_id)
    greedy = tables.bot_move(loaded.table, 0, "greedy", loaded.secret["seed"])

    done = search.think(game_id, version)

    assert done == f"greedy for hard ({why}) in seat 0 -> version {svc.repo.load(game_id).version}"
    assert recorded(svc, game_id) == {"seat": 0, "command": greedy}


def test_a_search_is_appended_once_a_stale_job_does_nothing_and_a_second_job_does_not_search(svc):
    game_id = create(svc, "dogs", [{"bot": "medium"}, {"bot": "greedy"}])
    version = first_think(svc, game_id)
    svc.redis.set(key(game_id, f"search:{version}"), "1")

    held = search.think(game_id, version)
    svc.redis.delete(key(game_id, f"search:{version}"))
    first = search.think(game_id, version)
    again = search.think(game_id, version)

    assert held == "another job searches for this version"
    assert first == f"medium in seat 0 -> version {svc.repo.load(game_id).version}"
    assert again == f"stale: the game is at {svc.repo.load(game_id).version}"
    batches = [command_id for command_id, _ in groupby(e["command_id"] for e in svc.store.read(game_id))]
    assert batches.count(f"search-{version}") == 1


def test_a_long_search_does_not_delay_another_games_bot_turns_on_the_workers_queues(svc):
    thinking = create(svc, "felix", [{"bot": "hard"}, {"bot": "random"}, {"bot": "random"}])
    greedy = create(svc, "felix", [{"bot": "greedy"}] * 3)

    # The workers of the other bot turns take every job of both games, and never a search.
    SimpleWorker(svc.worker_queues(), connection=svc.worker_redis).work(burst=True)

    waiting = svc.repo.load(thinking)
    assert svc.repo.load(greedy).table["status"] == "finished"
    assert [job.args for job in svc.searches.queue.get_jobs()] == [(thinking, waiting.version)]
    assert isinstance(next_action(waiting.table, lambda version: 0.0, 0.0, waiting.secret["seed"]), Think)
