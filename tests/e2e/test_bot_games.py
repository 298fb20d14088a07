"""All-bot games run by real worker processes: they finish by themselves and their audits verify."""

from __future__ import annotations

import json
import subprocess
import sys

import requests

from tests.e2e.conftest import bot_game, finished, wait_for


def verify(source: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.ops.cli", "verify", source], capture_output=True, text=True)


def test_an_all_bot_felix_game_finishes_by_itself(api):
    game_id = bot_game(api, ["greedy", "random", "random", "random"])

    view = wait_for(lambda: finished(api, game_id), 180, "the bots to finish the game")

    assert view["result"]["winners"]
    assert view["seed"] is not None
    assert view["legal_moves"] == [] and view["to_act"] == []


def test_dogpark_verify_passes_on_a_finished_game_and_fails_on_a_tampered_copy(api, stack, tmp_path):
    game_id = bot_game(api, ["greedy", "greedy", "random"])
    wait_for(lambda: finished(api, game_id), 180, "the game to finish")

    passed = verify(f"{stack.url}/v1/games/{game_id}/audit")
    audit = api("GET", f"/v1/games/{game_id}/audit").json()
    bid = next(e for e in audit["events"] if e["type"] == "BidPlaced")
    bid["data"]["amount"] += 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(audit))
    failed = verify(str(tampered))

    assert passed.returncode == 0 and passed.stdout.startswith("OK"), passed.stderr
    assert failed.returncode == 1 and "hash chain breaks" in failed.stderr


def test_a_tampered_command_with_a_resealed_chain_still_fails_verification(api, tmp_path):
    game_id = bot_game(api, ["random", "random", "random"])
    wait_for(lambda: finished(api, game_id), 180, "the game to finish")
    audit = api("GET", f"/v1/games/{game_id}/audit").json()
    # Rewrite history consistently (a forger who reseals the chain): the rules still disagree.
    from events.envelope import GENESIS, chain_hash

    bid = next(e for e in audit["events"] if e["type"] == "BidPlaced")
    bid["data"]["amount"] += 1
    prev = GENESIS
    for envelope in audit["events"]:
        envelope["hash"] = chain_hash(prev, {k: v for k, v in envelope.items() if k != "hash"})
        prev = envelope["hash"]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(audit))

    result = verify(str(forged))

    assert result.returncode == 1 and "differ from the rules" in result.stderr


def test_the_audit_is_refused_while_the_game_runs(api):
    created = api("POST", "/v1/games", json={"type": "felix", "seats": [{"human": True}] * 3})
    response = api("GET", f"/v1/games/{created.json()['id']}/audit")

    assert response.status_code == 409
    assert response.headers["Content-Type"] == "application/problem+json"


def test_the_event_stream_delivers_every_event_and_resumes_from_last_event_id(api, stack):
    game_id = bot_game(api, ["random", "random", "random", "random"])

    with requests.get(f"{stack.url}/v1/games/{game_id}/events/stream", stream=True, timeout=60) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        ids = [int(line[4:]) for line in stream.iter_lines(decode_unicode=True) if line.startswith("id: ")]
    resumed = requests.get(
        f"{stack.url}/v1/games/{game_id}/events/stream", headers={"Last-Event-ID": str(ids[-10])}, timeout=60
    )
    resumed_ids = [int(line[4:]) for line in resumed.text.splitlines() if line.startswith("id: ")]

    assert ids == list(range(1, len(ids) + 1))
    assert resumed_ids == ids[-9:]
    assert finished(api, game_id)
