"""The example receiver (examples/notification_receiver.py) and docs/notification-webhooks.md's examples, run: the
receiver takes a real signed call of the webhook channel once, and refuses a bad or stale signature; the docs' shell
block registers a hook over HTTP and starts the receiver; its Python block verifies a real call; its body is a real
call's."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from dogpark_client.signatures import sign
from flask import Flask
from rq import SimpleWorker
from werkzeug.serving import make_server

from service.core.config import Settings
from service.core.wiring import Services
from service.http.app import create_app
from service.ops.processes import free_port
from tests.hook_receivers import receiving
from workers import jobs
from workers.notification_hooks import NOTIFICATION_ID, body, send

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "notification-webhooks.md"
RECEIVER = ROOT / "examples" / "notification_receiver.py"
FENCED = re.compile(r"^```(\w*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def block(language: str, start: str) -> str:
    """The docs' fenced block of ``language`` whose text starts with ``start``."""
    [found] = [text for lang, text in FENCED.findall(DOC.read_text()) if lang == language and text.startswith(start)]
    return found


def notification(pid: str) -> dict:
    """A notification as workers/notifications.py gives a channel."""
    return {
        "id": f"{pid}:turn:g1:3",
        "kind": "turn",
        "game": "g1",
        "version": 3,
        "title": "Твій хід",
        "body": "Felix: твій хід.",
        "url": "/web/games/g1",
        "language": "uk",
        "data": {},
    }


class Lines:
    """A process's standard output, a line at a time, read in a thread."""

    def __init__(self, process: subprocess.Popen) -> None:
        self._lines: queue.Queue[str] = queue.Queue()
        assert process.stdout is not None
        threading.Thread(target=lambda: [self._lines.put(line) for line in process.stdout], daemon=True).start()

    def next_json(self, seconds: float = 10) -> dict:
        """The next JSON line, within ``seconds``."""
        return json.loads(self._lines.get(timeout=seconds))


def start(command: list[str], **options: object) -> tuple[subprocess.Popen, Lines]:
    """A process in a session of its own (its children go with it), its output read as JSON lines."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True, **options)
    return process, Lines(process)


def stop(process: subprocess.Popen) -> None:
    """Stop the process's session."""
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(10)


@pytest.fixture
def app(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """An app allowed to call loopback, with queues of its own, whose services the worker's jobs use."""
    settings = Settings(
        redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off", webhook_allow=("loopback",)
    )
    app = create_app(settings)
    monkeypatch.setattr(jobs, "services", lambda: app.extensions["dogpark"])
    yield app
    app.extensions["dogpark.fanout"].stop()
    app.extensions["dogpark"].notifications.queue.empty()


@pytest.fixture
def svc(app: Flask) -> Services:
    """The app's services."""
    return app.extensions["dogpark"]


def work(svc: Services) -> None:
    """Run RQ's worker on the notifications queue until it is empty."""
    queue = svc.notifications.queue
    SimpleWorker([queue], connection=queue.connection).work(burst=True)


def forget(svc: Services, pid: str) -> None:
    svc.redis.delete(*svc.redis.scan_iter(f"player:{{{pid}}}*"), f"player:{{{pid}}}:notification-hooks")


def test_the_example_receiver_takes_a_signed_call_once_and_refuses_bad_and_stale_signatures(svc):
    pid = f"test-{uuid.uuid4().hex[:12]}"
    port = free_port()
    hook = svc.hooks.add(pid, f"http://127.0.0.1:{port}/", 5)
    receiver, output = start([sys.executable, str(RECEIVER), "--port", str(port), "--secret", hook.secret])
    try:
        assert output.next_json() == {"listening": f"http://127.0.0.1:{port}/"}
        send(svc, pid, notification(pid))
        work(svc)
        forwarded = output.next_json()

        raw = body(pid, notification(pid))
        url = f"http://127.0.0.1:{port}/"

        def post(signature: str, data: bytes = raw) -> requests.Response:
            headers = {"Dogpark-Signature": signature, NOTIFICATION_ID: f"{pid}:turn:g1:3"}
            return requests.post(url, data=data, headers=headers, timeout=5)

        replayed = post(sign(hook.secret, raw))
        duplicate = output.next_json()
        wrong = post(sign("another secret", raw))
        refused_wrong = output.next_json()
        stale = post(sign(hook.secret, raw, at=time.time() - 600))
        refused_stale = output.next_json()
        tampered = post(sign(hook.secret, raw), raw.replace(b"g1", b"g2"))
        refused_tampered = output.next_json()
        unsigned = requests.post(url, data=raw, timeout=5)
    finally:
        stop(receiver)
        forget(svc, pid)

    assert forwarded["forwarded"] == f"{pid}:turn:g1:3"
    assert (forwarded["player"], forwarded["title"], forwarded["url"]) == (pid, "Твій хід", "/web/games/g1")
    assert replayed.status_code == 200 and replayed.json() == {"duplicate": True}
    assert duplicate == {"duplicate": f"{pid}:turn:g1:3"}
    assert [wrong.status_code, stale.status_code, tampered.status_code, unsigned.status_code] == [401] * 4
    assert "does not match" in refused_wrong["refused"]
    assert "off this clock" in refused_stale["refused"]
    assert "does not match" in refused_tampered["refused"]


def test_the_docs_shell_block_registers_a_hook_and_starts_the_receiver_which_forwards_a_call(app, svc):
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = free_port()
    script = (
        block("sh", "T=$(curl")
        .replace("http://127.0.0.1:8000", f"http://127.0.0.1:{server.server_port}")
        .replace("9100", str(port))
    )
    shell, output = start(["bash", "-euc", script], cwd=ROOT)
    pid = None
    try:
        assert output.next_json(30) == {"listening": f"http://127.0.0.1:{port}/"}
        # The block's player is the one whose hook names the receiver's port.
        [pid] = [
            key.decode().split("{")[1].split("}")[0]
            for key in svc.redis.scan_iter("player:{*}:notification-hooks", count=1000)
            if any(f":{port}/" in json.loads(hook)["url"] for hook in svc.redis.hvals(key))
        ]
        send(svc, pid, notification(pid))
        work(svc)
        forwarded = output.next_json()
    finally:
        stop(shell)
        server.shutdown()
        if pid is not None:
            forget(svc, pid)

    assert forwarded["forwarded"] == f"{pid}:turn:g1:3"


def test_the_docs_python_block_takes_a_real_call_and_refuses_a_tampered_one(svc):
    pid = f"test-{uuid.uuid4().hex[:12]}"
    namespace: dict = {}
    exec(compile(block("python", "import json"), str(DOC), "exec"), namespace)
    notification_of = namespace["notification_of"]
    with receiving() as receiver:
        hook = svc.hooks.add(pid, receiver.url, 5)
        send(svc, pid, notification(pid))
        work(svc)
    forget(svc, pid)

    [call] = receiver.calls
    signature = call["headers"]["Dogpark-Signature"]
    assert notification_of(hook.secret, call["raw"], signature) == {**notification(pid), "player": pid}
    assert notification_of(hook.secret, call["raw"] + b" ", signature) is None
    assert notification_of("another secret", call["raw"], signature) is None
    assert notification_of(hook.secret, call["raw"], None) is None


def test_the_docs_body_has_the_fields_of_a_real_call():
    documented = json.loads(block("json", '{"id"'))

    assert documented.keys() == json.loads(body("p", notification("p"))).keys()
    assert documented["id"] == f"{documented['player']}:turn:{documented['game']}:{documented['version']}"
