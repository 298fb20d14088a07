"""Undo: a seat takes back its own latest decisions, where the log shows that nobody else loses by it.

A table's ``undo`` setting (TableOpened records it when given; a new table is given "safe" unless told otherwise):

- ``off``: no undo;
- ``safe``: a person's seat may return the game to an earlier version ``n`` (``Undo {to_version: n}``) when every
  step of the log since ``n`` is one of its own decisions (else ``OtherSeatActed``), none of them drew on chance
  (``ChanceRecorded``) and none showed another seat or a spectator anything hidden from it (``SomethingRevealed``);
- ``ask``: as ``safe``; an undo past those limits is asked of the table's other persons' seats (``UndoAsked``) and
  happens once every one of them accepts (``AcceptUndo``; ``DeclineUndo`` ends the request, as does any move).

The table decides all of it from the log and the game's rules, with no code of any game's:

- a step since ``n`` is the seat's own decision when one of the seat's legal moves at the step's state, decided
  with an rng that refuses every draw (``NoDraws``), gives exactly the step's events. A decision that drew on the
  rng cannot be reproduced so: its events record a chance outcome;
- a step reveals something when a secret of another seat or of a spectator (``Rules.secrets`` at the step's
  state) occurs in that reader's view after it or in the step's events as redacted for it (``domain.secrecy``).

``Undone {seat, to_version}`` is appended (the log stays append-only) and the table's fold returns the game to its
state at ``to_version``: the table keeps the game's recent events and its state at two points of them (``bases``,
taken every ``DEPTH`` game events), so any version since the older base can be folded again. An undo reaches at
least ``DEPTH`` game events back; the table's own seat events (an expiry, an absence, a resignation) and an undo
start the window afresh, so no undo reaches past them.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, NamedTuple

import orjson

from domain.engine import (
    Command,
    Event,
    IllegalMove,
    Rules,
    State,
    arg,
    copy_json,
    event,
    reject_unknown_fields,
    require,
)
from domain.language import Message, message
from domain.secrecy import find_leaks

#: The table's setting, in TableOpened, and its values.
UNDO = "undo"
MODES = ("off", "safe", "ask")
#: What a new table is given when its creator says nothing.
DEFAULT = "safe"
#: Game events between the window's two bases: an undo reaches at least this many game events back.
DEPTH = 16
UNDONE = "Undone"
UNDO_ASKED = "UndoAsked"
UNDO_ACCEPTED = "UndoAccepted"
UNDO_DECLINED = "UndoDeclined"
#: The table's events about undo.
EVENTS = frozenset({UNDONE, UNDO_ASKED, UNDO_ACCEPTED, UNDO_DECLINED})
#: A seat's commands about undo, which it may send whether or not it may act now.
COMMANDS = frozenset({"Undo", "AcceptUndo", "DeclineUndo"})
#: How many versions back a step ending where an undo returns to is looked for.
LOOKBACK = 8
#: The rules a refused undo names; under ``ask`` the last three are asked of the other seats instead.
LIMITS = ("OtherSeatActed", "ChanceRecorded", "SomethingRevealed")


class Drew(Exception):
    """A decide drew on the rng: its events record a chance outcome."""


class NoDraws(random.Random):
    """An rng that refuses every draw (every draw of ``random.Random`` goes through these two)."""

    def random(self) -> float:
        """Refuse."""
        raise Drew

    def getrandbits(self, bits: int, /) -> int:
        """Refuse."""
        raise Drew


class Offer(NamedTuple):
    """An undo a seat may make now: the version it returns to and how many of its decisions it takes back."""

    to_version: int
    decisions: int


Table = dict[str, Any]


def opened(setting: str) -> dict[str, Any]:
    """A table's undo record as TableOpened gives it: the setting, and the window where undo is on."""
    if setting == "off":
        return {"setting": setting}
    return {"setting": setting, "count": 0, "bases": [], "events": [], "pending": None}


def note(table: Table, ev: Event) -> None:
    """Keep a game event in the window, before it is folded (a state may keep lists it is given)."""
    window = table.get(UNDO)
    if window is None or "bases" not in window:
        return
    if not window["bases"]:
        window["bases"].append([table["version"] - 1, window["count"], copy_json(table["game"])])
    window["count"] += 1
    window["events"].append([table["version"], copy_json(ev)])
    # Any move ends a request to undo: the table it asked about has moved on.
    window["pending"] = None


def rebase(table: Table) -> None:
    """After a game event: every ``DEPTH`` game events the state is kept as a base, and the older base dropped."""
    window = table.get(UNDO)
    if window is None or "bases" not in window or window["count"] - window["bases"][-1][1] < DEPTH:
        return
    window["bases"] = [window["bases"][-1], [table["version"], window["count"], copy_json(table["game"])]]
    window["events"] = [kept for kept in window["events"] if kept[0] > window["bases"][0][0]]


def restart(table: Table) -> None:
    """Start the window afresh at the state now: nothing before it may be undone (a seat event, an undo)."""
    window = table.get(UNDO)
    if window is None or "bases" not in window or table["game"] is None:
        return
    window.update(bases=[[table["version"], window["count"], copy_json(table["game"])]], events=[], pending=None)


def evolve(table: Table, rules: Rules, ev: Event) -> None:
    """Fold one of the table's undo events."""
    window, data = table[UNDO], ev["data"]
    if ev["type"] == UNDO_ASKED:
        window["pending"] = {**data, "accepted": []}
    elif ev["type"] == UNDO_ACCEPTED:
        window["pending"]["accepted"].append(data["seat"])
    elif ev["type"] == UNDO_DECLINED:
        window["pending"] = None
    else:
        game, count = state_at(table, rules, data["to_version"])
        table["game"] = game
        # The game's next event is number count + 1, at the next version: later seat events are placed from there.
        shift = table["version"] - table["offset"] - count
        table["inserts"] = [*[kept for kept in table["inserts"] if kept[0] < count], [count, shift]]
        window["count"] = count
        restart(table)


def state_at(table: Table, rules: Rules, version: int) -> tuple[State, int]:
    """The game's state at ``version`` (within the window) and how many game events it had folded then."""
    window = table[UNDO]
    base = [kept for kept in window["bases"] if kept[0] <= version][-1]
    game, count = copy_json(base[2]), base[1]
    for at, ev in window["events"]:
        if base[0] < at <= version:
            game = rules.evolve(game, copy_json(ev))
            count += 1
    return game, count


def setting(table: Table) -> str:
    """The table's undo setting ("off" for a table that records none: opened before undo existed)."""
    return table.get(UNDO, {}).get("setting", "off")


def pending(table: Table) -> dict[str, Any] | None:
    """The undo asked of the seats now (``{seat, to_version, asked, accepted}``), if any."""
    return table.get(UNDO, {}).get("pending")


def offers(table: Table, rules: Rules, seat: int) -> list[Offer]:
    """The undos ``seat`` may make now under ``safe``, latest first (none where undo is off or a bot plays it)."""
    if not _may_undo(table, seat):
        return []
    return list(_offers(_key(table, seat), _Ask(table, rules, seat)))


def label(offer: Offer) -> Message:
    """What an undo is called among a seat's moves."""
    return message("table-undo", moves=offer.decisions, version=offer.to_version)


def answers(table: Table, seat: int) -> list[Command]:
    """AcceptUndo and DeclineUndo, where an undo was asked of ``seat`` and it has not accepted yet."""
    asked = pending(table)
    if asked is None or seat not in asked["asked"] or seat in asked["accepted"]:
        return []
    return [{"type": "AcceptUndo"}, {"type": "DeclineUndo"}]


def answer_label(table: Table, command: Command) -> Message:
    """What AcceptUndo or DeclineUndo is called among a seat's moves: it names who asked, and back to which version."""
    asked = pending(table) or {}
    key = "table-undo-accept" if command["type"] == "AcceptUndo" else "table-undo-decline"
    return message(key, player={"seat": asked.get("seat")}, version=asked.get("to_version"))


def move(offer: Offer) -> Command:
    """The command of an undo offered."""
    return {"type": "Undo", "to_version": offer.to_version}


def decide(table: Table, rules: Rules, seat: int, command: Command) -> list[Event]:
    """The events of a seat's Undo, AcceptUndo or DeclineUndo; raise IllegalMove naming the rule that refuses it."""
    mode = setting(table)
    require(mode != "off", "UndoOff", "this table has no undo")
    require(table["seats"][seat]["kind"] == "human", "NotYourDecision", "bots never undo")
    asked = pending(table)
    if command["type"] != "Undo":
        reject_unknown_fields(command, [])
        if asked is None or seat not in asked["asked"] or seat in asked["accepted"]:
            raise IllegalMove("NotAsked", f"no undo is asked of seat {seat} now")
        if command["type"] == "DeclineUndo":
            return [event(UNDO_DECLINED, seat=seat)]
        accepted = [event(UNDO_ACCEPTED, seat=seat)]
        if set(asked["asked"]) <= {*asked["accepted"], seat}:
            accepted.append(event(UNDONE, seat=asked["seat"], to_version=asked["to_version"]))
        return accepted
    reject_unknown_fields(command, ["to_version"])
    to_version = arg(command, "to_version", int)
    require(asked is None, "UndoPending", "an undo is being asked of the table")
    if to_version in [offer.to_version for offer in offers(table, rules, seat)]:
        return [event(UNDONE, seat=seat, to_version=to_version)]
    refused = refusal(table, rules, seat, to_version)
    others = [other for other, spec in enumerate(table["seats"]) if other != seat and spec["kind"] == "human"]
    if mode == "ask" and refused.reason in LIMITS and others:
        return [event(UNDO_ASKED, seat=seat, to_version=to_version, rule=refused.reason, asked=others)]
    raise refused


def refusal(table: Table, rules: Rules, seat: int, to_version: int) -> IllegalMove:
    """Why ``seat`` may not undo to ``to_version``: the first rule the log since then breaks, step by step."""
    window = table[UNDO]
    bases = window["bases"]
    if not bases or not bases[0][0] <= to_version < table["version"]:
        return IllegalMove("UndoOutOfReach", f"version {to_version} is not among those an undo reaches now")
    ask = _Ask(table, rules, seat)
    state, at = state_at(table, rules, to_version)[0], to_version
    if not ask.deciding(state):
        return IllegalMove("NotYourDecision", f"seat {seat} was not deciding at version {to_version}")
    while at < table["version"] and ask.events_after(at):
        step = ask.step(state, at, any_end=True)
        if step is None:
            return ask.whose(state, at)
        end, after = step
        if ask.revealed(state, at, end, after):
            return IllegalMove("SomethingRevealed", f"the step to version {end} showed another seat something hidden")
        state, at = after, end
    return IllegalMove("NotYourDecision", f"version {to_version} does not begin a decision of seat {seat} in reach")


def _may_undo(table: Table, seat: int) -> bool:
    """Whether the seat's player may undo at all now: a running table with undo on, a person's seat, none asked."""
    return (
        setting(table) != "off"
        and table["status"] == "running"
        and table["seats"][seat]["kind"] == "human"
        and pending(table) is None
        and bool(table[UNDO]["bases"])
    )


class _Ask:
    """The questions the table asks of its window for one seat: its states, steps and what they show."""

    def __init__(self, table: Table, rules: Rules, seat: int) -> None:
        self.table, self.rules, self.seat = table, rules, seat
        self.window = table[UNDO]
        self.readers: list[int | None] = [other for other in range(len(table["seats"])) if other != seat] + [None]

    def events_after(self, at: int) -> list[tuple[int, Event]]:
        """The window's game events after version ``at``."""
        return [(version, ev) for version, ev in self.window["events"] if version > at]

    def deciding(self, state: State) -> bool:
        """Whether ``state`` waits for the seat's decision (no system step due first, the game not over)."""
        rules = self.rules
        if state is None or rules.is_over(state) or self.seat not in rules.to_act(state):
            return False
        return not any(step["delay"] == 0 for step in rules.automatic(state))

    def waiting_for_others(self, state: State) -> bool:
        """Whether ``state`` waits for other seats' decisions and not for this one's (nor a system step)."""
        rules = self.rules
        if state is None or rules.is_over(state) or any(step["delay"] == 0 for step in rules.automatic(state)):
            return False
        acting = rules.to_act(state)
        return bool(acting) and self.seat not in acting

    def step(
        self, state: State, at: int, ends: set[int] | None = None, any_end: bool = False
    ) -> tuple[int, State] | None:
        """The seat's move at ``state`` (version ``at``) that gives the window's next events exactly, drawing on
        nothing, and ending at one of ``ends`` (or anywhere, ``any_end``): (the version it ends at, the state then)."""
        after = self.events_after(at)
        for legal in _moves(self.rules, state, self.seat):
            caused = _reproduce(self.rules, state, self.seat, legal)
            if not caused or len(caused) > len(after) or caused != [ev for _, ev in after[: len(caused)]]:
                continue
            end = after[len(caused) - 1][0]
            if any_end or ends is not None and end in ends:
                return end, self.rules.fold(copy_json(caused), copy_json(state))
        return None

    def whose(self, state: State, at: int) -> IllegalMove:
        """Why the step after version ``at`` is not the seat's own: another seat's (or the system's), or chance."""
        rules, after = self.rules, [ev for _, ev in self.events_after(at)]
        due = [step["command"] for step in rules.automatic(state) if step["delay"] == 0]
        others = [other for other in rules.to_act(state) if other != self.seat]
        movers: list[tuple[int | None, Command]] = [(None, command) for command in due] + [
            (other, legal) for other in others for legal in _moves(rules, state, other)
        ]
        if self.seat not in rules.to_act(state) or due:
            return IllegalMove("OtherSeatActed", f"after version {at} another seat or the system acted")
        for mover, command in movers:
            caused = _reproduce(rules, state, mover, command)
            if caused and caused == after[: len(caused)]:
                return IllegalMove("OtherSeatActed", f"after version {at} seat {mover} acted")
        return IllegalMove("ChanceRecorded", f"the decision after version {at} drew on chance")

    def lands(self, version: int, every: list[tuple[int, State]]) -> bool:
        """Whether some seat's or the system's step, drawing on nothing, ends exactly at ``version`` (from a state of
        ``every``, the window's states, at most ``LOOKBACK`` versions before it)."""
        rules = self.rules
        for at, state in reversed([(at, state) for at, state in every if version - LOOKBACK <= at < version]):
            if state is None or rules.is_over(state):
                continue
            wanted = [ev for kept, ev in self.events_after(at) if kept <= version]
            movers = [(None, step["command"]) for step in rules.automatic(state)] + [
                (seat, legal) for seat in rules.to_act(state) for legal in _moves(rules, state, seat)
            ]
            if any(_reproduce(rules, state, mover, command) == wanted for mover, command in movers):
                return True
        return False

    def revealed(self, before: State, at: int, end: int, after: State) -> bool:
        """Whether the step from ``at`` to ``end`` showed any other seat or a spectator one of its secrets."""
        rules, events = self.rules, [ev for version, ev in self.events_after(at) if version <= end]
        for reader in self.readers:
            secrets = rules.secrets(before, reader)
            shown = [*(rules.redact(ev, reader) for ev in events), rules.view(after, reader)]
            if secrets and find_leaks(shown, secrets):
                return True
        return False


# A version of the window may fall inside a batch, between two events of one command: the rules promise nothing of a
# state no command ever met, so there a refusal of any kind only says that no decision of the seat started there.
def _moves(rules: Rules, state: State, seat: int) -> list[Command]:
    """The seat's legal moves at a state of the window (none where the rules cannot tell them)."""
    try:
        return rules.legal_moves(state, seat)
    except Exception:  # noqa: BLE001 (see above)
        return []


def _reproduce(rules: Rules, state: State, seat: int | None, command: Command) -> list[Event] | None:
    """The events ``command`` causes at ``state`` drawing on nothing, as JSON (None: refused, or it drew)."""
    try:
        return copy_json(rules.decide(state, seat, command, NoDraws()))
    except (Drew, IllegalMove):
        return None
    except Exception:  # noqa: BLE001 (see _moves)
        return None


def _key(table: Table, seat: int) -> bytes:
    """What the offers depend on: the game type, the seat, the window and the version (views ask again and again)."""
    return hashlib.sha256(orjson.dumps([table["type"], seat, table["version"], table[UNDO]])).digest()


#: Offers found, by ``_key``: a view asks for them at every read of the same version.
_FOUND: dict[bytes, tuple[Offer, ...]] = {}


def _offers(key: bytes, ask: _Ask) -> tuple[Offer, ...]:
    """The offers, found backwards: a version is one when the seat's own move there leads to now or to another."""
    found = _FOUND.get(key)
    if found is not None:
        return found
    table, rules = ask.table, ask.rules
    window = table[UNDO]
    # Each version of the window where the seat was deciding, with the game's state there: one fold forward.
    # A version where other seats, and not this one, were to decide ends the search (a ``barrier``): a seat's
    # decisions since then are all a safe undo may take back, so the search costs no more than the seat's own run.
    points: list[tuple[int, State]] = []
    every: list[tuple[int, State]] = []
    base = window["bases"][0]
    now = window["events"][-1][0] if window["events"] else base[0]
    game = copy_json(base[2])
    for version, ev in [(base[0], None), *window["events"]]:
        if ev is not None and version > base[0]:
            game = rules.evolve(game, copy_json(ev))
        elif ev is not None:
            continue
        every.append((version, copy_json(game)))
        if ask.deciding(game):
            points.append((version, every[-1][1]))
        elif version < now and ask.waiting_for_others(game):
            points = []
    # decisions[v]: how many of the seat's decisions lead from version v to now, along steps the seat may take back.
    decisions: dict[int, int] = {now: 0}
    states: dict[int, State] = {now: table["game"]}
    landed: set[int] = set()
    for version, state in reversed(points):
        if version >= now:
            continue
        step = ask.step(state, version, ends=set(decisions))
        if step is None:
            continue
        end, _ = step
        if ask.revealed(state, version, end, states[end]):
            continue
        decisions[version], states[version] = decisions[end] + 1, state
        landed.add(end)
    # The first version of a run must end a step too (anyone's, drawing on nothing), or it might fall inside a batch
    # whose first events drew on chance or were another seat's: an undo takes back whole decisions only.
    found = tuple(
        Offer(version, count)
        for version, count in sorted(decisions.items(), reverse=True)
        if count and (version in landed or ask.lands(version, every))
    )
    if len(_FOUND) > 512:
        _FOUND.clear()
    _FOUND[key] = found
    return found
