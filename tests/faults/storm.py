"""A command storm: client processes play all-human Felix games at once, with same-key retries and stale versions.

Each client process owns a slot: a queue of games it shares with the other clients of that slot (all of them on
one game, or one slot per game). It looks at who may act, fetches that seat's view with the seat's token, and
sends one of its legal moves under an Idempotency-Key. Some commands are sent again with the same key (half at
the same moment as the first, half after its answer), some with a stale expected version. Afterwards the log
itself is checked: versions without a gap, each command id applied once, every 200 answer's events present in
the log at the versions it named, every retry answered exactly like its first answer, the hash chain intact.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

import requests
from dogpark_client.bot import game_moves

from events.connect import connect
from events.envelope import verify_chain
from events.store import RedisStore

SEATS = 4


@dataclass
class Sent:
    """One answer a client got: which game, seat and key, its status and body, and when (time.monotonic, which
    every process of the machine shares)."""

    game: str
    seat: int
    key: str
    status: int
    body: Any
    replayed: bool
    retry: str = ""  # "", "concurrent" or "after"
    #: "command" (a POST of a move), or "view" (the public GET a client looks at first; its key and seat unused).
    what: str = "command"
    at: float = field(default_factory=time.monotonic)


def create_games(base_url: str, count: int) -> list[tuple[str, list[str]]]:
    """``count`` all-human Felix games, every seat claimed: (game id, seat tokens)."""
    session = requests.Session()
    games = []
    for _ in range(count):
        created = session.post(f"{base_url}/v1/games", json={"type": "felix", "seats": [{"human": True}] * SEATS})
        created.raise_for_status()
        game_id = created.json()["id"]
        tokens = []
        for seat in range(SEATS):
            claimed = session.post(f"{base_url}/v1/games/{game_id}/seats/{seat}", json={"name": f"p{seat}"})
            claimed.raise_for_status()
            tokens.append(claimed.json()["token"])
        games.append((game_id, tokens))
    return games


def _send(session: requests.Session, url: str, token: str, key: str, body: dict) -> tuple[int, Any, bool]:
    try:
        answer = session.post(url, json=body, headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
                              timeout=30)
    except requests.RequestException:
        return 0, None, False
    try:
        decoded = answer.json()
    except ValueError:
        decoded = answer.text
    return answer.status_code, decoded, answer.headers.get("Idempotent-Replayed") == "true"


def _race(session: requests.Session, url: str, token: str, key: str, body: dict) -> tuple[tuple, tuple]:
    """Send a command and its retry at the same moment: (the first's answer, the retry's)."""
    answers: list[tuple[int, Any, bool]] = []
    racer = threading.Thread(target=lambda: answers.append(_send(requests.Session(), url, token, key, body)))
    racer.start()
    first = _send(session, url, token, key, body)
    racer.join()
    return first, answers[0]


def client(job: tuple[int, str, list[tuple[str, list[str]]], int, float, float, float]) -> list[Sent]:
    """One client process: send ``commands`` moves to the games of its slot, in turn; return every answer."""
    index, base_url, slot, commands, retry_share, stale_share, seconds = job
    rng = random.Random(index)
    session = requests.Session()
    out: list[Sent] = []
    games = iter(slot)
    game_id, tokens = next(games)
    sent = 0
    stop_at = time.monotonic() + seconds
    while sent < commands and time.monotonic() < stop_at:
        try:
            public = session.get(f"{base_url}/v1/games/{game_id}", timeout=30)
            out.append(Sent(game_id, -1, "", public.status_code, None, False, what="view"))
            shown = public.json() if public.status_code == 200 else None
        except (requests.RequestException, ValueError):
            out.append(Sent(game_id, -1, "", 0, None, False, what="view"))
            shown = None
        if shown is None:
            time.sleep(0.05)
            continue
        if shown["status"] == "finished":
            try:
                game_id, tokens = next(games)
            except StopIteration:
                break
            continue
        if not shown["to_act"]:
            time.sleep(0.01)
            continue
        seat = rng.choice(shown["to_act"])
        try:
            view = session.get(f"{base_url}/v1/games/{game_id}", headers={"Authorization": f"Bearer {tokens[seat]}"},
                               timeout=30).json()
        except (requests.RequestException, ValueError):
            continue
        if not game_moves(view.get("legal_moves") or []):
            continue
        move = dict(rng.choice(game_moves(view["legal_moves"])))
        if rng.random() < stale_share and move["expected_version"] > 1:
            move["expected_version"] -= 1
        key = f"c{index}-{sent}"
        url = f"{base_url}/v1/games/{game_id}/commands"
        sent += 1
        if rng.random() < retry_share and rng.random() < 0.5:
            # The retry races its original: both are in flight at once.
            first, racing = _race(session, url, tokens[seat], key, move)
            out.append(Sent(game_id, seat, key, *first))
            out.append(Sent(game_id, seat, key, *racing, retry="concurrent"))
            continue
        out.append(Sent(game_id, seat, key, *_send(session, url, tokens[seat], key, move)))
        if rng.random() < retry_share:
            out.append(Sent(game_id, seat, key, *_send(session, url, tokens[seat], key, move), retry="after"))
    return out


@dataclass
class Figures:
    """What a storm did and what the check of the log found."""

    seconds: float = 0.0
    sent: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    #: The statuses of the views the clients asked for between commands.
    views: dict[int, int] = field(default_factory=dict)
    retries: dict[str, int] = field(default_factory=dict)
    games: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)
    #: Every answer, commands and views, for a scenario to cut by time.
    answers: list[Sent] = field(default_factory=list, repr=False)

    def lines(self) -> list[str]:
        """The figures as printable lines."""
        statuses = ", ".join(f"{s or 'no answer'}: {n}" for s, n in sorted(self.statuses.items()))
        views = ", ".join(f"{s or 'no answer'}: {n}" for s, n in sorted(self.views.items()))
        return [
            f"{self.sent} answers to commands in {self.seconds:.1f} s ({statuses}); views asked between: {views}",
            f"retries with the same key: {self.retries}",
            f"{self.games} games, {self.events} events checked; problems: {len(self.problems)}",
            *[f"  PROBLEM {p}" for p in self.problems[:20]],
        ]


def _die_on_sigterm() -> None:
    # A fork inherits its parent's handlers: RQ's worker, run in-process by a test, leaves one on SIGTERM that raises
    # or only notes the request, so Pool.terminate could leave a client holding the pool's queue lock and hang.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def client_pool(clients: int) -> multiprocessing.pool.Pool:
    """The storm's client processes, forked, each ended by terminate() whatever handlers its parent installed."""
    return multiprocessing.get_context("fork").Pool(clients, initializer=_die_on_sigterm)


def game_pools(base_url: str, clients: int, commands: int, games: int) -> list[list[tuple[str, list[str]]]]:
    """Enough games for a storm: ``games`` slots, each a queue of games its clients play one after another."""
    per_slot = max(4, clients * commands // games // 40 + 2)
    return [create_games(base_url, per_slot) for _ in range(games)]


def storm(base_url: str, redis_url: str, clients: int = 16, commands: int = 200, games: int = 1,
          retry_share: float = 0.2, stale_share: float = 0.1, seconds: float = 600,
          pools: list[list[tuple[str, list[str]]]] | None = None, healed: threading.Event | None = None) -> Figures:
    """Run the storm and check the logs (once ``healed`` is set, if given); ``games`` slots (1: every client on
    one game at a time)."""
    pools = pools or game_pools(base_url, clients, commands, games)
    games = len(pools)
    jobs = [(i, base_url, pools[i % games], commands, retry_share, stale_share, seconds) for i in range(clients)]
    start = time.monotonic()
    with client_pool(clients) as pool:
        everything = [sent for batch in pool.map(client, jobs) for sent in batch]
    answers = [sent for sent in everything if sent.what == "command"]
    figures = Figures(seconds=time.monotonic() - start, sent=len(answers), answers=everything)
    for sent in everything:
        if sent.what == "view":
            figures.views[sent.status] = figures.views.get(sent.status, 0) + 1
    for sent in answers:
        figures.statuses[sent.status] = figures.statuses.get(sent.status, 0) + 1
        if sent.retry:
            name = f"{sent.retry} {sent.status}"
            figures.retries[name] = figures.retries.get(name, 0) + 1
    if healed is not None:
        healed.wait()
    check(RedisStore(connect(redis_url, 5.0)), pools, answers, figures)
    return figures


def check(store: RedisStore, pools: list[list[tuple[str, list[str]]]], answers: list[Sent], figures: Figures) -> None:
    """Check every game's log against the answers the clients got."""
    logs = {}
    for game_id, _ in (game for pool in pools for game in pool):
        envelopes = store.read(game_id)
        logs[game_id] = envelopes
        figures.games += 1
        figures.events += len(envelopes)
        if [e["version"] for e in envelopes] != list(range(1, len(envelopes) + 1)):
            figures.problems.append(f"{game_id}: the versions have a gap")
        if verify_chain(envelopes) is not None:
            figures.problems.append(f"{game_id}: the hash chain breaks")
        runs = [command_id for command_id, _ in groupby(envelopes, key=lambda e: e["command_id"])]
        if len(runs) != len(set(runs)):
            figures.problems.append(f"{game_id}: a command id was applied twice")
    by_key: dict[tuple[str, int, str], list[Sent]] = {}
    for sent in answers:
        by_key.setdefault((sent.game, sent.seat, sent.key), []).append(sent)
        if sent.status == 200:
            envelopes = logs[sent.game]
            for shown in sent.body["events"]:
                at = envelopes[shown["version"] - 1] if shown["version"] <= len(envelopes) else None
                if at is None or at["type"] != shown["type"] or at["command_id"] != f"seat{sent.seat}:{sent.key}":
                    figures.problems.append(f"{sent.game} v{shown['version']}: an acknowledged event is not in the log")
    for (_, _, key), tries in by_key.items():
        applied = [sent for sent in tries if sent.status == 200]
        # An answer lost to the network or a 5xx tells nothing; every other answer to an applied command is its own.
        for sent in tries:
            if applied and sent.status not in (0, 500, 502, 503) and (sent.status, sent.body) != (200, applied[0].body):
                figures.problems.append(f"{key}: applied, yet one try was answered {sent.status} and not as applied")
