"""The operator's view of a running stack: JSON log lines that name their request, in the web server and in the
worker that played the request's game, and /metrics summing the figures of every process of the stack."""

from __future__ import annotations

import gzip
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import requests
from prometheus_client.parser import text_string_to_metric_families

from service.ops.archive import game_keys
from service.ops.processes import free_port
from service.ops.stack import Stack
from service.ops.verify import verify
from tests.conftest import private_redis
from tests.e2e.conftest import e2e_stack, wait_for

ENV = {"DOGPARK_LOG_FORMAT": "json", "DOGPARK_ACCESS_LOG": "-", "DOGPARK_KEEPALIVE_SECONDS": "1"}
BOTS = {"type": "felix", "seats": [{"bot": "random"}] * 3}


@pytest.fixture(scope="module")
def own_redis_url() -> Iterator[str]:
    """A Redis of this module's own: its archive runs take every finished game of their Redis, which in the
    session's Redis would be other files' games too (a browser test's finished game went missing so)."""
    with private_redis() as url:
        yield url


@pytest.fixture(scope="module")
def stack(own_redis_url: str, tmp_path_factory) -> Iterator[Stack]:
    """A stack with two workers writing JSON lines to its log file."""
    log = tmp_path_factory.mktemp("operations") / "stack.log"
    env = {**ENV, "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0"}
    with e2e_stack(own_redis_url, "e2e-operations", 2, env, log_path=log) as running:
        yield running


@pytest.fixture(scope="module")
def played(stack: Stack) -> str:
    """An all-bot game, created with a request id of the client's, played to its end by the workers."""
    created = requests.post(f"{stack.url}/v1/games", json=BOTS, headers={"X-Request-ID": "e2e-trace-1"}, timeout=10)
    game_id = created.json()["id"]
    wait_for(lambda: view(stack, game_id)["status"] == "finished", 30, "the bots to finish the game")
    return game_id


def view(stack: Stack, game_id: str) -> dict:
    return requests.get(f"{stack.url}/v1/games/{game_id}", timeout=10).json()


def lines(stack: Stack) -> list[dict]:
    assert stack.log_path is not None
    return [json.loads(line) for line in Path(stack.log_path).read_text().splitlines()]


def metrics(stack: Stack) -> dict[tuple[str, tuple], float]:
    """The stack's /metrics: (sample name, sorted labels) -> value."""
    page = requests.get(f"{stack.url}/metrics", timeout=10).text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(page)
        for sample in family.samples
    }


def test_the_worker_that_finished_a_game_names_the_request_that_created_it(stack, played):
    workers = {process.pid for process in stack.workers}

    # The worker logs the line after its append, which the API may show first.
    finished = wait_for(
        lambda: [line for line in lines(stack) if f"game {played} (felix) finished" in line["message"]],
        10,
        "the worker's line",
    )

    assert len(finished) == 1
    assert finished[0]["request_id"] == "e2e-trace-1" and finished[0]["pid"] in workers


def test_every_line_of_the_stacks_log_is_one_json_object_and_requests_carry_their_id(stack, played):
    written = lines(stack)  # json.loads of each line

    access = [line for line in written if line["logger"] == "gunicorn.access" and line["method"] == "POST"]
    assert {line["logger"] for line in written} >= {"dogpark.stack", "dogpark.games", "gunicorn.access"}
    assert [(line["path"], line["status"], line["request_id"]) for line in access] == [
        ("/v1/games", 201, "e2e-trace-1")
    ]


def test_a_path_the_client_chose_reaches_its_access_line_escaped(stack):
    # gunicorn decodes the path: %0A is a newline, %1B an ESC by the time it is logged.
    requests.get(f"{stack.url}/v1/games/line%0Aforged%1B%5B2J", timeout=10)

    logged = wait_for(
        lambda: [line for line in lines(stack) if line["logger"] == "gunicorn.access" and "forged" in line["path"]],
        10,
        "the request's access line",
    )

    assert [line["path"] for line in logged] == ["/v1/games/line\\nforged\\x1b[2J"]


def test_metrics_sum_the_figures_of_the_workers_and_of_every_web_worker(stack, played):
    for _ in range(20):
        requests.get(f"{stack.url}/livez", timeout=10)
    bot_commands = ("dogpark_commands_total", (("actor", "bot"), ("game_type", "felix"), ("outcome", "appended")))

    # Other tests' games on the session's stack may still be played by the workers: a move is counted as a command
    # when it is appended and as a bot's move just after, so the two figures are read once they agree.
    figures = wait_for(
        lambda: (seen := metrics(stack)) and felix_bot_moves(seen) == seen[bot_commands] and seen,
        30,
        "the bots' moves and their commands to be counted alike",
    )

    events = view(stack, played)["version"]
    assert figures[("dogpark_http_requests_total", (("method", "GET"), ("route", "/livez"), ("status", "200")))] >= 20
    assert figures[("dogpark_game_events_sum", (("game_type", "felix"),))] >= events
    # Only the workers play bots' moves and run jobs.
    moves = figures[bot_commands]
    assert moves >= 1 and figures[("dogpark_bot_move_seconds_count", (("bot", "random"), ("game_type", "felix")))] >= 1
    assert figures[("dogpark_jobs_total", (("outcome", "ok"),))] >= moves
    assert figures[("dogpark_job_lateness_seconds_count", ())] >= moves
    assert figures[("dogpark_queue_reachable", ())] == 1


def felix_bot_moves(figures: dict) -> float:
    """The built-in bots' moves in Felix games, whichever bot made them."""
    return sum(
        value
        for (name, labels), value in figures.items()
        if name == "dogpark_bot_move_seconds_count" and ("game_type", "felix") in labels
    )


def test_an_open_stream_is_counted_until_it_closes(stack):
    waiting = {"type": "felix", "seats": [{"human": True}] * 3}
    game_id = requests.post(f"{stack.url}/v1/games", json=waiting, timeout=10).json()["id"]
    stream = requests.get(f"{stack.url}/v1/games/{game_id}/events/stream", stream=True, timeout=10)

    opened = metrics(stack)[("dogpark_open_streams", ())]
    stream.close()

    assert opened == 1
    wait_for(lambda: metrics(stack)[("dogpark_open_streams", ())] == 0, 10, "the closed stream to be forgotten")


def test_dogpark_archive_writes_a_finished_games_audit_to_a_file_and_deletes_its_keys(
    stack, played, own_redis_url, tmp_path
):
    env = {**os.environ, "REDIS_URL": own_redis_url}
    archive = [sys.executable, "-m", "service.ops.cli", "archive", stack.url]
    command = [*archive, "--to", str(tmp_path), "--older-than", "0"]

    done = subprocess.run([*command, "--limit", "1"], env=env, capture_output=True, text=True, timeout=60)

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"archived 1 of 1 finished games to {tmp_path}; their keys held ")
    audit = json.loads(gzip.decompress((tmp_path / f"{played}.json.gz").read_bytes()))
    assert verify(audit).ok
    assert redis.Redis.from_url(own_redis_url).exists(*game_keys(played)) == 0


def test_dogpark_archive_drops_from_the_lobby_a_finished_game_whose_keys_are_gone_and_goes_on(
    stack, own_redis_url, tmp_path
):
    game_id = requests.post(f"{stack.url}/v1/games", json=BOTS, timeout=10).json()["id"]
    wait_for(lambda: view(stack, game_id)["status"] == "finished", 30, "the bots to finish the game")
    # As an archive run stopped between deleting the game's keys and its lobby entry leaves it.
    redis.Redis.from_url(own_redis_url).delete(*game_keys(game_id))
    archive = [sys.executable, "-m", "service.ops.cli", "archive", stack.url, "--to", str(tmp_path)]

    done = subprocess.run(
        [*archive, "--older-than", "0"],
        env={**os.environ, "REDIS_URL": own_redis_url},
        capture_output=True,
        text=True,
        timeout=60,
    )

    finished = requests.get(f"{stack.url}/v1/games?status=finished&limit=100", timeout=10).json()["games"]
    assert done.returncode == 0, done.stderr
    assert f"dropped game {game_id} from the lobby: it has no keys left in Redis" in done.stderr
    assert game_id not in [game["id"] for game in finished]


def listening(address: str) -> bool:
    """True once something accepts connections at HOST:PORT."""
    host, _, port = address.rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=1).close()
    except OSError:
        return False
    return True


def test_with_dogpark_metrics_bind_the_master_serves_every_processs_metrics_there_and_the_api_none(redis_url):
    address = f"127.0.0.1:{free_port()}"
    env = {"DOGPARK_METRICS_BIND": address, "DOGPARK_CREATE_RATE": "off"}
    with e2e_stack(redis_url, "e2e-metrics-bind", 1, env) as apart:
        for _ in range(5):
            requests.get(f"{apart.url}/livez", timeout=10)
        on_the_api = requests.get(f"{apart.url}/metrics", timeout=10)
        # The metrics server is a process of its own, which may come up after the API answers.
        wait_for(lambda: listening(address), 30, "the metrics server")
        page = requests.get(f"http://{address}/metrics", timeout=10)

    families = {family.name: family for family in text_string_to_metric_families(page.text)}
    livez = [
        s.value
        for s in families["dogpark_http_requests"].samples
        if s.name.endswith("_total") and s.labels == {"route": "/livez", "method": "GET", "status": "200"}
    ]
    queues = {s.labels["queue"] for s in families["dogpark_queue_jobs"].samples}
    assert on_the_api.status_code == 404
    assert page.status_code == 200 and livez and livez[0] >= 5
    assert families["dogpark_queue_reachable"].samples[0].value == 1
    assert {name.rpartition("-")[2] for name in queues} >= {"bots", "webhooks", "notifications", "search"}
    assert len(queues) == 5
