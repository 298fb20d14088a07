"""The fault scenarios of `make faults`: each starts a private stack, does its harm, and returns its figures.

Every scenario has its own redis-server (never the machine's), which it may kill, stop or freeze, and stops
everything it started. A scenario's figures hold ``problems``: empty when nothing acknowledged was lost, no
command applied twice and every game moved on.
"""

from __future__ import annotations

import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import requests
from redis import Redis

from events.connect import connect
from events.store import key
from service.core.problems import PROBLEM
from service.ops.processes import free_port
from service.ops.stack import Stack
from tests.faults.redis_server import RedisServer
from tests.faults.storm import Figures, create_games, game_pools, storm

#: The stack's settings in every scenario: quick recovery, no rate limit in the way of a storm.
STACK_ENV = {
    "DOGPARK_SWEEP_SECONDS": "0.5",
    "DOGPARK_STALL_SECONDS": "2",
    "DOGPARK_KEEPALIVE_SECONDS": "2",
    "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0",
}


@dataclass
class Report:
    """One scenario's printable figures and the problems it found."""

    name: str
    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def show(self) -> int:
        """Print the figures and the problems; the exit status they call for (1 if any problem)."""
        print(f"\n## {self.name}", flush=True)
        for line in self.lines + [f"PROBLEM: {p}" for p in self.problems]:
            print(f"  {line}")
        return 1 if self.problems else 0


@contextmanager
def private_stack(
    workers: int = 2, fsync: str = "everysec", env: dict[str, str] | None = None
) -> Iterator[tuple[Stack, RedisServer]]:
    """A supervised stack on a redis-server of its own (append-only file in a temporary folder); all stopped after.

    ``env`` adds to (or overrides) the stack's settings."""
    with tempfile.TemporaryDirectory() as data:
        server = RedisServer(Path(data), fsync=fsync).start()
        settings = {**STACK_ENV, **(env or {})}
        stack = Stack(port=free_port(), workers=workers, redis_url=server.url, quiet=True, extra_env=settings)
        stopping = threading.Event()
        # Supervised as `dogpark run` supervises it: a child that dies is started again.
        supervisor = threading.Thread(target=stack.supervise, args=(stopping.is_set,), daemon=True)
        try:
            stack.start()
            supervisor.start()
            yield stack, server
        finally:
            stopping.set()
            stack.stop()
            server.stop()


def bot_games(base_url: str, count: int) -> list[str]:
    """Start ``count`` all-bot Felix games; return their ids."""
    ids = []
    for _ in range(count):
        seats = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
        created = requests.post(f"{base_url}/v1/games", json={"type": "felix", "seats": seats}, timeout=30)
        created.raise_for_status()
        ids.append(created.json()["id"])
    return ids


def versions(base_url: str, ids: list[str]) -> dict[str, tuple[int, str]]:
    """Each game's (version, status) now; games that do not answer are left out."""
    out = {}
    for game_id in ids:
        try:
            view = requests.get(f"{base_url}/v1/games/{game_id}", timeout=5)
            if view.status_code == 200:
                out[game_id] = (view.json()["version"], view.json()["status"])
        except requests.RequestException:
            pass
    return out


def until_each_moves(base_url: str, since: dict[str, tuple[int, str]], timeout: float) -> dict[str, float]:
    """Seconds until each game that was running gets past the version it had in ``since`` (or finishes)."""
    start = time.monotonic()
    moved: dict[str, float] = {}
    waiting = {g for g, (_, status) in since.items() if status == "running"}
    while waiting and time.monotonic() - start < timeout:
        for game_id, (version, status) in versions(base_url, sorted(waiting)).items():
            if version > since[game_id][0] or status == "finished":
                moved[game_id] = time.monotonic() - start
                waiting.discard(game_id)
        time.sleep(0.1)
    return moved


def _storm_report(name: str, figures: Figures) -> Report:
    return Report(name, figures.lines(), list(figures.problems))


def command_storm(clients: int, commands: int, games: int) -> Report:
    """Clients storm one game (or ``games`` games) with retries and stale versions; the logs are checked."""
    with private_stack() as (stack, server):
        figures = storm(stack.url, server.url, clients=clients, commands=commands, games=games)
    return _storm_report(
        f"command storm: {clients} clients x {commands} commands on {games} game(s) at a time", figures
    )


def _storm_in_background(
    stack: Stack, server: RedisServer, clients: int, commands: int, healed: threading.Event
) -> tuple[threading.Thread, list[Figures]]:
    """Set up a storm's games, start it in a thread, and return once its clients have sent a quarter of its commands.

    The storm checks the logs once ``healed`` is set: a storm may end while Redis is still down.
    """
    pools = game_pools(stack.url, clients, commands, 4)
    result: list[Figures] = []

    def run() -> None:
        result.append(storm(stack.url, server.url, clients=clients, commands=commands, pools=pools, healed=healed))

    # By the games' events, each command's at least one: a fixed wait (it was 1.5 s) let a quick machine finish the
    # storm before the fault it was to meet.
    logs = [key(game_id, "events") for pool in pools for game_id, _ in pool]
    redis = connect(server.url, 5.0)
    before = _events(redis, logs)
    runner = threading.Thread(target=run)
    runner.start()
    deadline = time.monotonic() + 60
    try:
        while _events(redis, logs) - before < clients * commands // 4 and runner.is_alive():
            assert time.monotonic() < deadline, "the storm did not get going"
            time.sleep(0.02)
    finally:
        redis.close()
    return runner, result


def _events(redis: Redis, logs: list[str]) -> int:
    """How many events the logs hold in all."""
    pipe = redis.pipeline(transaction=False)
    for log in logs:
        pipe.xlen(log)
    return sum(pipe.execute())


def redis_killed_mid_storm(clients: int, commands: int, down: float = 2.0, durability: str = "ack") -> Report:
    """SIGKILL Redis while clients send commands, restart it on its append-only file: nothing acknowledged lost,
    and the games go on. With ``durability`` fsync, Redis runs appendfsync always and DOGPARK_DURABILITY=fsync."""
    fsync = "always" if durability == "fsync" else "everysec"
    with private_stack(fsync=fsync, env={"DOGPARK_DURABILITY": durability}) as (stack, server):
        healed = threading.Event()
        runner, result = _storm_in_background(stack, server, clients, commands, healed)
        server.kill()
        killed = time.monotonic()
        time.sleep(down)
        server.start()
        back = time.monotonic()
        healed.set()
        runner.join()
    figures = result[0]
    report = _storm_report(
        f"Redis SIGKILLed mid-storm and restarted on its AOF (DOGPARK_DURABILITY={durability})", figures
    )
    after = [a for a in figures.answers if a.what == "command" and a.status == 200 and a.at > back]
    report.lines.insert(
        0,
        f"Redis down {back - killed:.1f} s (appendfsync {fsync}); "
        f"{len(after)} commands acknowledged after it came back",
    )
    if not after:
        report.problems.append("no command was acknowledged after Redis came back: the games did not go on")
    return report


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            return [int(child) for child in listing.read().split()]
    except OSError:
        return []


def workers_killed(games: int = 6) -> Report:
    """SIGKILL every RQ worker mid-game: how long until each running game moves again."""
    with private_stack() as (stack, _):
        ids = bot_games(stack.url, games)
        time.sleep(1.5)
        for worker in stack.workers:
            os.kill(worker.pid, signal.SIGKILL)
        before = versions(stack.url, ids)
        moved = until_each_moves(stack.url, before, 60)
    report = Report(f"every RQ worker SIGKILLed with {games} bot games running")
    _moved_lines(report, before, moved)
    return report


def gunicorn_worker_killed(clients: int, commands: int) -> Report:
    """SIGKILL one gunicorn worker process while clients storm: the answers and the logs are checked."""
    with private_stack() as (stack, server):
        healed = threading.Event()
        healed.set()
        runner, result = _storm_in_background(stack, server, clients, commands, healed)
        victims = children(stack.web.pid)
        if victims:
            os.kill(victims[0], signal.SIGKILL)
        runner.join()
    report = _storm_report("a gunicorn worker SIGKILLed mid-storm", result[0])
    if not victims:
        report.problems.append("no gunicorn worker process was found to kill")
    return report


#: The longest a request may take while Redis does not answer: a connection's timeout and a reply's (1 s each by
#: default, DOGPARK_REDIS_TIMEOUT), and some slack for a loaded machine.
HANG_BOUND = 2.5


def _first_move(base_url: str, game_id: str, tokens: list[str]) -> tuple[str, dict]:
    """A seat that may act in the game (its token), and one of its legal moves."""
    seat = requests.get(f"{base_url}/v1/games/{game_id}", timeout=10).json()["to_act"][0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    view = requests.get(f"{base_url}/v1/games/{game_id}", headers=headers, timeout=10).json()
    return tokens[seat], view["legal_moves"][0]


def redis_outage(kind: str, seconds: float = 10.0, games: int = 6) -> Report:
    """Redis stopped (``down``) or frozen (``frozen``) for ``seconds`` under bot games, while a client reads a game
    and sends a command: every answer a 503 problem document with Retry-After, none slower than HANG_BOUND; then
    the command goes through under its Idempotency-Key and every game moves again, by itself."""
    with private_stack() as (stack, server):
        ids = bot_games(stack.url, games)
        human, tokens = create_games(stack.url, 1)[0]
        token, move = _first_move(stack.url, human, tokens)
        command = {"Authorization": f"Bearer {token}", "Idempotency-Key": "during-the-outage"}
        asks = {
            "view": lambda: requests.get(f"{stack.url}/v1/games/{ids[0]}", timeout=10),
            "command": lambda: requests.post(
                f"{stack.url}/v1/games/{human}/commands", json=move, headers=command, timeout=10
            ),
        }
        time.sleep(1.5)
        harm: Callable[[], None] = server.freeze if kind == "frozen" else server.kill
        heal: Callable[[], object] = server.thaw if kind == "frozen" else server.start
        statuses: dict[str, dict[int, int]] = {what: {} for what in asks}
        slowest = 0.0
        not_problems = 0
        harm()
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            for what, ask in asks.items():
                asked = time.monotonic()
                try:
                    answer = ask()
                    status = answer.status_code
                    not_problems += status == 503 and not (
                        answer.headers.get("Content-Type") == PROBLEM and int(answer.headers.get("Retry-After", 0)) > 0
                    )
                except requests.RequestException:
                    status = 0
                slowest = max(slowest, time.monotonic() - asked)
                statuses[what][status] = statuses[what].get(status, 0) + 1
            time.sleep(0.2)
        heal()
        before = versions(stack.url, ids)
        retried = _until_answered(asks["command"], 30)
        moved = until_each_moves(stack.url, before, 60)
        alive = all(p.poll() is None for p in [stack.sweeper, *stack.workers])
    report = Report(f"Redis {kind} for {seconds:.0f} s with {games} bot games running")
    report.lines.append(f"API answers during the outage: {statuses}; slowest answer {slowest:.2f} s")
    report.lines.append(
        f"the command sent during the outage, sent again with its key: {retried[0]} "
        f"{retried[1]:.1f} s after Redis came back"
    )
    if any(status != 503 for answers in statuses.values() for status in answers):
        report.problems.append(f"answers other than 503 during the outage: {statuses}")
    if not_problems:
        report.problems.append(f"{not_problems} 503 answers were not problem documents with Retry-After")
    if slowest > HANG_BOUND:
        report.problems.append(f"an answer took {slowest:.2f} s, past the {HANG_BOUND} s bound")
    if retried[0] != 200:
        report.problems.append(f"the command's retry after the outage was answered {retried[0]}, not 200")
    if not alive:
        report.problems.append("the sweeper or a worker process died")
    _moved_lines(report, before, moved)
    return report


def _until_answered(ask: Callable[[], requests.Response], timeout: float) -> tuple[int, float]:
    """Ask until the answer is not a 503 (or ``timeout`` seconds pass): (its status, the seconds it took)."""
    start = time.monotonic()
    status = 0
    while time.monotonic() - start < timeout:
        try:
            status = ask().status_code
        except requests.RequestException:
            status = 0
        if status not in (0, 503):
            break
        time.sleep(0.2)
    return status, time.monotonic() - start


def _moved_lines(report: Report, before: dict[str, tuple[int, str]], moved: dict[str, float]) -> None:
    running = [g for g, (_, status) in before.items() if status == "running"]
    if moved:
        times = sorted(moved.values())
        report.lines.append(
            f"{len(moved)} of {len(running)} running games moved again; first after {times[0]:.1f} s, "
            f"last after {times[-1]:.1f} s"
        )
    stuck = [g for g in running if g not in moved]
    if stuck:
        report.problems.append(f"{len(stuck)} running game(s) never moved again")
