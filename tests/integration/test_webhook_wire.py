"""One webhook call over real loopback sockets: cut off at its deadline and at 64 KiB, no redirect, one retry."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from service.core.webhook_http import Allow, Failed, Target, post, resolve
from tests.webhook_bots import serving

LOOPBACK = Allow.parse(["127.0.0.0/8"])
SECRET = "s" * 64
TURN = json.dumps({"kind": "turn", "legal_moves": [{"type": "Pass"}]}).encode()


def call(url: str, seconds: float):
    return post(resolve(url, LOOPBACK), TURN, SECRET, time.monotonic() + seconds)


def test_a_good_answer_comes_back_with_the_call_signed():
    with serving("first") as bot:
        answer = call(bot.url, 2)

    assert answer.status == 200 and json.loads(answer.body) == {"move": {"type": "Pass"}}
    assert bot.calls[0]["signature"].startswith("t=")


def test_the_call_connects_to_the_address_that_was_checked_and_names_the_urls_host():
    # The host name does not resolve at all: the call must not look it up again, only use the checked address.
    with serving("first") as bot:
        target = Target("http", "bot.example.invalid", bot.server_address[1], "/turn", "127.0.0.1")
        answer = post(target, TURN, SECRET, time.monotonic() + 2)

    assert answer.status == 200
    assert bot.calls[0]["host"] == f"bot.example.invalid:{bot.server_address[1]}"


def test_an_answer_over_64_kib_is_cut_off():
    with serving("huge") as bot, pytest.raises(Failed) as failed:
        call(bot.url, 2)

    # Refused on its Content-Length, unread.
    assert failed.value.reason == "too large" and failed.value.detail.startswith("the answer is 2000")


def test_an_answer_over_64_kib_that_gives_no_length_is_cut_off_as_it_is_read():
    with serving("flood") as bot, pytest.raises(Failed) as failed:
        call(bot.url, 2)

    assert failed.value.reason == "too large"


def test_a_slow_answer_is_cut_off_at_the_deadline():
    with serving("sleep", seconds=3) as bot:
        started = time.monotonic()
        with pytest.raises(Failed) as failed:
            call(bot.url, 0.3)
        took = time.monotonic() - started

    assert failed.value.reason == "timeout"
    assert 0.3 <= took < 0.8, took


def test_an_answer_dripped_a_byte_at_a_time_is_cut_off_at_the_deadline():
    # Each byte comes well within any per-read timeout; only the deadline of the whole call stops it.
    with serving("drip", seconds=2) as bot:
        started = time.monotonic()
        with pytest.raises(Failed) as failed:
            call(bot.url, 0.5)
        took = time.monotonic() - started

    assert failed.value.reason == "timeout"
    assert took < 1.0, took


def test_a_redirect_is_not_followed():
    with serving("redirect") as bot:
        answer = call(bot.url, 2)

    assert answer.status == 307
    assert len(bot.calls) == 1


def test_a_connection_refused_fails_as_an_error():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nobody listens once the probe closes

    with pytest.raises(Failed) as failed:
        call(f"http://127.0.0.1:{port}/", 1)

    assert failed.value.reason == "error"


def test_a_connection_that_drops_before_any_answer_is_tried_once_more():
    """The first connection is closed unanswered; the retry, on a second connection, is answered."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    connections = []

    def serve() -> None:
        for n in range(2):
            conn, _ = listener.accept()
            connections.append(conn)
            conn.recv(65536)
            if n == 1:
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        answer = call(f"http://127.0.0.1:{port}/", 2)
    finally:
        listener.close()

    assert answer.status == 200 and answer.body == b"{}"
    assert len(connections) == 2


def test_a_timeout_is_not_tried_again():
    with serving("sleep", seconds=1) as bot, pytest.raises(Failed):
        call(bot.url, 0.3)

    assert len(bot.calls) == 1
