"""The kit's Client against a scripted HTTP server: which answers it retries, how, and which it never does."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from dogpark_client import (
    Bot,
    Client,
    IllegalChoice,
    IllegalMove,
    ServerError,
    StaleVersion,
    Unavailable,
    Unreachable,
    play,
)
from dogpark_client.play import Seat

#: Dropped without an answer: the connection closes before a status line.
DROP = "drop"
MOVE = {"type": "Bid", "amount": 3}


def problem(slug: str, status: int, **extra: object) -> tuple[int, dict, dict]:
    body = {"type": f"/v1/problems/{slug}", "title": slug, "status": status, "detail": slug, **extra}
    return status, {"Content-Type": "application/problem+json"}, body


def ok(body: dict) -> tuple[int, dict, dict]:
    return 200, {"Content-Type": "application/json"}, body


def view(version: int, moves: list[dict]) -> tuple[int, dict, dict]:
    legal = [{"command": move, "expected_version": version, "label": "x"} for move in moves]
    return ok({"id": "g", "version": version, "status": "running", "you": 0, "legal_moves": legal})


class Scripted(ThreadingHTTPServer):
    """Answers each (method, path) with the next answer of its script, and records every request."""

    daemon_threads = True

    def __init__(self, script: dict[tuple[str, str], list]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.script = script
        self.requests: list[dict] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def sent(self, method: str, path: str) -> list[dict]:
        return [r for r in self.requests if r["method"] == method and r["path"] == path]


class Handler(BaseHTTPRequestHandler):
    server: Scripted

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length)) if length else None
        path, _, query = self.path.partition("?")
        self.server.requests.append(
            {"method": self.command, "path": path, "query": query, "headers": dict(self.headers), "body": body}
        )
        answer = self.server.script[(self.command, path)].pop(0)
        if answer == DROP:
            self.close_connection = True
            return
        if isinstance(answer, bytes):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            self.wfile.write(answer)
            self.close_connection = True
            return
        status, headers, payload = answer
        data = json.dumps(payload).encode()
        self.send_response(status)
        for name, value in {**headers, "Content-Length": str(len(data))}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[Scripted]:
    running = Scripted({})
    threading.Thread(target=running.serve_forever, args=(0.05,), daemon=True).start()
    yield running
    running.shutdown()
    running.server_close()


COMMANDS = ("POST", "/v1/games/g/commands")


def test_a_move_answered_503_is_sent_again_after_retry_after_with_the_same_idempotency_key(server):
    busy = problem("busy", 503)
    busy[1]["Retry-After"] = "0"
    server.script[COMMANDS] = [busy, ok({"version": 5})]

    answer = Client(server.url, "tok").send("g", MOVE, 4)

    assert answer == {"version": 5}
    first, second = server.sent(*COMMANDS)
    assert first["headers"]["Idempotency-Key"] == second["headers"]["Idempotency-Key"]
    assert first["body"] == second["body"] == {"command": MOVE, "expected_version": 4}
    assert first["headers"]["Authorization"] == "Bearer tok"


def test_a_move_whose_answer_was_lost_is_sent_again_with_the_same_key(server):
    server.script[COMMANDS] = [DROP, ok({"version": 5})]

    Client(server.url, "tok").send("g", MOVE, 4, key="my-key")

    assert [r["headers"]["Idempotency-Key"] for r in server.sent(*COMMANDS)] == ["my-key", "my-key"]


def test_a_stale_version_is_not_sent_again_and_the_error_carries_the_fresh_view(server):
    server.script[COMMANDS] = [problem("stale-version", 409, version=9)]
    server.script[("GET", "/v1/games/g")] = [view(9, [{"type": "Pass"}])]

    with pytest.raises(StaleVersion) as stale:
        Client(server.url, "tok").send("g", MOVE, 4, retry_if_legal=True)

    assert stale.value.problem["version"] == 9
    assert stale.value.view["version"] == 9
    assert len(server.sent(*COMMANDS)) == 1


def test_a_stale_move_still_legal_is_sent_again_at_the_new_version_only_when_asked(server):
    server.script[COMMANDS] = [problem("stale-version", 409, version=9), ok({"version": 10})]
    server.script[("GET", "/v1/games/g")] = [view(9, [MOVE, {"type": "Pass"}])]

    assert Client(server.url, "tok").send("g", MOVE, 4, retry_if_legal=True) == {"version": 10}

    assert [r["body"]["expected_version"] for r in server.sent(*COMMANDS)] == [4, 9]


def test_a_stale_move_is_not_sent_again_by_default_even_if_still_legal(server):
    server.script[COMMANDS] = [problem("stale-version", 409, version=9)]
    server.script[("GET", "/v1/games/g")] = [view(9, [MOVE])]

    with pytest.raises(StaleVersion):
        Client(server.url, "tok").send("g", MOVE, 4)
    assert len(server.sent(*COMMANDS)) == 1


def test_a_legal_move_of_a_view_is_sent_as_it_is_at_its_version(server):
    server.script[COMMANDS] = [ok({"version": 5})]
    legal_move = {"command": MOVE, "expected_version": 4, "label": "Bid 3 mice"}

    Client(server.url, "tok").send("g", legal_move)

    assert server.sent(*COMMANDS)[0]["body"] == {"command": MOVE, "expected_version": 4}


def test_an_illegal_move_is_raised_at_once(server):
    server.script[COMMANDS] = [problem("illegal-move", 422, rule="BidTooLow")]

    with pytest.raises(IllegalMove) as refused:
        Client(server.url, "tok").send("g", MOVE)
    assert refused.value.problem["rule"] == "BidTooLow"


def test_creating_a_game_is_never_retried_after_a_5xx_which_may_have_created_it(server):
    server.script[("POST", "/v1/games")] = [problem("redis-unavailable", 503)]

    with pytest.raises(Unavailable):
        Client(server.url).create("felix", [{"bot": "greedy"}] * 3)
    assert len(server.sent("POST", "/v1/games")) == 1


def test_creating_a_game_is_retried_after_a_429_which_did_nothing(server):
    limited = problem("rate-limited", 429)
    limited[1]["Retry-After"] = "0"
    server.script[("POST", "/v1/games")] = [limited, (201, {}, {"id": "g"})]

    assert Client(server.url).create("felix", [{"bot": "greedy"}] * 3)["id"] == "g"


def test_a_read_gives_up_once_its_time_to_wait_is_spent(server):
    server.script[("GET", "/v1/games/g")] = [problem("internal-error", 500)] * 20

    with pytest.raises(ServerError):
        Client(server.url, max_wait=0.5).view("g")
    assert 2 <= len(server.sent("GET", "/v1/games/g")) <= 5


def test_the_bots_are_read_page_after_page_until_the_last(server):
    greedy, first, second = (
        {"name": name, "kind": kind} for name, kind in (("greedy", "builtin"), ("a", "r"), ("b", "r"))
    )
    server.script[("GET", "/v1/bots")] = [
        ok({"bots": [greedy, first], "next": "1.5:ab"}),
        ok({"bots": [second], "next": None}),
    ]

    bots = Client(server.url).bots("felix")

    assert bots == [greedy, first, second]
    assert [r["query"] for r in server.sent("GET", "/v1/bots")] == ["game=felix", "game=felix&cursor=1.5%3Aab"]


def test_a_server_not_listening_is_unreachable():
    with pytest.raises(Unreachable):
        Client("http://127.0.0.1:9", max_wait=0.3).view("g")


def test_follow_resumes_after_a_dropped_stream_from_the_last_event_and_ends_with_the_game(server):
    stream = ("GET", "/v1/games/g/events/stream")
    server.script[stream] = [
        b'retry: 100\n\nid: 3\nevent: A\ndata: {"n": 3}\n\n: keep-alive\n\nid: 4\nevent: B\ndata: {"n": 4}\n\n',
        problem("streams-full", 503),
        b'id: 5\nevent: SeedRevealed\ndata: {"n": 5}\n\n',
    ]
    server.script[stream][1][1]["Retry-After"] = "0"

    got = [(m.id, m.event) for m in Client(server.url, "tok").follow("g", after=2)]

    assert got == [(3, "A"), (4, "B"), (5, "SeedRevealed")]
    assert [r["headers"]["Last-Event-ID"] for r in server.sent(*stream)] == ["2", "4", "4"]
    assert all(r["headers"]["Authorization"] == "Bearer tok" for r in server.sent(*stream))


class Passer(Bot):
    def choose(self, view, legal_moves):
        return {"type": "Pass"}


def test_a_streaming_seat_acts_once_per_version_under_a_key_naming_the_version(server):
    server.script[COMMANDS] = [ok({"version": 5, "game": view(5, [])[2]})]
    seat = Seat(Client(server.url, "tok"), "g", Passer())
    turn = view(4, [MOVE, {"type": "Pass"}])[2]

    seat.act(turn)
    seat.act(turn)  # the same turn again: a turn message after the view read for the same batch, a reconnection

    assert [(r["body"], r["headers"]["Idempotency-Key"]) for r in server.sent(*COMMANDS)] == [
        ({"command": {"type": "Pass"}, "expected_version": 4}, "v4")
    ]
    assert seat.moves == 1


def test_a_streaming_seat_decides_afresh_on_the_fresh_view_after_a_stale_version(server):
    server.script[COMMANDS] = [problem("stale-version", 409, version=6), ok({"version": 7, "game": view(7, [])[2]})]
    server.script[("GET", "/v1/games/g")] = [view(6, [{"type": "Pass"}])]
    seat = Seat(Client(server.url, "tok"), "g", Passer())

    seat.act(view(4, [{"type": "Pass"}])[2])

    assert [r["body"]["expected_version"] for r in server.sent(*COMMANDS)] == [4, 6]
    assert [r["headers"]["Idempotency-Key"] for r in server.sent(*COMMANDS)] == ["v4", "v6"]


def test_a_bot_choosing_a_move_that_is_not_legal_is_stopped_before_anything_is_sent(server):
    seat = Seat(Client(server.url, "tok"), "g", Passer())

    with pytest.raises(IllegalChoice):
        seat.act(view(4, [MOVE])[2])
    assert server.requests == []


def test_a_streaming_seat_whose_game_lost_the_moves_it_saw_plays_on_from_the_game_as_stored(server):
    stream = ("GET", "/v1/games/g/events/stream")
    at_four = view(4, [{"type": "Pass"}])
    at_four[2]["type"] = "felix"
    turn_at_six = json.dumps({"game": "g", "version": 6, "view": view(6, [{"type": "Pass"}])[2]})
    # Read at the start, after the first event (before any turn message), to start over, and at the end.
    server.script[("GET", "/v1/games/g")] = [at_four] * 4
    server.script[COMMANDS] = [ok({"version": v, "game": view(v, [])[2]}) for v in (5, 7, 5)]
    server.script[stream] = [
        f"retry: 10\n\nid: 6\nevent: A\ndata: {{}}\n\nevent: turn\ndata: {turn_at_six}\n\n".encode(),
        # The server's Redis lost versions 5 to 7: the stream resumed after 6 is refused.
        problem("version-not-reached", 422, version=4),
        b"id: 5\nevent: SeedRevealed\ndata: {}\n\n",
    ]

    play(Client(server.url, "tok"), "g", Passer())

    assert [r["body"]["expected_version"] for r in server.sent(*COMMANDS)] == [4, 6, 4]
    assert [r["headers"]["Last-Event-ID"] for r in server.sent(*stream)] == ["5", "6", "5"]
