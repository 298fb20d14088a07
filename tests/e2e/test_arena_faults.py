"""The arena through a proxy that refuses and resets: it waits out 429s, finds out what a request whose answer was
lost did, finishes every game and creates none twice; a game it cannot finish is handed to the server's bots,
and the arena exits 1.

The proxy (tests/e2e/faulty_proxy.py) listens on 127.0.0.1 and plays each fault on a few requests at most.
"""

from __future__ import annotations

import subprocess
import sys

import requests

from service.ops.stack import ROOT, Stack
from tests.e2e.conftest import wait_for
from tests.e2e.faulty_proxy import Fault, FaultyProxy

CLAIM = r"/v1/games/\w+/seats/\d+"
COMMAND = r"/v1/games/\w+/commands"


def arena(url: str, *args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    """`dogpark arena` on the server at ``url``, run from the project's folder (where tests.e2e... imports)."""
    command = [sys.executable, "-m", "service.ops.cli", "arena", "felix", "--url", url, *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def status(stack: Stack, game_id: str) -> str:
    return requests.get(f"{stack.url}/v1/games/{game_id}", timeout=10).json()["status"]


def test_the_arena_finishes_every_game_through_429s_and_lost_answers_and_creates_none_twice(stack: Stack):
    faults = [
        Fault("POST", "/v1/players", "reset"),  # never reached the server: a player is created again
        Fault("POST", "/v1/games", "lose-answer"),  # created, the answer lost: found among the newest, not again
        Fault("POST", "/v1/games", "429"),  # waited out
        Fault("POST", CLAIM, "429"),
        Fault("POST", CLAIM, "lose-answer"),  # claimed for the arena's player, the answer lost: the seat is its
        Fault("POST", COMMAND, "lose-answer"),  # a kit bot's move applied, the answer lost: retried with its key
        Fault("GET", r"/v1/games/\w+/events/stream", "reset"),  # a stream cut: resumed
    ]
    with FaultyProxy(stack.url, faults) as proxy:
        done = arena(proxy.url, "--bots", "greedy,examples.bots.felix:FelixBot,random", "--games", "3")

    assert proxy.unplayed == [], proxy.played
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 audits verified, 0 failed, 0 abandoned" in done.stdout
    assert len(proxy.created) == 3 and all(status(stack, game_id) == "finished" for game_id in proxy.created)


def test_an_arena_that_cannot_create_its_games_says_why_and_exits_1(stack: Stack):
    with FaultyProxy(stack.url, [Fault("POST", "/v1/games", "reset", times=None)]) as proxy:
        done = arena(proxy.url, "--bots", "greedy,random,random", "--games", "1")

    assert proxy.created == []
    assert done.returncode == 1
    assert "0 audits verified, 1 failed" in done.stdout and "Unreachable" in done.stderr


def test_a_game_whose_kit_bot_fails_is_played_to_its_end_by_the_servers_bot_and_the_arena_exits_1(stack: Stack):
    with FaultyProxy(stack.url, []) as proxy:
        done = arena(proxy.url, "--bots", "greedy,tests.e2e.arena_bots:Crashing,random", "--games", "1")

    assert done.returncode == 1
    assert "1 audits verified, 1 failed" in done.stdout  # verified, and still not rated: the bot did not play it
    assert "the kit bot of seat 1 failed: RuntimeError: a bug in the bot" in done.stderr
    assert len(proxy.created) == 1 and status(stack, proxy.created[0]) == "finished"


def test_a_game_not_over_in_time_is_handed_to_the_servers_bots_and_ends(stack: Stack):
    with FaultyProxy(stack.url, []) as proxy:
        bots = "greedy,tests.e2e.arena_bots:Stalling,random"
        done = arena(proxy.url, "--bots", bots, "--games", "1", "--timeout", "5")

    assert done.returncode == 1
    assert "TimeoutError" in done.stderr and "seats 1 resigned" in done.stderr
    assert len(proxy.created) == 1
    wait_for(lambda: status(stack, proxy.created[0]) == "finished", 60, "the server's bots to end the game")
