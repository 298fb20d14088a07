"""`dogpark verify` on clocked games: it accepts one played honestly, recomputes every fallback bot's move, and
refuses a clock expired before its deadline or a move credited to a bot that did not play the seat."""

from __future__ import annotations

from functools import cache

import pytest

from domain.table import TABLE_EVENTS
from events.envelope import GENESIS, chain_hash
from service.ops.verify import verify
from tests.unit.clocked import PEOPLE, Clocked

GAMES = sorted(PEOPLE)


@cache
def played(game: str) -> Clocked:
    """A finished game: seat 0 never moves (two expiries make it absent); once it is absent, seat 1 resigns; the
    rest play. The greedy bot plays for both (two random ones may never end A Dog's Life)."""
    clocked = Clocked.of_people(game, clock={"turn_seconds": 20}, absent_after=2, on_timeout="bot:greedy")
    clocked.play(lambda seat: seat != 0, until=lambda: clocked.table["clocks"][0]["absent"])
    clocked.send(1, {"type": "Resign"})
    clocked.play(lambda seat: seat != 0)
    return clocked


def rechained(audit: dict) -> dict:
    """The audit with every hash recomputed: a forger who rewrites the log rewrites its chain too."""
    last = GENESIS
    for envelope in audit["events"]:
        envelope["hash"] = last = chain_hash(last, envelope)
    return audit


def batch_of(audit: dict, envelope: dict) -> list[dict]:
    return [e for e in audit["events"] if e["command_id"] == envelope["command_id"]]


@pytest.mark.parametrize("game", GAMES)
def test_verify_accepts_a_clocked_game_and_recomputes_every_fallback_bots_move(game):
    audit = played(game).audit()
    fallbacks = {e["command_id"] for e in audit["events"] if e["actor"].get("for")}

    verdict = verify(audit)

    assert verdict.ok, verdict.problems
    assert verdict.bot_moves == len(fallbacks) > 0
    assert {"ClockExpired", "SeatAbsent", "SeatResigned"} <= {e["type"] for e in audit["events"]}


@pytest.mark.parametrize("game", GAMES)
def test_verify_refuses_a_clock_expiry_sealed_before_its_deadline(game):
    audit = played(game).audit()
    expired = next(e for e in audit["events"] if e["type"] == "ClockExpired")
    for envelope in batch_of(audit, expired):
        envelope["time"] = expired["data"]["deadline"] - 0.5

    verdict = verify(rechained(audit))

    assert f"version {expired['version']}: the rules refuse the recorded command: NotDue" in verdict.problems[0]


@pytest.mark.parametrize("game", GAMES)
def test_verify_refuses_a_persons_move_credited_to_a_fallback_bot(game):
    audit = played(game).audit()
    move = next(e for e in audit["events"] if e["actor"]["kind"] == "seat" and e["type"] not in TABLE_EVENTS)
    seat = move["actor"]["seat"]
    for envelope in batch_of(audit, move):
        envelope["actor"] = {"kind": "bot", "seat": seat, "name": "random", "for": "timeout"}

    verdict = verify(rechained(audit))

    assert any("no bot played seat" in problem for problem in verdict.problems), verdict.problems


@pytest.mark.parametrize("game", GAMES)
def test_verify_refuses_a_fallback_bots_move_that_gives_the_wrong_reason(game):
    audit = played(game).audit()
    move = next(e for e in audit["events"] if e["actor"].get("for") == "resigned")
    for envelope in batch_of(audit, move):
        envelope["actor"] = {**envelope["actor"], "for": "timeout"}

    verdict = verify(rechained(audit))

    assert any("bot played seat 1, but the log names" in problem for problem in verdict.problems), verdict.problems
