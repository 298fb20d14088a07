"""`FAULTS=defaults make faults`: the stack as a user starts it, every setting at its default, held idle longer
than every timeout, then its private Redis killed and frozen, while a seat's stream, a spectator's, a player's and
the game's page in a real headless chromium stay open.

`dogpark run --port P --data-dir D` runs in a process of its own, with no DOGPARK_* variable and no REDIS_URL in
its environment: its private Redis (append-only), gunicorn, the workers, the sweeper, each setting at its
default. Two players sit at a two-seat DOGS game (nothing moves it but them): the page plays seat 0 (the player
stored in the browser, as the lobby stores it), the other player's seat stream, player stream and a spectator's
stream are read here, each on a thread that reconnects as a client does (after the server's `retry: 2000`, a
game's stream with Last-Event-ID). Three acts, each ending with a move that every stream and the page must show:

1. idle for longer than every default timeout (HOLD): no stream may end, nor the page reconnect;
2. the Redis SIGKILLed: the stack restarts it on its append-only file; every stream ends (by design: clients
   resume) and comes back, the page by itself; a command sent meanwhile, retried with its Idempotency-Key, is
   answered 503 problem documents until it is acknowledged, none slower than HANG_BOUND;
3. the Redis SIGSTOPped for FREEZE seconds, then SIGCONTinued: every answer meanwhile a 503 within HANG_BOUND,
   everything back after.

Then the game's log is checked against every acknowledged command (tests/faults/storm.py: versions without a gap,
the hash chain, no command applied twice, every acknowledged event in the log).
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
from gunicorn.config import Keepalive
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from events.connect import connect
from events.store import RedisStore
from service.core.config import Settings
from service.core.problems import PROBLEM
from service.ops.processes import StartFailed, free_port, wait_until
from service.ops.stack import ROOT
from service.streams.reader import LISTEN_SLICE
from service.streams.sse import RETRY
from tests.browser.conftest import CHROMEDRIVER, DESKTOP, FLAGS
from tests.browser.pages import click
from tests.faults.scenarios import HANG_BOUND, Report, children
from tests.faults.storm import Figures, Sent, check
from tests.sse import Message, parse

#: Seconds a move may take to reach every stream and the page once made, or once they are live again after an
#: outage (a loaded 2-core machine).
DELIVERY_BOUND = 10.0
#: Seconds the streams and the page may take to be live again once Redis answers again: a client waits 2 s
#: (`retry:`) between tries, and the page's ticket request is one more round trip.
RECOVERY_BOUND = 30.0
#: Seconds a game's stream reader waits for a byte: three keep-alive periods, so a stream gone silent shows.
READ_TIMEOUT = 3 * Settings.keepalive_seconds
#: The server's `retry:` field, which a client waits before it opens a dropped stream again.
RECONNECT_SECONDS = int(RETRY.split()[1]) / 1000
#: What the page says about its stream (service/http/web/static/js/game.js).
LIVE = "● live"
#: The moves the page offers its seat.
MOVE = "button.move:not([disabled])"


def _literals(path: Path) -> dict[str, Any]:
    """The module-level ``name = <literal>`` assignments of a Python file, read without running it (gunicorn's
    settings file sets up logging and a metrics folder when it runs)."""
    out: dict[str, Any] = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            with contextlib.suppress(ValueError):
                out[node.targets[0].id] = ast.literal_eval(node.value)
    return out


def default_timeouts() -> dict[str, float]:
    """Every default timeout an open stream, a request or the page meets, in seconds: what HOLD outlasts."""
    gunicorn = _literals(ROOT / "service" / "gunicorn" / "conf.py")
    return {
        "keep-alive comment period (DOGPARK_KEEPALIVE_SECONDS)": Settings.keepalive_seconds,
        "Redis connect and reply timeout, requests and stream reader (DOGPARK_REDIS_TIMEOUT)": Settings.redis_timeout,
        "the stream reader's poll of its subscription (fanout.LISTEN_SLICE)": LISTEN_SLICE,
        "stream ticket lifetime (DOGPARK_STREAM_TICKET_SECONDS)": Settings.stream_ticket_seconds,
        "gunicorn worker timeout (a worker silent that long is restarted)": gunicorn["timeout"],
        "gunicorn idle keep-alive connection between requests": Keepalive.default,
        "a client's wait before it reopens a dropped stream (retry:)": RECONNECT_SECONDS,
    }


#: Idle for longer than every default timeout; frozen as long.
HOLD = max(default_timeouts().values()) + 10
FREEZE = HOLD


class Run:
    """`dogpark run` as a user starts it, in a process of its own, with no setting of ours in its environment."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "run.log"
        self._log = open(self.log_path, "w")  # noqa: SIM115 - open until stop()
        env = {k: v for k, v in os.environ.items() if not k.startswith("DOGPARK_") and k != "REDIS_URL"}
        argv = [
            str(Path(sys.executable).with_name("dogpark")),
            "run",
            "--port",
            str(self.port),
            "--data-dir",
            str(folder / "var"),
        ]
        self.process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        self._children: set[int] = set()
        try:
            wait_until(self._up, 90, "dogpark run")
        except BaseException:
            self.stop()
            raise
        self.redis_url = re.search(r"Redis:\s+(\S+)", self.log()).group(1)

    def _up(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"dogpark run exited with status {self.process.returncode}:\n{self.log()}")
        self.roles()
        return requests.get(f"{self.url}/healthz", timeout=2).status_code == 200 and "dogpark is up" in self.log()

    def log(self) -> str:
        """What `dogpark run` has written so far."""
        return self.log_path.read_text(errors="replace")

    def roles(self) -> dict[int, str]:
        """pid -> command line of each process `dogpark run` started (and runs now)."""
        out = {}
        for pid in children(self.process.pid):
            with contextlib.suppress(OSError):
                out[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        self._children.update(out)
        return out

    def redis_pid(self) -> int:
        """The pid of the private redis-server running now."""
        return next(pid for pid, line in self.roles().items() if "redis-server" in line)

    def restarts(self) -> list[str]:
        """The stack's lines about children that exited and were started again."""
        return [line.split("dogpark.stack: ", 1)[-1] for line in self.log().splitlines() if "restarting it" in line]

    def stop(self) -> None:
        """Stop it as a supervisor does (SIGTERM); whatever is left of its children's sessions after 40 s, SIGKILL."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        for pid in self._children:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        self._log.close()


@dataclass
class Connection:
    """One try of a follower to open its stream, and how it went (time.monotonic throughout)."""

    asked: float
    status: int = 0
    answered: float | None = None
    ended: float | None = None
    error: str = ""
    #: When each chunk came, and each keep-alive comment.
    chunks: list[float] = field(default_factory=list)
    keepalives: list[float] = field(default_factory=list)

    def silences(self, start: float, end: float) -> list[float]:
        """The gaps between the chunks that came between ``start`` and ``end``, with those two as ends."""
        marks = [start, *[t for t in self.chunks if start < t < end], end]
        return [b - a for a, b in zip(marks, marks[1:], strict=False)]


class Follower:
    """One stream read on a thread of its own, opened again as a client does when it ends (after `retry:`;
    a game's stream with Last-Event-ID), each try recorded."""

    def __init__(self, name: str, url: str, token: str | None, resumes: bool) -> None:
        self.name = name
        self.url = url
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.resumes = resumes
        self.connections: list[Connection] = []
        #: Each message and when it came.
        self.messages: list[tuple[float, Message]] = []
        self._last_id: str | None = None
        self._stop = threading.Event()
        self._socket: Any = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            connection = Connection(time.monotonic())
            self.connections.append(connection)
            headers = dict(self.headers)
            if self.resumes and self._last_id is not None:
                headers["Last-Event-ID"] = self._last_id
            try:
                with requests.get(self.url, headers=headers, stream=True, timeout=(10, READ_TIMEOUT)) as answer:
                    connection.status, connection.answered = answer.status_code, time.monotonic()
                    self._socket = answer.raw.connection.sock if answer.raw.connection else None
                    if answer.status_code == 200:
                        self._read(answer, connection)
            except (requests.RequestException, OSError) as error:
                connection.error = type(error).__name__
            connection.ended = time.monotonic()
            self._stop.wait(RECONNECT_SECONDS)

    def _read(self, answer: requests.Response, connection: Connection) -> None:
        text = ""
        for piece in answer.iter_content(chunk_size=None, decode_unicode=True):
            now = time.monotonic()
            connection.chunks.append(now)
            connection.keepalives += [now] * piece.count(": keep-alive")
            text += piece
            complete, _, text = text.rpartition("\n\n")
            for message in parse(complete + "\n\n") if complete else []:
                self.messages.append((now, message))
                if message.id is not None:
                    self._last_id = message.id
            if self._stop.is_set():
                return

    def live(self, since: float) -> Connection | None:
        """The connection open now, if it was answered 200 after ``since``."""
        last = self.connections[-1] if self.connections else None
        if last and last.status == 200 and last.ended is None and (last.answered or 0) > since:
            return last
        return None

    def reached(self, version: int) -> float | None:
        """When the stream first showed the game at ``version`` or later (an event, or a `turn` at it)."""
        for at, message in self.messages:
            if isinstance(message.data, dict) and message.data.get("version", 0) >= version:
                return at
        return None

    def versions(self) -> list[int]:
        """The versions of the events it showed, in order (a `turn` left out)."""
        return [m.data["version"] for _, m in self.messages if m.event != "turn" and "version" in m.data]

    def stop(self) -> None:
        """Stop, hanging up the connection open now."""
        self._stop.set()
        with contextlib.suppress(OSError, AttributeError):
            self._socket.shutdown(2)
        self.thread.join(10)


class Page:
    """The game's page in headless Debian chromium, as the player stored in the browser sees it."""

    def __init__(self, base: str, player: dict, game_id: str, profile: Path) -> None:
        options = webdriver.ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
        # The performance log holds the page's network requests: how often it opened its stream.
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.stream_requests = 0
        self.console: list[str] = []
        #: (when, what #connection said, the board's version) each time either changed.
        self.timeline: list[tuple[float, str, int]] = []
        self.driver.get(f"{base}/")
        self.driver.execute_script("localStorage.setItem('dogpark.player', arguments[0])", json.dumps(player))
        self.driver.get(f"{base}/#/games/{game_id}")
        # Loaded afresh, as a player opening the game's link: the page reads the stored player as it starts.
        self.driver.refresh()

    def look(self) -> tuple[str, int]:
        """What #connection says and the board's version now (recorded in the timeline when they changed)."""
        connection, version = self.driver.execute_script(
            "const c = document.getElementById('connection'), b = document.getElementById('board');"
            "return [c ? c.textContent : '', b && b.dataset.version ? Number(b.dataset.version) : 0];"
        )
        if not self.timeline or self.timeline[-1][1:] != (connection, version):
            self.timeline.append((time.monotonic(), connection, version))
        return connection, version

    def notice(self) -> str:
        """What the page's notice area says now (its errors and messages to the user)."""
        return self.driver.execute_script("const n = document.getElementById('notice'); return n ? n.textContent : ''")

    def count_requests(self) -> int:
        """How many times the page has asked for its stream so far (its console's errors are kept meanwhile: reading
        a browser log empties it)."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if (
                message["method"] == "Network.requestWillBeSent"
                and "/events/stream" in message["params"]["request"]["url"]
            ):
                self.stream_requests += 1
        self.console += [e["message"] for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        return self.stream_requests

    def quit(self) -> None:
        """Close the browser."""
        self.driver.quit()


@dataclass
class Asked:
    """One request made while Redis was away: what, its status, how long it took, when it came back."""

    what: str
    status: int
    seconds: float
    at: float
    problem_document: bool


class Trial:
    """The scenario's state: the stack, the players, the game, the open streams, the page, what was answered."""

    def __init__(self, run: Run, report: Report) -> None:
        self.run = run
        self.report = report
        self.session = requests.Session()
        self.sent: list[Sent] = []
        self.players = [self._post("/v1/players", {"name": name}).json() for name in ("Page", "Phone")]
        self.game_id = self._post("/v1/games", {"type": "dogs", "seats": [{"human": True}] * 2}).json()["id"]
        for seat, player in enumerate(self.players):
            self._post(f"/v1/games/{self.game_id}/seats/{seat}", {}, player["token"]).raise_for_status()
        self.version = self.view()["version"]
        phone = self.players[1]["token"]
        game = f"{run.url}/v1/games/{self.game_id}/events/stream?after={self.version}"
        self.followers = [
            Follower("seat 1's stream", game, phone, resumes=True),
            Follower("a spectator's stream", game, None, resumes=True),
            Follower("player 2's stream", f"{run.url}/v1/players/me/stream", phone, resumes=False),
        ]
        self.page: Page | None = None

    def _post(self, path: str, body: dict, token: str | None = None, **headers: str) -> requests.Response:
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return self.session.post(f"{self.run.url}{path}", json=body, headers=headers, timeout=30)

    def view(self, token: str | None = None) -> dict:
        """The game as ``token`` (or a spectator) sees it now."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.session.get(f"{self.run.url}/v1/games/{self.game_id}", headers=headers, timeout=30)
        answer.raise_for_status()
        return answer.json()

    def plan(self) -> tuple[int, dict]:
        """The seat to act now and its first legal move."""
        seat = self.view()["to_act"][0]
        return seat, self.view(self.players[seat]["token"])["legal_moves"][0]

    def send(self, seat: int, move: dict, key: str) -> Asked:
        """Send ``move`` for ``seat`` under ``key`` once; the answer is kept for the log's check."""
        asked = time.monotonic()
        try:
            answer = self._post(
                f"/v1/games/{self.game_id}/commands", move, self.players[seat]["token"], **{"Idempotency-Key": key}
            )
            status, body = answer.status_code, _body(answer)
            problem = _problem_document(answer)
        except requests.RequestException:
            status, body, problem = 0, None, False
        self.sent.append(Sent(self.game_id, seat, key, status, body, False))
        if status == 200:
            self.version = max(self.version, body["version"])
        return Asked("command", status, time.monotonic() - asked, time.monotonic(), problem)

    def look_at_the_game(self) -> Asked:
        """GET the game as a spectator once."""
        asked = time.monotonic()
        try:
            answer = self.session.get(f"{self.run.url}/v1/games/{self.game_id}", timeout=30)
            status, problem = answer.status_code, _problem_document(answer)
        except requests.RequestException:
            status, problem = 0, False
        return Asked("view", status, time.monotonic() - asked, time.monotonic(), problem)

    def to_the_page(self, key: str) -> list[str]:
        """Send the other seat's moves by the API while it is to act, so that the page's seat is; what was done."""
        done = []
        for turn in range(10):
            seat, move = self.plan()
            if seat == 0:
                break
            answered = self.send(seat, move, f"{key}-{turn}")
            if answered.status != 200:
                self.report.problems.append(f"the move {key!r} was answered {answered.status}")
            done.append(f"seat {seat}'s sent by the API")
        return done

    def move(self, key: str) -> tuple[int, float, str]:
        """Play until the page has clicked a move: the other seat's moves sent by the API while it is to act, then
        seat 0's clicked on the page (sent by the API, and a problem, if the page cannot). The version reached, when
        the click was made, and what was done."""
        done = self.to_the_page(key)
        before = self.view()["version"]
        made = time.monotonic()
        try:
            click(self.page.driver, MOVE, DELIVERY_BOUND)
            wait_until(lambda: self.view()["version"] > before, DELIVERY_BOUND, "the page's move to be applied")
            done.append("seat 0's clicked on the page")
        except (AssertionError, StartFailed) as failure:
            self.report.problems.append(f"the page could not make seat 0's move ({key}): {failure}")
            self.send(*self.plan(), key)
            done.append("seat 0's sent by the API, as the page could not")
        self.version = self.view()["version"]
        return self.version, made, ", then ".join(done)

    def delivered(self, version: int, since: float) -> dict[str, float | None]:
        """Seconds after ``since`` until each stream and the page showed ``version``, waiting up to DELIVERY_BOUND
        from now (None: not by then)."""
        shown: dict[str, float | None] = {}
        deadline = time.monotonic() + DELIVERY_BOUND
        while time.monotonic() < deadline and len(shown) < len(self.followers) + 1:
            for follower in self.followers:
                at = follower.reached(version)
                if at is not None and follower.name not in shown:
                    shown[follower.name] = max(0.0, at - since)
            if "the page" not in shown and self.page.look()[1] >= version:
                shown["the page"] = time.monotonic() - since
            time.sleep(0.05)
        return {name: shown.get(name) for name in [*(f.name for f in self.followers), "the page"]}

    def watch_page(self, seconds: float) -> None:
        """Look at the page every half second for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.page.look()
            time.sleep(0.5)

    def all_live(self, since: float, timeout: float) -> float | None:
        """Seconds until every stream has a connection answered 200 after ``since`` and the page says it is live."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(f.live(since) for f in self.followers) and self.page.look()[0] == LIVE:
                return time.monotonic() - since
            time.sleep(0.1)
        return None

    def stop(self) -> None:
        """Hang up every stream and close the browser."""
        for follower in self.followers:
            follower.stop()
        if self.page is not None:
            self.page.quit()


def _body(answer: requests.Response) -> Any:
    try:
        return answer.json()
    except ValueError:
        return answer.text


def _problem_document(answer: requests.Response) -> bool:
    """True for a 503 as the API promises it: a problem document with Retry-After."""
    return answer.headers.get("Content-Type") == PROBLEM and int(answer.headers.get("Retry-After", 0) or 0) > 0


def _seconds(value: float | None) -> str:
    return "never" if value is None else f"{value:.2f} s"


def _delivery_line(trial: Trial, what: str, version: int, made: float, how: str, excused: str = "") -> None:
    """Say when each stream and the page showed ``version``; a problem for any that did not (but the player's
    stream, when ``excused`` says why it need not)."""
    shown = trial.delivered(version, made)
    trial.report.lines.append(
        f"{what}: v{version}, {how}; shown "
        + ", ".join(f"by {name} " + ("never" if s is None else f"{s:.2f} s after") for name, s in shown.items())
    )
    if excused and shown[trial.followers[2].name] is None:
        trial.report.lines.append(f"  {trial.followers[2].name} need not show it: {excused}")
        del shown[trial.followers[2].name]
    late = [name for name, seconds in shown.items() if seconds is None]
    if late:
        trial.report.problems.append(f"{what} (v{version}) was not shown within {DELIVERY_BOUND:.0f} s by {late}")


def idle(trial: Trial) -> None:
    """Act 1: everything open and idle for HOLD seconds, then a move: no stream ended, the page never reconnected."""
    report, page = trial.report, trial.page
    start = time.monotonic()
    requests_before = page.count_requests()
    trial.watch_page(HOLD)
    end = time.monotonic()
    reopened = page.count_requests() - requests_before
    for follower in trial.followers:
        during = [c for c in follower.connections if c.asked < end and (c.ended is None or c.ended > start)]
        if len(during) != 1 or during[0].status != 200 or (during[0].ended or end) < end:
            report.problems.append(f"{follower.name} did not stay open while idle: {_tries(during)}")
            continue
        silences = during[0].silences(start, end)
        keepalives = [t for t in during[0].keepalives if start < t < end]
        report.lines.append(
            f"idle {end - start:.0f} s, {follower.name}: one connection, {len(keepalives)} "
            f"keep-alives, longest silence {max(silences):.1f} s"
        )
        if max(silences) > Settings.keepalive_seconds + 5:
            report.problems.append(f"{follower.name} was silent {max(silences):.1f} s while idle")
    changes = _page_states(page, start, end)
    report.lines.append(f"idle {end - start:.0f} s, the page: {reopened} stream requests, said {changes}")
    if reopened or changes != [LIVE]:
        report.problems.append(f"the page reconnected while idle ({reopened} stream requests; it said {changes})")
    version, made, how = trial.move("after-the-idle-hold")
    _delivery_line(trial, "the move after the idle hold", version, made, how)


def _page_states(page: Page, start: float, end: float) -> list[str]:
    """What #connection said between ``start`` and ``end``, in order, each change once."""
    before = [state for at, state, _ in page.timeline if at <= start][-1:]
    states = before + [state for at, state, _ in page.timeline if start < at <= end]
    return [s for i, s in enumerate(states) if i == 0 or s != states[i - 1]]


def _tries(connections: list[Connection]) -> str:
    return "; ".join(
        f"{c.status or c.error or 'no answer'}" + (f" ended after {c.ended - c.asked:.1f} s" if c.ended else " open")
        for c in connections
    )


def outage(trial: Trial, kind: str) -> None:
    """Act 2 (``killed``) or 3 (``frozen``): Redis away, a command tried every 0.2 s with one Idempotency-Key (and the
    game read) until it is acknowledged; every answer meanwhile a prompt 503 problem; everything back after."""
    run, report = trial.run, trial.report
    key = f"while-redis-is-{kind}"
    if kind == "frozen":
        # The page's seat is to act, so that the user can click a move while Redis is frozen.
        trial.to_the_page(f"before-redis-is-{kind}")
        try:
            wait_until(lambda: trial.page.look()[1] >= trial.view()["version"], DELIVERY_BOUND, "the page's turn")
        except StartFailed as failure:
            report.problems.append(f"the page did not show its turn before Redis was frozen: {failure}")
    seat, move = trial.plan()
    clicked = None
    redis_pid = run.redis_pid()
    opened_before = trial.page.count_requests()
    asked: list[Asked] = []
    harmed = time.monotonic()
    if kind == "killed":
        os.kill(redis_pid, signal.SIGKILL)
        healed = None
    else:
        os.kill(redis_pid, signal.SIGSTOP)
        healed = harmed + FREEZE
    acknowledged = None
    thawed = harmed + FREEZE
    try:
        while time.monotonic() - harmed < FREEZE + 60:
            if healed is not None and time.monotonic() >= healed:
                os.kill(redis_pid, signal.SIGCONT)
                healed, thawed = None, time.monotonic()
            asked.append(trial.look_at_the_game())
            answer = trial.send(seat, move, key)
            asked.append(answer)
            if answer.status == 200:
                acknowledged = answer.at
                break
            if healed is not None and clicked is None and time.monotonic() - harmed > 2 * Settings.keepalive_seconds:
                # The user clicks the move the page still offers once its stream has ended.
                into = time.monotonic() - harmed
                try:
                    click(trial.page.driver, MOVE, DELIVERY_BOUND)
                    # The click's request and the page's reading of the game again each wait out the Redis timeout.
                    time.sleep(3 * Settings.redis_timeout)
                    clicked = (into, trial.page.notice())
                except AssertionError as failure:
                    report.problems.append(f"the page offered no move to click while Redis was frozen: {failure}")
                    clicked = (into, "(no move offered)")
            trial.page.look()
            time.sleep(0.2)
    finally:
        if healed is not None:
            os.kill(redis_pid, signal.SIGCONT)
    back = thawed if kind == "frozen" else harmed
    away = [a for a in asked if a.status != 200]
    statuses = Counter(f"{a.what} {a.status or 'no answer'}" for a in asked)
    first_503 = next((a.at - harmed for a in asked if a.status == 503), None)
    slowest = max((a.seconds for a in asked), default=0.0)
    report.lines.append(
        f"Redis {kind}"
        + (f" for {FREEZE:.0f} s" if kind == "frozen" else f" (pid {redis_pid})")
        + f": answers {dict(sorted(statuses.items()))}; first 503 {_seconds(first_503)} after; "
        f"slowest answer {slowest:.2f} s; the command acknowledged "
        f"{_seconds(acknowledged and acknowledged - back)} after Redis "
        + ("was killed" if kind == "killed" else "was thawed")
    )
    if kind == "killed":
        restarted = run.redis_pid()
        report.lines.append(f"the stack restarted the redis-server: pid {redis_pid} -> {restarted}")
    bad = [a for a in away if a.status != 503 or not a.problem_document]
    if bad:
        report.problems.append(
            f"answers other than 503 problem documents with Retry-After while Redis was {kind}: "
            f"{Counter((a.what, a.status) for a in bad)}"
        )
    if slowest > HANG_BOUND:
        report.problems.append(f"an answer took {slowest:.2f} s while Redis was {kind}, past {HANG_BOUND} s")
    if acknowledged is None:
        report.problems.append(f"the command sent while Redis was {kind} was never acknowledged")
        return
    live = trial.all_live(back, RECOVERY_BOUND + (acknowledged - back))
    report.lines.append(
        f"every stream and the page live again {_seconds(live)} after Redis "
        + ("was killed" if kind == "killed" else "was thawed")
    )
    if live is None:
        report.problems.append(
            f"not every stream and the page were live again {RECOVERY_BOUND:.0f} s after Redis "
            f"was {kind}: {[f.name for f in trial.followers if not f.live(back)]}, the page said "
            f"{trial.page.look()[0]!r}"
        )
    _gaps(trial, harmed, kind, opened_before)
    _delivery_line(
        trial,
        f"the command sent while Redis was {kind}",
        trial.version,
        acknowledged,
        f"sent by the API for seat {seat}",
        _excused(trial, acknowledged, seat),
    )
    if clicked is not None:
        report.lines.append(f"the page's move clicked {clicked[0]:.0f} s into the freeze: the page said {clicked[1]!r}")
    notice = trial.page.notice()
    report.lines.append(f"the page's notice at the end of the act: {notice!r}")
    if "unavailable" in notice.lower():
        report.problems.append(f"the page, live again and showing the move, still says {notice!r}")
    version, made, how = trial.move(f"after-redis-was-{kind}")
    _delivery_line(trial, f"the move after Redis was {kind}", version, made, how)


def _excused(trial: Trial, acknowledged: float, seat: int) -> str:
    """Why the player's stream need not show a command acknowledged at ``acknowledged``, or "" if it must: a
    reopened player's stream sends the turns owed then, not older events (GET .../events?after= has them)."""
    follower = trial.followers[2]
    open_then = any(
        c.status == 200 and (c.answered or 0) < acknowledged < (c.ended or time.monotonic())
        for c in follower.connections
    )
    if open_then or 1 in trial.view()["to_act"]:
        return ""
    return (
        f"it was closed when the command (seat {seat}'s) was acknowledged, and a reopened player's stream sends only "
        "the turns owed (none: seat 1 is not to act), not older events"
    )


def _gaps(trial: Trial, harmed: float, kind: str, opened_before: int) -> None:
    """For each stream: when its connection ended after the harm, the tries until one was answered 200 again,
    and how long it had no live connection."""
    for follower in trial.followers:
        ended = next((c for c in follower.connections if c.status == 200 and c.ended and c.ended > harmed), None)
        if ended is None:
            trial.report.lines.append(f"  {follower.name}: stayed open while Redis was {kind}")
            continue
        tries = [c for c in follower.connections if c.asked > ended.ended]
        again = next((c for c in tries if c.status == 200), None)
        slow = [c for c in tries if c.answered and c.answered - c.asked > HANG_BOUND]
        trial.report.lines.append(
            f"  {follower.name}: ended {ended.ended - harmed:.1f} s after Redis was {kind}; "
            f"tries {dict(Counter(c.status or c.error for c in tries))}; no live stream for "
            f"{_seconds(again and again.answered - ended.ended)}"
        )
        if slow:
            trial.report.problems.append(f"{follower.name}: {len(slow)} tries to open it took over {HANG_BOUND} s")
        if any(c.status not in (200, 503) for c in tries):
            trial.report.problems.append(f"{follower.name}: a try answered neither 200 nor 503: {_tries(tries)}")
    page = trial.page
    trial.report.lines.append(
        f"  the page said {_page_states(page, harmed, time.monotonic())}, "
        f"and opened its stream again {page.count_requests() - opened_before} time(s)"
    )


def _resumed_without_gaps(trial: Trial) -> None:
    """A game's stream, resumed with Last-Event-ID after each end, showed every version once, in order."""
    for follower in trial.followers[:2]:
        versions = follower.versions()
        if not versions or versions != list(range(versions[0], versions[-1] + 1)):
            trial.report.problems.append(f"{follower.name} showed versions {versions}: not each once, in order")
        else:
            trial.report.lines.append(
                f"{follower.name} showed versions {versions[0]}..{versions[-1]} each once, in order, across its "
                f"{sum(c.status == 200 for c in follower.connections)} connections"
            )


def scenario() -> Report:
    """Everything at its default, `dogpark run`: idle past every timeout, Redis killed, Redis frozen."""
    report = Report(
        f"the defaults of `dogpark run`: idle {HOLD:.0f} s, Redis SIGKILLed, Redis frozen {FREEZE:.0f} s, "
        "with three streams and the game's page in chromium open"
    )
    timeouts = default_timeouts()
    report.lines.append("default timeouts: " + "; ".join(f"{what} {s:g} s" for what, s in timeouts.items()))
    if not (shutil.which("chromium") and Path(CHROMEDRIVER).exists()):
        report.problems.append("no chromium or chromedriver: run `make browser` first")
        return report
    with tempfile.TemporaryDirectory(prefix="dogpark-defaults-") as folder:
        run = Run(Path(folder))
        trial = None
        try:
            report.lines.append(_redis_settings(run.redis_url))
            trial = Trial(run, report)
            trial.page = Page(run.url, trial.players[0], trial.game_id, Path(folder) / "chromium")
            roles = run.roles()
            live = trial.all_live(0, RECOVERY_BOUND)
            if live is None:
                report.problems.append("the streams and the page did not open")
                return report
            idle(trial)
            outage(trial, "killed")
            outage(trial, "frozen")
            _resumed_without_gaps(trial)
            figures = Figures()
            check(RedisStore(connect(run.redis_url, 5.0)), [[(trial.game_id, [])]], trial.sent, figures)
            report.lines.append(
                f"the game's log: {figures.events} events, {len(trial.sent)} answers to commands "
                f"checked against it; problems {len(figures.problems)}"
            )
            report.problems += figures.problems
            _processes(trial, roles)
            unexpected = [m for m in trial.page.console if not _expected_console(m)]
            report.lines.append(
                f"the page's console: {len(trial.page.console)} errors, "
                f"{len(unexpected)} other than the outages' failed requests"
            )
            report.problems += [f"the page's console: {m}" for m in unexpected]
        finally:
            if trial is not None:
                trial.stop()
            run.stop()
    return report


def _redis_settings(url: str) -> str:
    server = connect(url, 5.0)
    config = {**server.config_get("timeout"), **server.config_get("tcp-keepalive"), **server.config_get("appendonly")}
    return (
        f"the private Redis at {url}: appendonly {config['appendonly']}, idle client timeout {config['timeout']} "
        f"(0: never), TCP keep-alive probes after {config['tcp-keepalive']} s idle (TCP clients only; they close only "
        "a peer that does not answer)"
    )


def _processes(trial: Trial, before: dict[int, str]) -> None:
    """The stack's processes: only the killed redis-server was started again."""
    after = trial.run.roles()
    gone = sorted(
        line.split(" ")[0].rsplit("/", 1)[-1] + " " + " ".join(line.split(" ")[1:3])
        for pid, line in before.items()
        if pid not in after
    )
    restarts = trial.run.restarts()
    trial.report.lines.append(f"processes started again by the stack: {restarts or 'none'}")
    if any("redis-server" not in line for line in restarts) or len(restarts) != 1:
        trial.report.problems.append(f"the stack restarted other processes than the killed Redis: {gone}")


def _expected_console(message: str) -> bool:
    """A failed request of the page while Redis was away (503, which the page reports too), or a stream cut."""
    return "status of 503" in message or "net::ERR_" in message or "Redis is unavailable" in message


def main() -> int:
    """Run the scenario and print its figures."""
    return scenario().show()


if __name__ == "__main__":
    sys.exit(main())
