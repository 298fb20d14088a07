"""Delayed spectators on the whole stack (gunicorn's gevent workers, the fan-out, real Redis): two people play Spots
at a table whose spectators are two moves behind; a spectator's view, log, replays and live stream, and a stream
resumed with Last-Event-ID, never reach past the horizon the test computes from its own record of the moves; the
seats read the game as it is, and once it is over everything is public."""

from __future__ import annotations

import random
from collections.abc import Callable

import requests

from service.ops.stack import Stack
from tests.sse import Opened, Reader

DELAY = 2
MAX_EVENTS = 60


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def watch(stack: Stack, game_id: str, token: str | None = None, last: int | None = None) -> Reader:
    headers = {**auth(token), **({"Last-Event-ID": str(last)} if last is not None else {})}

    def start() -> Opened:
        url = f"{stack.url}/v1/games/{game_id}/events/stream"
        response = requests.get(url, headers=headers, stream=True, timeout=(10, 10))
        return response.status_code, response.iter_content(chunk_size=None), response.close

    return Reader(start)


def test_on_the_stack_no_spectator_read_reaches_past_the_delay(stack: Stack, api: Callable[..., requests.Response]):
    body = {"type": "spots", "seats": [{"human": True}] * 2, "spectator_delay": DELAY, "max_events": MAX_EVENTS}
    game_id = api("POST", "/v1/games", json=body).json()["id"]
    path = f"/v1/games/{game_id}"
    tokens = [api("POST", f"{path}/seats/{seat}").json()["token"] for seat in (0, 1)]
    spectator, seat = watch(stack, game_id), watch(stack, game_id, tokens[0])
    rng, moves, resumed, resumed_at = random.Random(3), [], None, 0
    try:
        while True:
            views = [api("GET", path, token=token).json() for token in tokens]
            version, over = views[0]["version"], views[0]["status"] == "finished"
            horizon = version if over or not moves else moves[-DELAY:][0]
            assert api("GET", path).json()["version"] == horizon
            log = api("GET", f"{path}/events").json()
            assert (log["version"], log["events"][-1]["version"]) == (horizon, horizon)
            assert api("GET", f"{path}/replay", params={"version": horizon + 1}).json()["version"] == horizon
            spectator.wait(lambda r, h=horizon: max(r.versions(), default=0) == h, f"the spectator at {horizon}")
            seat.wait(lambda r, v=version: max(r.versions(), default=0) == v, f"the seat at {version}")
            if over:
                break
            if resumed is None and len(moves) == 5:
                # A spectator that resumes at the horizon: only what falls out of the delay follows.
                resumed, resumed_at = watch(stack, game_id, last=horizon), horizon
            acting = [(token, view) for token, view in zip(tokens, views, strict=True) if view["legal_moves"]]
            assert acting, f"nobody may act at version {version}"
            token, view = rng.choice(acting)
            assert api("POST", f"{path}/commands", token=token, json=rng.choice(view["legal_moves"])).ok
            moves.append(version)
        assert resumed is not None
        for reader in (spectator, seat, resumed):
            reader.wait(lambda r: r.ended, "the stream's end")
        assert spectator.versions() == seat.versions() == list(range(1, version + 1))
        assert resumed.versions() == list(range(resumed_at + 1, version + 1))
        assert api("GET", f"{path}/audit").ok
    finally:
        for reader in (spectator, seat, *([resumed] if resumed else [])):
            reader.stop()
