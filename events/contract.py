"""The event store's contract: the ``Store`` protocol, what an append takes and gives, and the checks every store
makes of an append before it writes anything.

Two stores keep it: RedisStore (events/store.py), which the service runs on, and MemoryStore (events/memory.py).
One suite, written against ``Store``, runs on each: tests/integration/test_store_contract.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from events.envelope import Actor, Envelope, canonical_bytes

#: A game's hashes that the service owns, which an append's extra HSETs may write; the store's own it may not.
EXTRA_KEYS = ("meta", "tokens", "commands")

#: An extra HSET applied with an append: (key suffix, field, value).
Extra = tuple[str, str, str]
#: The commands an index write may be.
INDEX_COMMANDS = ("hset", "zadd", "publish")
#: A zadd's score as an index write gives it: a decimal number Redis and Python read alike.
SCORE = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


class IndexWrite(NamedTuple):
    """A write an append makes outside the game: ``hset`` key field value, ``zadd`` key member score (``value``), or
    ``publish`` on the channel ``key`` the message ``field`` (``value`` unused)."""

    command: str
    key: str
    field: str
    value: str


class Conflict(Exception):
    """The game moved on: it was at ``actual`` events, not the ``expected`` the command was decided on."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, the game is at {actual}")
        self.expected = expected
        self.actual = actual


class BrokenChain(ValueError):
    """The previous hash given to append is not the hash of the game's last event."""


@dataclass(frozen=True)
class AppendResult:
    """What an append wrote (or, for a repeated command id, what its first append wrote)."""

    first: int
    last: int
    duplicate: bool
    envelopes: list[Envelope]


class Store(Protocol):
    """The event store: each game an append-only, hash-chained log of envelopes, numbered from 1, written at most once
    per command id; beside it the snapshots of the game's state and the service's hashes of the game."""

    def append(
        self,
        game_id: str,
        expected_version: int,
        prev_hash: str,
        command_id: str,
        events: list[dict[str, Any]],
        actor: Actor,
        extra: list[Extra] | None = None,
        at: float | None = None,
        index: list[IndexWrite] | None = None,
    ) -> AppendResult:
        """Seal ``events`` and append them in one atomic step, if the game is at ``expected_version`` and its last
        event's hash is ``prev_hash``, at most once per ``command_id``.

        A repeated ``command_id`` writes nothing and returns what its first append wrote (``duplicate``). Raises
        Conflict for another version, BrokenChain for another hash, ValueError or a ValidationError for an append
        the store refuses, each before anything is written. ``at`` is the server time sealed into the envelopes
        (default: now). ``extra`` (HSETs of the game's service hashes) and ``index`` (writes outside the game) are
        written with the events or not at all.
        """

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Envelope]:
        """The game's envelopes after version ``after``, oldest first, at most ``limit`` of them."""

    def read_back(self, game_id: str, through: int, limit: int) -> list[Envelope]:
        """The game's envelopes up to version ``through``, newest first, at most ``limit`` of them."""

    def event_times(self, game_id: str, versions: list[int]) -> dict[int, float]:
        """The server times of the game's events at ``versions``; a version the game has no event at is left out."""

    def version(self, game_id: str) -> int:
        """The number of events the game has (0 for an unknown game)."""

    def recorded(self, game_id: str, command_id: str) -> AppendResult | None:
        """What the append of ``command_id`` wrote (``duplicate``), or None if it was never appended."""

    def exists(self, game_id: str) -> bool:
        """True once the game has at least one event."""

    def read_hash(self, game_id: str, suffix: str) -> dict[str, str]:
        """All fields of one of the game's service hashes (``meta``, ``tokens`` or ``commands``)."""

    def read_field(self, game_id: str, suffix: str, field: str) -> str | None:
        """One field of one of the game's service hashes, or None if it has none such."""

    def save_snapshot(self, game_id: str, tag: str, version: int, state: Any, keep: bool = False) -> None:
        """Keep ``state`` as of ``version`` under ``tag`` ("<game type>:<state_version>"), replacing the newest one;
        with ``keep``, also among the game's past snapshots, which ``load_at`` starts from (the caller keeps one
        every so many versions, which bounds how many a game has)."""

    def load_snapshot(self, game_id: str, tag: str) -> tuple[int, Any] | None:
        """The newest (version, state) saved under ``tag``, or None."""

    def load(self, game_id: str, tag: str) -> tuple[int, Any, list[Envelope]]:
        """(snapshot version, snapshot state or None, the envelopes after it), as of one moment of the game."""

    def load_at(self, game_id: str, tag: str, version: int) -> tuple[int, Any, list[Envelope]]:
        """The game up to ``version``: (the version of the nearest snapshot under ``tag`` at or before it, the newest
        or a kept one, or 0; its state or None; the envelopes after it up to ``version``), as of one moment."""


def check_service_key(suffix: str) -> str:
    """``suffix`` if it names one of the service's hashes, which extra HSETs may write; else ValueError."""
    if suffix not in EXTRA_KEYS:
        raise ValueError(f"only the hashes {EXTRA_KEYS} are the service's, not {suffix!r}")
    return suffix


def check_extra(extra: list[Extra] | None) -> list[Extra]:
    """The extra HSETs as a list, refusing any aimed at the store's own keys."""
    return [(check_service_key(suffix), field, value) for suffix, field, value in extra or []]


def check_index(index: list[IndexWrite] | None) -> list[IndexWrite]:
    """The index writes as a list, refusing an unknown command, a key of a game's, or a score that is no number."""
    checked = []
    for write in index or []:
        write = IndexWrite(*write)
        if write.command not in INDEX_COMMANDS:
            raise ValueError(f"an index write is one of {INDEX_COMMANDS}, not {write.command!r}")
        if write.key.startswith("game:"):
            raise ValueError(f"an index write may not touch a game's key or channel ({write.key!r})")
        # Redis refuses a score that is not a number only once the events are written, which no script undoes.
        if write.command == "zadd" and not SCORE.fullmatch(write.value):
            raise ValueError(f"a zadd's score is a number, not {write.value!r}")
        checked.append(write)
    return checked


def check_command_id(command_id: str) -> None:
    """ValueError for an empty command id: the empty field of a game's ``cmds`` hash holds its head, not a record."""
    if not command_id:
        raise ValueError("a command id is a non-empty string")


def command_record(first: int, last: int) -> str:
    """The JSON kept under a command id: the span of versions its append wrote."""
    # As json.dumps({"first": first, "last": last}) spells it, without its encoder's cost on every append.
    return f'{{"first": {first}, "last": {last}}}'


def snapshot_json(version: int, state: Any) -> bytes:
    """A snapshot as stored: version first, so a reader can find it without decoding the state."""
    return b'{"version":%d,"state":%s}' % (int(version), canonical_bytes(state))
