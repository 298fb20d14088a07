"""Registered webhook bots through a real stack: the kit's `dogpark bot serve` plays a whole game of every type, bots
that misbehave each lose their turns to their fallbacks, with every fallback in the log and the game finished, and
what is not a bot (a redirector, the API's own health check) cannot be registered.

One stack for the module; the games run at once.
"""

from __future__ import annotations

import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import groupby
from typing import Any

import pytest
import requests

from service.ops.processes import free_port
from service.ops.stack import ROOT, Stack
from service.ops.verify import verify
from tests.e2e.conftest import e2e_stack, wait_for
from tests.webhook_bots import SECRET as TEST_BOTS_SECRET
from tests.webhook_bots import serving

SECRET = "the-webhook-tests-own-secret-0123456789abcdef"
#: Each game's example bot, and the built-in bots beside it.
#: (Spots solo, against Pes, the system's; A Dog's Life timed to two rounds: the games end in seconds.)
EXAMPLES = {
    "felix": ("examples.bots.felix:FelixBot", [{"bot": "random"}, {"bot": "greedy"}], {}),
    "spots": ("examples.bots.spots:SpotsBot", [], {}),
    "dogs": ("examples.bots.dogs:DogsBot", [{"bot": "random"}], {}),
    "dogslife": ("examples.bots.dogslife:DogsLifeBot", [{"bot": "greedy"}], {"timed_rounds": 2}),
}
#: The fallbacks' reasons: what each misbehaving bot's failures are logged as.
MISBEHAVING = {"sleep": "timeout", "status500": "status 500", "illegal": "illegal move", "garbage": "malformed"}


@pytest.fixture(scope="module")
def stack(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """The module's stack, which calls bots on loopback; its log (each failed call's reason among its lines) is kept in
    pytest's temporary folder."""
    env = {
        "DOGPARK_SWEEP_SECONDS": "0.5",
        "DOGPARK_STALL_SECONDS": "2",
        "DOGPARK_CREATE_RATE": "off",
        "DOGPARK_WEBHOOK_ALLOW": "loopback",
    }
    log = tmp_path_factory.mktemp("webhooks") / "stack.log"
    with e2e_stack(redis_url, "webhooks", 2, env, log_path=log) as running:
        yield running


@pytest.fixture(scope="module")
def api(stack: Stack) -> Callable[..., requests.Response]:
    session = requests.Session()
    return lambda method, path, **kw: session.request(method, stack.url + path, timeout=30, **kw)


@pytest.fixture(scope="module")
def author(api: Callable[..., requests.Response]) -> dict[str, str]:
    """The Authorization header of the player who registers the module's bots."""
    token = api("POST", "/v1/players", json={"name": "author"}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def kit_bots() -> Iterator[Callable[[str, str], str]]:
    """Start `dogpark bot serve` processes: serve(bot class, secret) -> its URL; all stopped after the module."""
    processes: list[subprocess.Popen] = []

    def serve(bot_class: str, secret: str) -> str:
        port = free_port()
        argv = [sys.executable, "-m", "dogpark_client.cli", "serve", bot_class, "--port", str(port), "--secret", secret]
        processes.append(subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        url = f"http://127.0.0.1:{port}/"
        wait_for(lambda: _answers(url), 20, f"{bot_class} to listen")
        return url

    yield serve
    for process in processes:
        process.terminate()
        process.wait(10)


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=1).status_code == 200
    except requests.ConnectionError:
        return False


def register(
    api: Callable[..., requests.Response],
    author: dict[str, str],
    url: str,
    games: list[str],
    secret: str = TEST_BOTS_SECRET,
    **fields: Any,
) -> dict[str, Any]:
    body = {"name": f"wh-{uuid.uuid4().hex[:10]}", "url": url, "games": games, "secret": secret, **fields}
    registered = api("POST", "/v1/bots", json=body, headers=author)
    assert registered.status_code == 201, registered.text
    return registered.json()


def play(api: Callable[..., requests.Response], game_type: str, seats: list[dict], options: dict) -> dict[str, Any]:
    """Create a game, wait for its end; its audit."""
    created = api("POST", "/v1/games", json={"type": game_type, "seats": seats, "options": options})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    wait_for(lambda: api("GET", f"/v1/games/{game_id}").json()["status"] == "finished", 60, f"{game_type} to end")
    return api("GET", f"/v1/games/{game_id}/audit").json()


def moves_of_seat(audit: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The first envelope of each batch a bot appended for ``seat``, in order."""
    seen: set[str] = set()
    out = []
    for envelope in audit["events"]:
        actor = envelope["actor"]
        if envelope["command_id"] not in seen and actor.get("kind") == "bot" and actor.get("seat") == seat:
            out.append(envelope)
        seen.add(envelope["command_id"])
    return out


def test_the_kits_example_bot_of_every_game_plays_a_whole_game_the_audit_verifies_and_it_is_rated(
    api, author, kit_bots
):
    bots = {
        # A generous timeout: on a busy machine a good bot's answer must not be taken for a slow one's.
        game_type: register(api, author, kit_bots(bot_class, SECRET), [game_type], SECRET, timeout_seconds=10)
        for game_type, (bot_class, _, _) in EXAMPLES.items()
    }

    def one(game_type: str) -> dict[str, Any]:
        _, others, options = EXAMPLES[game_type]
        return play(api, game_type, [{"bot": bots[game_type]["name"]}, *others], options)

    with ThreadPoolExecutor(len(EXAMPLES)) as pool:
        audits = dict(zip(EXAMPLES, pool.map(one, EXAMPLES), strict=True))

    for game_type, audit in audits.items():
        name = bots[game_type]["name"]
        verdict = verify(audit)
        moves = moves_of_seat(audit, 0)
        assert verdict.ok, (game_type, verdict.problems)
        others = [m["actor"].get("reason") for m in moves if m["actor"] != {"kind": "bot", "seat": 0, "name": name}]
        assert moves and not others, (game_type, others)
        assert all(m["command_id"] == f"webhook-{m['version'] - 1}" for m in moves), game_type
        path = f"/v1/bots/{bots[game_type]['id']}"
        rating = wait_for(lambda path=path: api("GET", path).json()["ratings"], 10, "the rating")
        assert rating[game_type]["games"] == 1, game_type


def test_misbehaving_bots_lose_their_turns_to_their_fallbacks_each_in_the_log_with_its_reason(api, author):
    with (
        serving("sleep", seconds=1) as sleepy,
        serving("status500") as failing,
        serving("illegal") as cheating,
        serving("garbage") as babbling,
        # As the kit answers a call signed with a secret other than its own.
        serving("status401") as refusing,
    ):
        servers = {
            "sleep": sleepy,
            "status500": failing,
            "illegal": cheating,
            "garbage": babbling,
            "signature": refusing,
        }
        bots = {
            kind: register(api, author, server.url, ["felix"], timeout_seconds=0.3) for kind, server in servers.items()
        }
        seats = {
            kind: [{"bot": bot["name"], "fallback": "greedy"}, {"bot": "random"}, {"bot": "random"}]
            for kind, bot in bots.items()
        }
        with ThreadPoolExecutor(len(bots)) as pool:
            audits = dict(zip(bots, pool.map(lambda kind: play(api, "felix", seats[kind], {}), bots), strict=True))

    for kind, audit in audits.items():
        reason = {**MISBEHAVING, "signature": "signature"}[kind]
        name = bots[kind]["name"]
        moves = moves_of_seat(audit, 0)
        replaced = [e for e in audit["events"] if e["type"] == "BotReplaced"]
        assert verify(audit).ok, (kind, verify(audit).problems)
        # Four fallbacks with the reason, then the fifth failure replaces the bot, then its fallback plays on.
        assert [m["actor"].get("reason") for m in moves[:4]] == [reason] * 4, kind
        assert all(m["actor"]["name"] == "greedy" and m["actor"]["for"] == name for m in moves), kind
        assert [r["data"] for r in replaced] == [
            {"seat": 0, "bot": name, "fallback": "greedy", "failures": 5, "reason": reason}
        ], kind
        assert {m["actor"]["reason"] for m in moves[4:]} == {"replaced"}, kind
        # Nothing applied twice: each command id is one batch, and each of the bot's turns was called once.
        runs = [command_id for command_id, _ in groupby(e["command_id"] for e in audit["events"])]
        assert len(runs) == len(set(runs)), kind
    # The lobby shows each game's replaced bot.
    lobby = api("GET", "/v1/games", params={"type": "felix", "status": "finished", "limit": 100}).json()["games"]
    shown = {game["id"]: game["replaced_bots"] for game in lobby}
    assert [shown.get(audit["id"]) for audit in audits.values()] == [[0]] * len(audits)
    for kind, server in servers.items():
        turns = [(c["game"], c["version"]) for c in server.calls if c["kind"] == "turn"]
        assert len(turns) == len(set(turns)) == 5, (kind, turns)
        # Its challenge (registration), its start call, and its end call, with the result, once the game was over.
        wait_for(lambda server=server: server.calls[-1]["kind"] == "end", 10, f"{kind}'s end call")
        kinds = [c["kind"] for c in server.calls]
        assert kinds == ["challenge", "start", *["turn"] * 5, "end"], (kind, kinds)
        assert server.calls[-1]["view"]["result"]["winners"] is not None


def test_a_redirector_and_the_apis_own_health_check_are_not_registered(api, author, stack, kit_bots):
    bot = kit_bots("examples.bots.felix:FelixBot", SECRET)
    with serving("redirect", location=bot) as redirector:
        urls = {"a 307 to a bot that answers": redirector.url, "the API's /livez": f"{stack.url}/livez"}
        bodies = {
            what: {"name": f"wh-{uuid.uuid4().hex[:10]}", "url": url, "games": ["felix"], "secret": SECRET}
            for what, url in urls.items()
        }
        answers = {what: api("POST", "/v1/bots", json=body, headers=author) for what, body in bodies.items()}

    assert {what: a.status_code for what, a in answers.items()} == dict.fromkeys(answers, 422)
    assert {a.json()["type"] for a in answers.values()} == {"/v1/problems/bot-did-not-answer"}
    assert len({a.json()["detail"] for a in answers.values()}) == 1
    assert [call["kind"] for call in redirector.calls] == ["challenge"]
    for body in bodies.values():
        # Nothing was kept: the name is free.
        assert api("POST", "/v1/bots", json={**body, "url": bot}, headers=author).status_code == 201
