"""Felix: The Cat in the Sack (`felix`): nine auctions of a row of face-down cards, for 3 to 5 players.

The spec is shared/rules/felix.md (a copy in domain/rules/felix.md); each module names the sections it implements.

Modules:

- ``rules``: ``Felix``, the engine contract's adapter.
- ``content``: the card sets, mice and mouse cards per player count, and lookups on them (section 2).
- ``setup``: no options, and the events that deal the game (section 3).
- ``state``: the state's shape, the queries on it and ``evolve`` (4.1).
- ``moves``: who acts, the legal moves and ``decide``, with the reveals, the dog rule and the round end it
  brings about (4.2-4.10).
- ``scoring``: the end of the game, the scores and the tie-breaks (section 5).
- ``view``: what a seat sees, the events as it gets them, its secrets (section 7).
- ``text``: event lines, move labels, the table in words.
- ``bots``: the random and the greedy bot (section 10).
- ``sample``: a full state drawn from what one seat has seen, for a search (issue 34).
"""

from domain.felix.rules import Felix

RULES = Felix()
