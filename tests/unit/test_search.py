"""The search bots (issue 34): information-set MCTS on what a seat has seen, at every game's levels.

Positions come from seeded greedy games; at each a seat's view, its legal moves and its redacted log are what the
search is given, and the true state beside them only to build a twin that differs in what the seat cannot see.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import cache

import orjson
import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import Command, Event, State, View, copy_json
from domain.playout import play
from domain.schedule import Action, next_action
from domain.search import Budget, SearchBot
from service.ops.verify import verify
from tests.unit.clocked import SEED, Clocked

#: (game, players) of the positions: every game at the sizes the levels are measured at, and solo Spots.
TABLES = [("felix", 4), ("spots", 2), ("spots", 1), ("dogs", 2), ("dogslife", 3)]
#: Positions kept per game: every this many decisions of its seat 0, up to so many.
EVERY = 7
POSITIONS = 6
#: A small budget: enough to walk the tree below the root's first moves.
SMALL = Budget(iterations=6)


@dataclass
class Position:
    """One decision of a seeded game: the true state, and what the deciding seat was given."""

    rules_id: str
    state: State
    seat: int
    view: View
    legal: list[Command]
    history: list[Event]


@cache
def positions(game: str, players: int) -> list[Position]:
    """Decisions of seat 0 in a greedy game, each with the state it was made in."""
    rules = GAMES[game]
    greedy = rules.bots["greedy"]
    now: list[State] = []
    kept: list[Position] = []

    def recorder(view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
        if len(legal) > 1 and len(kept) < POSITIONS and len(history) % EVERY == 0:
            kept.append(Position(game, rules.copy(now[-1]), view["you"], copy_json(view), legal, history))
        return greedy(view, legal, rng)

    recorder.reads_history = True  # type: ignore[attr-defined]
    play(rules, players, [recorder, *[greedy] * (players - 1)], f"search-{game}", on_event=lambda _, s: now.append(s))
    assert len(kept) >= 2, "the game gave too few positions"
    return kept


def searcher(game: str, budget: Budget = SMALL) -> SearchBot:
    """A search bot of ``game`` as its levels are made, with another budget."""
    level = GAMES[game].bots["medium"]
    assert isinstance(level, SearchBot)
    return SearchBot(game, budget, level.evaluate, level.policy, level.plies)


def every_position() -> list[tuple[str, int, int]]:
    return [(game, players, index) for game, players in TABLES for index in range(POSITIONS)]


def at(game: str, players: int, index: int) -> Position:
    found = positions(game, players)
    if index >= len(found):
        pytest.skip(f"the game gave {len(found)} positions")
    return found[index]


@pytest.mark.parametrize(("game", "players", "index"), every_position())
def test_a_search_returns_one_of_the_seat_s_legal_moves(game: str, players: int, index: int) -> None:
    position = at(game, players, index)

    move = searcher(game)(position.view, position.legal, random.Random(1), position.history)

    assert move in position.legal


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_search_with_an_iteration_budget_decides_the_same_for_the_same_seed(game: str, players: int) -> None:
    bot = searcher(game)
    for position in positions(game, players):
        args = position.view, position.legal

        assert bot(*args, random.Random(7), position.history) == bot(*args, random.Random(7), position.history)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_search_decides_alike_for_a_twin_state_that_differs_only_in_what_the_seat_cannot_see(
    game: str, players: int
) -> None:
    rules = GAMES[game]
    bot = searcher(game)
    differed = 0
    for position in positions(game, players):
        twin = rules.sample(position.view, position.history, random.Random(3))
        twin_view = rules.view(twin, position.seat)
        differed += orjson.dumps(twin, option=orjson.OPT_SORT_KEYS) != orjson.dumps(
            position.state, option=orjson.OPT_SORT_KEYS
        )

        assert twin_view == position.view
        assert bot(twin_view, position.legal, random.Random(5), position.history) == bot(
            position.view, position.legal, random.Random(5), position.history
        )
    # Spots hides only orders the twin may draw alike; the other games' hands and decks differ.
    assert differed or game == "spots"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_search_changes_neither_the_view_nor_the_log_it_reads(game: str, players: int) -> None:
    position = positions(game, players)[0]
    before = orjson.dumps([position.view, position.history])

    searcher(game)(position.view, position.legal, random.Random(2), position.history)

    assert orjson.dumps([position.view, position.history]) == before


def test_a_search_runs_exactly_its_iterations():
    position = positions("felix", 4)[0]

    root = searcher("felix", Budget(iterations=23)).search(position.view, position.history, random.Random(0))

    assert root.visits == 23
    assert sum(child.visits for child in root.children.values()) == 23


def test_a_search_with_a_time_budget_stops_once_its_time_is_up():
    position = positions("spots", 2)[0]
    bot = searcher("spots", Budget(seconds=0.2))

    began = time.perf_counter()
    root = bot.search(position.view, position.history, random.Random(0))
    spent = time.perf_counter() - began

    # The iteration under way at the deadline ends first: a few ms, and far more on a machine busy with other work.
    assert root.visits > 0 and 0.2 <= spent < 0.2 + 2.0


def test_a_search_whose_time_is_up_at_once_runs_no_iteration():
    position = positions("spots", 2)[0]

    assert searcher("spots", Budget(seconds=0.0)).search(position.view, position.history, random.Random(0)).visits == 0


def test_a_search_bot_needs_the_seat_s_history():
    position = positions("felix", 4)[0]

    with pytest.raises(ValueError, match="history"):
        searcher("felix")(position.view, position.legal, random.Random(0))


def winning_positions(game: str, players: int) -> list[tuple[Position, list[Command]]]:
    """Positions where some of the seat's moves end the game at once with the seat the winner, and some do not."""
    rules = GAMES[game]
    found = []
    greedy = rules.bots["greedy"]
    now: list[State] = []

    def recorder(view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
        seat = view["you"]
        winning = [move for move in legal if _wins(rules.id, rules.copy(now[-1]), seat, move)]
        if winning and len(winning) < len(legal):
            found.append((Position(game, rules.copy(now[-1]), seat, copy_json(view), legal, history), winning))
        return greedy(view, legal, rng)

    recorder.reads_history = True  # type: ignore[attr-defined]
    for seed in range(3):
        play(rules, players, [recorder] * players, f"winning-{seed}", on_event=lambda _, s: now.append(s))
    return found


def _wins(game: str, state: State, seat: int, move: Command) -> bool:
    rules = GAMES[game]
    state = rules.fold(rules.decide(state, seat, move, random.Random(0)), state)
    result = rules.result(state)
    return result is not None and result["winners"] == [seat]


def test_the_hard_search_takes_a_move_that_wins_at_once_when_some_of_its_moves_do_not():
    found = winning_positions("dogslife", 3)
    assert found, "no position with a winning move among losing ones"
    hard = GAMES["dogslife"].bots["hard"]

    for position, winning in found:
        assert hard(position.view, position.legal, random.Random(0), position.history) in winning


def test_a_search_bot_at_a_table_plays_from_its_seat_s_log_and_verify_recomputes_its_moves():
    clocked = Clocked("felix", [{"bot": "easy"}, {"bot": "greedy"}, {"bot": "greedy"}])
    searched = 0
    while clocked.running:
        action = next_action(clocked.table, clocked.event_time, clocked.now, SEED)
        assert isinstance(action, Action)
        searched += action.actor.get("name") == "easy"
        clocked.send(action.seat, action.command, action.actor)

    verdict = verify(clocked.audit())

    assert verdict.ok, verdict.problems
    assert searched > 0 and verdict.bot_moves >= searched


@pytest.mark.parametrize(("game", "players"), [("felix", 3), ("dogs", 2)])
def test_a_played_game_gives_a_bot_that_reads_history_its_seat_s_redacted_log_and_no_more(
    game: str, players: int
) -> None:
    rules = GAMES[game]
    greedy = rules.bots["greedy"]
    events: list[Event] = []
    given: list[tuple[int, int, list[Event]]] = []

    def reader(view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
        given.append((view["you"], len(events), history))
        return greedy(view, legal, rng)

    reader.reads_history = True  # type: ignore[attr-defined]
    play(rules, players, [reader, greedy, *[reader] * (players - 2)], "logs", on_event=lambda ev, _: events.append(ev))

    assert given and {seat for seat, _, _ in given} == {0, *range(2, players)}
    for seat, known, history in given:
        assert history == [rules.redact(ev, seat) for ev in events[:known]]


def test_a_table_gives_a_bot_that_reads_history_its_seat_s_redacted_log(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = GAMES["felix"]
    given: list[list[Event]] = []

    def reader(view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
        given.append(history)
        return legal[0]

    reader.reads_history = True  # type: ignore[attr-defined]
    monkeypatch.setitem(rules.bots, "reader", reader)
    clocked = Clocked("felix", [{"bot": "greedy"}, {"bot": "reader"}, {"bot": "greedy"}])
    known = 0
    while clocked.running and not given:
        known = len(clocked.envelopes)
        action = next_action(clocked.table, clocked.event_time, clocked.now, SEED)
        assert isinstance(action, Action)
        clocked.send(action.seat, action.command, action.actor)

    game_events = [
        {"type": envelope["type"], "data": envelope["data"]}
        for envelope in clocked.envelopes[:known]
        if envelope["type"] not in tables.TABLE_EVENTS
    ]
    assert given == [[rules.redact(ev, 1) for ev in game_events]]
