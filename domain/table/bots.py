"""The bots a table's seats may name: each game's built-in bots and its levels (domain/levels.py).

A level that plays from the seat's view and legal moves alone (``easy``) is a built-in bot like greedy: the table
chooses its moves with the rng the secret seed gives, and a replay recomputes them. A level that searches
(``medium``, ``hard``: it also reads the seat's redacted log, and its budget is partly a time) *thinks*: its move
depends on how fast the machine ran, so the table cannot choose it; the search worker does (workers/search.py), and
the table only checks that the move it brings is legal (a bot seat's own move, or the system's PlayFor with ``move``
for a person's seat).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Protocol, cast

from domain.catalogue import GAMES
from domain.engine import Bot, Command, Event, Rules, View


class Thinker(Protocol):
    """A level that thinks: a bot that also reads the seat's redacted log of the game."""

    reads_history: bool

    def __call__(self, view: View, legal: list[Command], rng: random.Random, history: list[Event]) -> Command:
        """The level's move."""


@cache
def levels_of(rules: Rules) -> dict[str, Bot]:
    """The game's levels by name (none for a game without a greedy bot, which every level builds on)."""
    # Imported on use: the levels' search plays out games with this package's scoring, which would import it first.
    from domain.levels import level_bots

    return level_bots(rules.id) if "greedy" in rules.bots else {}


def thinks(rules: Rules, name: str) -> bool:
    """True for a level of the game that searches: the search worker chooses its moves, not the table."""
    return bool(getattr(levels_of(rules).get(name), "reads_history", False))


def thinker_bot(rules: Rules, name: str) -> Thinker:
    """The level ``name`` of the game, which thinks; KeyError for a name that is not such a level."""
    if not thinks(rules, name):
        raise KeyError(name)
    return cast(Thinker, levels_of(rules)[name])


def timeout_bot(on_timeout: str) -> str | None:
    """The bot an ``on_timeout`` setting names ("bot:<name>"), None for one that names none ("forfeit")."""
    return on_timeout.removeprefix("bot:") if on_timeout.startswith("bot:") else None


def any_thinks(game_type: str, seats: list[dict], on_timeout: object) -> bool:
    """True when a table of ``game_type`` with these seat specs and this ``on_timeout`` would seat a level that
    thinks (False for a type there is no such game of: creating it is refused anyway)."""
    rules = GAMES.get(game_type)
    if rules is None:
        return False
    named = [spec.get("bot") for spec in seats]
    if isinstance(on_timeout, str):
        named.append(timeout_bot(on_timeout))
    return any(isinstance(name, str) and thinks(rules, name) for name in named)


def builtin_bots(rules: Rules) -> dict[str, Bot]:
    """The game's bots whose moves the table chooses: its own bots, and the levels that do not think."""
    chosen = {name: bot for name, bot in levels_of(rules).items() if not thinks(rules, name)}
    return {**chosen, **rules.bots}


def every_bot(rules: Rules) -> dict[str, Bot]:
    """Every bot of the game by name, those that think too: for games played in memory (``dogpark play``,
    ``dogpark rates``), where a search's clock changes no replay."""
    return {**levels_of(rules), **rules.bots}


def thinking_levels(rules: Rules) -> list[str]:
    """The game's levels that think, in the catalogue's order (weaker first)."""
    return [name for name in levels_of(rules) if thinks(rules, name)]


def bot_names(rules: Rules) -> list[str]:
    """Every bot a seat of the game may name, or its ``on_timeout`` may: the built-in ones, then those that think."""
    return [*sorted(builtin_bots(rules)), *thinking_levels(rules)]
