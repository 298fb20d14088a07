"""Every built-in bot's move in a real game is recomputed by verify; a game whose bots chose otherwise fails.

The games are played by the worker's own job (workers.jobs.advance) on the test Redis, called here in turn
instead of by an RQ worker, so the audit is exactly what the server records.
"""

from __future__ import annotations

import random

import pytest

from domain.table import seats as table_seats
from events.envelope import GENESIS, chain_hash
from service.ops.verify import verify
from workers import jobs

#: Lineups that end quickly, one game of each type.
GAMES = {
    "felix": (["random", "greedy", "random"], {}),
    "spots": (["random", "greedy"], {}),
    "dogs": (["greedy", "random"], {}),
    "dogslife": (["greedy", "easy"], {"bone_target": 2}),
}


def create(client, game_type: str, bots: list[str], options: dict) -> str:
    seats = [{"bot": b} for b in bots]
    created = client.post("/v1/games", json={"type": game_type, "seats": seats, "options": options})
    assert created.status_code == 201, created.json
    return created.json["id"]


def play_out(client, game_id: str) -> dict:
    """Run the worker's job until the game is over; return its audit."""
    for _ in range(5000):
        if client.get(f"/v1/games/{game_id}").json["status"] == "finished":
            return client.get(f"/v1/games/{game_id}/audit").json
        jobs.advance(game_id, None)
    raise AssertionError(f"{game_id} did not finish")


def bot_batches(audit: dict) -> set[str]:
    return {e["command_id"] for e in audit["events"] if e["actor"]["kind"] == "bot"}


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_every_move_of_a_built_in_bot_in_a_real_game_is_recomputed_by_verify(server, game_type):
    bots, options = GAMES[game_type]
    audit = play_out(server, create(server, game_type, bots, options))

    verdict = verify(audit)

    assert verdict.ok, verdict.problems
    assert verdict.bot_moves == len(bot_batches(audit)) > 0


def test_a_game_whose_bots_chose_with_the_old_public_rng_fails_verification_at_a_bot_move(server, monkeypatch):
    game_id = create(server, "felix", ["random"] * 4, {})
    with monkeypatch.context() as before:
        # What workers did before: anyone could seed the same rng from the game id and the version.
        before.setattr(table_seats, "bot_rng", lambda seed, version, seat: random.Random(f"{game_id}:{version}"))
        audit = play_out(server, game_id)

    verdict = verify(audit)

    assert verdict.problems and all("bot in seat" in problem for problem in verdict.problems)
    assert verdict.result is not None  # every event follows from the commands: only the bots' choices are wrong


def test_a_bots_move_relabelled_as_a_persons_fails_verification(server):
    audit = play_out(server, create(server, "felix", ["random"] * 3, {}))
    moved = next(e for e in audit["events"] if e["actor"]["kind"] == "bot")
    moved["actor"] = {"kind": "seat", "seat": moved["actor"]["seat"]}
    previous = GENESIS
    for envelope in audit["events"]:
        envelope["hash"] = previous = chain_hash(previous, envelope)

    verdict = verify(audit)

    assert [p for p in verdict.problems if "is the 'random' bot's, but the log names" in p], verdict.problems
