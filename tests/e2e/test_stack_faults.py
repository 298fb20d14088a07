"""The stack under faults, on a redis-server of its own (never the shared test Redis), its output in a log file.

Redis stopped mid-game: the sweeper and the workers ride it out and the game finishes. A killed worker is
restarted by the stack; a child that keeps dying stops the stack with a non-zero status. No seat token ever
reaches the log. Figures are printed, not asserted.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from service.ops.processes import free_port
from service.ops.stack import Stack
from service.ops.verify import verify
from tests.e2e.conftest import finished, wait_for
from tests.faults.redis_server import RedisServer

ENV = {"DOGPARK_SWEEP_SECONDS": "0.5", "DOGPARK_STALL_SECONDS": "2", "DOGPARK_ACCESS_LOG": "-"}

Api = Callable[..., requests.Response]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory) -> Iterator[RedisServer]:
    """A redis-server with an append-only file in a folder of its own: stopped and restarted, it keeps its data."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def supervised(redis_server, tmp_path_factory) -> Iterator[Stack]:
    """A stack writing every child's output to its log file, watched (children restarted) from a thread."""
    log_path = tmp_path_factory.mktemp("logs") / "stack.log"
    stack = Stack(port=free_port(), workers=2, redis_url=redis_server.url, log_path=log_path, extra_env=ENV).start()
    stopping = threading.Event()
    watcher = threading.Thread(target=stack.supervise, args=(stopping.is_set,), daemon=True)
    watcher.start()
    yield stack
    stopping.set()
    watcher.join()
    stack.stop()


@pytest.fixture(scope="module")
def api(supervised) -> Api:
    """Call the stack's API: api("GET", "/v1/games/x", token=...)."""
    session = requests.Session()

    def call(method: str, path: str, token: str | None = None, **kw) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return session.request(method, supervised.url + path, headers=headers, timeout=30, **kw)

    return call


def the_log(stack: Stack) -> str:
    return Path(stack.log_path).read_text(errors="replace")


def version_of(api: Api, game_id: str) -> int | None:
    """The game's version, or None while the API cannot read it."""
    answer = api("GET", f"/v1/games/{game_id}")
    return answer.json()["version"] if answer.status_code == 200 else None


def test_a_bot_game_moves_again_and_finishes_after_redis_was_stopped_and_no_process_died(api, supervised,
                                                                                         redis_server):
    created = api("POST", "/v1/games", json={"type": "dogs", "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    game_id = created.json()["id"]
    wait_for(lambda: (version_of(api, game_id) or 0) > 30, 60, "the game to get going")
    sweeper, workers = supervised.sweeper, list(supervised.workers)

    redis_server.stop()  # SIGTERM: Redis writes its append-only file out and exits
    stopped = time.monotonic()
    time.sleep(4)  # longer than the stall threshold, so a step lost now is overdue once Redis is back
    redis_server.start()
    back = time.monotonic()
    at_restart = wait_for(lambda: version_of(api, game_id), 30, "the API to read the game again")
    wait_for(lambda: (version_of(api, game_id) or 0) > at_restart, 60, "the game to move again")
    recovery = time.monotonic() - back
    view = wait_for(lambda: finished(api, game_id), 180, "the game to finish")
    print(f"\nRedis down {back - stopped:.1f} s; the game moved again {recovery:.2f} s after Redis was back "
          f"(stall 2 s, sweep every 0.5 s); it finished at version {view['version']}")

    assert supervised.sweeper is sweeper and sweeper.poll() is None
    assert supervised.workers == workers and all(worker.poll() is None for worker in workers)
    assert verify(api("GET", f"/v1/games/{game_id}/audit").json()).ok
    def sweeper_said() -> list[str]:
        lines = [line for line in the_log(supervised).splitlines() if f"dogpark.sweeper[{sweeper.pid}]" in line]
        return [line.split(": ", 1)[1][:20] for line in lines if "Redis is" in line]

    # The sweeper says Redis is back at its next try, up to its 2 s backoff after Redis came back: the game may
    # have finished before that.
    wait_for(lambda: len(sweeper_said()) >= 2, 10, "the sweeper to say Redis is back")
    assert sweeper_said() == ["Redis is unreachable", "Redis is back after "]
    assert "restarting it" not in the_log(supervised)


def test_a_killed_worker_is_restarted_by_the_stack_and_games_still_finish(api, supervised):
    victim = supervised.workers[0]
    victim.send_signal(signal.SIGKILL)
    victim.wait(10)

    wait_for(lambda: victim not in supervised.workers and all(w.poll() is None for w in supervised.workers), 30,
             "the stack to restart the worker")
    created = api("POST", "/v1/games", json={"type": "felix", "seats": [{"bot": "random"}] * 3})

    assert wait_for(lambda: finished(api, created.json()["id"]), 60, "the game to finish")
    assert f"the worker (pid {victim.pid}) exited with status -9; restarting it" in the_log(supervised)


def test_no_seat_token_reaches_the_log_while_seats_are_claimed_and_played(api, supervised):
    game_id = api("POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}).json()["id"]
    tokens = [api("POST", f"/v1/games/{game_id}/seats/{seat}").json()["token"] for seat in range(3)]
    api("GET", f"/v1/games/{game_id}", token="not-" + tokens[0])  # a wrong token: 401
    for _ in range(400):
        view = api("GET", f"/v1/games/{game_id}").json()
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        mine = api("GET", f"/v1/games/{game_id}", token=tokens[seat]).json()
        api("POST", f"/v1/games/{game_id}/commands", token=tokens[(seat + 1) % 3], json=mine["legal_moves"][0])
        api("POST", f"/v1/games/{game_id}/commands", token=tokens[seat], json=mine["legal_moves"][0])
        api("GET", f"/v1/games/{game_id}/events", token=tokens[seat], params={"after": mine["version"] - 1})
    api("GET", f"/v1/games/{game_id}/replay", token=tokens[0], params={"version": 5})

    log = the_log(supervised)

    assert view["status"] == "finished"
    assert f"/v1/games/{game_id}/seats/2" in log and f"/v1/games/{game_id}/commands" in log  # the access log is on
    assert [token for token in tokens if token in log] == []


def test_the_stack_restarts_its_own_redis_and_stops_with_status_1_when_a_child_keeps_dying(tmp_path):
    log_path = tmp_path / "stack.log"
    stack = Stack(port=free_port(), workers=1, data_dir=tmp_path, log_path=log_path, extra_env=ENV, max_restarts=2)
    stopped = threading.Event()
    killed: list[int] = []

    def harm() -> None:
        """Once the stack is up, kill its redis-server once, then its sweeper each time it is back."""
        deadline = time.monotonic() + 120
        while not stopped.is_set() and time.monotonic() < deadline:
            redis_server, sweeper = stack.redis_process, stack.sweeper
            if not killed and stack.up.is_set():
                redis_server.kill()
                killed.append(redis_server.pid)
            elif killed and redis_server.pid != killed[0] and sweeper is not None:
                sweeper.kill()
            time.sleep(0.2)
        if not stopped.is_set():
            signal.raise_signal(signal.SIGTERM)  # the stack never gave up: stop it (status 0, so the test fails)

    killer = threading.Thread(target=harm, daemon=True)
    killer.start()
    try:
        status = stack.serve()
    finally:
        stopped.set()
        killer.join()
    log = log_path.read_text()

    assert f"the redis-server (pid {killed[0]}) exited with status -9; restarting it" in log
    assert status == 1 and "the sweeper died 3 times within 60 s; stopping the stack" in log
    assert all(p.poll() is not None for p in [stack.redis_process, stack.web, stack.sweeper, *stack.workers])
