"""Instructions per command, counted by valgrind: the app's own cost of a move, the same on a busy machine as on a
quiet one, so that a change of a few percent shows in one run (docs/benchmarks.md).

Each game is played by one in-process client through the WSGI app that gunicorn serves (create_app, gevent's
monkey-patching as gunicorn's gevent worker does it), on a private redis-server reached on its socket. The client
makes seeded random moves, as the HTTP bench's clients do, GETting a seat's view when the turn passes (the
counter's client, as bench-peer's, needs none). valgrind's
cachegrind counts every instruction the process runs; a run of N2 moves less a run of N1 moves, divided by N2 - N1,
leaves the instructions of one move (its GETs included), without the start-up. What it does not count: gunicorn's
request parsing and response writing (valgrind cannot run the C parser gunicorn uses), Redis's own work, the kernel.

    python -m tests.bench.instructions [--games counter,spots,felix,dogs] [--moves 100,400]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The games and how many human seats each bench game has. A Dog's Life game waits on its truck, a worker's step,
#: which no worker here takes.
SEATS = {"counter": 2, "spots": 2, "felix": 3, "dogs": 2}
#: valgrind's summary line of the instructions run.
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.instructions", description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="counter,spots", help="game types (counter,spots)")
    parser.add_argument("--moves", default="100,400", help="the two run lengths N1,N2 (100,400)")
    parser.add_argument("--drive", nargs=2, metavar=("GAME", "MOVES"), help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def drive(game: str, moves: int) -> None:
    """Play ``moves`` commands of ``game`` through the app in this process (what valgrind counts)."""
    from gevent import monkey

    monkey.patch_all()
    from service.http.app import create_app

    # The same games in every run, so that two runs differ by their length alone: each game's 32-byte secret seed
    # (the handler's secrets.token_hex(32)) is drawn from a seeded generator here; ids and tokens stay random.
    seeds, token_hex = random.Random(11), secrets.token_hex
    secrets.token_hex = lambda nbytes=None: seeds.randbytes(32).hex() if nbytes == 32 else token_hex(nbytes)
    call = wsgi_client(create_app())
    rng = random.Random(7)
    game_id, tokens, view = open_game(call, game)
    for made in range(moves):
        if view["status"] == "finished":
            game_id, tokens, view = open_game(call, game)
        if game == "counter":
            # The counter's client needs no legal moves, only the seat to act, as bench-peer's Node client.
            seat = view["to_act"][0]
            body = {"command": {"type": "Increment", "by": 1 + made % 2}, "expected_version": view["version"]}
        else:
            if not (view["you"] in view["to_act"] and view["legal_moves"]):
                view = expect(call("GET", f"/v1/games/{game_id}", None, tokens[view["to_act"][0]]), 200)
            seat, body = view["you"], rng.choice(view["legal_moves"])
        view = expect(call("POST", f"/v1/games/{game_id}/commands", body, tokens[seat]), 200)["game"]


def wsgi_client(app: Any) -> Callable[..., tuple[int, Any]]:
    """call(method, path, body, token) -> (status, decoded body), through ``app`` with an environ as gunicorn's."""

    def call(method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        environ = {
            "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "", "RAW_URI": path,
            "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "REMOTE_PORT": "40000", "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
            "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)),
        }
        if token is not None:
            environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        status: list[str] = []
        out = b"".join(app(environ, lambda line, headers, info=None: status.append(line)))
        return int(status[0][:3]), json.loads(out)

    return call


def open_game(call: Callable[..., tuple[int, Any]], game: str) -> tuple[str, list[str], dict[str, Any]]:
    """Create a game of human seats and claim them all: its id, the seats' tokens, the last claim's view."""
    body: dict[str, Any] = {"type": game, "seats": [{"human": True}] * SEATS[game]}
    if game == "counter":
        body["options"] = {"moves": 1000}
    game_id = expect(call("POST", "/v1/games", body), 201)["id"]
    tokens, view = [], {}
    for seat in range(SEATS[game]):
        claim = expect(call("POST", f"/v1/games/{game_id}/seats/{seat}", {}), 201)
        tokens.append(claim["token"])
        view = claim["game"]
    return game_id, tokens, view


def expect(answer: tuple[int, Any], status: int) -> Any:
    """The body of an answer with ``status``; an error naming what came instead."""
    if answer[0] != status:
        raise RuntimeError(f"expected {status}, got {answer[0]}: {answer[1]}")
    return answer[1]


def counted(game: str, moves: int, redis_url: str) -> int:
    """The instructions of a process that plays ``moves`` commands of ``game``, start-up included."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-m", "tests.bench.instructions", "--drive", game, str(moves)],
        capture_output=True,
        text=True,
        # The counter game is offered only where DOGPARK_EXTRA_GAMES names it, read as the catalogue is imported.
        env={**os.environ, "PYTHONHASHSEED": "0", "REDIS_URL": redis_url, "DOGPARK_EXTRA_GAMES": "counter",
             "DOGPARK_CREATE_RATE": "off", "DOGPARK_BOT_GAMES_PER_ADDRESS": "0"},
        check=False,
    )
    found = REFS.search(run.stderr)
    if run.returncode != 0 or found is None:
        raise RuntimeError(f"{game}: the counted run failed:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    """Count each game's instructions per command and print them."""
    args = parse(argv)
    if args.drive:
        drive(args.drive[0], int(args.drive[1]))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    games = args.games.split(",")
    unknown = [game for game in games if game not in SEATS]
    short, long = (int(n) for n in args.moves.split(","))
    if unknown or not 0 < short < long:
        print(f"games among {', '.join(SEATS)}; moves N1,N2 with 0 < N1 < N2", file=sys.stderr)
        return 2
    # Imported here, not above: a counted run patches gevent in before anything imports the socket or ssl modules.
    from service.ops.private_redis import redis_binary

    with tempfile.TemporaryDirectory(prefix="dogpark-instructions-") as folder:
        sock = Path(folder) / "redis.sock"
        redis = subprocess.Popen(
            [redis_binary(), "--port", "0", "--unixsocket", str(sock), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        try:
            while not sock.exists():
                time.sleep(0.05)
            print(f"instructions per command (valgrind, {long} moves less {short}, in-process through the WSGI app)")
            for game in games:
                per_move = (counted(game, long, f"unix://{sock}") - counted(game, short, f"unix://{sock}")) / (
                    long - short
                )
                print(f"  {game:<9} {per_move / 1e6:6.3f} M", flush=True)
        finally:
            redis.terminate()
            redis.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
