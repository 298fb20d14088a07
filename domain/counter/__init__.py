"""Counter (`counter`): two seats take turns adding 1 or 2 to a shared total; a benchmark's game, hidden by default.

The smallest game that exercises the whole command path: every move is one event and passes the turn, every
legal move is cheap to decide, and nothing is hidden. The peer benchmark (tests/bench/peer.py, docs/peer.md)
plays it against dogpark and against the same game written for boardgame.io (tests/bench/peer/game.js). The
server offers it only when DOGPARK_EXTRA_GAMES names it (domain/catalogue.py).

Modules: ``state`` (its shape and ``evolve``), ``rules`` (setup, ``decide``, legal moves, the result), ``view``
(views; nothing is hidden), ``bots``, ``text`` (event lines, move labels, the table in words) and ``game`` (the
engine contract).
"""

from domain.counter.game import Counter

RULES = Counter()

__all__ = ["RULES", "Counter"]
