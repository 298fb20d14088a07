"""README.md's examples, run literally with bash against a running stack, as a reader copies them (issue 11).

The "A game over HTTP" block runs command by command against the session stack (`service.stack.Stack`, what
`make run` starts), with `localhost:8000` pointed at it and the placeholders filled as the README tells a reader:
`<id>` with the id the last create printed, `<token>` with the token the claim printed, and the command's body with
one of the `legal_moves` the view printed, when the README's example body is not one of them. Each curl gets
`-w` to print its status after the body; the event stream, which never ends while the game runs, gets `--max-time`.
The CLI block runs too, but for the lines that serve until stopped, and with fewer games and no delay where the
README's figures would only make the test slow.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import requests

from service.stack import ROOT, Stack
from tests.e2e.conftest import bot_game, finished, wait_for

README = ROOT / "README.md"
#: What the HTTP block holds, in order; a change to the block shows here first.
HTTP_STEPS = ["create", "stream", "create", "claim", "assign", "view", "command"]
#: CLI lines that serve until stopped: `make run` itself and its parts.
SERVING = ("dogpark run", "dogpark worker")
#: The README's figures that only make a test slow: its own game count and pace.
FASTER = {"--games 200": "--games 3", "--delay 0.5": "--delay 0"}


def section(title: str, document: Path = README) -> str:
    """The text of ``document`` (the README) under the heading ``## title``, up to the next heading of that level."""
    text = document.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def commands(text: str) -> list[str]:
    """The shell commands of the ```sh blocks in ``text``: continuation lines joined, comment lines left out."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                found.append(line.strip())
    return found


def step(command: str) -> str:
    """Which step of a game over HTTP ``command`` is."""
    if re.match(r"[A-Z_]+=", command):
        return "assign"
    if command.startswith("curl -N"):
        return "stream"
    if "/seats/" in command:
        return "claim"
    if "/commands" in command:
        return "command"
    if "-X POST" in command:
        return "create"
    return "view"


def bash(script: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``script`` with bash in the repository, as a reader's terminal would."""
    return subprocess.run(
        ["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=dict(os.environ)
    )


def curl(script: str) -> tuple[int, Any]:
    """Run a curl command with its status printed after the body; the status and the body's JSON."""
    done = bash(script.replace("curl ", "curl -w '\\n%{http_code}' ", 1))
    assert done.returncode == 0, f"{script}\nexit {done.returncode}: {done.stderr}"
    body, status = done.stdout.rsplit("\n", 1)
    return int(status), json.loads(body)


def body_from_legal_moves(command: str, view: dict) -> str:
    """``command`` with its body kept if the view lists it as legal, else replaced by the first legal move."""
    literal = re.search(r"-d '(\{.*\})'", command)
    assert literal, f"no JSON body in {command}"
    sent = json.loads(literal.group(1))
    moves = view["legal_moves"]
    listed = [{"command": m["command"], "expected_version": m["expected_version"]} for m in moves]
    body = literal.group(1) if sent in listed else json.dumps(moves[0])
    return command.replace(literal.group(0), "-d " + shlex.quote(body))


def test_a_game_over_http_runs_as_the_readme_shows(stack: Stack) -> None:
    """Every command of the section exits 0 and prints what the README says it prints."""
    lines = commands(section("A game over HTTP"))
    assert [step(line) for line in lines] == HTTP_STEPS
    address = stack.url.removeprefix("http://")
    game_id = token = view = None
    shell: list[str] = []  # the reader's variables, set in the terminal before the later commands
    for line in lines:
        command = line.replace("localhost:8000", address).replace("<id>", str(game_id)).replace("<token>", str(token))
        script = "\n".join([*shell, command])
        kind = step(line)
        if kind == "assign":
            shell.append(command)
        elif kind == "create":
            status, created = curl(script)
            assert status == 201 and created["id"], created
            game_id = created["id"]
        elif kind == "stream":
            done = bash(script.replace("curl -N", "curl -N --max-time 3", 1))
            assert done.returncode in (0, 28), done.stderr  # 28: the time limit ended a stream still open
            assert re.search(r"^(event:|:)", done.stdout, re.MULTILINE), done.stdout
        elif kind == "claim":
            status, claimed = curl(script)
            assert status == 201 and claimed["token"], claimed
            token = claimed["token"]
        elif kind == "view":
            # The bots move first when it is theirs to; the reader asks again until it is their turn.
            view = wait_for(lambda s=script: (v := curl(s)[1])["legal_moves"] and v, 60, "the human seat's turn")
        else:
            status, moved = curl(body_from_legal_moves(script, view))
            assert status == 200 and moved["version"] > view["version"], moved


def test_the_cli_examples_run(stack: Stack) -> None:
    """Every CLI line that ends by itself exits 0 and prints something; verify passes a finished game."""
    session = requests.Session()

    def api(method: str, path: str, **kw: Any) -> requests.Response:
        return session.request(method, stack.url + path, timeout=30, **kw)

    game_id = bot_game(api, ["greedy", "random", "random", "random"])
    wait_for(lambda: finished(api, game_id), 120, "the bot game to finish")
    lines = [line for line in commands(section("The CLI")) if not any(s in line for s in SERVING)]
    assert any("dogpark verify" in line for line in lines) and any("dogpark play" in line for line in lines)
    for line in lines:
        command = line.replace("localhost:8000", stack.url.removeprefix("http://")).replace("<id>", game_id)
        for slow, fast in FASTER.items():
            command = command.replace(slow, fast)
        done = bash(command, timeout=300)
        assert done.returncode == 0 and done.stdout.strip(), f"{command}\nexit {done.returncode}: {done.stderr}"
