"""The stack's private Redis: on a Unix socket in its data folder and no TCP port, every child reaching it there.

A data folder too deep for a socket's path puts the socket in a folder of the stack's own; when that one is too
deep as well, Redis listens on a loopback port. A private Redis that dies comes back on the same socket.
DOGPARK_PRIVATE_REDIS=tcp puts it on a loopback port.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
import requests

from service.ops.private_redis import SOCKET_PATH_MAX
from service.ops.processes import StartFailed, free_port
from service.ops.stack import Stack
from tests.e2e.conftest import wait_for

ENV = {"DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0"}
THREE_BOTS = {"type": "felix", "seats": [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}]}


@contextmanager
def running(data_dir: Path, workers: int = 0, **env: str) -> Iterator[Stack]:
    """A stack with its private Redis in ``data_dir``, its lines in a log there; stopped afterwards."""
    data_dir.mkdir(exist_ok=True)
    stack = Stack(
        port=free_port(), workers=workers, data_dir=data_dir, log_path=data_dir / "stack.log", extra_env={**ENV, **env}
    )
    try:
        yield stack.start()
    finally:
        stack.stop()


def children(stack: Stack) -> list[int]:
    """The pids of the stack's children that use Redis, gunicorn's workers among them."""
    assert stack.web is not None and stack.sweeper is not None and stack.webhooks is not None
    assert stack.search is not None
    web = stack.web.pid
    gunicorn_workers = Path(f"/proc/{web}/task/{web}/children").read_text().split()
    workers = [w.pid for w in stack.workers]
    return [web, *map(int, gunicorn_workers), *workers, stack.sweeper.pid, stack.webhooks.pid, stack.search.pid]


def redis_url_of(pid: int) -> str:
    """REDIS_URL in the environment of process ``pid``."""
    environ = dict(v.split(b"=", 1) for v in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if b"=" in v)
    return environ[b"REDIS_URL"].decode()


@contextmanager
def a_bot_game_played_beside_an_open_stream(stack: Stack) -> Iterator[dict]:
    """Play an all-bot game to its end (the RQ workers move the bots) while another game's event stream is open
    (a web worker's fan-out reader subscribes); the bot game's final view, the stream still open."""
    waiting = requests.post(f"{stack.url}/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, timeout=30)
    game_id = requests.post(f"{stack.url}/v1/games", json=THREE_BOTS, timeout=30).json()["id"]
    with requests.get(f"{stack.url}/v1/games/{waiting.json()['id']}/events/stream", stream=True, timeout=60) as stream:
        next(stream.iter_lines())
        yield wait_for(lambda: finished(stack, game_id), 120, "the game to finish")


def finished(stack: Stack, game_id: str) -> dict | None:
    view = requests.get(f"{stack.url}/v1/games/{game_id}", timeout=30).json()
    return view if view["status"] == "finished" else None


def test_every_child_reaches_the_private_redis_on_its_socket_the_users_alone_and_no_tcp_port(tmp_path):
    socket = tmp_path / "redis" / "redis.sock"
    with running(tmp_path, workers=1) as stack, a_bot_game_played_beside_an_open_stream(stack) as view:
        client = redis.Redis.from_url(stack.redis_url)
        clients = client.client_list()
        port = client.config_get("port")
        urls = {redis_url_of(pid) for pid in children(stack)}
        mode = stat.S_IMODE(socket.stat().st_mode)

    assert mode == 0o700
    assert not socket.exists(), "the socket outlived the stack"
    assert view["status"] == "finished"
    assert stack.redis_url == f"unix://{socket}"
    assert urls == {stack.redis_url}
    assert port == {"port": "0"}
    # Redis names a socket's client by the socket's path, cut to its address field's 78 bytes.
    assert clients and all(f"{socket}:0".startswith(c["addr"]) for c in clients), clients
    # Among them the fan-out's subscriber (flag P) and the RQ and webhook workers waiting for jobs (flag b).
    assert {"P", "b"} <= {flag for c in clients for flag in c["flags"]}


def test_dogpark_private_redis_tcp_puts_the_private_redis_on_a_loopback_port(tmp_path):
    tcp = running(tmp_path, workers=1, DOGPARK_PRIVATE_REDIS="tcp")
    with tcp as stack, a_bot_game_played_beside_an_open_stream(stack) as view:
        clients = redis.Redis.from_url(stack.redis_url).client_list()

    assert view["status"] == "finished"
    assert stack.redis_url == f"redis://127.0.0.1:{stack.private_redis.port}/0"
    assert {c["addr"].rpartition(":")[0] for c in clients} == {"127.0.0.1"}
    assert {"P", "b"} <= {flag for c in clients for flag in c["flags"]}
    assert not (tmp_path / "redis" / "redis.sock").exists()


def test_a_transport_the_stack_does_not_know_stops_it_before_anything_starts(tmp_path):
    stack = Stack(port=free_port(), data_dir=tmp_path, quiet=True, extra_env={"DOGPARK_PRIVATE_REDIS": "udp"})

    with pytest.raises(StartFailed, match="DOGPARK_PRIVATE_REDIS is one of socket, tcp, not 'udp'"):
        stack.start()
    assert stack.redis_process is None and not (tmp_path / "redis").exists()


def test_a_data_folder_too_deep_for_a_socket_puts_it_in_a_folder_of_the_stacks_own_removed_at_stop(tmp_path):
    deep = tmp_path / ("d" * SOCKET_PATH_MAX)
    with running(deep) as stack:
        socket = Path(stack.redis_url.removeprefix("unix://"))
        healthy = requests.get(f"{stack.url}/healthz", timeout=30)
        folder_mode = stat.S_IMODE(socket.parent.stat().st_mode)

    assert healthy.status_code == 200
    assert socket.name == "redis.sock" and len(os.fsencode(socket)) <= SOCKET_PATH_MAX
    assert socket.parent.parent == Path(tempfile.gettempdir()) and folder_mode == 0o700
    assert (deep / "redis" / "appendonlydir").is_dir()  # the data stays in the data folder
    assert not socket.parent.exists()
    assert "is too long for a Unix socket" in (deep / "stack.log").read_text()


def test_a_temporary_folder_too_deep_as_well_leaves_the_private_redis_on_a_loopback_port(tmp_path, monkeypatch):
    deep = tmp_path / ("d" * SOCKET_PATH_MAX)
    deep_temporary = tmp_path / ("t" * SOCKET_PATH_MAX)
    deep_temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(deep_temporary))
    with running(deep) as stack:
        healthy = requests.get(f"{stack.url}/healthz", timeout=30)
        left = [path.name for path in deep_temporary.iterdir()]

    assert healthy.status_code == 200
    assert stack.redis_url == f"redis://127.0.0.1:{stack.private_redis.port}/0"
    assert [name for name in left if name.startswith("dogpark-redis-")] == []
    assert "Redis listens on a loopback port" in (deep / "stack.log").read_text()


def test_a_private_redis_that_died_comes_back_on_the_same_socket_with_its_games(tmp_path):
    with running(tmp_path) as stack:
        url, dead = stack.redis_url, stack.redis_process
        game_id = requests.post(f"{stack.url}/v1/games", json=THREE_BOTS, timeout=30).json()["id"]
        dead.kill()  # SIGKILL: its socket file stays behind
        dead.wait()
        stack.watch()
        back = wait_for(lambda: requests.get(f"{stack.url}/v1/games/{game_id}", timeout=30).ok, 30, "the game")
        restarted = stack.redis_process

    assert back and restarted is not dead
    assert stack.redis_url == url
    assert (
        f"the redis-server (pid {dead.pid}) exited with status -9; restarting it"
        in (tmp_path / "stack.log").read_text()
    )
