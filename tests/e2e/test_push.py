"""Web Push end to end: the stack (`make run`'s processes, its notifications worker among them) pushes a player's turns
to a push service of the test's own on loopback, which checks each push's VAPID JWT and decrypts its payload with the
subscription's keys (tests/push_service.py). Prints how long a move takes to become a push received (p50, p99), and
how many pushes N turns bring a player away and a player whose stream is open."""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Iterator

import pytest
import requests

from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for
from tests.push_service import Push, PushService

#: Turns played for the figures.
TURNS = 12


@pytest.fixture(scope="module")
def push_stack(redis_url: str) -> Iterator[Stack]:
    """A stack that pushes to loopback, and tells every turn (no digest window), after the default delay."""
    env = {
        "DOGPARK_CREATE_RATE": "off",
        "DOGPARK_PUSH_ALLOW": "loopback",
        "DOGPARK_NOTIFY_DIGEST_SECONDS": "0",
        "DOGPARK_KEEPALIVE_SECONDS": "1",
    }
    with e2e_stack(redis_url, "push", 1, env) as running:
        yield running


class Api:
    def __init__(self, base: str) -> None:
        self.base = base
        self.session = requests.Session()

    def __call__(self, method: str, path: str, token: str | None = None, **kw: object) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.session.request(method, self.base + path, headers=headers, timeout=30, **kw)  # type: ignore[arg-type]


def to_act(api: Api, game_id: str) -> int | None:
    """The seat to act, or None once the game has ended."""
    seats = api("GET", f"/v1/games/{game_id}").json()["to_act"]
    return seats[0] if seats else None


def play_turn(api: Api, game_id: str, tokens: list[str]) -> None:
    """The moves of the seat to act, until another seat is to act or the game ends."""
    seat = to_act(api, game_id)
    while seat is not None and to_act(api, game_id) == seat:
        move = api("GET", f"/v1/games/{game_id}", tokens[seat]).json()["legal_moves"][0]
        assert api("POST", f"/v1/games/{game_id}/commands", tokens[seat], json=move).status_code == 200


def two_player_game(api: Api, first: str, second: str) -> tuple[str, list[str]]:
    game_id = api("POST", "/v1/games", json={"type": "spots", "seats": [{"human": True}] * 2}).json()["id"]
    tokens = [first, second]
    for seat, token in enumerate(tokens):
        assert api("POST", f"/v1/games/{game_id}/seats/{seat}", token).status_code == 201
    return game_id, tokens


def bring_turn_to_ana(api: Api, game_id: str, tokens: list[str]) -> str:
    """The game (or, once it has ended, a new one between the same two) with Ana to act."""
    while (seat := to_act(api, game_id)) != 0:
        if seat is None:
            game_id = two_player_game(api, *tokens)[0]
        else:
            play_turn(api, game_id, tokens)
    return game_id


def turns(pushes: PushService, name: str) -> list[Push]:
    """The turn pushes one endpoint took (a game that ends also brings its "game over")."""
    return [push for push in pushes.pushes(name) if push.notification["kind"] == "turn"]


def player(api: Api, name: str) -> str:
    return api("POST", "/v1/players", json={"name": name}).json()["token"]


def test_a_player_away_gets_each_turn_pushed_and_one_whose_stream_is_open_gets_none(push_stack):
    api = Api(push_stack.url)
    pushes = PushService(api("GET", "/v1/push/key").json()["public_key"])
    try:
        ana, bo = player(api, "Ana"), player(api, "Bo")
        answer = api("POST", "/v1/players/me/push-subscriptions", bo, json={**pushes.subscribe("bo"), "language": "pt"})
        assert answer.status_code == 201, answer.text
        game_id, tokens = two_player_game(api, ana, bo)
        seen = len(turns(pushes, "bo"))
        # Away: each of Ana's turns passed to Bo is pushed to him; he plays from his phone's notification. Spots may
        # end within the turns played: then a new game goes on (its end brings Bo a "game over", not counted).
        latencies = []
        while len(latencies) < TURNS:
            game_id = bring_turn_to_ana(api, game_id, tokens)
            began = time.monotonic()
            play_turn(api, game_id, tokens)
            if to_act(api, game_id) is None:
                continue
            wait_for(lambda before=seen: len(turns(pushes, "bo")) > before, 15, "Bo's turn pushed")
            seen += 1
            latencies.append(turns(pushes, "bo")[-1].at - began)
        # Nothing more comes: one push per turn.
        time.sleep(2.5)
        away = len(turns(pushes, "bo"))
        away_count = away - (seen - TURNS)
        notice = turns(pushes, "bo")[-1].notification
        assert notice["title"] == "A sua vez" and notice["body"] == "É a sua vez em Spots."
        assert notice["game"] == game_id
        assert pushes.errors == []

        # Present: Bo's stream of all his games is open; his turns reach it, and no push is sent.
        opened = threading.Event()
        stop = threading.Event()

        def read() -> None:
            url, headers = push_stack.url + "/v1/players/me/stream", {"Authorization": f"Bearer {bo}"}
            with requests.get(url, headers=headers, stream=True, timeout=30) as stream:
                opened.set()
                for _ in stream.iter_content(chunk_size=None):
                    if stop.is_set():
                        return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert opened.wait(10)
        time.sleep(0.5)
        game_id, tokens = two_player_game(api, ana, bo)
        for _ in range(TURNS):
            game_id = bring_turn_to_ana(api, game_id, tokens)
            play_turn(api, game_id, tokens)
        # Time for the last turn's job to have run and decided (its delay and then some).
        time.sleep(3)
        present = len(turns(pushes, "bo")) - away
        stop.set()
        ordered = sorted(latencies)
        p50 = statistics.median(ordered)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
        print(
            f"\nmove to push received over {TURNS} turns (DOGPARK_NOTIFY_DELAY_SECONDS=1): p50 {p50 * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms; pushes for {TURNS} turns: away {away_count}, present {present}"
        )
        assert present == 0
        assert away_count == TURNS
    finally:
        pushes.stop()
