"""A master of the Redis Cluster SIGKILLed mid-storm, with DOGPARK_DURABILITY=replica: nothing acknowledged lost.

A stack runs on a local cluster of three masters and three replicas (tests/cluster/local_cluster.py), its RQ
queue on a redis-server of its own (DOGPARK_QUEUE_URL). Client processes storm all-human Felix games (tests/faults/
storm.py); a probe reads one of the games every 100 ms. The master holding that game's slot is SIGKILLed; once the
cluster has promoted its replica, the dead node is started again (as a supervisor would), rejoins as the new
master's replica, and the shard has a replica to confirm writes again. Then the log is checked as after every
storm (every acknowledged command present, each applied once, the hash chain intact), the probed game is played
to its end, and its audit verifies.

Printed: when the replica was promoted and when the old node was back in sync, the window in which the game's slot
answered nothing but 503 (from the kill to the probe's first success after its last failure), and the requests
answered 503 in that window, on the dead master's games and on the others.

    python -m tests.faults.failover [clients] [commands] [replicas per master]
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from math import nan
from pathlib import Path

import requests

from events.store import key
from service.ops.processes import free_port, wait_until
from service.ops.stack import Stack
from service.ops.verify import verify
from tests.cluster.local_cluster import LocalCluster
from tests.faults.redis_server import RedisServer
from tests.faults.scenarios import STACK_ENV, Report
from tests.faults.storm import Figures, Sent, game_pools, storm


class Probe:
    """Reads one game's view every ``every`` seconds from a thread: (time.monotonic, status) of each answer."""

    def __init__(self, url: str, every: float = 0.1) -> None:
        self.url = url
        self.every = every
        self.answers: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        session = requests.Session()
        while not self._stop.is_set():
            try:
                status = session.get(self.url, timeout=10).status_code
            except requests.RequestException:
                status = 0
            self.answers.append((time.monotonic(), status))
            self._stop.wait(self.every)

    def stop(self) -> None:
        """Stop probing."""
        self._stop.set()
        self._thread.join(15)



def outage(answers: list[tuple[float, int]], since: float) -> tuple[float, float] | None:
    """Of (time, status) answers: (the first 503 or unanswered one after ``since``, the first 200 after the last of
    them); None if none failed."""
    after = sorted((at, status) for at, status in answers if at >= since)
    failures = [at for at, status in after if status in (0, 503)]
    if not failures:
        return None
    recovered = next((at for at, status in after if at > failures[-1] and status == 200), float("nan"))
    return failures[0], recovered


class Follower:
    """Follows one game's event stream from a thread, resuming with Last-Event-ID whenever the server ends it
    (as it does when Redis goes away), until the game is over: the ids of the events it got, in order."""

    def __init__(self, base_url: str, game_id: str) -> None:
        self.url = f"{base_url}/v1/games/{game_id}/events/stream"
        self.status = f"{base_url}/v1/games/{game_id}"
        self.ids: list[int] = []
        self.resumed = 0
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            headers = {"Last-Event-ID": str(self.ids[-1])} if self.ids else {}
            try:
                with requests.get(self.url, headers=headers, stream=True, timeout=30) as stream:
                    for line in stream.iter_lines():
                        if line.startswith(b"id: "):
                            self.ids.append(int(line[4:]))
                if requests.get(self.status, timeout=10).json()["status"] == "finished":
                    return
            except (requests.RequestException, ValueError, KeyError):
                time.sleep(0.2)
            self.resumed += 1

    def join(self, timeout: float) -> None:
        """Wait for the game's end to end the stream."""
        self._thread.join(timeout)


def play_to_end(base_url: str, game_id: str, tokens: list[str], timeout: float = 180) -> dict:
    """Play the game's seats (their first legal move each time) until it is finished; its final public view."""
    session = requests.Session()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = session.get(f"{base_url}/v1/games/{game_id}", timeout=10)
        if view.status_code != 200:
            time.sleep(0.2)
            continue
        if view.json()["status"] == "finished":
            return view.json()
        seat = view.json()["to_act"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        moves = session.get(f"{base_url}/v1/games/{game_id}", headers=headers, timeout=10).json()["legal_moves"]
        if moves:
            session.post(f"{base_url}/v1/games/{game_id}/commands", json=moves[0], headers=headers, timeout=10)
    raise TimeoutError(f"game {game_id} did not finish within {timeout:.0f} s")


def scenario(clients: int = 16, commands: int = 200, replicas: int = 1) -> Report:
    """Kill the master of a running game's slot mid-storm; report the window, the 503s and what the check found.

    With ``replicas`` 2 per master, the promoted replica still has one to confirm writes at once."""
    report = Report(f"Redis Cluster of 3 masters with {replicas} replica(s) each: the master of a running game's slot "
                    f"SIGKILLed mid-storm ({clients} clients, DOGPARK_DURABILITY=replica)")
    cluster = LocalCluster(replicas=replicas).start()
    with tempfile.TemporaryDirectory() as data:
        queue = RedisServer(Path(data)).start()
        env = {**STACK_ENV, "DOGPARK_DURABILITY": "replica", "DOGPARK_QUEUE_URL": queue.url}
        stack = Stack(port=free_port(), workers=2, redis_url=cluster.url, quiet=True, extra_env=env)
        try:
            stack.start()
            _harm(stack, cluster, clients, commands, report)
        finally:
            stack.stop()
            queue.stop()
            cluster.stop()
    return report


def _harm(stack: Stack, cluster: LocalCluster, clients: int, commands: int, report: Report) -> None:
    pools = game_pools(stack.url, clients, commands, 4)
    target, tokens = pools[0][0]
    master = cluster.master_of(key(target, "events"))
    doomed = {g for pool in pools for g, _ in pool if cluster.master_of(key(g, "events")) is master}
    healed = threading.Event()
    result: list[Figures] = []
    runner = threading.Thread(
        target=lambda: result.append(storm(stack.url, cluster.url, clients, commands, pools=pools, healed=healed))
    )
    runner.start()
    probe = Probe(f"{stack.url}/v1/games/{target}")
    follower = Follower(stack.url, target)
    time.sleep(1.5)
    cluster.kill(master)
    killed = time.monotonic()
    wait_until(lambda: cluster.master_of(key(target, "events")) is not master, 60, "the replica's promotion")
    promoted = time.monotonic()
    cluster.restart(master)
    wait_until(cluster.healthy, 60, "the old master, back as a replica in sync")
    synced = time.monotonic()
    healed.set()
    runner.join()
    probe.stop()
    figures = result[0]
    report.lines += figures.lines()
    report.problems += figures.problems
    reads = outage(probe.answers, killed)
    commands = sorted((a.at, a.status) for a in figures.answers if a.what == "command" and a.game in doomed)
    failed = outage(commands, killed)
    # A client sends a command only after a view it asked for answered: the commands' outage starts at the kill.
    written = failed[1] if failed else next((at for at, status in commands if at > killed and status == 200), nan)
    report.lines.append(
        f"{len(doomed)} of {sum(map(len, pools))} games on the killed master; replica promoted "
        f"{promoted - killed:.1f} s after the kill; the old master back in sync as its replica "
        f"{synced - killed:.1f} s after"
    )
    if reads is None:
        report.problems.append("the probed game never failed: was its master killed?")
        reads = (killed, killed)
    windows = {"reads of the probed game": reads, "commands to its master's games": (killed, written)}
    for what, (start, end) in windows.items():
        report.lines.append(
            f"{what} unavailable from {start - killed:+.2f} s to {end - killed:+.2f} s after the kill "
            f"({end - start:.1f} s): {_answers_503(figures.answers, start, end, doomed)}"
        )
    finished = play_to_end(stack.url, target, tokens)
    verdict = verify(requests.get(f"{stack.url}/v1/games/{target}/audit", timeout=30).json())
    follower.join(60)
    streamed = follower.ids == list(range(1, finished["version"] + 1))
    report.lines.append(
        f"the probed game finished at version {finished['version']}; its audit verifies: {verdict.ok}; its event "
        f"stream, resumed {follower.resumed} time(s) with Last-Event-ID, delivered every event once, in order: "
        f"{streamed}"
    )
    if not streamed:
        report.problems.append(f"the stream of {target} gave {len(follower.ids)} events, not 1..{finished['version']}")
    if not verdict.ok:
        report.problems += [f"{target}: {problem}" for problem in verdict.problems]


def _answers_503(answers: list[Sent], start: float, end: float, doomed: set[str]) -> str:
    """How many requests were answered 503 between ``start`` and ``end``, on the dead master's games and the others."""
    parts = []
    for where, on_doomed in (("on its master's games", True), ("on the others", False)):
        inside = [a for a in answers if start <= a.at <= end and (a.game in doomed) == on_doomed]
        counts = [
            f"{sum(a.status == 503 for a in inside if a.what == what)} of {sum(a.what == what for a in inside)} {what}s"
            for what in ("command", "view")
        ]
        parts.append(f"{' and '.join(counts)} {where}")
    return "503 to " + ", ".join(parts)


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:4]]
    sys.exit(scenario(*arguments).show())
