"""Delayed spectators: where a game's moves begin, and the horizon its spectators read it up to while it runs.

A table opened with ``spectator_delay: n`` keeps its spectators ``n`` moves behind the game (docs/streams.md,
"Delayed spectators"). A **move** is one seat's decision: one append whose actor is a seat (its person, or a bot
deciding for it), made once the game started. System steps (a clock's expiry, the dogcatcher truck, Pes) are not
moves, and neither are the claims before the start; they show when the move before them does. The spectators'
**horizon** is the version just before the oldest of the game's latest ``n`` moves began (the version the game
had when that move was made): they read the log up to it and the game as it stood there, never past it, until the
game ends, when the whole game is theirs.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator

from domain import table as tables
from events.contract import Store
from events.envelope import Envelope
from service.core.repository import Loaded, Repository

#: Envelopes read at a time when looking back through a log for its latest moves.
LOOK_BACK_PAGE = 64
#: Horizons a process keeps, by game, version and the hash the log ends with there (a log that lost its end to a
#: Redis that lost writes goes on under other hashes), the oldest dropped first.
MOST_HORIZONS = 10_000
_HORIZONS: dict[tuple[str, int, str | None], int] = {}
_KEEPING = threading.Lock()


class Moves:
    """Where a delayed game's latest moves began (at most its delay's number of them, oldest first)."""

    def __init__(self, delay: int, starts: list[int]) -> None:
        self.starts: deque[int] = deque(starts, maxlen=delay)

    def add(self, first: Envelope, offset: int | None) -> None:
        """Note an append, given its first envelope and the table's offset after it: a move moves the horizon."""
        if opens_move(first, offset):
            self.starts.append(first["version"])

    def horizon(self, table: tables.Table, version: int) -> int:
        """The last version spectators may read of the game at ``version``: the whole of a finished game."""
        if table["status"] == "finished" or not self.starts:
            return version
        return self.starts[0] - 1


def opens_move(first: Envelope, offset: int | None) -> bool:
    """Whether the append that begins with ``first`` is a move: a seat's decision once the game started."""
    return offset is not None and first["version"] > offset and "seat" in first["actor"]


def latest_moves(store: Store, game_id: str, table: tables.Table, version: int) -> Moves | None:
    """The latest moves of a delayed game at ``version``, read back from its log (None: the table has no delay)."""
    delay = tables.spectator_delay(table)
    if not delay:
        return None
    starts: list[int] = []
    offset = table["offset"]
    if offset is not None and table["status"] != "finished":
        for first in _appends_back(store, game_id, version):
            if first["version"] <= offset:
                break
            if opens_move(first, offset):
                starts.append(first["version"])
                if len(starts) == delay:
                    break
    return Moves(delay, starts[::-1])


def horizon(store: Store, game_id: str, table: tables.Table, version: int, last_hash: str | None = None) -> int:
    """The last version of the game (at ``version``) its spectators may read now.

    Given the hash its log ends with, the horizon is kept by the process: every spectator of a delayed game reads the
    same version of it after each move, and the horizon is a look back through the log.
    """
    key = (game_id, version, last_hash)
    if last_hash is not None and (found := _HORIZONS.get(key)) is not None:
        return found
    moves = latest_moves(store, game_id, table, version)
    if moves is None:
        return version
    found = moves.horizon(table, version)
    if last_hash is not None:
        with _KEEPING:
            _HORIZONS[key] = found
            while len(_HORIZONS) > MOST_HORIZONS:
                del _HORIZONS[next(iter(_HORIZONS))]
    return found


def as_spectators_see(repo: Repository, loaded: Loaded) -> Loaded:
    """The game its spectators may read now: ``loaded`` itself, or the game at their horizon while it is delayed."""
    version = horizon(repo.store, loaded.game_id, loaded.table, loaded.version, loaded.last_hash)
    return loaded if version == loaded.version else repo.load_past(loaded.game_id, version)


def _appends_back(store: Store, game_id: str, through: int) -> Iterator[Envelope]:
    """The first envelope of each append up to version ``through``, newest first (one append's share a command id)."""
    run: Envelope | None = None
    while through > 0:
        page = store.read_back(game_id, through, LOOK_BACK_PAGE)
        if not page:
            break
        for envelope in page:
            if run is not None and envelope["command_id"] != run["command_id"]:
                yield run
            run = envelope
        through = page[-1]["version"] - 1
    if run is not None:
        yield run
