"""Open streams beside a loop of commands: every command is still answered, and what the streams cost.

Against a private stack (its own redis-server, loopback only), one client plays all-human Felix games, one
command at a time, first with no stream open and then with ``count`` Server-Sent Events streams open on those
games (spectators, spread evenly). Prints the commands answered and failed, their p50 / p99 latency in both
phases, the streams opened and refused (503 with Retry-After), the events the streams delivered against those
appended, and Redis's connected clients. Every loop is bounded; the stack is stopped at the end.

    python -m tests.faults.streams 500
"""

from __future__ import annotations

import os
import selectors
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from urllib.parse import urlsplit

import redis
import requests

from events.store import RedisStore
from service.core.config import Settings
from service.ops.stack import Stack
from tests.faults.scenarios import Report, private_stack
from tests.faults.storm import create_games

#: Commands sent in each phase.
COMMANDS = 200
#: Games played (and watched) at once.
GAMES = 8
#: The marker of an event in a stream; keep-alives are comments.
EVENT = b"\nevent: "
KEEPALIVE = b": keep-alive"


class Crowd:
    """Streams held open on raw sockets, read by one thread that counts the events and keep-alives they bring.

    Given ``addresses``, the streams are asked for from each in turn (X-Forwarded-For, for a stack that trusts a
    proxy).
    """

    def __init__(self, base_url: str, after: dict[str, int], count: int, addresses: list[str] | None = None) -> None:
        address = urlsplit(base_url)
        self.host, self.port = address.hostname or "127.0.0.1", address.port or 80
        games = sorted(after)
        self.watching: dict[socket.socket, str] = {}
        self.answers: Counter[str] = Counter()
        self.events = 0
        self.keepalives = 0
        self._tails: dict[socket.socket, bytes] = {}
        self._selector = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._addresses = addresses or []
        opened = [(self._ask(games[i % len(games)], after, i), games[i % len(games)]) for i in range(count)]
        for sock, game_id in opened:
            self._answer(sock, game_id)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _ask(self, game_id: str, after: dict[str, int], number: int) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=30)
        path = f"/v1/games/{game_id}/events/stream?after={after[game_id]}"
        via = f"X-Forwarded-For: {self._addresses[number % len(self._addresses)]}\r\n" if self._addresses else ""
        head = f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\nAccept: text/event-stream\r\n{via}\r\n"
        sock.sendall(head.encode())
        return sock

    def _answer(self, sock: socket.socket, game_id: str) -> None:
        head = b""
        try:
            while b"\r\n\r\n" not in head and len(head) < 65536:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                head += chunk
        except OSError:
            pass
        lines = head.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
        status = lines[0].split(b" ")[1].decode() if len(lines[0].split(b" ")) > 1 else "no answer"
        retry_after = any(line.lower().startswith(b"retry-after:") for line in lines[1:])
        if status != "200":
            self.answers[f"{status}{' with Retry-After' if retry_after else ''}"] += 1
            sock.close()
            return
        self.answers["200"] += 1
        sock.setblocking(False)
        self.watching[sock] = game_id
        self._tails[sock] = head.split(b"\r\n\r\n", 1)[1]
        self._selector.register(sock, selectors.EVENT_READ)

    def _read(self) -> None:
        while not self._stop.is_set():
            for ready, _ in self._selector.select(timeout=0.2):
                sock = ready.fileobj
                try:
                    chunk = sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self._selector.unregister(sock)
                    continue
                data = self._tails[sock] + chunk
                self.events += data.count(EVENT)
                self.keepalives += data.count(KEEPALIVE)
                # A marker split between two reads is counted once: the tail is shorter than either marker.
                self._tails[sock] = data[-(len(EVENT) - 1) :]

    def streams_on(self, game_id: str) -> int:
        """How many open streams watch ``game_id``."""
        return sum(1 for watched in self.watching.values() if watched == game_id)

    def close(self) -> None:
        """Stop reading and hang up every stream."""
        self._stop.set()
        self._reader.join(5)
        for sock in self.watching:
            sock.close()


class Player:
    """One client playing the games in turn, one command at a time; it times each command's POST."""

    def __init__(self, base_url: str, games: list[tuple[str, list[str]]]) -> None:
        self.base = base_url
        self.games = games
        self.session = requests.Session()
        self._turn = 0

    def play(self, commands: int) -> tuple[Counter[int], Counter[int], list[float]]:
        """Send ``commands`` legal moves: the commands' statuses, failed view reads' statuses, 200s' latencies."""
        statuses: Counter[int] = Counter()
        reads_failed: Counter[int] = Counter()
        latencies: list[float] = []
        attempts = 0
        while sum(statuses.values()) < commands and attempts < 5 * commands:
            attempts += 1
            game_id, tokens = self.games[self._turn % len(self.games)]
            self._turn += 1
            try:
                move, token = self._next_move(game_id, tokens)
            except ReadFailed as failed:
                reads_failed[failed.status] += 1
                continue
            if move is None:
                continue
            start = time.monotonic()
            try:
                answer = self.session.post(f"{self.base}/v1/games/{game_id}/commands", json=move,
                                           headers={"Authorization": f"Bearer {token}"}, timeout=30)
                status = answer.status_code
            except requests.RequestException:
                status = 0
            statuses[status] += 1
            if status == 200:
                latencies.append(time.monotonic() - start)
        return statuses, reads_failed, latencies

    def _view(self, game_id: str, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            answer = self.session.get(f"{self.base}/v1/games/{game_id}", headers=headers, timeout=30)
        except requests.RequestException:
            raise ReadFailed(0) from None
        if answer.status_code != 200:
            raise ReadFailed(answer.status_code)
        return answer.json()

    def _next_move(self, game_id: str, tokens: list[str]) -> tuple[dict | None, str]:
        shown = self._view(game_id)
        if shown["status"] != "running" or not shown["to_act"]:
            return None, ""
        token = tokens[shown["to_act"][0]]
        legal = self._view(game_id, token)["legal_moves"]
        return (legal[0] if legal else None), token


class ReadFailed(Exception):
    """A view the player needed was not answered 200."""

    def __init__(self, status: int) -> None:
        super().__init__(f"the view was answered {status or 'nothing'}")
        self.status = status


def _setting(stack: Stack, variable: str, default: object) -> str:
    """A setting as the stack's processes see it: its own environment over this one's."""
    return str(stack.extra_env.get(variable, os.environ.get(variable, default)))


def _latency(latencies: list[float]) -> str:
    if len(latencies) < 2:
        return "too few answers to tell"
    cuts = statistics.quantiles(latencies, n=100)
    return f"p50 {cuts[49] * 1000:.0f} ms, p99 {cuts[98] * 1000:.0f} ms"


def _statuses(statuses: Counter) -> str:
    return ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(statuses.items(), key=str))


def scenario(count: int, commands: int = COMMANDS) -> Report:
    """Commands with no stream open, then with ``count`` streams open on the games played; figures and problems."""
    report = Report(f"{count} open streams beside {commands} commands")
    # The crowd stands for many clients, from one address: no cap per address (the scenario `stream-slots` has one).
    with private_stack(env={"DOGPARK_STREAMS_PER_ADDRESS": "0"}) as (stack, server):
        watcher = redis.Redis.from_url(server.url)
        player = Player(stack.url, create_games(stack.url, GAMES))
        store = RedisStore(watcher)

        def versions() -> dict[str, int]:
            return {game_id: store.version(game_id) for game_id, _ in player.games}

        quiet, quiet_reads, quiet_latencies = player.play(commands)
        clients_before = watcher.info("clients")["connected_clients"]

        start = time.monotonic()
        before = versions()
        crowd = Crowd(stack.url, before, count)
        opening = time.monotonic() - start
        crowded, crowded_reads, crowded_latencies = player.play(commands)
        clients_with = watcher.info("clients")["connected_clients"]
        appended = {game_id: version - before[game_id] for game_id, version in versions().items()}
        expected = sum(n * crowd.streams_on(game_id) for game_id, n in appended.items())
        deadline = time.monotonic() + 30
        while crowd.events < expected and time.monotonic() < deadline:
            time.sleep(0.1)
        crowd.close()

    report.lines += [
        f"stack: {_setting(stack, 'DOGPARK_WEB_WORKERS', os.cpu_count())} web processes, each holding at most "
        f"{_setting(stack, 'DOGPARK_STREAM_CONNECTIONS', Settings.stream_connections)} streams; keep-alive "
        f"{_setting(stack, 'DOGPARK_KEEPALIVE_SECONDS', Settings.keepalive_seconds)} s; "
        f"{stack.worker_count} RQ workers",
        f"streams asked for: {count}; answers {dict(crowd.answers)} in {opening:.1f} s",
        f"commands with no stream open: {_statuses(quiet)}; {_latency(quiet_latencies)}; "
        f"view reads failed: {_statuses(quiet_reads) or 'none'}",
        f"commands with {crowd.answers['200']} streams open: {_statuses(crowded)}; {_latency(crowded_latencies)}; "
        f"view reads failed: {_statuses(crowded_reads) or 'none'}",
        f"events delivered to the streams: {crowd.events} of {expected}; keep-alive comments: {crowd.keepalives}",
        f"Redis connected clients: {clients_before} with no stream open, {clients_with} with the streams",
    ]
    failed = {s: n for s, n in (quiet + crowded).items() if s != 200}
    if failed:
        report.problems.append(f"commands not answered 200: {failed}")
    if quiet_reads or crowded_reads:
        report.problems.append(f"view reads not answered 200: {dict(quiet_reads + crowded_reads)}")
    if sum(crowded.values()) < commands:
        report.problems.append(f"only {sum(crowded.values())} of {commands} commands could be sent beside the streams")
    refused_badly = {a: n for a, n in crowd.answers.items() if a not in ("200", "503 with Retry-After")}
    if refused_badly:
        report.problems.append(f"stream answers other than 200 and 503 with Retry-After: {refused_badly}")
    if crowd.events < expected:
        report.problems.append(f"the open streams delivered {crowd.events} of the {expected} events appended")
    return report


def main() -> int:
    """Run the scenario with the number of streams given (500 by default) and print its figures."""
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    return scenario(count).show()


if __name__ == "__main__":
    sys.exit(main())
