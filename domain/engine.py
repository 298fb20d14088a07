"""The shared game engine: the contract every game's rules module implements.

A game is a decider. Events and commands are plain JSON-ready dicts so that the
event store, the API and the tests never need to know a game's classes.

- An event is ``{"type": "CardPlayed", "data": {...}}`` (type in the past tense).
- A command is ``{"type": "PlayCard", ...args}`` (imperative). Who issues it is
  passed beside it as ``seat``: an ``int`` for a seat, ``None`` for the system
  (automatic steps such as the dogcatcher truck or the Spots solo opponent).
- A state is whatever ``evolve`` builds, but it must survive a JSON round trip
  unchanged (``json.loads(json.dumps(state)) == state``) because snapshots are
  stored as JSON: use lists indexed by seat and string keys only.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NotRequired, TypedDict

import orjson

from domain.choices import Node, Step, tree
from domain.language import Message, render
from domain.language import message as msg

Event = dict[str, Any]
Command = dict[str, Any]
State = Any
Seat = int | None
View = dict[str, Any]
#: Something a seat must not learn: a string (a hidden card's id, say) that may not occur as any value or key
#: of its view or of an event as redacted for it; or a tuple of two or more values (a shuffled order) that may
#: not occur as consecutive items of any list there.
Secret = str | tuple[Any, ...]
Bot = Callable[[View, list[Command], random.Random], Command]


class IllegalMove(Exception):
    """A command the rules refuse; ``reason`` is a short CamelCase rule name."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail or reason


class BadOptions(Exception):
    """Game options that cannot be played; names the option and why."""

    def __init__(self, option: str, reason: str) -> None:
        super().__init__(f"{option}: {reason}")
        self.option = option
        self.reason = reason


class Automatic(TypedDict):
    """A system step: issue ``command`` with seat None once ``delay`` seconds have passed.

    ``delay`` counts from the time of the game's event number ``since`` (1-based,
    counting the game's own events as folded by evolve). A step with delay 0 is
    due at once and comes before any seat's decision; a delayed one (a deadline,
    a timed end) waits while seats may still act. ``seat`` names the seat a
    deadline waits on (views show it beside the deadline); absent: none.
    """

    command: Command
    delay: float
    since: int
    seat: NotRequired[int]


class Rules(ABC):
    """One game's rules. Pure: no I/O, no clock, randomness only from the rng given."""

    id: str
    name: str
    min_players: int
    max_players: int
    #: JSON Schema (2020-12) of the options object, published in the catalogue.
    options_schema: dict[str, Any]
    #: Bump when the state's shape changes, so stored snapshots are rebuilt.
    state_version: int = 1
    #: Built-in bots by name; each gets the seat's view and legal moves only.
    bots: dict[str, Bot]
    #: The bots that played otherwise before the bots' revision 1, as they played then, by name: the moves of a
    #: table opened before it are recomputed with them (domain.table.state.BOTS_REVISION).
    earlier_bots: Mapping[str, Bot] = MappingProxyType({})
    #: The event types after which the terminal draws the table again (``render``), as `dogpark play` does.
    redraw_after: frozenset[str] = frozenset({"RoundStarted", "TurnStarted", "GameEnded"})

    @abstractmethod
    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Return complete options with defaults filled in; raise BadOptions."""

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
        """Return the events that start a game, every chance outcome recorded in them."""

    @abstractmethod
    def evolve(self, state: State | None, event: Event) -> State:
        """Apply one event; total, no checks, no randomness. May update ``state`` in place."""

    @abstractmethod
    def decide(self, state: State, seat: Seat, command: Command, rng: random.Random) -> list[Event]:
        """Return the events a command causes, or raise IllegalMove. Never mutates ``state``."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Command]:
        """Every command ``decide`` accepts from ``seat`` now, and nothing else."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """The seats that may act now (empty while an automatic step is due or after the end)."""

    @abstractmethod
    def automatic(self, state: State) -> list[Automatic]:
        """The system steps pending now (usually none or one)."""

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs; then ``{"scores": [...], "winners": [seats]}``."""

    # A view may share its parts with the state, which evolve changes in place: a caller reads (or serialises) a view
    # before the state moves on and never changes it, and a bot copies what it plays out (the contract checks it).
    @abstractmethod
    def view(self, state: State, seat: Seat) -> View:
        """The state as ``seat`` may see it (None: a spectator); everything once the game is over."""

    @abstractmethod
    def redact(self, event: Event, seat: Seat) -> Event:
        """The event as ``seat`` may see it (None: a spectator)."""

    @abstractmethod
    def secrets(self, state: State, seat: Seat) -> list[Secret]:
        """What ``seat`` (None: a spectator) may not learn now from its view or its redacted events."""

    @abstractmethod
    def message(self, event: Event) -> Message:
        """What an event says, as a message of the game's catalogues (rendered in a reader's language)."""

    def describe(self, event: Event) -> str:
        """One English line for an event, as the CLI prints it."""
        return render(self.message(event))

    @abstractmethod
    def label(self, state: State, seat: int, move: Command) -> Message:
        """A short name for one of ``seat``'s legal moves ("Bid 3 mice"), as a client lists them.

        Distinct among the seat's legal moves at ``state``; it may name the seat's own hidden items, since only the
        seat itself is shown its moves.
        """

    def choices(self, state: State, seat: int) -> Node | None:
        """``seat``'s legal moves as a tree of small choices (domain/choices.py); None when it has none.

        By default one flat node of every move's label: a game with many moves offers its own steps.
        """
        prompt = msg("table-choose-move")
        return tree(self.legal_moves(state, seat), lambda move: [Step(prompt, self.label(state, seat, move))])

    def render(self, state: State, seat: Seat = None) -> str:
        """A readable picture of the table for the terminal (default: none)."""
        return ""

    def is_over(self, state: State) -> bool:
        """True once the game has ended."""
        return self.result(state) is not None

    def sample(self, view: View, history: list[Event], rng: random.Random) -> State:
        """A full state drawn at random among those consistent with all a seat has seen: ``view`` (its view now) and
        ``history`` (the game's events as redacted for it, in order), for a search to play on."""
        raise NotImplementedError(f"{self.id} draws no states yet")

    def copy(self, state: State) -> State:
        """An independent copy of ``state``, as a search copies it before it plays on (default: a JSON round trip;
        a game overrides it with a copy of its own shape)."""
        return copy_json(state)

    def apply(self, state: State, seat: Seat, command: Command, rng: random.Random) -> tuple[list[Event], State]:
        """``decide``, then its events folded: the events of ``command`` and the state after, as a search plays on
        (in the order of ``domain.table.apply``'s answer).

        ``state`` is the caller's own (a copy it made), which it reads no more: a game may work on it in place rather
        than on a copy of its own and fold each event once, not twice; a refused command may leave it half changed.
        """
        events = self.decide(state, seat, command, rng)
        return events, self.fold(events, state)

    def fold(self, events: list[Event], state: State | None = None) -> State:
        """Apply events in order."""
        for event in events:
            state = self.evolve(state, event)
        return state


def require(condition: bool, reason: str, detail: str = "") -> None:
    """Raise IllegalMove(reason, detail) unless ``condition`` holds."""
    if not condition:
        raise IllegalMove(reason, detail)


def reject_unknown_fields(command: Command, allowed: Iterable[str]) -> None:
    """Raise IllegalMove(BadArgument) if ``command`` has a field besides ``type`` and the ``allowed`` ones."""
    known = {"type", *allowed}
    unknown = sorted(str(key) for key in command if key not in known)
    require(not unknown, "BadArgument", f"{command.get('type')} takes no argument {', '.join(unknown)}")


def event(type_: str, **data: Any) -> Event:
    """Build an event dict."""
    return {"type": type_, "data": data}


def arg(command: Command, name: str, kind: type | tuple[type, ...]) -> Any:
    """Fetch a command argument of the given JSON type, or raise IllegalMove(BadArgument)."""
    value = command.get(name)
    if kind is int or kind == (int,):
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind) and not (isinstance(value, bool) and bool not in _as_tuple(kind))
    if not ok:
        raise IllegalMove("BadArgument", f"'{name}' must be {_kind_name(kind)}")
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "a boolean"}
    return " or ".join(names.get(one, one.__name__) for one in _as_tuple(kind))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-ready data, as a JSON round trip gives it (tuples become lists).

    Through orjson, several times faster than the standard library; what orjson refuses (a key that is not a
    string, an int past 64 bits, a lone surrogate) through the standard library. The two differ only on floats
    that are not finite, which no state or event holds (times and clock settings are checked finite).
    """
    try:
        return orjson.loads(orjson.dumps(value))
    except TypeError:
        return json.loads(json.dumps(value))


class _SeededOnUse(random.Random):
    """A ``random.Random(seed)`` that seeds itself on its first draw, with the very same draws.

    Seeding costs more than deciding most commands, and most draw nothing. Every draw of ``random.Random`` goes
    through ``random`` or ``getrandbits`` (which, both overridden here, keep its choice of ``_randbelow``).
    """

    def __init__(self, seed: int) -> None:
        self._pending: int | None = seed
        self.gauss_next = None  # as random.Random's own seeding leaves it

    def _seed_now(self) -> None:
        if self._pending is not None:
            random.Random.seed(self, self._pending)
            self._pending = None
            # The generator's own methods from now on, without this class's check in front of each draw.
            self.random = super().random  # type: ignore[method-assign]
            self.getrandbits = super().getrandbits  # type: ignore[method-assign]

    def random(self) -> float:
        """The next float in [0, 1)."""
        self._seed_now()
        return super().random()

    def getrandbits(self, bits: int, /) -> int:
        """An int of ``bits`` random bits."""
        self._seed_now()
        return super().getrandbits(bits)

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state (seeded first)."""
        self._seed_now()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from ``getstate``."""
        self._pending = None
        super().setstate(state)

    # ``a``, as random.Random.seed names it, so that a call by keyword still works.
    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seed afresh, as ``random.Random.seed``."""
        self._pending = None
        super().seed(a, version)


def rng_for(seed: str, version: int) -> random.Random:
    """The rng for the command that produces ``version``: derived from the game's secret seed."""
    digest = hashlib.sha256(f"{seed}:{version}".encode()).digest()
    return _SeededOnUse(int.from_bytes(digest, "big"))


def bot_rng(seed: str, version: int, seat: int) -> random.Random:
    """The rng a built-in bot in ``seat`` chooses with when the game is at ``version``.

    Derived from the secret seed, so nobody can replay a bot's choice (and infer its hidden cards) before the
    seed is revealed, and anyone can after the end; never the same draws as the rules' rng_for.
    """
    digest = hashlib.sha256(f"{seed}:bot:{seat}:{version}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))
