"""Hints (issue 34): what the ``medium`` bot would play in a person's seat, for a player learning the game.

A hint reads what the seat may see and nothing else (``Question``): its view, its game's legal moves (not the
table's undo commands) and its redacted log, the inputs a seat's search bot reads. It is advice, never recorded, so
it draws fresh randomness: two asks may differ where the search's playouts come out close. A game without a
``medium`` level (each of the four games has one) answers with its greedy bot's choice, and says so (``Hint.bot``).
The search runs while a request waits: medium's own budget is a time (0.2 s, domain/levels.py), read at every ply.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import Command, Event, View, require
from domain.levels import level_bots
from domain.playout import choose

#: The level whose choice a hint gives.
LEVEL = "medium"
#: The bot that answers where a game has no such level.
FALLBACK = "greedy"

@dataclass(frozen=True)
class Question:
    """All a hint reads: the seat's view, its game's legal moves and its redacted log."""

    view: View
    legal: list[Command]
    history: list[Event]


@dataclass(frozen=True)
class Hint:
    """The move a bot would play, and which bot chose it (``medium``, or ``greedy`` where the game has no medium)."""

    move: Command
    bot: str


def question(table: tables.Table, seat: int, history: Callable[[], list[Event]]) -> Question:
    """What a hint for ``seat`` reads now, its redacted log read with ``history`` only once a hint may be given;
    raise IllegalMove when none may: the table gives none (HintsOff), the game is not running (GameNotRunning), or
    the seat's person may not act now (NotYourTurn)."""
    require(tables.hints(table), "HintsOff", "this table gives no hints (a rated game, or one opened with hints false)")
    require(table["status"] == "running", "GameNotRunning", f"the game is {table['status']}, not running")
    rules = tables.rules_of(table)
    legal = rules.legal_moves(table["game"], seat)
    may_act = bool(legal) and tables.turn(table, seat).may_act
    require(may_act, "NotYourTurn", f"seat {seat} may not act now; seats to act: {tables.to_act(table)}")
    return Question(rules.view(table["game"], seat), legal, history())


def answer(game: str, asked: Question, rng: random.Random) -> Hint:
    """The move ``game``'s medium bot (else its greedy bot) chooses from ``asked`` alone, within medium's time."""
    medium = level_bots(game).get(LEVEL)
    name, bot = (LEVEL, medium) if medium is not None else (FALLBACK, GAMES[game].bots[FALLBACK])
    return Hint(choose(bot, asked.view, asked.legal, rng, asked.history), name)
