"""The table: what every game shares around its rules (seats, start, the secret seed, clocks).

A table is itself a decider. Its own events frame a game's events:

- ``TableOpened`` (type, options, seats, the SHA-256 of the secret seed, the table's limits and settings),
- ``SeatClaimed`` for each human seat,
- then the game's own events once every seat is filled, with the table's seat events (``clocks``) between them,
- ``GameAbandoned`` if the table ends the game itself (see below),
- ``SeedRevealed`` in the same batch as the event that ends the game.

A table ends a game the rules have not ended in two cases, both recorded in ``TableOpened`` so that a replay
needs no settings:

- ``max_events``: a running game whose log reaches this many events is abandoned by the batch that reaches
  it (after that batch's own events), so no game runs for ever;
- ``open_seconds``: an open table nobody filled in this time is expired by the system's ``ExpireGame``
  command, issued by the schedule ``open_seconds`` after ``TableOpened``; only the start of the game ends
  that deadline, a claim does not.

An abandoned game is ``finished`` like any other, with no winners; its result says why it was abandoned.
A table opened before these limits existed has neither.

The table's settings (``SETTINGS``) are in CreateGame and TableOpened only when given, so a table without them
logs exactly as before: ``clock``, ``on_timeout``, ``absent_after``, ``hotseat`` (without it, one player may
not hold two seats of a game: ``PlayerSeated``), ``rated`` (its result updates its players' ratings, so each of
its persons' seats is claimed by a player: ``RatedSeat``; never a hotseat game), ``private`` (a seat is claimed
only with an invitation, which the claim's ``SeatClaimed`` records as ``invited``, without its code:
``PrivateTable``), ``vacation_days`` (the most days each seat's clock may pause for its player's vacation:
``vacations``), ``spectator_chat`` (false: the table's spectators may not chat; recorded only when false),
``spectator_delay`` (spectators read the running game that many moves behind; recorded only when above 0) and
``hints`` (a seat may ask what the ``medium`` bot would play: domain/hints.py; true by default at an unrated
table, recorded only when false there; a rated table has none and refuses true). A
seat may be kept for a named player at any table (``reserved``): only that player claims it (``SeatReserved``).
``undo`` (off, safe, ask) says how far a seat may take back its own decisions
(domain/table/undo.py): ``Undone`` returns the game to an earlier version, and the log goes on from there.

The event store, the API, the workers and ``dogpark verify`` all go through ``decide`` and ``evolve`` here, so a
replay is the same code as the live game. Callers import the package (``from domain import table as tables``);
its modules:

- ``state``: the table's shape, its own events, ``evolve`` and ``fold``.
- ``creation``: a new table's CreateGame command, its seats, limits and settings checked; the seed's commitment.
- ``bots``: the bots a seat may name: the game's built-in bots and its levels, and which levels think (search).
- ``seats``: who plays each seat now (a person, its own bot, a fallback bot) and a built-in bot's move.
- ``clocks``: the clock setting, the clock events that end a batch, a clock's expiry.
- ``vacations``: a seat's clock paused for its player's vacation, within the table's ``vacation_days``.
- ``decider``: ``decide`` and ``apply``: a command's events and what the batch then brings about.
- ``undo``: the ``undo`` setting: which undos a seat may make, decided from the log, and the fold of ``Undone``.
- ``scoring``: the result, with resigned and forfeited seats ranked lower.
- ``view``: the table as a seat sees it, and each event as redacted for it.
- ``text``: what each event says, as a message in the catalogues; the players' names.
"""

from domain.table.bots import (
    Thinker,
    any_thinks,
    bot_names,
    builtin_bots,
    every_bot,
    levels_of,
    thinker_bot,
    thinking_levels,
    thinks,
)
from domain.table.clocks import MAX_SECONDS
from domain.table.creation import MAX_ABSENT_AFTER, MAX_SPECTATOR_DELAY, create, seed_digest
from domain.table.decider import ANYTIME, EXPIRE, SYSTEM_SEAT_COMMANDS, apply, decide
from domain.table.scoring import result
from domain.table.seats import (
    DEFAULT_BOT,
    Turn,
    bot_move,
    choices,
    controller,
    fallback_bot,
    label,
    legal_moves,
    standing,
    thinker,
    to_act,
    turn,
)
from domain.table.state import (
    BOT_REPLACED,
    LIMITS,
    SEAT_EVENTS,
    SETTINGS,
    SHAPE,
    TABLE_EVENTS,
    Table,
    evolve,
    fold,
    game_version,
    hints,
    rules_of,
    spectator_chat,
    spectator_delay,
)
from domain.table.text import bot_name, describe, names
from domain.table.vacations import seconds_left, vacation_days
from domain.table.view import game_history, public_seats, redact, view

__all__ = [
    "ANYTIME",
    "BOT_REPLACED",
    "DEFAULT_BOT",
    "EXPIRE",
    "LIMITS",
    "MAX_ABSENT_AFTER",
    "MAX_SECONDS",
    "MAX_SPECTATOR_DELAY",
    "SEAT_EVENTS",
    "SETTINGS",
    "SHAPE",
    "SYSTEM_SEAT_COMMANDS",
    "TABLE_EVENTS",
    "Table",
    "Thinker",
    "spectator_chat",
    "spectator_delay",
    "Turn",
    "any_thinks",
    "apply",
    "bot_move",
    "bot_name",
    "bot_names",
    "every_bot",
    "builtin_bots",
    "choices",
    "controller",
    "create",
    "decide",
    "describe",
    "evolve",
    "fallback_bot",
    "fold",
    "game_history",
    "game_version",
    "hints",
    "label",
    "legal_moves",
    "levels_of",
    "names",
    "public_seats",
    "redact",
    "result",
    "rules_of",
    "seed_digest",
    "standing",
    "to_act",
    "seconds_left",
    "thinker",
    "thinker_bot",
    "thinking_levels",
    "thinks",
    "turn",
    "vacation_days",
    "view",
]
