"""A web server that stops or reloads ends its event streams at once, rather than holding them for gunicorn's grace.

Each test has a stack of its own, with one web process and no RQ worker (only the test moves its games) and a
keep-alive period longer than the test, so that nothing but the stop or the reload can end a stream; once with
gunicorn's gevent worker (the default) and once with its gthread worker.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest
import requests

from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack, wait_for
from tests.e2e.test_fanout import auth, play, seated_felix
from tests.e2e.test_make_run import children_of
from tests.sse import Reader

#: gunicorn's graceful_timeout (service/gunicorn/conf.py): what an open stream used to hold a stop or a reload for.
GRACE = 10
#: Seconds within which a stream must end once its process is told to stop: well inside the grace.
PROMPT = 4
#: Seconds a whole stack may take to stop with streams open (its web server's keep-alive connections and its other
#: processes included): less than the grace, which it took before.
STOPPED_WITHIN = 7


@pytest.fixture(params=["gevent", "gthread"])
def stack(redis_url: str, request: pytest.FixtureRequest) -> Iterator[Stack]:
    """The worker class of the defaults, and the one whose streams are written by threads."""
    env = {"DOGPARK_WEB_WORKERS": "1", "DOGPARK_KEEPALIVE_SECONDS": "60", "DOGPARK_CREATE_RATE": "off",
           "DOGPARK_WORKER_CLASS": request.param}
    with e2e_stack(redis_url, "e2e-stopping", 0, env) as running:
        yield running


def open_stream(base: str, game_id: str, token: str | None = None, after: int = 0) -> requests.Response:
    """The game's stream after version ``after`` (a seat's, with its token), opened."""
    headers = {**auth(token), "Last-Event-ID": str(after)}
    return requests.get(f"{base}/v1/games/{game_id}/events/stream", headers=headers, stream=True,
                        timeout=(10, 2 * GRACE))


def reading(response: requests.Response) -> Reader:
    """An open stream, read on a thread."""
    return Reader(lambda: (response.status_code, response.iter_content(chunk_size=None), response.close))


def follow(base: str, game_id: str, token: str | None = None) -> Reader:
    """The game's stream from its first event, read on a thread."""
    return reading(open_stream(base, game_id, token))


def resume(base: str, game_id: str, token: str | None, after: int) -> Reader:
    """Open the stream again as a client does: after Retry-After while the server answers 503 (a worker told to
    stop refuses streams so until it closes its listener, which takes it up to a second), and again at once if the
    connection is reset (gthread: a connection queued on the old worker's own listener when it closes)."""
    deadline = time.monotonic() + GRACE
    while True:
        try:
            response = open_stream(base, game_id, token, after)
        except requests.ConnectionError:
            assert time.monotonic() < deadline, "the stream could not be opened again"
            continue
        if response.status_code != 503 or time.monotonic() > deadline:
            break
        assert response.json()["type"].endswith("/streams-full"), response.text
        response.close()
        time.sleep(int(response.headers["Retry-After"]))
    assert response.status_code == 200, response.text
    return reading(response)


def ended_within(reader: Reader, seconds: float) -> None:
    """Wait for the server to end ``reader``'s stream; fail if it broke, or ended ``seconds`` or more from now."""
    began = time.monotonic()
    reader.wait(lambda r: r.ended or r.error, "the stream to end", timeout=2 * GRACE)
    took = time.monotonic() - began
    assert reader.error is None, f"the stream broke instead of ending: {reader.error!r}"
    assert took < seconds, f"the stream ended {took:.1f} s after the signal"


def test_a_reload_ends_every_stream_at_once_and_each_resumes_on_the_new_worker_with_nothing_missed(stack):
    game_id, tokens = seated_felix(stack.url)
    first = play(stack.url, game_id, tokens, 3)
    seat, spectator = follow(stack.url, game_id, tokens[0]), follow(stack.url, game_id)
    for reader in (seat, spectator):
        reader.wait(lambda r: first in r.versions(), f"version {first}")

    old_workers = children_of(stack.web.pid)
    os.kill(stack.web.pid, signal.SIGHUP)
    for reader in (seat, spectator):
        ended_within(reader, PROMPT)

    seat_again = resume(stack.url, game_id, tokens[0], seat.versions()[-1])
    spectator_again = resume(stack.url, game_id, None, spectator.versions()[-1])
    # The moves are made once the old worker is gone: the test's own requests do not retry a reset (gthread).
    wait_for(lambda: not set(old_workers) & set(children_of(stack.web.pid)), GRACE, "the old worker to exit")
    last = play(stack.url, game_id, tokens, 3)
    for before, again in ((seat, seat_again), (spectator, spectator_again)):
        again.wait(lambda r: last in r.versions(), f"version {last} after the reload")
        assert before.versions() + again.versions() == list(range(1, last + 1))


def test_a_stack_stops_at_once_though_streams_are_open(stack):
    game_id, tokens = seated_felix(stack.url)
    version = play(stack.url, game_id, tokens, 2)
    readers = [follow(stack.url, game_id, token) for token in [*tokens, None]]
    for reader in readers:
        reader.wait(lambda r: version in r.versions(), f"version {version}")

    began = time.monotonic()
    stack.stop()
    assert time.monotonic() - began < STOPPED_WITHIN
    for reader in readers:
        assert reader.ended and reader.error is None
