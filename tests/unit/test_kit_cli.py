"""`dogpark bot` (the kit's `dogpark-bot`): click's help like every other command, the environment variables it
reads named in that help, and the server it plays on where `dogpark run` listens (DOGPARK_BIND)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner
from dogpark_client.cli import default_url

from service.ops import cli


def dogpark(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli.main, list(args), env=env, prog_name="dogpark")


class Refusing(BaseHTTPRequestHandler):
    """A server that answers every request with a 404 problem, and keeps the requests' paths."""

    def do_POST(self) -> None:  # noqa: N802 - the standard library's name
        self.server.paths.append(self.path)  # type: ignore[attr-defined]
        body = json.dumps({"type": "about:blank", "title": "Not Found", "status": 404, "detail": "no such game"})
        self.send_response(404)
        self.send_header("Content-Type", "application/problem+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    """A refusing server on a free loopback port."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    httpd.paths = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def test_bot_play_claims_its_seat_on_the_server_dogpark_bind_names_when_no_url_is_given(server):
    port = server.server_address[1]

    shown = dogpark(
        "bot", "play", "examples.bots.felix:FelixBot", "--game", "g1", "--seat", "0",
        env={"DOGPARK_BIND": f"0.0.0.0:{port}", "DOGPARK_URL": None},
    )

    assert server.paths == ["/v1/games/g1/seats/0"]
    assert shown.exit_code == 1 and "no such game" in shown.output


def test_dogpark_url_and_then_url_win_over_dogpark_bind(server):
    port = server.server_address[1]
    args = ["bot", "play", "examples.bots.felix:FelixBot", "--game", "g2", "--seat", "1"]

    dogpark(*args, env={"DOGPARK_BIND": "127.0.0.1:1", "DOGPARK_URL": f"http://127.0.0.1:{port}"})
    dogpark(*args, "--url", f"http://127.0.0.1:{port}", env={"DOGPARK_URL": "http://127.0.0.1:1"})

    assert server.paths == ["/v1/games/g2/seats/1"] * 2


@pytest.mark.parametrize(
    ("bind", "url"),
    [
        (None, "http://127.0.0.1:8000"),
        ("127.0.0.2:8123", "http://127.0.0.2:8123"),
        ("0.0.0.0:8123", "http://127.0.0.1:8123"),
        ("[::]:8123", "http://[::1]:8123"),
        ("[::1]:8123", "http://[::1]:8123"),
        ("nonsense", "http://127.0.0.1:8000"),
    ],
)
def test_the_default_server_is_where_dogpark_run_listens_on_this_machine(monkeypatch, bind, url):
    if bind is None:
        monkeypatch.delenv("DOGPARK_BIND", raising=False)
    else:
        monkeypatch.setenv("DOGPARK_BIND", bind)

    assert default_url() == url


def test_bot_help_is_clicks_and_lists_play_and_serve_each_in_one_line():
    shown = dogpark("bot", "--help")

    assert shown.exit_code == 0
    assert shown.output.startswith("Usage: dogpark bot [OPTIONS] COMMAND [ARGS]...")
    commands = shown.output.split("Commands:\n", 1)[1].strip().splitlines()
    assert [line.split()[0] for line in commands] == ["play", "serve"]


@pytest.mark.parametrize(
    ("command", "variables"),
    [("play", ["DOGPARK_TOKEN", "DOGPARK_URL", "DOGPARK_BIND"]), ("serve", ["DOGPARK_BOT_SECRET"])],
)
def test_each_bot_commands_help_names_the_environment_variables_it_reads(command, variables):
    shown = dogpark("bot", command, "--help")

    assert shown.exit_code == 0 and shown.output.startswith(f"Usage: dogpark bot {command} [OPTIONS] MODULE:CLASS")
    for variable in variables:
        assert variable in shown.output


def test_a_bot_that_is_not_module_and_class_is_a_usage_error():
    shown = dogpark("bot", "play", "felix", "--game", "g", "--seat", "0")

    assert shown.exit_code == 2 and "name a bot as module:Class" in shown.output


def test_serve_without_a_secret_is_a_usage_error_naming_its_variable():
    shown = dogpark("bot", "serve", "examples.bots.felix:FelixBot", "--port", "9", env={"DOGPARK_BOT_SECRET": None})

    assert shown.exit_code == 2 and "DOGPARK_BOT_SECRET" in shown.output
