"""An idle stream stays open with keep-alive comments for as long as its game waits, on every game type.

The stack here keeps the default Redis timeouts (1 s for requests, and redis-py's 5 s where a client sets
none) and takes a keep-alive period of 6 s, longer than both, so that every block of every stream outlasts
the socket timeouts. The default keep-alive (15 s) would make the test take more than 30 s to prove the same.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import requests

from domain.catalogue import GAMES
from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for

KEEPALIVE = 6.0
#: redis-py's default socket timeout, which a stream used to die of.
REDIS_PY_SOCKET_TIMEOUT = 5.0


@pytest.fixture(scope="module")
def slow_keepalive_stack(redis_url: str) -> Iterator[Stack]:
    """A stack with default settings but the keep-alive period, and no RQ worker: nothing moves a game but us."""
    env = {"DOGPARK_KEEPALIVE_SECONDS": str(KEEPALIVE), "DOGPARK_CREATE_RATE": "off"}
    with e2e_stack(redis_url, "e2e-idle", 0, env) as running:
        yield running


class Follower:
    """Reads one game's stream on a thread of its own until it shows an event, or ends."""

    def __init__(self, url: str, after: int) -> None:
        self.response = requests.get(url, params={"after": after}, stream=True, timeout=(5, 4 * KEEPALIVE))
        self.text = ""
        self.ended_early: BaseException | str | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for chunk in self.response.iter_content(chunk_size=None, decode_unicode=True):
                self.text += chunk
                if "\nevent: " in self.text:
                    return
            self.ended_early = "the server ended the stream"
        except requests.RequestException as error:
            self.ended_early = error

    def keepalives(self) -> int:
        """Keep-alive comments seen so far."""
        return self.text.count(": keep-alive\n\n")


def running_game(base: str, game_type: str) -> tuple[str, int, str, dict]:
    """An all-human game of ``game_type``, every seat claimed: (id, version, a token to act, its first legal move)."""
    seats = [{"human": True}] * GAMES[game_type].min_players
    game_id = requests.post(f"{base}/v1/games", json={"type": game_type, "seats": seats}, timeout=30).json()["id"]
    claim = f"{base}/v1/games/{game_id}/seats/{{}}"
    tokens = [requests.post(claim.format(seat), timeout=30).json()["token"] for seat in range(len(seats))]
    shown = requests.get(f"{base}/v1/games/{game_id}", timeout=30).json()
    token = tokens[shown["to_act"][0]]
    mine = requests.get(f"{base}/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
    return game_id, shown["version"], token, mine["legal_moves"][0]


def test_an_idle_stream_of_every_game_type_keeps_alive_past_the_socket_timeouts_then_shows_the_next_move(
    slow_keepalive_stack,
):
    base = slow_keepalive_stack.url
    games = {game_type: running_game(base, game_type) for game_type in sorted(GAMES)}
    opened = time.monotonic()
    followers = {
        game_type: Follower(f"{base}/v1/games/{game_id}/events/stream", version)
        for game_type, (game_id, version, _, _) in games.items()
    }

    wait_for(lambda: all(f.keepalives() >= 2 or f.ended_early for f in followers.values()), 6 * KEEPALIVE,
             "two keep-alive comments on every stream")
    idle_for = time.monotonic() - opened
    moves = {
        game_type: requests.post(f"{base}/v1/games/{game_id}/commands", json=move,
                                 headers={"Authorization": f"Bearer {token}"}, timeout=30)
        for game_type, (game_id, _, token, move) in games.items()
    }
    for follower in followers.values():
        follower.thread.join(4 * KEEPALIVE)
        follower.response.close()
    print(f"streams idle {idle_for:.1f} s before the moves")

    assert {t: f.ended_early for t, f in followers.items()} == {t: None for t in games}
    assert idle_for > REDIS_PY_SOCKET_TIMEOUT
    assert {t: f.keepalives() >= 2 for t, f in followers.items()} == {t: True for t in games}
    assert {t: answer.status_code for t, answer in moves.items()} == {t: 200 for t in games}
    assert all("\nevent: " in follower.text for follower in followers.values())
