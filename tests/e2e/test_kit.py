"""The Python kit against a real server: streaming bots play whole games, a webhook bot answers, the arena runs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from subprocess import PIPE

import pytest
import requests
from dogpark_client import Client, sign

from service.ops.processes import free_port
from service.ops.stack import ROOT, Stack
from service.ops.verify import verify
from tests.e2e.conftest import wait_for

#: The signing secret of the module's webhook bot (a secret of the author's: 32 characters or more).
SECRET = "s3cret-" * 8
#: Each game's example bot (examples/bots/), and the built-in bots it plays against.
EXAMPLES = {
    "felix": ("examples.bots.felix:FelixBot", ["greedy", "random"]),
    "spots": ("examples.bots.spots:SpotsBot", ["greedy"]),
    "dogs": ("examples.bots.dogs:DogsBot", ["greedy"]),
    "dogslife": ("examples.bots.dogslife:DogsLifeBot", ["greedy"]),
}


def dogpark(*args: str, **kw) -> subprocess.Popen:
    """The `dogpark` command, run from the project's folder (where `examples.bots...` imports)."""
    return subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", *args],
        cwd=ROOT,
        stdout=PIPE,
        stderr=PIPE,
        text=True,
        **kw,
    )


@pytest.fixture(scope="module")
def served_bot() -> Iterator[str]:
    """`dogpark bot serve` with Felix's example bot, on a free port; its URL."""
    port = free_port()
    server = dogpark("bot", "serve", EXAMPLES["felix"][0], "--port", str(port), "--secret", SECRET)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for(lambda: _answers(url), 10, "the bot's server")
        yield url
    finally:
        server.terminate()
        server.communicate(timeout=10)


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=1).status_code == 200
    except requests.ConnectionError:
        return False


@dataclass
class Launched:
    """The module's long-running commands, started together at its start so that their games overlap."""

    players: dict[str, tuple[str, subprocess.Popen]]
    arena: subprocess.Popen
    guide_player: subprocess.Popen
    guide_arena: subprocess.Popen
    #: The name the served bot is registered with, and the arena it plays in.
    webhook_bot: str
    webhook_arena: subprocess.Popen


@pytest.fixture(scope="module")
def launched(stack: Stack, served_bot: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Launched]:
    """All at once: each game's example bot playing seat 0 against built-in bots, the arena of built-in bots, the
    steps of docs/bots.md's "Write a bot", and the arena with the served bot registered."""
    client = Client(stack.url)
    players = {}
    for game_type, (bot, opponents) in EXAMPLES.items():
        game_id = client.create(game_type, [{"human": True}] + [{"bot": name} for name in opponents])["id"]
        player = dogpark("bot", "play", bot, "--game", game_id, "--seat", "0", "--url", stack.url)
        players[game_type] = (game_id, player)
    arena = dogpark("arena", "felix", "--bots", "greedy,random,random", "--games", "3", "--url", stack.url)
    guide_player, guide_arena = write_a_bot_steps(stack, tmp_path_factory.mktemp("author"))
    webhook_bot = f"kit-{uuid.uuid4().hex[:8]}"
    author = Client(stack.url, token=client.create_player("author")["token"])
    author.register_bot(webhook_bot, served_bot, ["felix"], secret=SECRET)
    bots = f"greedy,random,{webhook_bot}"
    webhook_arena = dogpark("arena", "felix", "--bots", bots, "--games", "2", "--url", stack.url)
    processes = [*(p for _, p in players.values()), arena, guide_player, guide_arena, webhook_arena]
    try:
        yield Launched(players, arena, guide_player, guide_arena, webhook_bot, webhook_arena)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.communicate()


def write_a_bot_steps(stack: Stack, folder: Path) -> tuple[subprocess.Popen, subprocess.Popen]:
    """docs/bots.md's "Write a bot" as a reader copies it into a folder of theirs: its class, its game, its arena.

    The arena plays fewer games, on the test's server; both run at once, as in two terminals.
    """
    from tests.e2e.test_readme import commands, section

    text = section("Write a bot", ROOT / "docs" / "bots.md")
    (folder / "mybot.py").write_text(re.search(r"```python\n(.*?)```", text, re.DOTALL).group(1))
    lines = [
        line.replace("localhost:8000", stack.url.removeprefix("http://")).replace(".venv/bin/", f"{ROOT}/.venv/bin/")
        for line in commands(text)
    ]
    play = "\n".join(line for line in lines if "arena" not in line)
    arena = next(line for line in lines if "arena" in line).replace("--games 100", f"--games 2 --url {stack.url}")
    env = {**os.environ, "DOGPARK_URL": stack.url}
    player, measured = (
        subprocess.Popen(["bash", "-c", script], cwd=folder, env=env, stdout=PIPE, stderr=PIPE, text=True)
        for script in (play, arena)
    )
    return player, measured


def test_the_example_bot_of_each_game_plays_a_whole_game_through_its_stream_and_the_audit_verifies(
    stack: Stack, launched: Launched
):
    client = Client(stack.url)
    for game_type, (game_id, player) in launched.players.items():
        out, err = player.communicate(timeout=240)
        assert player.returncode == 0, f"{game_type}: {err}"
        assert f"game {game_id} over" in out
        audit = client.audit(game_id)
        verdict = verify(audit)
        assert verdict.ok, (game_type, verdict.problems)
        by_seat = [e for e in audit["events"] if e["actor"].get("seat") == 0 and e["type"] != "SeatClaimed"]
        moves = {e["command_id"] for e in by_seat if e["actor"]["kind"] == "seat"}
        assert len(moves) >= 5, f"{game_type}: the streaming bot made {len(moves)} moves"
        assert not [e for e in by_seat if e["actor"]["kind"] != "seat"], f"{game_type}: another played seat 0"


def test_a_served_bot_answers_a_signed_turn_with_a_move_the_server_accepts_and_refuses_a_bad_signature(
    stack: Stack, served_bot: str
):
    client = Client(stack.url)
    game_id = client.create("felix", [{"human": True}, {"bot": "greedy"}, {"bot": "random"}])["id"]
    seat = client.as_seat(client.claim(game_id, 0)["token"])
    view = wait_for(lambda: (v := seat.view(game_id))["legal_moves"] and v, 20, "seat 0's turn")
    call = {
        "kind": "turn",
        "game": game_id,
        "type": "felix",
        "seat": 0,
        "version": view["version"],
        "view": view,
        "legal_moves": view["legal_moves"],
        "deadline": "2030-01-01T00:00:00.000Z",
        "events": [],
    }
    body = json.dumps(call).encode()

    answer = requests.post(served_bot, data=body, headers={"Dogpark-Signature": sign(SECRET, body)}, timeout=5)
    forged = requests.post(served_bot, data=body, headers={"Dogpark-Signature": sign("guess", body)}, timeout=5)

    assert answer.status_code == 200
    move = answer.json()["move"]
    assert move in view["legal_moves"]
    assert seat.send(game_id, move)["version"] > view["version"]
    assert forged.status_code == 401
    assert forged.headers["Content-Type"] == "application/problem+json"
    stale = sign(SECRET, body, at=time.time() - 400)
    assert requests.post(served_bot, data=body, headers={"Dogpark-Signature": stale}, timeout=5).status_code == 401


def test_the_arena_plays_built_in_bots_through_the_server_verifies_each_game_and_rates_them(launched: Launched):
    out, err = launched.arena.communicate(timeout=240)

    assert launched.arena.returncode == 0, err
    lines = {row.split("|")[1].strip(): row.split("|")[2:] for row in out.splitlines() if row.startswith("| ")}
    assert lines["greedy"][0].strip() == "3"
    assert lines["random"][0].strip() == "6"
    assert "3 games of felix with 3 players" in out
    assert "3 audits verified, 0 failed, 0 abandoned" in out


def test_write_a_bot_takes_a_new_author_from_nothing_to_a_bot_playing_and_measured(launched: Launched):
    played = launched.guide_player.communicate(timeout=240)
    measured = launched.guide_arena.communicate(timeout=240)

    assert launched.guide_player.returncode == 0 and "over: seat 0" in played[0], played[1]
    assert launched.guide_arena.returncode == 0, measured[1]
    assert "| mybot:MyBot | 2 |" in measured[0]
    assert "2 audits verified, 0 failed" in measured[0]


def test_the_arena_seats_a_registered_webhook_bot_served_by_the_kit(launched: Launched):
    out, err = launched.webhook_arena.communicate(timeout=240)

    assert launched.webhook_arena.returncode == 0, err
    rows = [[cell.strip() for cell in row.split("|")[1:]] for row in out.splitlines() if row.startswith("| ")]
    served = {row[0]: row[1:] for row in rows}[launched.webhook_bot]
    games, moves, failures, fallbacks = (served[i] for i in (0, 3, 6, 7))
    assert (games, failures, fallbacks) == ("2", "0", "0"), out
    assert int(moves) >= 10
    assert "2 audits verified, 0 failed" in out
