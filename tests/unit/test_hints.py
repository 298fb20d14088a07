"""Hints (domain/hints.py): the table's ``hints`` setting, and the move the medium bot would play for a person's
seat, read from what the seat may see and nothing else."""

from __future__ import annotations

import random

import pytest

from domain import hints
from domain import table as tables
from domain.engine import BadOptions, IllegalMove, rng_for
from domain.secrecy import find_leaks
from tests.unit.clocked import SEED, Clocked

#: Moves played before a hint is asked: past each game's opening.
MOVES = 12
#: The games whose hints these tests ask.
GAMES = ("felix", "spots", "dogs", "dogslife")
PEOPLE_SEATS = [{"human": True}] * 3


def played(game: str, **settings: object) -> Clocked:
    """A table of people, ``MOVES`` moves into its game."""
    clocked = Clocked.of_people(game, **settings)
    clocked.play(lambda seat: True, until=lambda: clocked.table["version"] > MOVES)
    return clocked


def history(clocked: Clocked, seat: int) -> list[dict]:
    """The seat's redacted log of the game's own events, as the repository reads it from the store."""
    logged = ((e["version"], {"type": e["type"], "data": e["data"]}) for e in clocked.envelopes)
    return tables.game_history(clocked.table["type"], logged, seat)


def acting(table: tables.Table) -> int:
    """A seat whose person may act now."""
    return next(seat for seat in tables.to_act(table) if tables.turn(table, seat).may_act)


def opened_with(**settings: object) -> dict:
    """TableOpened's data for a Felix table of people opened with ``settings``."""
    command = tables.create("felix", {}, PEOPLE_SEATS, SEED, **settings)
    return tables.decide(None, None, command, rng_for(SEED, 1), SEED)[0]["data"]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_one_of_the_seats_legal_moves_chosen_from_what_the_seat_may_see(game: str) -> None:
    # Given a game of people under way, and a seat whose person may act
    clocked = played(game)
    table = clocked.table
    seat = acting(table)
    rules = tables.rules_of(table)

    # When the seat asks for a hint
    asked = hints.question(table, seat, lambda: history(clocked, seat))
    hint = hints.answer(game, asked, random.Random(7))

    # Then it is one of the game's legal moves for the seat, from the medium bot (greedy where there is none)
    assert hint.move in rules.legal_moves(table["game"], seat)
    assert hint.bot == ("medium" if "medium" in hints.level_bots(game) else "greedy")
    # And what the bot read hides every secret the seat may not learn
    secrets = rules.secrets(table["game"], seat)
    assert find_leaks([asked.view, asked.legal, asked.history], secrets) == []
    assert asked.view == rules.view(table["game"], seat)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hints_search_stops_within_a_time_budget_of_its_own(game: str) -> None:
    seconds = hints.level_bots(game)[hints.LEVEL].level.seconds  # type: ignore[attr-defined]

    assert seconds is not None and seconds <= 0.3


def never_read() -> list[dict]:
    raise AssertionError("a refused hint reads no log")


@pytest.mark.parametrize("settings", [{"hints": False}, {"rated": True}, {"rated": True, "hints": False}])
def test_a_table_without_hints_gives_none(settings: dict) -> None:
    # Given a running game at a table opened without hints
    clocked = Clocked("felix", PEOPLE_SEATS, **settings)
    for seat in range(3):
        clocked.send(seat, {"type": "ClaimSeat", "seat": seat, "player": f"player{seat}"})

    # Then a seat's ask is refused, and its view says the table gives none
    with pytest.raises(IllegalMove) as refused:
        hints.question(clocked.table, 0, never_read)
    assert refused.value.reason == "HintsOff"
    assert clocked.table["status"] == "running"
    assert tables.view(clocked.table, 0)["hints"] is False


def test_a_hint_is_refused_before_the_game_runs_and_to_a_seat_that_may_not_act() -> None:
    clocked = Clocked("felix", PEOPLE_SEATS)

    with pytest.raises(IllegalMove) as early:
        hints.question(clocked.table, 0, never_read)
    assert early.value.reason == "GameNotRunning"

    table = played("felix").table
    waiting = next(seat for seat in range(3) if seat not in tables.to_act(table))
    with pytest.raises(IllegalMove) as waits:
        hints.question(table, waiting, never_read)
    assert waits.value.reason == "NotYourTurn"
    assert "hints" not in tables.view(table, waiting)


def test_hints_are_recorded_only_where_they_differ_from_the_default() -> None:
    assert "hints" not in opened_with()
    assert "hints" not in opened_with(hints=True)
    assert opened_with(hints=False)["hints"] is False
    # A rated table has none by default: false says so again, and is not recorded.
    assert "hints" not in opened_with(rated=True)
    assert "hints" not in opened_with(rated=True, hints=False)


def test_a_rated_table_refuses_hints_naming_the_rule() -> None:
    with pytest.raises(BadOptions) as refused:
        tables.create("felix", {}, PEOPLE_SEATS, SEED, rated=True, hints=True)

    assert refused.value.option == "hints"
    assert "RatedNoHints" in refused.value.reason


@pytest.mark.parametrize("given", ["yes", 1, "false"])
def test_hints_is_true_or_false(given: object) -> None:
    with pytest.raises(BadOptions) as refused:
        tables.create("felix", {}, PEOPLE_SEATS, SEED, hints=given)

    assert refused.value.option == "hints"
