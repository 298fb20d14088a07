"""Counter (`counter`): two seats take turns adding 1 or 2 to a shared total; a benchmark's game, hidden by default.

The smallest game that exercises the whole command path: every move is one event and passes the turn, every
legal move is cheap to decide, and nothing is hidden. The peer benchmark (tests/bench/peer.py, docs/peer.md)
plays it against dogpark and against the same game written for boardgame.io (tests/bench/peer/game.js). The
server offers it only when DOGPARK_EXTRA_GAMES names it (domain/catalogue.py). Its rules: domain/rules/counter.md.

Modules:

- ``rules``: ``Counter``, the engine contract's adapter.
- ``content``: the fixed numbers (the players, the steps a move may add, the moves a game may last).
- ``setup``: the options and the event that starts a game.
- ``state``: the state's shape and ``evolve``.
- ``moves``: who is on turn, the legal moves and ``decide``.
- ``scoring``: the end of the game, the scores and the winners.
- ``view``: the views (nothing is hidden).
- ``text``: event lines, move labels, the table in one line.
- ``bots``: the random bot.
"""

from domain.counter.rules import Counter

RULES = Counter()
