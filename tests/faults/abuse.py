"""One client against the others (#31): a client does something costly as fast as it can, and another client's
requests are timed while it does, against an idle run of the same requests.

Each scenario runs a private stack (tests/faults/scenarios.py: its own redis-server, loopback only) at its default
limits unless it says otherwise, and prints the other client's latency idle and beside the abuse (p50 / p99, and
their ratios), what the abusing client was answered, and its problems: a 5xx to anyone, or the other client's p50
or p99 past twice the idle run's. Every loop is bounded in count and time; the stack is stopped at the end.

- ``replays``: ``parallel`` threads ask for the replay of the last version of a 20,000-move Counter game, without
  pause and without heeding Retry-After, while the other client reads a small game's view (#31 item 3).
- ``bot-games``: the client creates six all-bot games of A Dog's Life, while the other plays A Dog's Life against
  two greedy bots: the other's figures are its bots' answers, from its game's log (item 4).
- ``slow-bot``: the client registers a webhook bot that answers every turn after its timeout and seats it in
  ``games`` all-bot games, while the other seats an honest webhook bot in games of its own, one after the other: the
  other's figures are the time from its game's creation to its bot's first call (item 5).
- ``metrics-labels``: the client sends ``methods`` requests with invented HTTP methods; /metrics is read before
  and after (item 6).
- ``slow-bodies``: the client, at 127.0.0.2, opens ``count`` connections ``rate`` a second, each a POST that sent one
  byte of its body and stalls, and holds them, while the other, at 127.0.0.1, asks for /livez and sends a command,
  each on a new connection as a newly arrived client would (item 1).

    python -m tests.faults.run --only replays,bot-games,slow-bot,metrics-labels,slow-bodies
"""

from __future__ import annotations

import multiprocessing
import random
import resource
import selectors
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.queues import Queue as QueueType
from multiprocessing.synchronize import Event as EventType

import requests
from dogpark_client.bot import game_moves

from service.core.config import Settings
from service.core.wiring import build
from tests.bench.replays import write_game
from tests.bench.summary import percentile
from tests.faults.scenarios import Report, private_stack
from tests.faults.storm import create_games
from tests.webhook_bots import SECRET, serving

#: The most the other client's p50 and p99 beside the abuse may be, as a multiple of the idle run's.
BOUND = 2.0
#: Seconds between two requests of the other client.
PACE = 0.02
#: A Dog's Life against two greedy bots, and the abusing client's all-bot games.
DOGSLIFE_PERSON = {"type": "dogslife", "seats": [{"human": True}, {"bot": "greedy"}, {"bot": "greedy"}]}
DOGSLIFE_BOTS = {"type": "dogslife", "seats": [{"bot": "greedy"}] * 4}


@dataclass
class Timed:
    """The other client's requests of one run: their latencies, and the statuses they were answered."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)

    def ms(self, q: float) -> float:
        """The ``q``-th percentile latency, in milliseconds."""
        return 1000 * percentile(self.latencies, q)


def probe(ask: Callable[[], requests.Response], seconds: float) -> Timed:
    """Ask, one request at a time PACE apart, for ``seconds``; each answer timed."""
    timed = Timed()
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        started = time.perf_counter()
        try:
            status = ask().status_code
        except requests.RequestException:
            status = 0
        timed.latencies.append(time.perf_counter() - started)
        timed.statuses[status] += 1
        time.sleep(PACE)
    return timed


def _hammer(url: str, params: dict[str, object], parallel: int, stop: EventType, out: QueueType) -> None:
    """In a process of its own: ``parallel`` threads GET ``url`` without pause until ``stop``; put their statuses."""
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def hammer() -> None:
        with requests.Session() as session:
            while not stop.is_set():
                try:
                    status = session.get(url, params=params, timeout=30).status_code
                except requests.RequestException:
                    status = 0
                with lock:
                    statuses[status] += 1

    threads = [threading.Thread(target=hammer) for _ in range(parallel)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(dict(statuses))


@contextmanager
def hammering(url: str, params: dict[str, object], parallel: int) -> Iterator[Counter[int]]:
    """``parallel`` threads asking for ``url`` without pause until the block ends, in a process of their own (so that
    their work does not slow this process's timing of the other client); the statuses they were answered."""
    context = multiprocessing.get_context("spawn")
    stop, out = context.Event(), context.Queue()
    process = context.Process(target=_hammer, args=(url, params, parallel, stop, out), daemon=True)
    process.start()
    statuses: Counter[int] = Counter()
    try:
        yield statuses
    finally:
        stop.set()
        statuses.update(out.get(timeout=60))
        process.join(30)


def compare(
    report: Report, what: str, runs: dict[str, Timed], abuser: Counter[int] | None, against: str = "idle"
) -> None:
    """The lines and problems of the other client's runs (``idle``, ``beside the abuse``, any other) beside the
    abusing client's answers (None: reported already): its latency beside the abuse is bound to BOUND times the run
    ``against``'s."""
    report.lines += [
        f"{what}, {name}: {len(run.latencies)}, p50 {run.ms(50):.1f} ms, p99 {run.ms(99):.1f} ms; "
        f"statuses {dict(run.statuses)}"
        for name, run in runs.items()
    ]
    abused, reference = runs["beside the abuse"], runs[against]
    for name, run in runs.items():
        if name != "beside the abuse":
            p50, p99 = abused.ms(50) / run.ms(50), abused.ms(99) / run.ms(99)
            bound = f" (bound {BOUND:g}x)" if name == against else ""
            report.lines.append(f"beside the abuse / {name}: p50 {p50:.2f}x, p99 {p99:.2f}x{bound}")
    if abuser is not None:
        report.lines.append(f"the abusing client was answered {dict(sorted(abuser.items()))}")
    statuses = sum((run.statuses for run in runs.values()), Counter())
    for whose, answered in (("the other client", statuses), ("the abusing client", abuser or Counter())):
        failed = sum(count for status, count in answered.items() if status >= 500 or status == 0)
        if failed:
            report.problems.append(f"{failed} answers to {whose} were 5xx or none")
    p50, p99 = abused.ms(50) / reference.ms(50), abused.ms(99) / reference.ms(99)
    if p50 > BOUND or p99 > BOUND:
        report.problems.append(f"the other client's p50 beside the abuse is {p50:.2f}x {against}'s, its p99 {p99:.2f}x")


def replays(parallel: int = 8, seconds: float = 15.0, moves: int = 20_000) -> Report:
    """Replays of a long game's head in ``parallel`` threads beside a client reading a small game."""
    report = Report(f"replays: {parallel} threads replaying a {moves:,}-move game's head beside a client's reads")
    with private_stack(env={"DOGPARK_EXTRA_GAMES": "counter"}) as (stack, server):
        services = build(Settings(redis_url=server.url))
        long_game, _ = write_game(services, moves)
        head = services.store.version(long_game)
        small = create_games(stack.url, 1)[0][0]
        reader = requests.Session()

        def view() -> requests.Response:
            return reader.get(f"{stack.url}/v1/games/{small}", timeout=30)

        idle = probe(view, seconds)
        with hammering(f"{stack.url}/v1/games/{long_game}/replay", {"version": head}, parallel) as abuser:
            abused = probe(view, seconds)
        # What any flood costs the other client, whatever it asks for: the cheapest request there is, as fast.
        with hammering(f"{stack.url}/livez", {}, parallel) as noop:
            floor = probe(view, seconds)
    report.lines.append(
        f"the long game: {head:,} events; {parallel} threads asking for /livez were answered {dict(noop)}"
    )
    runs = {"idle": idle, "beside the abuse": abused, "beside a flood of /livez": floor}
    # Past its rate, the abusing client floods the server with requests answered 429, which no limit of the server's
    # own makes cheaper than the cheapest: the bound is what a flood of /livez costs (a proxy's limit_req does more).
    compare(report, "views of the small game", runs, abuser, against="beside a flood of /livez")
    return report


def _play(base: str, game_id: str, token: str, seconds: float, rng: random.Random) -> None:
    """Play the person's seat with random legal moves for ``seconds`` (waiting for its bots in between)."""
    session, ends = requests.Session(), time.monotonic() + seconds
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < ends:
        view = session.get(f"{base}/v1/games/{game_id}", headers=headers, timeout=30).json()
        if view["status"] == "finished":
            return
        if game_moves(view["legal_moves"]):
            move = rng.choice(game_moves(view["legal_moves"]))
            session.post(f"{base}/v1/games/{game_id}/commands", json=move, headers=headers)
        else:
            time.sleep(PACE)


def bot_answers(base: str, game_id: str, token: str, since: float) -> Timed:
    """The latency of each bot move in the game's log after ``since``: its append less the batch's before it."""
    events = requests.get(
        f"{base}/v1/games/{game_id}/events",
        params={"limit": 10_000},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    ).json()["events"]
    timed, previous, previous_actor = Timed(), None, None
    for event in events:
        # A batch is the run of events of one command: same actor, same time.
        key = (event["time"], str(event["actor"]))
        if key == previous_actor:
            continue
        if previous is not None and event["actor"]["kind"] == "bot" and event["time"] >= since:
            timed.latencies.append(event["time"] - previous)
            timed.statuses[200] += 1
        previous, previous_actor = event["time"], key
    return timed


def _person_game(base: str) -> tuple[str, str]:
    game_id = requests.post(f"{base}/v1/games", json=DOGSLIFE_PERSON, timeout=30).json()["id"]
    token = requests.post(f"{base}/v1/games/{game_id}/seats/0", json={"name": "person"}, timeout=30).json()["token"]
    return game_id, token


def bot_games(games: int = 6, seconds: float = 30.0) -> Report:
    """``games`` all-bot games of A Dog's Life from one client beside a person's game against two greedy bots."""
    report = Report(f"bot-games: {games} all-bot A Dog's Life games from one client beside a person's game")
    # The cap on all-bot games per address at its default (the other scenarios' stacks have none).
    cap = {"DOGPARK_BOT_GAMES_PER_ADDRESS": str(Settings().bot_games_per_address)}
    with private_stack(env=cap) as (stack, _):
        quiet, token = _person_game(stack.url)
        began = time.time()
        _play(stack.url, quiet, token, seconds, random.Random(1))
        idle = bot_answers(stack.url, quiet, token, began)
        created = [requests.post(f"{stack.url}/v1/games", json=DOGSLIFE_BOTS, timeout=30) for _ in range(games)]
        abuser = Counter(answer.status_code for answer in created)
        busy, token = _person_game(stack.url)
        # The all-bot games' first steps are queued ahead of the person's game's.
        began = time.time()
        _play(stack.url, busy, token, seconds, random.Random(1))
        abused = bot_answers(stack.url, busy, token, began)
        running = [a.json()["id"] for a in created if a.status_code == 201]
        moved = sum(requests.get(f"{stack.url}/v1/games/{g}", timeout=30).json()["version"] for g in running)
    report.lines.append(f"the all-bot games reached {moved:,} events in all while the person's game was played")
    compare(report, "the person's bots' answers", {"idle": idle, "beside the abuse": abused}, abuser)
    return report


def _to_the_bot(session: requests.Session, base: str, seats: list[dict[str, object]]) -> tuple[str, dict, float]:
    """A game of Spots of a bot and a person, the person's seat claimed and played until the bot is to act: its id,
    the person's token header, and when the request that made the bot due was sent."""
    game_id = session.post(f"{base}/v1/games", json={"type": "spots", "seats": seats}, timeout=30).json()["id"]
    asked = time.time()
    claimed = session.post(f"{base}/v1/games/{game_id}/seats/1", json={"name": "person"}, timeout=30).json()
    view, headers = claimed["game"], {"Authorization": f"Bearer {claimed['token']}"}
    for _ in range(20):
        if view["to_act"] != [1]:
            break
        asked = time.time()
        answer = session.post(f"{base}/v1/games/{game_id}/commands", json=view["legal_moves"][0], headers=headers)
        view = answer.json()["game"]
    return game_id, headers, asked


def slow_bot(games: int = 70, timeout: float = 10.0, honest_games: int = 10) -> Report:
    """A webhook bot that answers after its timeout, called in ``games`` games at once, beside ``honest_games``
    games of people against an honest webhook bot started at the same time."""
    report = Report(f"slow-bot: a webhook bot answering after its {timeout:g} s timeout, called in {games} games")
    # The bots are served on loopback.
    env = {"DOGPARK_WEBHOOK_ALLOW": "loopback"}
    with private_stack(env=env) as (stack, _), serving("first") as honest, serving("sleep", timeout + 2) as slow:
        names = {}
        for bot, name in ((honest, "honest"), (slow, "slow")):
            player = requests.post(f"{stack.url}/v1/players", json={"name": name}, timeout=30).json()
            body = {"name": f"{name}-{random.getrandbits(32):x}", "url": bot.url, "games": ["spots"], "secret": SECRET}
            registered = requests.post(
                f"{stack.url}/v1/bots",
                json={**body, "timeout_seconds": timeout},
                headers={"Authorization": f"Bearer {player['token']}"},
                timeout=30,
            )
            registered.raise_for_status()
            names[name] = body["name"]

        def first_call(_: int) -> tuple[float, bool]:
            """A person's game against the honest bot: the seconds from the request that made it the bot's turn to
            the bot's first call."""
            game_id, _, due = _to_the_bot(requests.Session(), stack.url, [{"bot": names["honest"]}, {"human": True}])
            ends = time.monotonic() + 2 * timeout
            while time.monotonic() < ends and not [c for c in honest.calls if c.get("game") == game_id]:
                time.sleep(0.005)
            came = [c["received"] for c in honest.calls if c.get("game") == game_id]
            return (came[0] if came else time.time()) - due, bool(came)

        def first_calls() -> Timed:
            timed = Timed()
            with ThreadPoolExecutor(honest_games) as pool:
                for seconds, called in pool.map(first_call, range(honest_games)):
                    timed.latencies.append(seconds)
                    timed.statuses[200 if called else 0] += 1
            return timed

        time.sleep(3)  # the webhook worker's threads come up after the API
        first_calls()  # a cold worker's first calls, not measured
        idle = first_calls()
        # Each slow game's bot is called, then its person (the abusing client) has to move: a call per game at once.
        with ThreadPoolExecutor(8) as pool:
            slow_games = list(pool.map(lambda _: _to_the_bot(requests.Session(), stack.url, [
                {"bot": names["slow"]}, {"human": True}
            ]), range(games)))
        abused = first_calls()
        # The abusing client goes on moving in its games, so that its bot is called again and again, and starts one
        # more each round, until it may not (or 3 timeouts have passed).
        abuser: Counter[int] = Counter({201: games})
        seats = [{"bot": names["slow"]}, {"human": True}]
        ends = time.monotonic() + 3 * timeout
        with requests.Session() as session:
            while True:
                for game_id, headers, _ in slow_games:
                    view = session.get(f"{stack.url}/v1/games/{game_id}", headers=headers, timeout=30).json()
                    if view["legal_moves"]:
                        move = view["legal_moves"][0]
                        commands = f"{stack.url}/v1/games/{game_id}/commands"
                        abuser[session.post(commands, json=move, headers=headers, timeout=30).status_code] += 1
                later = session.post(f"{stack.url}/v1/games", json={"type": "spots", "seats": seats}, timeout=30)
                abuser[later.status_code] += 1
                if later.status_code != 201 or time.monotonic() > ends:
                    break
                time.sleep(1)
        turns = [c for c in slow.calls if c["kind"] == "turn"]
    report.lines.append(
        f"the slow bot got {len(turns)} turn calls in all; the last game seating it was answered {later.status_code}"
        + (f" ({later.json()['type']})" if later.status_code >= 400 else "")
    )
    runs = {"idle": idle, "beside the abuse": abused}
    compare(report, "the honest bot's first calls once it was to act", runs, abuser)
    return report


def metrics_labels(methods: int = 300) -> Report:
    """``methods`` requests with invented methods; /metrics before and after."""
    report = Report(f"metrics-labels: {methods} requests with invented HTTP methods")

    def scrape(base: str) -> tuple[int, int, float]:
        started = time.perf_counter()
        page = requests.get(f"{base}/metrics", timeout=30)
        return len(page.text.splitlines()), len(page.content), time.perf_counter() - started

    with private_stack() as (stack, _):
        game_id = create_games(stack.url, 1)[0][0]
        # Every route once, as a stack that has served a while has.
        for path in ("/livez", "/healthz", "/v1/games", f"/v1/games/{game_id}", "/v1/game-types", "/v1/bots"):
            requests.get(f"{stack.url}{path}", timeout=30)
        before = scrape(stack.url)
        with requests.Session() as session:
            statuses = Counter(
                session.request(f"M{number:03d}", f"{stack.url}{path}", timeout=30).status_code
                for number in range(methods)
                for path in (random.choice(("/livez", f"/v1/games/{game_id}", f"/nothing/{number}")),)
            )
        after = scrape(stack.url)
    report.lines += [
        f"/metrics before: {before[0]:,} lines, {before[1]:,} bytes, read in {1000 * before[2]:.0f} ms",
        f"/metrics after: {after[0]:,} lines, {after[1]:,} bytes, read in {1000 * after[2]:.0f} ms",
        f"the invented methods were answered {dict(statuses)}",
    ]
    if after[0] - before[0] > 100:
        report.problems.append(f"/metrics grew by {after[0] - before[0]} lines")
    if any(status >= 500 for status in statuses):
        report.problems.append("an invented method was answered 5xx")
    return report


#: The abusing client's address in ``slow-bodies``: loopback, but not the other client's 127.0.0.1.
ABUSER = "127.0.0.2"
#: What each of its connections sends: the head of a POST announcing a 100-byte body, and the body's first byte.
STALLED_POST = (
    b"POST /v1/games HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
)
#: The cheapest request there is, on a connection of its own: what as many connections cost at the least.
LIVEZ_AND_CLOSE = b"GET /livez HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"


def _stall(
    port: int, count: int, rate: float, request: bytes, started: EventType, stop: EventType, out: QueueType
) -> None:
    """In a process of its own: open ``count`` connections from ABUSER, ``rate`` a second (having set ``started``),
    send ``request`` on each, and hold them until ``stop``; put what they were answered (a status, ``closed`` for
    none, ``not connected``), the most held open at once, and how many were still open at the end."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    selector, answered, opened, most = selectors.DefaultSelector(), Counter[str](), 0, 0
    started.set()
    due = time.monotonic()
    while not stop.is_set():
        while opened < count and time.monotonic() >= due:
            opened, due = opened + 1, due + 1 / rate
            conn = socket.socket()
            try:
                conn.settimeout(2)
                conn.bind((ABUSER, 0))
                conn.connect(("127.0.0.1", port))
                conn.sendall(request)
            except OSError:
                answered["not connected"] += 1
                conn.close()
                continue
            conn.setblocking(False)
            selector.register(conn, selectors.EVENT_READ)
        most = max(most, len(selector.get_map()))
        wait = min(max(due - time.monotonic(), 0.0), 0.1) if opened < count else 0.1
        for key, _ in selector.select(timeout=wait):
            conn = key.fileobj
            assert isinstance(conn, socket.socket)
            try:
                head = conn.recv(4096)
            except OSError:
                head = b""
            parts = head.split(b" ", 2)
            answered[parts[1].decode() if head.startswith(b"HTTP/") and len(parts) > 1 else "closed"] += 1
            selector.unregister(conn)
            conn.close()
    held = list(selector.get_map().values())
    for key in held:
        key.fileobj.close()  # type: ignore[union-attr]
    out.put((dict(answered), most, len(held)))


@contextmanager
def stalling(port: int, count: int, rate: float, request: bytes = STALLED_POST) -> Iterator[dict[str, int]]:
    """``count`` connections opened from ABUSER, ``rate`` a second from when the block is entered, each sending
    ``request`` (a stalled POST), and held until it ends (in a process of its own, so that its work does not slow this
    process's timing); what they were answered, with the ``most held`` open at once and those ``still open`` at the
    end."""
    context = multiprocessing.get_context("spawn")
    started, stop, out = context.Event(), context.Event(), context.Queue()
    process = context.Process(target=_stall, args=(port, count, rate, request, started, stop, out), daemon=True)
    process.start()
    figures: dict[str, int] = {}
    try:
        started.wait(60)
        yield figures
    finally:
        stop.set()
        answered, most, held = out.get(timeout=60)
        figures.update(answered, **{"most held": most, "still open": held})
        process.join(30)


class Newcomer:
    """The other client of ``slow-bodies``: each request on a new connection, as a client just arriving would make
    it; it plays a game of Felix, every seat its own, starting another when one ends."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.game_id, self.tokens = create_games(base, 1)[0]
        #: Seconds the last command took to be answered.
        self.last_seconds = 0.0

    def livez(self) -> requests.Response:
        """GET /livez."""
        return requests.get(f"{self.base}/livez", timeout=10)

    def command(self) -> requests.Response:
        """The next legal move of the seat to act, sent as a command (the view that finds it is not timed)."""
        view = requests.get(f"{self.base}/v1/games/{self.game_id}", timeout=10).json()
        if view["status"] != "running":
            self.game_id, self.tokens = create_games(self.base, 1)[0]
            view = requests.get(f"{self.base}/v1/games/{self.game_id}", timeout=10).json()
        token = self.tokens[view["to_act"][0]]
        headers = {"Authorization": f"Bearer {token}"}
        mine = requests.get(f"{self.base}/v1/games/{self.game_id}", headers=headers, timeout=10).json()
        move = mine["legal_moves"][0]
        started = time.perf_counter()
        answer = requests.post(f"{self.base}/v1/games/{self.game_id}/commands", json=move, headers=headers, timeout=10)
        self.last_seconds = time.perf_counter() - started
        return answer


def probe_both(newcomer: Newcomer, seconds: float) -> tuple[Timed, Timed]:
    """/livez and a command, one after the other PACE apart, for ``seconds``; each answer timed (a command's view,
    read first, is not)."""
    livez, commands = Timed(), Timed()
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        started = time.perf_counter()
        try:
            status = newcomer.livez().status_code
        except requests.RequestException:
            status = 0
        livez.latencies.append(time.perf_counter() - started)
        livez.statuses[status] += 1
        started = time.perf_counter()
        try:
            status = newcomer.command().status_code
            took = newcomer.last_seconds
        except (requests.RequestException, KeyError, IndexError):
            status, took = 0, time.perf_counter() - started
        commands.latencies.append(took)
        commands.statuses[status] += 1
        time.sleep(PACE)
    return livez, commands


def slow_bodies(count: int = 4200, rate: float = 300.0, seconds: float = 20.0, limits: bool = True) -> Report:
    """``count`` stalled POSTs from one address, opened ``rate`` a second and held, beside another client's /livez and
    commands for ``seconds`` from the first; with the stack's limits on slow clients at their defaults, or (not
    ``limits``) as good as off, as before #31's item 1."""
    off = {"DOGPARK_BODY_SECONDS": "86400", "DOGPARK_CLIENT_CONNECTIONS": "0"}
    report = Report(
        f"slow-bodies: {count:,} stalled POST bodies from one address, {rate:g} a second, beside another client's "
        f"requests" + ("" if limits else " (limits off)")
    )
    # The stack's web server at its defaults (two gevent workers here), the rates off as in every scenario.
    with private_stack(env={} if limits else off) as (stack, _):
        newcomer = Newcomer(stack.url)
        probe_both(newcomer, 1)  # a cold worker's first requests, not measured
        idle = probe_both(newcomer, seconds)
        with stalling(stack.port, count, rate) as abuser:
            abused = probe_both(newcomer, seconds)
        # What any stream of new connections costs the other client, whatever they ask: the cheapest, as many as fast.
        with stalling(stack.port, count, rate, LIVEZ_AND_CLOSE) as flood:
            floor = probe_both(newcomer, seconds)
    most, still = abuser.pop("most held"), abuser.pop("still open")
    report.lines.append(
        f"the abusing client's connections were answered {dict(sorted(abuser.items()))}; it held at most {most:,} "
        f"open at once, and {still:,} at the end"
    )
    slowest = 1000 * max(abused[0].latencies + abused[1].latencies)
    report.lines.append(f"the other client's slowest answer beside the abuse: {slowest:,.0f} ms")
    flooded = dict(sorted((k, v) for k, v in flood.items() if k not in ("most held", "still open")))
    report.lines.append(f"as many connections asking for /livez, as fast, were answered {flooded}")
    # Each connection of the abusing client the server ended was answered: closed unanswered, or not let in, is none.
    answers = Counter({int(k) if k.isdecimal() else 0: v for k, v in abuser.items()})
    # As in ``replays``: past the limits, the abusing client's connections are answered at once, a stream of new
    # connections no limit of the server's makes cheaper than the cheapest; the bound is what such a stream costs.
    against = "beside a flood of /livez"
    for what, at in (("/livez", 0), ("commands", 1)):
        runs = {"idle": idle[at], "beside the abuse": abused[at], against: floor[at]}
        compare(report, what, runs, answers if at == 0 else None, against=against)
    return report
