"""Spots (Крапки): push-your-luck dice for 1-5 players, solo against Pes (spec: domain/rules/spots.md).

The modules, by spec section:

- ``rules``: the ``Spots`` rules, the engine's adapter; each method one call into a module below (1).
- ``content``: the dog cards, the trick tiles and their steps, the tile sets, the counts (2).
- ``setup``: the options and their schema, and the events that start a game (3).
- ``state``: the state's shape, queries on it, and ``evolve`` (4.1).
- ``turns``: a turn's start and the automatic steps up to the next decision (4.2).
- ``procedures``: the working copy of a batch of events, and the procedures the tricks share: bury, bust,
  complete, refresh (4.3, 4.4, 4.7).
- ``tricks``: the tiles' steps and the machine that walks a trick through them (4.3, 4.5, 4.6).
- ``pes``: Pes's turn in a solo game (4.8).
- ``moves``: who acts, the automatic step due, the legal commands, and ``decide`` (4.9).
- ``commands``: what each command does once found legal (4.9).
- ``scoring``: the end of the game and its result (5).
- ``view``: what each seat may see (7).
- ``text``: the game in words: event lines, move labels, the table in the terminal.
- ``bots``: the built-in bots (10).
- ``lookahead``: the greedy bot's playouts against Pes in a solo game (10).

``make install`` compiles the modules on a random playout's path with mypyc (the Makefile's ``SPOTS_COMPILED``);
``domain.compiled`` checks that build before any of them is imported, and runs them from source if it is stale.
"""

from domain.compiled import guard

guard(__name__, __path__)

from domain.spots.rules import Spots  # noqa: E402  (after the guard, which decides where the modules load from)

RULES = Spots()

__all__ = ["RULES"]
