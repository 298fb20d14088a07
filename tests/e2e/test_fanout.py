"""Through gunicorn: a web process serves all its streams from one reader, which survives losing its connection.

The stack has one web process and a Redis of its own, so that Redis's list of clients is this stack's alone.
The keep-alive period is long (20 s): every event here must come by the reader's announcements, not by the
look at each game's length a keep-alive brings. Under gevent the reader writes each batch to the clients' sockets
itself, in chunks of its own making (a client too slow to take them: tests/integration/test_fanout.py).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
import requests

from service.core.wiring import REQUEST_CONNECTIONS
from service.ops.stack import Stack
from tests.e2e.conftest import e2e_stack
from tests.faults.redis_server import RedisServer
from tests.sse import Opened, Reader, parse

KEEPALIVE = 20


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("fanout-redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def one_process(own_redis: RedisServer) -> Iterator[Stack]:
    """One web process, no RQ worker: only the tests move the games. Its streams stand for many clients, from one
    address, up to 80 of a seat's: no caps on them (tests/e2e/test_stream_caps.py has its own)."""
    env = {"DOGPARK_WEB_WORKERS": "1", "DOGPARK_KEEPALIVE_SECONDS": str(KEEPALIVE), "DOGPARK_CREATE_RATE": "off"}
    env.update({"DOGPARK_STREAMS_PER_ADDRESS": "0", "DOGPARK_STREAMS_PER_TOKEN": "0"})
    with e2e_stack(own_redis.url, "e2e-fanout", 0, env) as running:
        yield running


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def seated_felix(base: str) -> tuple[str, list[str]]:
    created = requests.post(f"{base}/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3}, timeout=30)
    game_id = created.json()["id"]
    claim = f"{base}/v1/games/{game_id}/seats/{{}}"
    return game_id, [requests.post(claim.format(seat), timeout=30).json()["token"] for seat in range(3)]


def follow(base: str, game_id: str, token: str | None = None) -> Reader:
    """The game's stream from its first event (a seat's, with its token), read on a thread."""

    def start() -> Opened:
        response = requests.get(f"{base}/v1/games/{game_id}/events/stream", headers=auth(token), stream=True,
                                timeout=(10, 3 * KEEPALIVE))
        return response.status_code, response.iter_content(chunk_size=None), response.close

    return Reader(start)


def stream_readers(watcher: redis.Redis) -> list[dict]:
    """The connections that listen to games' announcements: a web process's reader (the RQ workers' connections
    that wait on their command channels subscribe to a channel, not to patterns)."""
    return [client for client in watcher.client_list(_type="pubsub") if int(client["psub"]) > 0]


def play(base: str, game_id: str, tokens: list[str], moves: int, midway: threading.Event | None = None) -> int:
    """Send ``moves`` first legal moves by the seat to act; set ``midway`` after half of them. The last version."""
    session = requests.Session()
    version = 0
    for done in range(moves):
        to_act = session.get(f"{base}/v1/games/{game_id}", timeout=30).json()["to_act"][0]
        view = session.get(f"{base}/v1/games/{game_id}", headers=auth(tokens[to_act]), timeout=30).json()
        answer = session.post(f"{base}/v1/games/{game_id}/commands", json=view["legal_moves"][0],
                              headers=auth(tokens[to_act]), timeout=30)
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
        if midway is not None and done == moves // 2:
            midway.set()
    return version


def test_the_streams_of_one_process_hold_no_redis_connection_and_a_crowd_opening_at_once_no_more_than_the_pool(
    one_process, own_redis
):
    base = one_process.url
    watcher = redis.Redis.from_url(own_redis.url)
    game_id, tokens = seated_felix(base)
    first = follow(base, game_id, tokens[0])
    first.wait(lambda s: s.messages("GameStarted"), "the first stream's log")
    with_one = len(watcher.client_list())

    # One after the other, seats and spectators, each reading the log from its start.
    one_by_one = [follow(base, game_id, tokens[i % 4] if i % 4 < 3 else None) for i in range(100)]
    for stream in one_by_one:
        stream.wait(lambda s: s.messages("GameStarted"), "the log")
    with_a_hundred = len(watcher.client_list())
    # Then 150 at once: their requests share the process's pool of connections, which does not grow past its size.
    with ThreadPoolExecutor(50) as pool:
        crowd = list(pool.map(lambda i: follow(base, game_id, tokens[i % 4] if i % 4 < 3 else None), range(150)))
    last = play(base, game_id, tokens, 5)
    for stream in one_by_one + crowd:
        stream.wait(lambda s: last in s.versions(), "the moves on every stream")
    with_the_crowd = len(watcher.client_list())
    readers = len(stream_readers(watcher))

    assert [s.status for s in one_by_one + crowd] == [200] * 250
    assert all(s.versions() == list(range(1, last + 1)) for s in one_by_one + crowd)
    # A hundred streams that each held a connection would add a hundred; the pool may grow by the few that
    # requests and the reader used at once while the streams opened.
    assert with_a_hundred - with_one < 10, "an open stream holds no connection"
    assert with_the_crowd <= with_one + REQUEST_CONNECTIONS and readers == 1


def test_every_event_reaches_every_stream_in_order_after_the_readers_connection_is_killed_mid_game(
    one_process, own_redis
):
    base = one_process.url
    watcher = redis.Redis.from_url(own_redis.url)
    game_id, tokens = seated_felix(base)
    streams = [follow(base, game_id, tokens[i] if i < 3 else None) for i in range(30)]
    for stream in streams:
        stream.wait(lambda s: s.messages("GameStarted"), "the log so far")
    midway = threading.Event()
    last: list[int] = []
    player = threading.Thread(target=lambda: last.append(play(base, game_id, tokens, 30, midway)))

    player.start()
    midway.wait(30)
    (reader,) = stream_readers(watcher)
    killed = watcher.client_kill_filter(_id=reader["id"])
    player.join(60)
    for stream in streams:
        stream.wait(lambda s: last[0] in s.versions(), "the last move on every stream", timeout=10)
    resubscribed = len(stream_readers(watcher))
    ended = [s.ended or s.error is not None for s in streams]

    assert killed == 1 and resubscribed == 1
    assert ended == [False] * 30
    assert all(s.versions() == list(range(1, last[0] + 1)) for s in streams), "every event, once, in order"


def raw_stream(stack: Stack, game_id: str, token: str) -> socket.socket:
    """A seat's stream on a raw socket, which nobody reads until told (the server's buffers hold what it sends)."""
    sock = socket.create_connection((stack.host, stack.port))
    sock.sendall(f"GET /v1/games/{game_id}/events/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}"
                 "\r\n\r\n".encode())
    return sock


def read_to_the_end(sock: socket.socket, timeout: float = 30) -> bytes:
    """Everything the server sends until it ends the response (a chunked body's last chunk)."""
    sock.settimeout(timeout)
    received = b""
    while not received.endswith(b"\r\n0\r\n\r\n"):
        data = sock.recv(1 << 16)
        assert data, "the server hung up before the end of the stream"
        received += data
    return received


def dechunked(response: bytes) -> str:
    """The body of a chunked HTTP/1.1 response, every chunk's framing checked on the way."""
    head, _, rest = response.partition(b"\r\n\r\n")
    assert b"Transfer-Encoding: chunked" in head, head
    body = b""
    while True:
        size, _, rest = rest.partition(b"\r\n")
        length = int(size, 16)
        assert rest[length : length + 2] == b"\r\n", "a chunk is as long as it says"
        body, rest = body + rest[:length], rest[length + 2 :]
        if length == 0:
            assert rest == b"", "nothing after the last chunk"
            return body.decode()


def play_to_the_end(base: str, game_id: str, tokens: list[str]) -> int:
    """The first legal move of the seat to act, until the game is over; the last version."""
    session = requests.Session()
    while True:
        game = session.get(f"{base}/v1/games/{game_id}", timeout=30).json()
        if game["status"] == "finished":
            return game["version"]
        token = tokens[game["to_act"][0]]
        view = session.get(f"{base}/v1/games/{game_id}", headers=auth(token), timeout=30).json()
        answer = session.post(f"{base}/v1/games/{game_id}/commands", json=view["legal_moves"][0], headers=auth(token),
                              timeout=30)
        assert answer.status_code == 200, answer.text


def without_keepalives(text: str) -> list:
    return [(m.event, m.id, m.data) for m in parse(text)]


def test_a_stream_the_reader_writes_itself_is_chunked_right_and_a_late_reader_gets_every_event_and_turn_in_order(
    one_process,
):
    base = one_process.url
    game_id, tokens = seated_felix(base)
    late = raw_stream(one_process, game_id, tokens[0])
    # The same seat read as it comes, and a spectator.
    brisk, spectator = follow(base, game_id, tokens[0]), follow(base, game_id)
    for stream in (brisk, spectator):
        stream.wait(lambda s: s.messages("GameStarted"), "the log so far")

    last = play_to_the_end(base, game_id, tokens)
    for stream in (brisk, spectator):
        stream.wait(lambda s: s.ended, "the end of the game on the streams that read")
    body = dechunked(read_to_the_end(late))
    late.close()
    turns = [m.data["version"] for m in brisk.messages("turn")]

    assert spectator.versions() == brisk.versions() == list(range(1, last + 1))
    assert turns and turns == sorted(turns) and set(turns) <= set(brisk.versions()), "the seat's turns, in order"
    assert spectator.messages("turn") == []
    assert without_keepalives(body) == without_keepalives(brisk.text), "every event and turn, once, in order"
