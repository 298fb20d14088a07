"""The bot levels at the table (docs/bots.md, "Levels"): ``easy`` a built-in bot whose moves verify recomputes;
``medium`` and ``hard`` levels that think, whose turns the schedule hands to the search worker (``Think``) and whose
moves come back as the seat's own or as the system's PlayFor with the move. In memory: the search worker's part is
played by the test, with the level itself, given what the seat may see."""

from __future__ import annotations

import pytest

from domain import table as tables
from domain.engine import BadOptions, IllegalMove, bot_rng
from domain.schedule import Action, Think, next_action
from service.ops.verify import verify
from tests.unit.clocked import SEED, Clocked


def think(clocked: Clocked, due: Think) -> None:
    """What the search worker does for a Think: the level's move from the seat's view, legal moves, rng and log."""
    table = clocked.table
    rules, game = tables.rules_of(table), table["game"]
    logged = ((envelope["version"], envelope) for envelope in clocked.envelopes)
    history = tables.game_history(table["type"], logged, due.seat)
    rng = bot_rng(SEED, table["version"], due.seat)
    bot = tables.thinker_bot(rules, due.level)
    move = bot(rules.view(game, due.seat), rules.legal_moves(game, due.seat), rng, history)
    action = due.action(move)
    clocked.send(action.seat, action.command, action.actor)


def play(clocked: Clocked) -> None:
    """Play to the end: the system's actions as the workers run them, the searches as the search worker runs them."""
    while clocked.running:
        due = next_action(clocked.table, clocked.event_time, clocked.now, SEED)
        if isinstance(due, Think):
            think(clocked, due)
        else:
            assert isinstance(due, Action)
            clocked.send(due.seat, due.command, due.actor)


def audit(clocked: Clocked) -> dict:
    return {"events": clocked.envelopes, "seed": SEED, "commands": clocked.commands}


def resigned(on_timeout: str) -> Clocked:
    """A Felix game of people whose seat on turn resigned: ``on_timeout``'s bot plays it from now on."""
    clocked = Clocked.of_people("felix", clock={"turn_seconds": 60}, on_timeout=on_timeout)
    seat = tables.to_act(clocked.table)[0]
    clocked.send(seat, {"type": "Resign"})
    return clocked


def test_every_game_with_a_greedy_bot_offers_easy_medium_and_hard_and_only_medium_and_hard_think():
    from domain.catalogue import GAMES

    names = {game: tables.bot_names(rules) for game, rules in GAMES.items()}
    thinking = {game: tables.thinking_levels(rules) for game, rules in GAMES.items()}

    for game in ("felix", "spots", "dogs"):
        assert {"easy", "medium", "hard"} <= set(names[game]) and thinking[game] == ["medium", "hard"]
    assert "easy" in names["dogslife"]
    assert all("easy" in tables.builtin_bots(GAMES[game]) for game in GAMES)


def test_an_easy_seat_is_a_built_in_bot_whose_every_move_verify_recomputes():
    clocked = Clocked("felix", [{"bot": "easy"}, {"bot": "greedy"}, {"bot": "random"}])

    play(clocked)
    verdict = verify(audit(clocked))

    easy_moves = {e["command_id"] for e in clocked.envelopes if e["actor"].get("name") == "easy"}
    bot_moves = {e["command_id"] for e in clocked.envelopes if e["actor"]["kind"] == "bot"}
    assert verdict.ok, verdict.problems
    assert easy_moves and verdict.bot_moves == len(bot_moves)


def test_a_hard_seats_turn_is_a_think_for_the_search_worker_and_its_actor_is_the_seats_bot():
    clocked = Clocked("felix", [{"bot": "random"}, {"bot": "hard"}, {"bot": "random"}])
    while (due := next_action(clocked.table, clocked.event_time, clocked.now, SEED)) is not None and isinstance(
        due, Action
    ):
        clocked.send(due.seat, due.command, due.actor)

    assert due == Think(1, "hard", {"kind": "bot", "seat": 1, "name": "hard"})
    assert due.action({"type": "Pass"}) == Action(1, {"kind": "bot", "seat": 1, "name": "hard"}, {"type": "Pass"})


def test_a_game_with_a_medium_seat_ends_and_verify_checks_its_moves_legal_without_recomputing_them():
    clocked = Clocked("felix", [{"bot": "medium"}, {"bot": "greedy"}, {"bot": "random"}])

    play(clocked)
    verdict = verify(audit(clocked))

    by = {}
    for envelope in clocked.envelopes:
        by.setdefault(envelope["actor"].get("name"), set()).add(envelope["command_id"])
    assert verdict.ok, verdict.problems
    assert by["medium"] and verdict.bot_moves == len(by["greedy"] | by["random"])


def test_verify_fails_a_medium_seats_move_the_log_names_another_actor_for():
    clocked = Clocked("felix", [{"bot": "medium"}, {"bot": "greedy"}, {"bot": "random"}])
    play(clocked)
    forged = audit(clocked)
    first = next(e for e in forged["events"] if e["actor"].get("name") == "medium")
    for envelope in forged["events"]:
        if envelope["command_id"] == first["command_id"]:
            envelope["actor"] = {"kind": "bot", "seat": 0, "name": "hard"}

    verdict = verify(forged)

    assert any("'medium' bot's, but the log names" in problem for problem in verdict.problems), verdict.problems


def test_a_resigned_persons_seat_at_level_medium_is_a_think_whose_move_play_for_brings_and_the_seat_stays_resigned():
    clocked = resigned("bot:medium")
    seat = tables.to_act(clocked.table)[0]

    due = next_action(clocked.table, clocked.event_time, clocked.now, SEED)
    assert due == Think(seat, "medium", {"kind": "bot", "seat": seat, "name": "medium", "for": "resigned"})
    move = tables.legal_moves(clocked.table, seat)[0]
    action = due.action(move)
    events = clocked.send(action.seat, action.command, action.actor)

    assert action.command == {"type": "PlayFor", "seat": seat, "move": move} and action.seat is None
    assert events and clocked.table["clocks"][seat]["resigned"]


def test_play_for_without_a_move_is_refused_for_a_thinking_level_and_with_one_for_a_built_in_bot():
    thinking, built_in = resigned("bot:hard"), resigned("bot:greedy")
    seat = tables.to_act(thinking.table)[0]
    move = tables.legal_moves(built_in.table, tables.to_act(built_in.table)[0])[0]

    with pytest.raises(IllegalMove) as bare:
        thinking.send(None, {"type": "PlayFor", "seat": seat})
    with pytest.raises(IllegalMove) as carried:
        built_in.send(None, {"type": "PlayFor", "seat": tables.to_act(built_in.table)[0], "move": move})

    assert bare.value.reason == carried.value.reason == "BadArgument"


def test_a_move_play_for_brings_for_a_thinking_level_must_be_legal():
    clocked = resigned("bot:medium")
    seat = tables.to_act(clocked.table)[0]

    with pytest.raises(IllegalMove) as bad_bid:
        clocked.send(None, {"type": "PlayFor", "seat": seat, "move": {"type": "Bid", "amount": -3}})
    with pytest.raises(IllegalMove) as resign:
        clocked.send(None, {"type": "PlayFor", "seat": seat, "move": {"type": "Resign"}})

    assert (bad_bid.value.reason, resign.value.reason) == ("WrongPhase", "UnknownCommand")


def test_a_seat_or_on_timeout_may_name_a_level_and_a_registered_bots_fallback_may_not_think():
    created = tables.create(
        "felix",
        {},
        [{"bot": "hard"}, {"bot": "easy"}, {"human": True}],
        SEED,
        clock={"turn_seconds": 30},
        on_timeout="bot:medium",
    )
    registered = {"whiskers": {"id": "b1", "name": "Whiskers", "games": ["felix"], "replace_after": 3}}

    with pytest.raises(BadOptions) as thinking_fallback:
        tables.create(
            "felix",
            {},
            [{"bot": "whiskers", "fallback": "hard"}, {"bot": "random"}, {"bot": "random"}],
            SEED,
            registered=registered,
        )

    assert [spec.get("bot") for spec in created["seats"]] == ["hard", "easy", None]
    assert created["on_timeout"] == "bot:medium"
    assert thinking_fallback.value.option == "seats[0].fallback"
