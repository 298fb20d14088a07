"""A Dog's Life (2001 rules), for 2-6 players: each dog roams the city for food and bones, buries them in its den, and
keeps out of the dogcatcher's truck; the first to bury ``bone_target`` bones wins (spec: shared/rules/dogslife.md).

Modules, each named for what it holds (the spec sections in brackets):
- ``rules``: the engine contract's adapter, ``DogsLife``; each method one call into the modules below.
- ``content``: the dogs, their decks and the supplies, loaded from ``content/`` (§2.3-2.5), and the static content.
- ``board``: the city board, its spaces and adjacency (§2.2).
- ``setup``: the options and the events that start a game (§3).
- ``state``: the state, its queries and ``evolve`` (§4.1); ``Play``, a command being decided.
- ``moves``: ``to_act``, ``automatic``, ``legal_moves`` and ``decide``, with what each command does (§4.10).
- ``actions``: when each action of phase 2 is legal (§4.3).
- ``cards``: shuffling and drawing a card, resolving a find (§4.4-4.5).
- ``pound``: the forced drop and the pound, in and out (§4.6, §4.2).
- ``turns``: whose turn starts next, and phase 1, hunger or pound (§4.1-4.2).
- ``truck``: phase 3, the dogcatcher's truck (§4.7).
- ``scoring``: the end of the game, the timed variant's end and the result (§5, §4.9).
- ``view``: hidden information: ``view``, ``redact``, ``secrets`` (§7).
- ``text``: the game in words: ``describe``, ``label``, ``render``.
- ``bots``: the built-in bots (§10).
"""

from domain.dogslife.rules import DogsLife

RULES = DogsLife()

__all__ = ["RULES"]
