"""`make fuzz`: schemathesis against a private stack, with a seated game of every type (not part of `make test`).

python -m tests.fuzz.run [--seconds 60] [--seed 1] [--game felix]

For each game type it starts a game with a human at seat 0 and random bots elsewhere, claims seat 0, and lets
schemathesis generate requests from the served OpenAPI document for every operation, with that game's id in
every path and seat 0's token on every request, so commands reach the rules and not only the 404 of an unknown
game. Every response is checked: no 5xx, status codes, content types, headers and bodies as documented.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from domain.catalogue import GAMES
from service.ops.processes import free_port
from service.ops.stack import ROOT, Stack

#: Every check but two that do not fit this API: a spectator may read a game without a token (ignored_auth),
#: and a command that fits the schema may still be an illegal move, refused with 422 (positive_data_acceptance).
EXCLUDED_CHECKS = "ignored_auth,positive_data_acceptance"
#: The SSE stream of a running game never ends, so a generated client would only time out on it.
STREAM = "/v1/games/{game_id}/events/stream"


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60, help="schemathesis time budget per game type (60)")
    parser.add_argument("--seed", type=int, default=1, help="schemathesis seed, for a reproducible run (1)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game type (repeatable)")
    return parser.parse_args(argv)


def post(url: str, body: dict) -> dict:
    """POST JSON, return the decoded JSON reply."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def seated_game(base_url: str, game_type: str) -> tuple[str, str]:
    """A running game of ``game_type``: a human at seat 0, random bots elsewhere; its id and seat 0's token."""
    players = GAMES[game_type].min_players
    seats = [{"human": True}] + [{"bot": "random"}] * (players - 1)
    game_id = post(f"{base_url}/v1/games", {"type": game_type, "seats": seats})["id"]
    token = post(f"{base_url}/v1/games/{game_id}/seats/0", {})["token"]
    return game_id, token


def fuzz(stack: Stack, game_type: str, args: argparse.Namespace, workdir: Path) -> int:
    """Run schemathesis once with a seated game of ``game_type``; its exit code."""
    game_id, token = seated_game(stack.url, game_type)
    config = workdir / f"{game_type}.toml"
    config.write_text(f'[parameters]\ngame_id = "{game_id}"\n')
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "--config-file",
        str(config),
        "run",
        f"{stack.url}/v1/openapi.json",
        "--max-time",
        str(args.seconds),
        "--seed",
        str(args.seed),
        "--header",
        f"Authorization: Bearer {token}",
        "--exclude-checks",
        EXCLUDED_CHECKS,
        "--exclude-path",
        STREAM,
        "--workers",
        "1",
    ]
    print(f"== {game_type}: game {game_id}, seat 0 seated; {args.seconds} s", flush=True)
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "tests.fuzz.hooks", "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=workdir, env=env, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    """Start a private stack, fuzz the API with a game of each type, stop everything; 1 if anything failed."""
    args = parse(argv)
    workdir = Path(tempfile.mkdtemp(prefix="dogpark-fuzz-"))
    stack = Stack(port=free_port(), workers=1, data_dir=workdir, quiet=True, extra_env={"DOGPARK_CREATE_RATE": "off"})
    results: dict[str, int] = {}
    try:
        stack.start()
        for game_type in args.game or sorted(GAMES):
            results[game_type] = fuzz(stack, game_type, args, workdir)
    finally:
        stack.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    for game_type, code in results.items():
        print(f"{game_type}: {'passed' if code == 0 else f'FAILED (schemathesis exit {code})'}")
    return 0 if all(code == 0 for code in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
