"""Every code example in the docs runs, as a reader copies it, against a real stack; the rest are pictures.

The documents are README.md, docs/*.md and client/README.md; an example is a fenced block (an indented one fails
the inventory: write it fenced). ``INVENTORY`` names each block by its document and the start of its first line,
with where it runs or why it does not, and the first test fails on a block it does not list.

Run in other files:

- README.md "A game over HTTP" and "The CLI": tests/e2e/test_readme.py. Its first block, `make run` and
  `make test`: tests/e2e/test_make_run.py runs what `make run` runs (`dogpark run`); `make test` is this suite.
- docs/bots.md "Write a bot" (its class, its game, its arena): tests/e2e/test_kit.py.
- docs/notification-webhooks.md, its three blocks (its try-it block against an app of the test's own, its body
  against a real call's, its verification against a real call): tests/integration/test_notification_receiver.py.
- docs/play-again.md's quick play session: tests/e2e/test_play_again.py.
- client/README.md's `pip install ./client`: `make install`, before every test run, installs the kit so
  (`pip install -e ./client`), from the package index, which a test does not reach.

Run here, against the session's stack (its URL for `localhost:8000`, a free port for the examples' 9000):

- docs/frontends.md's kit example, its seat's choices listed in Portuguese and walked through a whole game (its
  worked examples' JSON: tests/unit/test_docs_frontends.py);
- docs/bots.md's `Client` example, three copies at once, each playing its seat through a whole game; its `Bot`
  example, as the class `dogpark bot play` plays a seat with; the `dogpark bot play`, `dogpark bot serve` and
  `dogpark arena` lines, their optional parts ``[--x X]`` given (`--url`, `--name`) or left out (`--token`,
  `--players`) and the arena's 200 games made 2; "Registering, seating, retiring", the whole block.
- docs/ratings.md's rated game, its URL the stack's, played to its end, then its profile and leaderboard reads,
  polled until the webhook worker's job has rated the game.
- docs/tables.md's private table, invitation and challenge, the whole block: two games that start, Bo seated in both.
- docs/players.md's vacation, the whole block: what it prints is what its comments say.
- docs/chat.md's session, the whole block: what it prints is what its comments say, and the operator's deletion
  leaves the message's tombstone.
- docs/deploy.md's `REDIS_URL` lines, with a Redis of the test's own on a Unix socket in place of
  /run/redis/redis-server.sock; its `dogpark archive`, with a temporary folder for /srv/dogpark-archive (nothing
  there is an hour old: tests/integration/test_archive.py archives games).
- docs/benchmarks.md and docs/peer.md: the benches take minutes to an hour, so their lines are checked, not run:
  `make -n` (a dry run) for make's, and each bench's own parser (``parse``) for the Python lines, with their
  optional parts; a variable set before a command is one docs/configuration.md lists.

Pictures and outputs, not run: a problem in Ukrainian (docs/api.md), the diagrams of docs/architecture.md and
docs/deploy.md, the figures of docs/deploy.md's sizing and its nginx settings (another program's configuration), the
stream of docs/streams.md, a log line (docs/operations.md), a player's games (docs/players.md), a rematch
(docs/play-again.md), a webhook call (docs/bots.md) and a profile and a leaderboard (docs/ratings.md), each the shape
of what the server prints or sends.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis as redis_py
import requests
from dogpark_client import Client

from events.connect import connect
from service.ops.private_redis import redis_binary
from service.ops.processes import free_port, wait_until
from service.ops.stack import ROOT, Stack
from tests.e2e.conftest import wait_for
from tests.e2e.test_readme import commands
from tests.unit.frontends_examples import EXAMPLES

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "client" / "README.md"]
#: Where the kit's commands are: the project's virtual environment, as `make install` made it.
BIN = str(Path(sys.executable).parent)
RUN_HERE = "here"
PICTURE = "a picture, not run"
#: Every block: (document, the start of its first line) -> where it runs (RUN_HERE: this file) or PICTURE.
INVENTORY = {
    ("README.md", "make run"): "test_make_run.py (`make test`: this suite)",
    ("README.md", "# An all-bot game"): "test_readme.py",
    ("README.md", ".venv/bin/dogpark play"): "test_readme.py",
    ("docs/api.md", '{"type": "/v1/problems/illegal-move"'): PICTURE,
    ("docs/architecture.md", " client ──POST"): PICTURE,
    ("docs/architecture.md", "                                      ┌"): PICTURE,
    ("docs/benchmarks.md", "make bench "): RUN_HERE,
    ("docs/bots.md", "import random"): "test_kit.py",
    ("docs/bots.md", "ID=$(curl"): "test_kit.py",
    ("docs/bots.md", ".venv/bin/dogpark arena"): "test_kit.py",
    ("docs/bots.md", "from dogpark_client import Client"): RUN_HERE,
    ("docs/bots.md", "from dogpark_client import Bot"): RUN_HERE,
    ("docs/bots.md", "dogpark bot play"): RUN_HERE,
    ("docs/bots.md", "dogpark bot serve"): RUN_HERE,
    ("docs/bots.md", "dogpark arena"): RUN_HERE,
    ("docs/bots.md", "S=$(python3"): RUN_HERE,
    ("docs/bots.md", '{"kind": "turn"'): PICTURE,
    ("docs/chat.md", '{"id": "1767261600000-0"'): PICTURE,
    ("docs/chat.md", "# Ana and Bo sit at a game of Spots"): RUN_HERE,
    ("docs/deploy.md", " clients ──HTTPS"): PICTURE,
    ("docs/deploy.md", "REDIS_URL="): RUN_HERE,
    ("docs/deploy.md", "Per command"): PICTURE,
    ("docs/deploy.md", "dogpark archive"): RUN_HERE,
    ("docs/deploy.md", "# In http { }"): PICTURE,
    ("docs/operations.md", '{"time"'): PICTURE,
    ("docs/frontends.md", "from dogpark_client import Client, choices"): RUN_HERE,
    **{("docs/frontends.md", f'{{"game": "{game}"'): "tests/unit/test_docs_frontends.py" for game in EXAMPLES},
    ("docs/peer.md", "make bench-peer"): RUN_HERE,
    ("docs/peer.md", "python -m tests.bench.peer"): RUN_HERE,
    ("docs/notification-webhooks.md", "T=$(curl"): "tests/integration/test_notification_receiver.py",
    ("docs/notification-webhooks.md", '{"id"'): "tests/integration/test_notification_receiver.py",
    ("docs/notification-webhooks.md", "import json"): "tests/integration/test_notification_receiver.py",
    ("docs/play-again.md", "B=http://127.0.0.1:8000"): "test_play_again.py",
    ("docs/play-again.md", '{"rematch"'): PICTURE,
    ("docs/players.md", '{"games"'): PICTURE,
    ("docs/players.md", "# Ana and Bo play Felix at a day a decision"): RUN_HERE,
    ("docs/ratings.md", "URL=http://127.0.0.1:8000"): RUN_HERE,
    ("docs/ratings.md", "curl -s $URL/v1/players/$ID"): RUN_HERE,
    ("docs/ratings.md", '{"id": "3f9a0c2e7b1d4865"'): PICTURE,
    ("docs/streams.md", "retry: 2000"): PICTURE,
    ("docs/tables.md", "# Ana and Bo are players"): RUN_HERE,
    ("client/README.md", "pip install ./client"): "make install",
}


@dataclass(frozen=True)
class Block:
    """A fenced block of a document."""

    document: str
    language: str
    text: str

    def entry(self) -> tuple[str, str] | None:
        """The inventory's entry for it (None: not listed)."""
        first = self.text.splitlines()[0] if self.text else ""
        found = [key for key in INVENTORY if key[0] == self.document and first.startswith(key[1])]
        return max(found, key=lambda key: len(key[1])) if found else None


def blocks() -> list[Block]:
    """Every fenced block of the documents, in order."""
    found = []
    for path in DOCUMENTS:
        for language, text in re.findall(r"^```(\w*)\n(.*?)^```", path.read_text(), re.DOTALL | re.MULTILINE):
            found.append(Block(str(path.relative_to(ROOT)), language, text))
    return found


def indented_blocks() -> list[str]:
    """Indented code blocks (four spaces after a blank line, outside a fence): where each starts."""
    found = []
    for path in DOCUMENTS:
        fenced, previous = False, ""
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("    ") and not previous.strip():
                found.append(f"{path.relative_to(ROOT)}:{number}")
            previous = line
    return found


def the_block(document: str, start: str) -> str:
    """The text of the one block the inventory names so."""
    (found,) = [block.text for block in blocks() if block.entry() == (document, start)]
    return found


def the_line(document: str, start: str) -> str:
    """The one command of a one-command block, comments left out."""
    (line,) = commands(f"```sh\n{the_block(document, start)}```")
    return line


def with_optional(line: str, given: dict[str, str]) -> str:
    """A usage line's optional parts ``[--x X]``: those named in ``given`` with its value, the others left out."""

    def part(match: re.Match[str]) -> str:
        option = match.group(1).split()[0]
        return f"{option} {given[option]}" if option in given else ""

    return re.sub(r"\[([^\]]+)\]", part, line)


def on_path(script: str) -> str:
    """``script`` with the kit's commands first on the PATH, as in a terminal of the project's environment."""
    return f'export PATH="{BIN}:$PATH"\n{script}'


def bash(script: str, cwd: Path = ROOT, timeout: float = 240, **env: str) -> subprocess.CompletedProcess:
    """Run ``script`` as a reader's terminal would, the kit's commands on the PATH."""
    return subprocess.run(
        ["bash", "-c", on_path(script)], cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True,
        timeout=timeout,
    )


@contextmanager
def background(script: str, out: Path | None = None, **env: str) -> Iterator[subprocess.Popen]:
    """Run ``script`` in a session of its own (its output to ``out``); every process it started is stopped after."""
    errors = os.devnull if out is None else out.with_name(out.name + ".stderr")
    with open(out or os.devnull, "w") as printed, open(errors, "w") as said:
        process = subprocess.Popen(
            ["bash", "-c", on_path(script)], cwd=ROOT, env={**os.environ, **env}, stdout=printed, stderr=said,
            start_new_session=True,
        )
        try:
            yield process
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def answers(url: str) -> Any:
    """The JSON a GET of ``url`` answers, None while nothing listens there."""
    try:
        return requests.get(url, timeout=2).json()
    except requests.ConnectionError:
        return None


def documents(text: str) -> list[Any]:
    """The JSON documents printed one after the other in ``text``."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (at := _skip_space(text, at)) < len(text):
        value, at = decoder.raw_decode(text, at)
        found.append(value)
    return found


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def human_game(stack: Stack) -> str:
    """A new Felix game with a human seat 0: its id."""
    seats = [{"human": True}, {"bot": "greedy"}, {"bot": "random"}]
    return Client(stack.url).create("felix", seats)["id"]


# --- the inventory ----------------------------------------------------------------------------------------------


def test_every_block_of_the_docs_is_in_the_inventory_and_every_entry_names_a_block():
    found = blocks()
    entries = [block.entry() for block in found]

    unlisted = [f"{block.document}: {block.text.splitlines()[0]!r}" for block in found if block.entry() is None]
    assert unlisted == [], "add each to INVENTORY: where it runs, or that it is a picture"
    assert sorted(set(INVENTORY) - set(entries)) == [], "entries that name no block"
    assert len(entries) == len(set(entries)), "two blocks under one entry: make the entries tell them apart"
    assert indented_blocks() == [], "write these examples as fenced blocks"


# --- docs/bots.md ------------------------------------------------------------------------------------------------


def test_the_client_example_plays_its_seat_through_a_whole_game_every_time(stack: Stack, tmp_path: Path):
    """The example as written, three copies at once: each claims a seat, plays every turn and ends with the game."""
    example = the_block("docs/bots.md", "from dogpark_client import Client").replace("http://127.0.0.1:8000", stack.url)
    (tmp_path / "example.py").write_text(example)

    def run(_: int) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "example.py"], cwd=tmp_path, capture_output=True, text=True, timeout=180
        )

    with ThreadPoolExecutor(3) as pool:
        runs = list(pool.map(run, range(3)))

    for done in runs:
        assert done.returncode == 0, done.stderr
        last = done.stdout.strip().splitlines()[-1].split()
        assert last[1] == "SeedRevealed", done.stdout[-500:]


def test_the_choices_example_walks_its_seat_s_choices_in_portuguese_through_a_whole_game(stack: Stack, tmp_path: Path):
    """The front ends' example as written: every turn's moves listed by their Portuguese labels, one walked to."""
    example = the_block("docs/frontends.md", "from dogpark_client import Client, choices")
    (tmp_path / "example.py").write_text(example.replace("http://127.0.0.1:8000", stack.url))

    done = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True, text=True, timeout=180)

    assert done.returncode == 0, done.stderr
    assert "Licitar > Licitar 3 ratos" in done.stdout.splitlines(), done.stdout[-500:]


def test_the_bot_example_plays_a_seat_with_dogpark_bot_play(stack: Stack, tmp_path: Path):
    (tmp_path / "docbot.py").write_text(the_block("docs/bots.md", "from dogpark_client import Bot"))
    game_id = human_game(stack)

    done = bash(f"dogpark bot play docbot:MyBot --game {game_id} --seat 0 --url {stack.url}", cwd=tmp_path)

    assert done.returncode == 0, done.stderr
    assert f"game {game_id} over: seat 0" in done.stdout


def test_the_bot_play_line_claims_its_seat_and_plays_the_game_to_its_end(stack: Stack):
    game_id = human_game(stack)
    line = the_line("docs/bots.md", "dogpark bot play").replace("<id>", game_id)

    done = bash(with_optional(line, {"--url": stack.url, "--name": "N"}))

    assert done.returncode == 0, done.stderr
    assert f"claimed seat 0 of {game_id}" in done.stderr and f"game {game_id} over: seat 0" in done.stdout
    assert Client(stack.url).view(game_id)["seats"][0]["name"] == "N"


def test_the_bot_serve_line_serves_the_bot_until_stopped():
    port = free_port()
    line = the_line("docs/bots.md", "dogpark bot serve").replace("9000", str(port))

    with background(line, SECRET="s3cret-" * 8) as served:
        answered = wait_for(lambda: answers(f"http://127.0.0.1:{port}/"), 20, "the served bot")
        assert served.poll() is None

    assert answered == {"bot": "FelixBot"}


def test_the_arena_line_rates_its_bots_through_the_server(stack: Stack):
    line = the_line("docs/bots.md", "dogpark arena").replace("--games 200", "--games 2")

    done = bash(with_optional(line, {"--url": stack.url}))

    assert done.returncode == 0, done.stderr
    assert "| examples.bots.felix:FelixBot | 2 |" in done.stdout
    assert "2 audits verified, 0 failed, 0 abandoned" in done.stdout


def test_registering_seating_and_retiring_runs_as_written_and_the_bot_plays_its_seat(stack: Stack, tmp_path: Path):
    port = free_port()
    block = the_block("docs/bots.md", "S=$(python3").replace("9000", str(port))
    out = tmp_path / "printed"

    with background(block.replace("http://127.0.0.1:8000", stack.url), out):
        registered, game = wait_for(lambda: _printed(out, 2), 60, "the block's two answers")
        assert registered["name"] == "whiskers" and registered["kind"] == "registered"
        wait_for(lambda: Client(stack.url).view(game["id"])["status"] == "finished", 120, "the game to end")
        audit = Client(stack.url).audit(game["id"])

    moves = [e["actor"] for e in audit["events"] if e["actor"].get("seat") == 0]
    assert moves and all(actor == {"kind": "bot", "seat": 0, "name": "whiskers"} for actor in moves)


# --- docs/tables.md ----------------------------------------------------------------------------------------------


def test_the_private_table_invitation_and_challenge_run_as_written_and_both_games_start(stack: Stack):
    done = bash(the_block("docs/tables.md", "# Ana and Bo are players").replace("http://127.0.0.1:8000", stack.url))
    status, challenged = done.stdout.split()
    view = Client(stack.url).view(challenged)
    lobby = requests.get(f"{stack.url}/v1/games?type=spots&limit=500", timeout=10).json()["games"]

    assert done.returncode == 0, done.stderr
    assert status == "running"
    assert view["private"] is True and view["status"] == "running"
    assert [seat["name"] for seat in view["seats"]] == ["Ana", "Bo"] and all(seat["reserved"] for seat in view["seats"])
    assert challenged not in [game["id"] for game in lobby]


# --- docs/chat.md ------------------------------------------------------------------------------------------------


def test_the_chat_session_runs_as_written_and_the_operator_deletes_the_reported_message(stack: Stack):
    block = the_block("docs/chat.md", "# Ana and Bo sit at a game of Spots").replace("http://127.0.0.1:8000", stack.url)
    said = [line.removeprefix("# -> ") for line in block.splitlines() if line.startswith("# -> ")]

    done = bash(block, REDIS_URL=stack.redis_url)
    game, message = re.fullmatch(r"deleted message (\S+) of game (\S+)", done.stdout.splitlines()[-1]).groups()[::-1]
    spectators = requests.get(f"{stack.url}/v1/games/{game}/chat", timeout=10).json()["messages"]

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:-1] == said[:-1]
    assert [(message["room"], message["phrase"]) for message in spectators] == [("spectators", "good-luck")]
    assert redis_py.Redis.from_url(stack.redis_url).hexists(f"game:{{{game}}}:chat-deleted", message)


def test_the_vacation_block_runs_as_written(stack: Stack):
    block = the_block("docs/players.md", "# Ana and Bo play Felix at a day a decision")
    block = block.replace("http://127.0.0.1:8000", stack.url)
    said = [line.removeprefix("# -> ") for line in block.splitlines() if line.startswith("# -> ")]

    done = bash(block)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == said


def _printed(out: Path, count: int) -> list[Any] | None:
    """The first ``count`` JSON documents printed to ``out``, once they all are."""
    try:
        found = documents(out.read_text())
    except ValueError:  # one is still being written
        return None
    return found[:count] if len(found) >= count else None


# --- docs/ratings.md ---------------------------------------------------------------------------------------------


def test_the_rated_game_block_plays_its_game_and_the_workers_rate_the_player_beside_the_bot_levels(stack: Stack):
    url = f"URL={stack.url}"
    played = bash(the_block("docs/ratings.md", "URL=http://127.0.0.1:8000").replace("URL=http://127.0.0.1:8000", url))
    assert played.returncode == 0, played.stderr
    player_id = played.stdout.split("player ")[-1].strip()
    reads = the_block("docs/ratings.md", "curl -s $URL/v1/players/$ID")

    def rated() -> list[Any] | None:
        profile, board = documents(bash(f"{url}\nID={player_id}\n{reads}").stdout)
        return [profile, board] if profile["ratings"] else None

    profile, board = wait_for(rated, 30, "the webhook worker's rating job")

    assert profile["name"] == "Ana" and profile["ratings"]["felix"]["games"] == 1 and "token" not in profile
    listed = {(entry["kind"], entry["id"]): entry for entry in board["entries"]}
    assert {("builtin", "greedy"), ("builtin", "random")} <= set(listed)
    if ("player", player_id) in listed:  # the shared stack's board may hold more than ten entries by now
        assert listed[("player", player_id)]["ordinal"] == profile["ratings"]["felix"]["ordinal"]


# --- docs/deploy.md ----------------------------------------------------------------------------------------------

#: The socket docs/deploy.md names, Debian's.
DEBIANS_SOCKET = "/run/redis/redis-server.sock"


@pytest.fixture
def socket_redis() -> Iterator[str]:
    """A redis-server of the test's own, listening on a Unix socket only: the socket's path."""
    folder = tempfile.mkdtemp(prefix="dp-sock-")  # short: a socket's path has a limit
    socket = f"{folder}/redis-server.sock"
    server = subprocess.Popen(
        [redis_binary(), "--port", "0", "--unixsocket", socket, "--unixsocketperm", "700", "--save", "",
         "--appendonly", "no", "--dir", folder],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: os.path.exists(socket) and redis_py.Redis(unix_socket_path=socket).ping(), 10, "redis")
        yield socket
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def test_the_unix_socket_urls_reach_redis_as_every_process_connects_the_queues_in_their_own_db(socket_redis):
    block = the_block("docs/deploy.md", "REDIS_URL=")
    urls = dict(word.split("=", 1) for line in block.splitlines() for word in shlex.split(line, comments=True))

    clients = {name: connect(url.replace(DEBIANS_SOCKET, socket_redis), timeout=5) for name, url in urls.items()}
    for name, client in clients.items():
        client.set("written-through", name)

    assert sorted(urls) == ["DOGPARK_QUEUE_URL", "REDIS_URL"]
    assert redis_py.Redis(unix_socket_path=socket_redis, db=0).get("written-through") == b"REDIS_URL"
    assert redis_py.Redis(unix_socket_path=socket_redis, db=1).get("written-through") == b"DOGPARK_QUEUE_URL"


def test_the_archive_line_runs_against_a_stack(stack: Stack, tmp_path: Path):
    line = the_line("docs/deploy.md", "dogpark archive")
    line = line.replace("https://api.example", stack.url).replace("/srv/dogpark-archive", str(tmp_path / "archive"))

    done = bash(line, REDIS_URL=stack.redis_url)

    assert done.returncode == 0, done.stderr
    assert re.fullmatch(rf"archived 0 of \d+ finished games to {tmp_path / 'archive'}; .*\n", done.stdout)


# --- docs/benchmarks.md and docs/peer.md: checked, not run -----------------------------------------------------


def bench_lines() -> list[str]:
    """The bench commands of the two documents, each usage line's optional parts all given."""
    lines = [
        *commands(f"```sh\n{the_block('docs/benchmarks.md', 'make bench ')}```"),
        the_line("docs/peer.md", "make bench-peer"),
        the_line("docs/peer.md", "python -m tests.bench.peer"),
    ]
    return [re.sub(r"\[([^\]]+)\]", r"\1", line) for line in lines]


@pytest.mark.parametrize("line", bench_lines())
def test_each_bench_line_is_a_make_target_or_a_command_line_its_bench_accepts(line: str):
    """`make -n` for make's lines; the bench's own parser for the others (a run takes minutes to an hour)."""
    words = shlex.split(line, comments=True)
    assigned = [word.split("=", 1)[0] for word in words if re.fullmatch(r"[A-Z_]+=\S*", word)]
    words = words[len(assigned):]
    documented = (ROOT / "docs" / "configuration.md").read_text()

    assert all(f"| `{name}` |" in documented for name in assigned), assigned
    if words[0] == "make":
        done = subprocess.run(["make", "-n", *words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout, done.stderr
        return
    module = words[words.index("-m") + 1]
    parsed = importlib.import_module(module).parse(words[words.index("-m") + 2 :])
    games = getattr(parsed, "games", None)
    if games is not None:
        assert set(games.split(",")) <= set(importlib.import_module(module).TABLES), games
