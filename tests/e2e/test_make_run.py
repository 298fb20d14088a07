"""`make run` as a newcomer meets it: the real `dogpark run` command (what `make run` runs), on loopback.

A whole bot game leaves a handful of readable lines; Ctrl-C stops the stack in order, says "stopped", and leaves no
process behind, even with an event stream open. On a port somebody else's server holds, it refuses at once in one
line and starts nothing; if the port is taken while it starts, it stops whatever it started. Each run carries a
marker in its environment, which every process it starts inherits: the test finds them all through /proc.
"""

from __future__ import annotations

import http.server
import os
import re
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from service.ops.processes import StartFailed, free_port
from service.ops.stack import ROOT, Stack
from tests.e2e.conftest import wait_for

DOGPARK = str(ROOT / ".venv" / "bin" / "dogpark")
MARKER = "DOGPARK_TEST_RUN"
FOUR_BOTS = {"type": "felix", "seats": [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]}
#: The lines of a stack's start, game and stop are about 30; RQ's line per bot move alone made 824 for one game.
HANDFUL = 40


def environment(marker: str, **extra: str) -> dict[str, str]:
    """The environment of a fresh terminal: the defaults of every DOGPARK_ variable, a private Redis."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOGPARK_") and k != "REDIS_URL"}
    return {**env, MARKER: marker, **extra}


def running_with(marker: str) -> list[int]:
    """Every live process (zombies are dead) whose environment carries ``marker``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"{MARKER}={marker}".encode() in environ.split(b"\0") and state != "Z":
            found.append(int(pid))
    return found


def gone(pid: int) -> bool:
    """True once ``pid`` has exited (a zombie has)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def children_of(parent: int) -> list[int]:
    """The live processes whose parent is ``parent``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent and fields[0] != "Z":
            found.append(int(pid))
    return found


def kill_leftovers(marker: str) -> None:
    """Clean up after a failed test: SIGKILL, by pid, what this test started and is still alive."""
    for pid in running_with(marker):
        os.kill(pid, signal.SIGKILL)


def started(log: str) -> dict[str, list[int]]:
    """The children the stack said it started, by role."""
    roles: dict[str, list[int]] = {}
    for role, pid in re.findall(r"started (redis-server|the web server|a worker|the sweeper) \(pid (\d+)\)", log):
        roles.setdefault(role, []).append(int(pid))
    return roles


class ExitOrder(threading.Thread):
    """Polls the given processes until all have exited; ``rank`` says in which poll each was first seen gone."""

    def __init__(self, pids: list[int]) -> None:
        super().__init__(daemon=True)
        self.pids = pids
        self.rank: dict[int, int] = {}

    def run(self) -> None:
        polls = 0
        deadline = time.monotonic() + 120
        while len(self.rank) < len(self.pids) and time.monotonic() < deadline:
            polls += 1
            for pid in self.pids:
                if pid not in self.rank and gone(pid):
                    self.rank[pid] = polls
            time.sleep(0.005)


def test_a_bot_game_under_dogpark_run_logs_a_handful_of_lines_and_ctrl_c_stops_it_in_order(tmp_path):
    marker, port = uuid.uuid4().hex, free_port()
    url, terminal = f"http://127.0.0.1:{port}", tmp_path / "terminal"
    with terminal.open("w") as out:
        # DOGPARK_BIND, not --port: the variable names the address.
        run = subprocess.Popen([DOGPARK, "run", "--data-dir", str(tmp_path)], stdout=out, stderr=subprocess.STDOUT,
                               env=environment(marker, DOGPARK_BIND=f"127.0.0.1:{port}"), start_new_session=True)
    try:
        wait_for(lambda: "dogpark is up" in terminal.read_text(), 120, "dogpark is up")
        game_id = requests.post(f"{url}/v1/games", json=FOUR_BOTS, timeout=30).json()["id"]
        wait_for(lambda: requests.get(f"{url}/v1/games/{game_id}", timeout=30).json()["status"] == "finished", 120,
                 "the game to finish")
        wait_for(lambda: "finished; winners" in terminal.read_text(), 30, "the game's last line")
        # The winners are the deal's (a random seed): the log must name those the API names.
        finished = requests.get(f"{url}/v1/games/{game_id}", timeout=30).json()
        bots = {seat["seat"]: seat["bot"] for seat in finished["seats"]}
        winners = ", ".join(f"seat {seat} ({bots[seat]})" for seat in finished["result"]["winners"]) or "none"
        # A client left following a game that does not move: gunicorn waits for its stream before it stops.
        waiting = requests.post(f"{url}/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, timeout=30)
        stream = requests.get(f"{url}/v1/games/{waiting.json()['id']}/events/stream", stream=True, timeout=60)
        next(stream.iter_lines())
        children = started(terminal.read_text())
        children["gunicorn's workers"] = children_of(children["the web server"][0])
        order = ExitOrder([pid for pids in children.values() for pid in pids])
        order.start()

        os.killpg(run.pid, signal.SIGINT)  # Ctrl-C: the terminal signals its foreground process group
        status = run.wait(120)
        order.join()
        # Killed processes take a moment to die; an orphaned gunicorn worker would hold the open stream for its
        # graceful_timeout (10 s) and outlive this wait.
        wait_for(lambda: running_with(marker) == [], 5, "every process of the run to be gone, the stream still open")
        stream.close()
    finally:
        if run.poll() is None:
            run.kill()
        kill_leftovers(marker)
    log = terminal.read_text()
    lines = log.splitlines()
    rank = {role: [order.rank[pid] for pid in pids] for role, pids in children.items()}

    assert status == 0
    assert f"API docs:  {url}/docs" in log
    socket = tmp_path / "redis" / "redis.sock"
    assert f"Redis:     unix://{socket}  (redis-cli -s {socket})" in log
    assert lines[-1].endswith("dogpark.stack: stopped")
    assert "Traceback" not in log and "Warning" not in log and "exited" not in log
    assert len(lines) < HANDFUL, log
    assert [line.split(": ", 1)[1] for line in lines if " dogpark.games[" in line] == [
        f"game {game_id} (felix) created with 4 seats, started",
        f"game {game_id} (felix) finished; winners: {winners}",
        f"game {waiting.json()['id']} (felix) created with 3 seats, waiting for 3 to be claimed",
    ]
    assert [len(pids) for pids in children.values()][:4] == [1, 1, 2, 1] and children["gunicorn's workers"]
    # gunicorn's workers, the stream's included, are gone with their master, before the RQ workers are stopped.
    assert max(rank["the web server"] + rank["gunicorn's workers"]) <= min(rank["a worker"])
    assert max(rank["a worker"]) <= rank["the sweeper"][0] <= rank["redis-server"][0]


class Healthy(http.server.BaseHTTPRequestHandler):
    """Somebody else's server: 200 and a health document to every GET."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"status": "ok", "redis": "ok"}')

    def log_message(self, *args: object) -> None:
        """Quiet."""


@contextmanager
def someone_elses_server(port: int) -> Iterator[int]:
    """Serve ``port`` on loopback with Healthy until the block ends."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Healthy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_dogpark_run_on_a_port_another_server_holds_refuses_in_one_line_and_starts_nothing(tmp_path):
    marker = uuid.uuid4().hex
    with someone_elses_server(free_port()) as port:
        try:
            done = subprocess.run([DOGPARK, "run", "--port", str(port), "--data-dir", str(tmp_path)],
                                  env=environment(marker), capture_output=True, text=True, timeout=120)
        finally:
            kill_leftovers(marker)

    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"dogpark: cannot listen on 127.0.0.1:{port}: another program is using port {port}; pick another port with "
        f"`dogpark run --port N` or `DOGPARK_BIND=127.0.0.1:N make run`"
    ]
    assert running_with(marker) == [] and not (tmp_path / "redis").exists()


def test_a_stack_whose_port_is_taken_while_it_starts_stops_everything_it_started(tmp_path):
    """Somebody else's server takes the port between the stack's check and gunicorn's bind, and answers 200."""
    port = free_port()
    stack = Stack(port=port, workers=1, data_dir=tmp_path, log_path=tmp_path / "stack.log")
    done = threading.Event()

    def squat() -> None:
        """Once the stack's Redis is up (its port was free), and before gunicorn binds, take the port."""
        while stack.redis_process is None and not done.is_set():
            time.sleep(0.001)
        with someone_elses_server(port):
            done.wait(120)

    squatter = threading.Thread(target=squat, daemon=True)
    squatter.start()
    try:
        with pytest.raises(StartFailed, match="the web server exited with status 1 before it answered"):
            stack.start()
    finally:
        done.set()
        squatter.join()
        stack.stop()

    assert all(p.poll() is not None for p in [stack.redis_process, stack.web, stack.sweeper, *stack.workers])
    assert f"Connection in use: ('127.0.0.1', {port})" in (tmp_path / "stack.log").read_text()
