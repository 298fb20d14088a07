"""Request ids on a real Redis: taken from X-Request-ID or made, returned, logged, and handed to the jobs a request
causes."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Iterator

import pytest
from rq.job import Job

from service.core import logs

ALL_BOTS = {"type": "felix", "seats": [{"bot": "random"}] * 3}


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """What dogpark's loggers write meanwhile, as JSON lines."""
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(logs.JsonFormatter())
    dogpark = logging.getLogger("dogpark")
    dogpark.addHandler(handler)
    level = dogpark.level
    dogpark.setLevel(logging.INFO)  # setLevel, not .level: it clears the loggers' cached levels
    yield written
    dogpark.removeHandler(handler)
    dogpark.setLevel(level)


def test_the_id_a_client_sends_comes_back_in_the_response(client):
    answer = client.get("/v1/game-types", headers={"X-Request-ID": "client-trace-7"})

    assert answer.headers["X-Request-ID"] == "client-trace-7"


def test_a_request_without_a_usable_id_gets_a_fresh_one_each_time_problems_included(client):
    plain = client.get("/v1/game-types")
    unusable = client.get("/v1/game-types", headers={"X-Request-ID": "two words"})
    missing = client.get("/v1/games/nope", headers={"X-Request-ID": "x" * 200})

    ids = [r.headers["X-Request-ID"] for r in (plain, unusable, missing)]
    assert missing.status_code == 404
    assert len(set(ids)) == 3 and all(len(i) == 32 for i in ids)


def test_the_log_lines_of_a_request_name_its_id(client, json_lines):
    client.post("/v1/games", json=ALL_BOTS, headers={"X-Request-ID": "create-1"})

    lines = [json.loads(line) for line in json_lines.getvalue().splitlines()]
    created = [line for line in lines if "created with 3 seats" in line["message"]]
    assert [line["request_id"] for line in created] == ["create-1"]


def test_the_job_a_request_causes_carries_its_id_and_when_it_was_due(client):
    before = time.time()
    created = client.post("/v1/games", json=ALL_BOTS, headers={"X-Request-ID": "create-2"})
    after = time.time()
    # The steps of an all-bot game wait in their own queue.
    queue = client.application.extensions["dogpark"].steps.bots

    (job,) = [Job.fetch(job_id, connection=queue.connection) for job_id in queue.job_ids]
    assert job.args[0] == created.json["id"]
    assert job.meta["request_id"] == "create-2"
    assert before <= job.meta["due"] <= after  # the first bot's turn is due at once
