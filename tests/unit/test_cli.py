"""The `dogpark` command in a terminal: its help, `play` as one viewer sees the game, `rates`, `verify`'s errors,
and where `dogpark run` listens. (`dogpark run` itself: tests/e2e/test_make_run.py.)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from domain import table as tables
from domain.catalogue import GAMES
from domain.playout import play
from service.ops import cli
from service.ops.processes import free_port
from service.ops.stack import ROOT
from tests.unit.clocked import Clocked

OWN_COMMANDS = ["archive", "arena", "bot", "chat", "play", "rates", "run", "sweep", "verify", "worker"]


def dogpark(*args: str) -> click.testing.Result:
    return CliRunner().invoke(cli.main, list(args))


def bots_for(game: str, players: int) -> list[str]:
    """The lineup `dogpark play` picks by default: greedy, then random."""
    return ["greedy"] + ["random"] * (players - 1)


def full_game(game: str, players: int, seed: str = "demo") -> list[dict]:
    """The events of the game `dogpark play` plays, unredacted."""
    rules = GAMES[game]
    return play(rules, players, [rules.bots[n] for n in bots_for(game, players)], seed).events


# --- help ------------------------------------------------------------------------------------------------------


def test_dogpark_help_lists_only_dogparks_own_commands_each_with_a_one_line_help():
    shown = dogpark("--help").output
    commands = shown.split("Commands:\n", 1)[1].strip().splitlines()

    assert [line.split()[0] for line in commands] == OWN_COMMANDS
    assert all(len(line.split(None, 1)) == 2 and not line.endswith("...") for line in commands)
    for flask_option in ("--env-file", "--app", "--debug", "openapi", "shell", "routes"):
        assert flask_option not in shown


# --- play: one viewer throughout -------------------------------------------------------------------------------


def face_down_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if " face down as the " in line]


def test_play_as_a_spectator_never_names_a_face_down_card_in_the_log():
    shown = dogpark("play", "felix", "--players", "3", "--no-board")

    assert shown.exit_code == 0, shown.output
    assert "as a spectator" in shown.output
    placed = face_down_lines(shown.output)
    hidden = re.compile(r"(Greedy Rex|Random Bella|Random Max) puts a card face down as the \w+ card of the row\.")
    assert placed and all(hidden.fullmatch(line) for line in placed)


def test_play_as_a_seat_names_its_own_face_down_cards_and_nobody_elses_on_the_log_and_the_board():
    shown = dogpark("play", "felix", "--players", "3", "--seat", "1")

    assert shown.exit_code == 0, shown.output
    assert "as seat 1" in shown.output
    placed = face_down_lines(shown.output)
    named = [line for line in placed if "puts a card face down" not in line]
    assert named and named == [line for line in placed if line.startswith("Random Bella ")]
    assert len(named) < len(placed)
    assert "Your hand:" in shown.output


@pytest.mark.parametrize(("game", "players"), [("felix", 4), ("spots", 2), ("dogs", 2), ("dogslife", 2)])
@pytest.mark.parametrize("seat", [None, 1])
def test_play_never_prints_an_event_as_the_viewer_may_not_see_it(game, players, seat):
    """The lines an event would read unredacted, where they differ from its redacted lines, are never printed.

    (A game whose lines never name what its redaction hides has nothing to leak here; Felix's do, see above.)
    """
    rules = GAMES[game]
    viewer = [] if seat is None else ["--seat", str(seat)]
    shown = dogpark("play", game, "--players", str(players), "--no-board", *viewer)
    printed = {line.strip() for line in shown.output.splitlines()}
    hidden = {
        rules.describe(ev)
        for ev in full_game(game, players)
        if rules.describe(ev) != rules.describe(tables.redact(game, ev, seat))
    }

    assert shown.exit_code == 0, shown.output
    assert sorted(hidden & printed) == []


def test_play_refuses_a_seat_the_game_does_not_have():
    shown = dogpark("play", "felix", "--players", "3", "--seat", "3")

    assert shown.exit_code == 2 and "a seat from 0 to 2" in shown.output


def test_play_waits_the_delay_after_each_event(monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr(cli.time, "sleep", waits.append)

    shown = dogpark("play", "felix", "--players", "3", "--no-board", "--delay", "0.25")

    assert shown.exit_code == 0, shown.output
    assert waits == [0.25] * len(full_game("felix", 3))


def test_solo_spots_names_pes_when_pes_wins_and_shows_pes_and_its_dogs_in_the_final_scores():
    rules = GAMES["spots"]
    result = play(rules, 1, [rules.bots["greedy"]], "demo").result
    shown = dogpark("play", "spots", "--players", "1", "--no-board")

    assert result["winners"] == [] and result["pes"]["won"]  # Pes won this one
    assert shown.output.rstrip().endswith("Winner(s): Pes")
    pes_line = f"  Pes: 6  [dogs {', '.join(result['pes']['dogs'])}]\n"
    assert len(result["pes"]["dogs"]) == 6 and pes_line in shown.output.split("Final scores:")[1]


def test_play_of_random_dogs_ends_with_a_winner():
    shown = dogpark("play", "dogslife", "--bots", "random,random", "--no-board")

    assert shown.exit_code == 0, shown.output
    assert re.search(r"^Winner\(s\): seat \d \(random\)$", shown.output, re.MULTILINE)


@pytest.mark.parametrize("cap", [["--max-events", "100"], []])
def test_play_abandons_a_game_at_the_event_cap_as_the_server_does_in_one_line_and_exits_3(monkeypatch, cap):
    monkeypatch.setenv("DOGPARK_MAX_EVENTS", "300" if cap else "100")  # the server's setting; --max-events wins

    shown = dogpark("play", "felix", "--players", "3", "--no-board", *cap)

    assert shown.exit_code == 3, shown.output
    assert shown.output.splitlines()[-1] == "The game reached 100 events and is abandoned."
    assert "Final scores" not in shown.output and isinstance(shown.exception, SystemExit)  # no traceback


def test_plays_help_says_what_the_exit_status_of_an_abandoned_game_is():
    shown = dogpark("play", "--help")

    assert "exits with status 3" in " ".join(shown.output.split())
    assert "DOGPARK_MAX_EVENTS" in shown.output


# --- rates ------------------------------------------------------------------------------------------------------


def test_rates_of_solo_spots_print_pes_rate_beside_the_bots_and_the_two_make_the_whole():
    shown = CliRunner().invoke(cli.main, ["rates", "spots", "--players", "1", "--lineup", "random", "--games", "4"])
    rates = dict(re.findall(r"^\s*(\w+):\s+([\d.]+)% \[[\d.]+%-[\d.]+%\]$", shown.stdout, re.MULTILINE))

    assert shown.exit_code == 0, shown.output
    assert set(rates) == {"random", "Pes"}
    assert float(rates["random"]) + float(rates["Pes"]) == 100.0
    assert "4 games of Spots" in shown.stderr and "games of" not in shown.stdout


def test_rates_seat_the_levels_that_search_and_print_each_share_with_its_95_percent_interval():
    lineup = "medium,greedy,easy,random"
    shown = CliRunner().invoke(cli.main, ["rates", "felix", "--players", "4", "--lineup", lineup, "--games", "2"])

    assert shown.exit_code == 0, shown.output
    rates = re.findall(r"^\s*(\w+):\s+([\d.]+)% \[([\d.]+)%-([\d.]+)%\]$", shown.stdout, re.MULTILINE)
    assert [name for name, *_ in rates] == lineup.split(",")
    assert all(float(low) <= float(share) <= float(high) for _, share, low, high in rates)


def test_rates_refuse_a_bot_the_game_does_not_have():
    shown = CliRunner().invoke(cli.main, ["rates", "felix", "--players", "3", "--lineup", "expert,greedy,greedy"])

    assert shown.exit_code == 2 and "easy" in shown.output and "hard" in shown.output


def test_rates_show_a_progress_bar_with_the_time_left_on_a_terminals_stderr():
    """stderr is a pseudo-terminal here, as in a shell; the bar names the games done and the time left."""
    terminal, child_end = os.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "service.ops.cli", "rates", "spots", "--players", "1", "--lineup", "greedy",
             "--games", "10"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=child_end, text=True, timeout=600,
        )
        os.close(child_end)
        child_end = -1
        bar = _read_all(terminal)
    finally:
        os.close(terminal)
        if child_end != -1:
            os.close(child_end)

    assert done.returncode == 0
    assert re.search(r"10 games of Spots\s+\[[#-]+\]\s+\d+/10\s+\d\d:\d\d:\d\d", bar), bar
    assert "10/10" in bar
    assert "games of" not in done.stdout and "Pes:" in done.stdout


def _read_all(fd: int) -> str:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the other end is closed: everything was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")


# --- verify: one line and status 2 when the audit cannot be read ---------------------------------------------


def test_verify_of_a_missing_file_says_so_in_one_line_and_exits_2(tmp_path):
    shown = dogpark("verify", str(tmp_path / "nothing.json"))

    assert shown.exit_code == 2
    assert shown.stderr.strip().splitlines() == [f"Error: cannot read {tmp_path / 'nothing.json'}: No such file or "
                                                  "directory"]


def test_verify_of_a_file_that_is_no_audit_says_so_in_one_line_and_exits_2(tmp_path):
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "text.json").write_text("hello")

    for name, why in [("list.json", "is not an audit document"), ("text.json", "is not JSON")]:
        shown = dogpark("verify", str(tmp_path / name))
        assert shown.exit_code == 2 and len(shown.stderr.strip().splitlines()) == 1 and why in shown.stderr


@pytest.mark.parametrize(("bot", "outcome"), [("random", "Pes wins."), ("greedy", "Winners: [0]")])
def test_verify_of_a_solo_game_of_spots_names_pes_when_pes_won_and_the_seat_when_it_did(tmp_path, bot, outcome):
    game = Clocked("spots", [{"bot": bot}])
    game.play(lambda seat: True)
    (tmp_path / "audit.json").write_text(json.dumps(game.audit()))

    shown = dogpark("verify", str(tmp_path / "audit.json"))

    assert shown.exit_code == 0, shown.output
    assert shown.stdout.rstrip().endswith(outcome)


def test_verify_of_a_url_nobody_answers_says_so_in_one_line_and_exits_2():
    url = f"http://127.0.0.1:{free_port()}/v1/games/x/audit"

    shown = dogpark("verify", url)

    assert shown.exit_code == 2
    assert shown.stderr.strip().splitlines() == [f"Error: cannot reach {url}: Connection refused"]


# --- where `dogpark run` listens -------------------------------------------------------------------------------


def test_run_listens_on_dogpark_bind_when_set(monkeypatch):
    monkeypatch.setenv("DOGPARK_BIND", "0.0.0.0:8123")

    assert cli.run_address(None) == ("0.0.0.0", 8123)


def test_run_listens_on_localhost_8000_by_default(monkeypatch):
    monkeypatch.delenv("DOGPARK_BIND", raising=False)

    assert cli.run_address(None) == ("127.0.0.1", 8000)


def test_an_explicit_port_wins_over_dogpark_binds(monkeypatch):
    monkeypatch.setenv("DOGPARK_BIND", "127.0.0.2:8123")

    assert cli.run_address(9000) == ("127.0.0.2", 9000)


@pytest.mark.parametrize("bind", ["8000", "localhost", "127.0.0.1:http", ":8000", "127.0.0.1:70000"])
def test_run_refuses_a_dogpark_bind_that_is_not_host_and_port(monkeypatch, bind):
    monkeypatch.setenv("DOGPARK_BIND", bind)

    shown = dogpark("run")

    assert shown.exit_code == 2 and "DOGPARK_BIND must be HOST:PORT" in shown.stderr


def test_run_refuses_an_unknown_log_level_before_it_starts_anything(monkeypatch):
    monkeypatch.setenv("DOGPARK_LOG_LEVEL", "loud")

    shown = dogpark("run", "--port", str(free_port()), "--data-dir", str(Path("/nonexistent/never")))

    assert shown.exit_code == 2 and "DOGPARK_LOG_LEVEL must be one of debug, info, warning, error" in shown.stderr
