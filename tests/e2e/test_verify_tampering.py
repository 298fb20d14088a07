"""`dogpark verify FILE` on a real audit: it recomputes the bots' moves, and a tampered seed or commitment fails.

A forger who changes the seed or the commitment also breaks the events recomputed from the seed, so each test
asserts the seed check's own complaint: with that check gone, the exit status alone would still be 1.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys

import pytest
import requests

from events.envelope import GENESIS, chain_hash
from tests.e2e.conftest import bot_game, finished, wait_for

MISMATCH = "the revealed seed does not match the commitment in TableOpened"


@pytest.fixture(scope="module")
def audit(stack) -> dict:
    """The audit of a finished all-bot Felix game."""
    session = requests.Session()

    def api(method: str, path: str, **kw) -> requests.Response:
        return session.request(method, stack.url + path, timeout=30, **kw)

    game_id = bot_game(api, ["greedy", "random", "random"])
    wait_for(lambda: finished(api, game_id), 60, "the game to finish")
    return api("GET", f"/v1/games/{game_id}/audit").json()


def verify_file(audit: dict, tmp_path) -> subprocess.CompletedProcess:
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(audit))
    verify = [sys.executable, "-m", "service.ops.cli", "verify", str(path)]
    return subprocess.run(verify, capture_output=True, text=True)


def reseal(audit: dict) -> None:
    """Recompute the hash chain, as a forger would."""
    previous = GENESIS
    for envelope in audit["events"]:
        envelope["hash"] = previous = chain_hash(previous, envelope)


def test_verify_says_how_many_moves_of_built_in_bots_it_recomputed(audit, tmp_path):
    result = verify_file(audit, tmp_path)

    assert result.returncode == 0, result.stderr
    recomputed = re.search(r"(\d+) moves of built-in bots recomputed", result.stdout)
    bot_batches = {e["command_id"] for e in audit["events"] if e["actor"]["kind"] == "bot"}
    assert recomputed and int(recomputed.group(1)) == len(bot_batches) > 0


def test_a_tampered_seed_fails_with_exit_1(audit, tmp_path):
    forged = json.loads(json.dumps(audit))
    forged["seed"] = "0" * 64

    result = verify_file(forged, tmp_path)

    assert result.returncode == 1 and MISMATCH in result.stderr, result.stderr


def test_a_tampered_commitment_with_a_resealed_chain_fails_with_exit_1(audit, tmp_path):
    forged = json.loads(json.dumps(audit))
    opened = forged["events"][0]
    commitment = hashlib.sha256(b"another seed").hexdigest()
    opened["data"]["seed_sha256"] = commitment
    forged["commands"][opened["command_id"]]["command"]["seed_sha256"] = commitment
    reseal(forged)

    result = verify_file(forged, tmp_path)

    assert result.returncode == 1 and MISMATCH in result.stderr, result.stderr
    assert "hash chain" not in result.stderr
