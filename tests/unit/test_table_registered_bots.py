"""A registered (webhook) bot's seat at the table: what TableOpened records, the schedule's calls, the system's
ReplaceBot, and `dogpark verify` on its games. In memory: the webhook worker's part is played by the test."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove
from domain.language import render
from domain.schedule import Action, Call, next_action
from events.envelope import GENESIS, chain_hash
from service.ops.verify import verify
from tests.unit.clocked import SEED, Clocked

REGISTERED = {"whiskers": {"id": "b1", "name": "Whiskers", "games": ["felix"], "replace_after": 3}}
SEATS = [{"bot": "whiskers", "fallback": "greedy"}, {"bot": "random"}, {"bot": "random"}]


def opened(seats: list[dict] = SEATS) -> Clocked:
    return Clocked("felix", seats, registered=REGISTERED)


def answer(clocked: Clocked, call: Call, reason: str | None, failures: int) -> None:
    """What the webhook worker appends for a call: the bot's move, its fallback's, or ReplaceBot."""
    seat, table = call.seat, clocked.table
    if reason is None:
        move = tables.bot_move(table, seat, "random", "the bot's own choice")
        clocked.send(seat, move, {"kind": "bot", "seat": seat, "name": call.bot})
    elif failures >= call.replace_after:
        clocked.send(None, {"type": "ReplaceBot", "seat": seat, "failures": failures, "reason": reason})
    else:
        actor = {"kind": "bot", "seat": seat, "name": call.fallback, "for": call.bot, "reason": reason}
        clocked.send(seat, tables.bot_move(table, seat, call.fallback, SEED), actor)


def play(clocked: Clocked, reasons: Callable[[int], str | None]) -> None:
    """Play to the end: the system's actions as the workers run them, the n-th call failing for ``reasons(n)``."""
    calls = failures = 0
    while clocked.running:
        action = next_action(clocked.table, clocked.event_time, clocked.now, SEED)
        if isinstance(action, Call):
            reason = reasons(calls)
            calls += 1
            failures = 0 if reason is None else failures + 1
            answer(clocked, action, reason, failures)
        else:
            assert isinstance(action, Action)
            clocked.send(action.seat, action.command, action.actor)


@cache
def replaced() -> Clocked:
    """A finished game: the bot answers its first two calls, then fails (a timeout, then 500s) until replaced."""
    clocked = opened()
    play(clocked, lambda n: None if n < 2 else "timeout" if n == 2 else "status 500")
    return clocked


def test_a_registered_bots_seat_records_its_id_its_fallback_and_when_it_is_replaced():
    seat = opened().envelopes[0]["data"]["seats"][0]

    assert seat == {
        "kind": "bot",
        "bot": "Whiskers",
        "name": "Whiskers",
        "webhook": "b1",
        "fallback": "greedy",
        "replace_after": 3,
    }


@pytest.mark.parametrize(
    ("seat", "option"),
    [
        ({"bot": "nobody"}, "seats[0].bot"),
        ({"bot": "whiskers", "fallback": "nobody"}, "seats[0].fallback"),
        ({"bot": "greedy", "fallback": "random"}, "seats[0].fallback"),
    ],
)
def test_a_seat_naming_an_unknown_bot_or_fallback_is_refused(seat, option):
    with pytest.raises(BadOptions) as refused:
        tables.create("felix", {}, [seat, {"bot": "random"}, {"bot": "random"}], SEED, registered=REGISTERED)

    assert refused.value.option == option


def test_a_registered_bot_sits_only_at_the_games_it_plays():
    with pytest.raises(BadOptions, match="no bot 'whiskers' plays DOGS"):
        tables.create("dogs", {}, [{"bot": "whiskers"}, {"bot": "random"}], SEED, registered=REGISTERED)


def test_the_fallback_is_random_unless_the_seat_names_one():
    seat = tables.create("felix", {}, [{"bot": "whiskers"}] * 3, SEED, registered=REGISTERED)["seats"][0]

    assert seat["fallback"] == "random"


def test_the_schedule_calls_the_registered_bot_on_its_seats_turn_and_plays_built_in_bots_itself():
    clocked = opened([{"bot": "whiskers", "fallback": "greedy"}] * 3)

    action = next_action(clocked.table, clocked.event_time, clocked.now, SEED)

    assert action == Call(tables.to_act(clocked.table)[0], "Whiskers", "b1", "greedy", 3)
    assert tables.controller(clocked.table, action.seat) is None


def test_replace_bot_hands_the_seat_to_its_fallback_which_plays_on_as_the_seats_own_bot():
    clocked = opened([{"bot": "whiskers", "fallback": "greedy"}] * 3)
    seat = tables.to_act(clocked.table)[0]

    events = clocked.send(None, {"type": "ReplaceBot", "seat": seat, "failures": 3, "reason": "timeout"})
    action = next_action(clocked.table, clocked.event_time, clocked.now, SEED)

    assert events == [
        {
            "type": "BotReplaced",
            "data": {"seat": seat, "bot": "Whiskers", "fallback": "greedy", "failures": 3, "reason": "timeout"},
        }
    ]
    assert tables.controller(clocked.table, seat) == "greedy"
    assert tables.view(clocked.table, None)["seats"][seat]["replaced_by"] == "greedy"
    assert tables.view(clocked.table, None)["seats"][(seat + 1) % 3]["replaced_by"] is None
    assert action.actor == {"kind": "bot", "seat": seat, "name": "greedy", "for": "Whiskers", "reason": "replaced"}
    assert action.command == tables.bot_move(clocked.table, seat, "greedy", SEED)
    line = render(tables.describe("felix", events[0]), "en", ["Whiskers"] * 3)
    assert "Whiskers's bot failed 3 times in a row: Greedy plays for it" in line


@pytest.mark.parametrize(
    ("seat", "command", "rule"),
    [
        (0, {"type": "ReplaceBot", "seat": 0, "failures": 3, "reason": "timeout"}, "SystemOnly"),
        (None, {"type": "ReplaceBot", "seat": 1, "failures": 3, "reason": "timeout"}, "NotRegistered"),
        (None, {"type": "ReplaceBot", "seat": 0, "failures": 0, "reason": "timeout"}, "BadArgument"),
        (None, {"type": "ReplaceBot", "seat": 0, "failures": 3, "reason": "timeout", "x": 1}, "BadArgument"),
    ],
)
def test_only_the_system_replaces_and_only_a_registered_bot(seat, command, rule):
    clocked = opened()

    with pytest.raises(IllegalMove) as refused:
        clocked.send(seat, command)

    assert refused.value.reason == rule


def test_a_bot_is_replaced_once():
    clocked = opened()
    clocked.send(None, {"type": "ReplaceBot", "seat": 0, "failures": 3, "reason": "timeout"})

    with pytest.raises(IllegalMove) as refused:
        clocked.send(None, {"type": "ReplaceBot", "seat": 0, "failures": 4, "reason": "timeout"})

    assert refused.value.reason == "BotReplaced"


def test_verify_accepts_a_game_of_a_replaced_bot_and_recomputes_every_fallback_move():
    audit = replaced().audit()
    fallbacks = {e["command_id"] for e in audit["events"] if e["actor"].get("for") == "Whiskers"}
    builtin = {e["command_id"] for e in audit["events"] if e["actor"].get("name") == "random"}
    firsts = {e["command_id"]: e["actor"] for e in reversed(audit["events"])}
    reasons = [actor["reason"] for actor in reversed(firsts.values()) if actor.get("for") == "Whiskers"]

    verdict = verify(audit)

    assert verdict.ok, verdict.problems
    assert verdict.bot_moves == len(fallbacks) + len(builtin)
    assert reasons[:2] == ["timeout", "status 500"] and set(reasons[2:]) == {"replaced"}
    assert [e["type"] for e in audit["events"]].count("BotReplaced") == 1


def rechained(audit: dict) -> dict:
    last = GENESIS
    for envelope in audit["events"]:
        envelope["hash"] = last = chain_hash(last, envelope)
    return audit


def first_of(audit: dict, match: Callable[[dict], bool]) -> dict:
    return next(e for e in audit["events"] if match(e["actor"]))


def test_verify_refuses_a_fallback_move_its_bot_would_not_have_chosen():
    audit = replaced().audit()
    envelope = first_of(audit, lambda actor: actor.get("reason") == "timeout")
    command = audit["commands"][envelope["command_id"]]
    legal = tables.legal_moves(tables.fold(_before(audit, envelope)), 0)
    command["command"] = next(move for move in legal if move != command["command"])

    verdict = verify(rechained(audit))

    assert not verdict.ok


def test_verify_refuses_the_registered_bot_moving_after_it_was_replaced():
    audit = replaced().audit()
    envelope = first_of(audit, lambda actor: actor.get("reason") == "replaced")
    for one in audit["events"]:
        if one["command_id"] == envelope["command_id"]:
            one["actor"] = {"kind": "bot", "seat": 0, "name": "Whiskers"}

    verdict = verify(rechained(audit))

    assert any("moved after it was replaced" in problem for problem in verdict.problems), verdict.problems


def test_verify_refuses_a_fallback_that_is_not_the_seats_own():
    audit = replaced().audit()
    envelope = first_of(audit, lambda actor: actor.get("reason") == "timeout")
    for one in audit["events"]:
        if one["command_id"] == envelope["command_id"]:
            one["actor"] = {**one["actor"], "name": "random"}

    verdict = verify(rechained(audit))

    assert any("or its fallback 'greedy'" in problem for problem in verdict.problems), verdict.problems


def _before(audit: dict, envelope: dict) -> list[dict]:
    """The events before ``envelope``, as the table folds them."""
    return [{"type": e["type"], "data": e["data"]} for e in audit["events"] if e["version"] < envelope["version"]]
