"""One send per plain response (service/gunicorn/send.py): the same bytes on the wire as gunicorn's own, fewer sends.

The in-process tests run gunicorn's own workers' ``handle`` on real loopback connections, with the server's end of
each recording its sends; the last test runs gunicorn itself with service/gunicorn/conf.py, one worker class at a
time.
"""

from __future__ import annotations

import http.client
import inspect
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gunicorn import glogging, util
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.sync import SyncWorker

from service.gunicorn import send as gunicorn_send
from service.gunicorn.send import OneSendResponse
from service.ops.processes import free_port
from tests.integration import one_send_app

ROOT = Path(__file__).resolve().parents[2]
DATE = "Mon, 23 Nov 2026 06:00:00 GMT"
#: Each request the app answers differently, and the sends one-send makes for it.
REQUESTS = [
    ("GET", "/json", 1),
    ("HEAD", "/json", 1),
    ("GET", "/no-content", 1),
    ("GET", "/not-modified", 1),
    ("GET", "/large", 1),
    # The headers with the first piece, then each other piece.
    ("GET", "/pieces", 3),
    # A stream keeps gunicorn's sends: the headers, each chunk, the last chunk.
    ("GET", "/stream", 5),
    ("GET", "/json", 1),
]
STOCK = wsgi.Response


class _Recorded(socket.socket):
    """The server's end of a connection, recording each sendall."""

    def sendall(self, data: bytes, flags: int = 0) -> None:
        """Record ``data``, then send it."""
        self.sends.append(bytes(data))
        super().sendall(data, flags)


@contextmanager
def served(worker_class: type) -> Iterator[tuple[int, list[bytes]]]:
    """gunicorn's ``worker_class`` handling the connections to a port, one at a time; yields the port and the sends."""
    cfg = Config()
    worker = worker_class(0, os.getpid(), [], None, 30, cfg, glogging.Logger(cfg))
    worker.wsgi = one_send_app.app
    sends: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.05)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, addr = listener.accept()
            except TimeoutError:
                continue
            client = _Recorded(fileno=conn.detach())
            client.sends = sends
            worker.handle(listener, client, addr)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], sends
    finally:
        stop.set()
        thread.join(5)
        listener.close()
        worker.tmp.close()


def exchange(worker_class: type) -> list[tuple[int, bytes, list[bytes]]]:
    """REQUESTS on one keep-alive connection (reopened when the worker closes it): each answer's status and body as
    the client read them, and the sends that carried it."""
    answers = []
    with served(worker_class) as (port, sends):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for method, path, _ in REQUESTS:
            before = len(sends)
            connection.request(method, path)
            response = connection.getresponse()
            body = response.read()
            answers.append((response.status, body, sends[before:]))
        connection.close()
    return answers


@pytest.fixture(autouse=True)
def _fixed_date(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Date header stays the same between two runs, so that their bytes compare."""
    monkeypatch.setattr(util, "http_date", lambda timestamp=None: DATE)


def test_gunicorns_response_still_has_the_parts_one_send_relies_on():
    # create() builds an HTTP/1 response from the module's Response unless given another class.
    assert "Response" in wsgi.create.__code__.co_names
    assert inspect.signature(wsgi.create).parameters["response_class"].default is None
    # write(arg) is the one entry of a body's bytes; it sends the headers first, when not sent yet.
    assert list(inspect.signature(STOCK.write).parameters) == ["self", "arg"]
    assert "send_headers" in STOCK.write.__code__.co_names
    response = STOCK(None, object(), Config())
    assert (response.headers_sent, response.response_length) == (False, None)
    assert hasattr(response, "sock")


@pytest.mark.parametrize("worker_class", [GeventWorker, SyncWorker])
def test_every_response_reaches_the_wire_byte_for_byte_as_gunicorn_writes_it(worker_class, monkeypatch):
    stock = exchange(worker_class)
    monkeypatch.setattr(wsgi, "Response", OneSendResponse)
    joined = exchange(worker_class)

    for (status, body, sends), (joined_status, joined_body, joined_sends) in zip(stock, joined, strict=True):
        assert (joined_status, joined_body) == (status, body)
        assert b"".join(joined_sends) == b"".join(sends)
    bodies = [body for _, body, _ in joined]
    events = b"".join(one_send_app.EVENTS)
    expected = [one_send_app.JSON, b"", b"", b"", one_send_app.LARGE, b"one two three", events, one_send_app.JSON]
    assert bodies == expected
    assert [status for status, _, _ in joined] == [200, 200, 204, 304, 200, 200, 200, 200]


@pytest.mark.parametrize("worker_class", [GeventWorker, SyncWorker])
def test_a_response_of_known_length_goes_out_in_one_send_and_a_stream_as_before(worker_class, monkeypatch):
    stock = [len(sends) for _, _, sends in exchange(worker_class)]
    monkeypatch.setattr(wsgi, "Response", OneSendResponse)
    joined = [len(sends) for _, _, sends in exchange(worker_class)]

    assert joined == [expected for _, _, expected in REQUESTS]
    assert stock == [2, 1, 1, 1, 2, 4, 5, 2]


@contextmanager
def gunicorn(worker_class: str) -> Iterator[int]:
    """gunicorn with dogpark's settings serving one_send_app with one worker of ``worker_class``; yields its port."""
    port = free_port()
    env = {
        **os.environ,
        "DOGPARK_BIND": f"127.0.0.1:{port}",
        "DOGPARK_WORKER_CLASS": worker_class,
        "DOGPARK_WEB_WORKERS": "1",
        "DOGPARK_WEB_THREADS": "2",
    }
    conf = str(ROOT / "service" / "gunicorn" / "conf.py")
    argv = [sys.executable, "-m", "gunicorn", "-c", conf, "tests.integration.one_send_app:app"]
    process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.wait(15)


@pytest.mark.parametrize("worker_class", ["gevent", "gthread", "sync"])
def test_each_worker_class_builds_one_send_responses_and_serves_them_whole(worker_class):
    with gunicorn(worker_class) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        answers = []
        for path in ("/response-class", "/large", "/stream", "/json"):
            connection.request("GET", path)
            response = connection.getresponse()
            answers.append(response.read())
        connection.close()

    events = b"".join(one_send_app.EVENTS)
    assert answers == [b"OneSendResponse service.gunicorn.send", one_send_app.LARGE, events, one_send_app.JSON]


def test_the_date_of_each_second_is_written_as_gunicorn_writes_it(monkeypatch):
    gunicorns = gunicorn_send._FORMAT
    second = 1_795_000_000
    clock = iter([second + 0.2, second + 0.9, second + 1.1, second + 1.5, second + 61.0])
    monkeypatch.setattr(time, "time", lambda: next(clock))

    dates = [gunicorn_send.http_date() for _ in range(5)]

    assert dates == [gunicorns(at) for at in (second, second, second + 1, second + 1, second + 61)]
    assert len(set(dates)) == 3
    assert gunicorn_send.http_date(second + 3600.7) == gunicorns(second + 3600.7)
