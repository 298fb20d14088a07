"""Felix: The Cat in the Sack (`felix`): nine auctions of a row of face-down cards, for 3 to 5 players.

Modules: ``content`` (the card sets, mice and mouse cards), ``state`` (its shape and ``evolve``), ``rules``
(setup, the dog rule, ``decide``, legal moves, the result), ``view`` (views, redacted events, secrets),
``bots``, ``text`` (event lines and the table in words) and ``game`` (the engine contract).
"""

from domain.felix.game import Felix

RULES = Felix()

__all__ = ["RULES", "Felix"]
