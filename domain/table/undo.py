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

Views ask for the offers at every read, so what is found is kept by what it depends on: each of the window's
versions carries a digest of the table's log up to it (``chain``, from TableOpened on), and the answers about a
version (whose decision it waits for, the seat's step from it and whether that step showed anything, whether some
step ends there) are kept by that digest. A version's answers are found once, when a read first reaches it; a read
of a version already seen costs a look-up. The answers are the log's, whoever asks, so the cache only saves time.
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


def opened(opening: dict[str, Any]) -> dict[str, Any]:
    """A table's undo record as its TableOpened gives it: the setting, and the window where undo is on."""
    setting = opening[UNDO]
    if setting == "off":
        return {"setting": setting}
    # What the answers depend on besides the game's events: its rules, its readers, and which game (its seed).
    chain = hashlib.sha256(orjson.dumps([opening["game"], len(opening["seats"]), opening["seed_sha256"]])).hexdigest()
    return {"setting": setting, "count": 0, "bases": [], "events": [], "pending": None, "chain": chain}


def note(table: Table, ev: Event) -> None:
    """Keep a game event in the window, before it is folded (a state may keep lists it is given)."""
    window = table.get(UNDO)
    if window is None or "bases" not in window:
        return
    if not window["bases"]:
        window["bases"].append([table["version"] - 1, window["count"], copy_json(table["game"]), window["chain"]])
    window["count"] += 1
    _link(window, table["version"], ev)
    window["events"].append([table["version"], copy_json(ev), window["chain"]])
    # Any move ends a request to undo: the table it asked about has moved on.
    window["pending"] = None


def rebase(table: Table) -> None:
    """After a game event: every ``DEPTH`` game events the state is kept as a base, and the older base dropped."""
    window = table.get(UNDO)
    if window is None or "bases" not in window or window["count"] - window["bases"][-1][1] < DEPTH:
        return
    newest = [table["version"], window["count"], copy_json(table["game"]), window["chain"]]
    window["bases"] = [window["bases"][-1], newest]
    window["events"] = [kept for kept in window["events"] if kept[0] > window["bases"][0][0]]


def restart(table: Table, ev: Event) -> None:
    """Start the window afresh at the state now, after ``ev``: nothing before it may be undone (a seat event, an
    undo)."""
    window = table.get(UNDO)
    if window is None or "bases" not in window or table["game"] is None:
        return
    _link(window, table["version"], ev)
    base = [table["version"], window["count"], copy_json(table["game"]), window["chain"]]
    # A version where the table's own event ended a batch: a step's end, where an undo may return.
    window.update(bases=[base], events=[], pending=None, restarted=table["version"])


def _link(window: dict[str, Any], version: int, ev: Event) -> None:
    """Chain ``ev``, at ``version``, into the window's digest of the log."""
    linked = orjson.dumps([window["chain"], version, ev], option=orjson.OPT_SORT_KEYS)
    window["chain"] = hashlib.sha256(linked).hexdigest()


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
        restart(table, ev)


def state_at(table: Table, rules: Rules, version: int) -> tuple[State, int]:
    """The game's state at ``version`` (within the window) and how many game events it had folded then."""
    window = table[UNDO]
    base = [kept for kept in window["bases"] if kept[0] <= version][-1]
    game, count = copy_json(base[2]), base[1]
    for at, ev, _ in window["events"]:
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
    key = (table[UNDO]["chain"], table["version"], seat)
    found = _FOUND.get(key)
    if found is None:
        found = _remember(_FOUND, key, _offers(_Ask(table, rules, seat)))
    return list(found)


def label(offer: Offer) -> Message:
    """What an undo is called among a seat's moves."""
    # The decisions alone tell the offers apart, and a label with no version is rendered once for every version.
    return message("table-undo", moves=offer.decisions)


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
    # A version of the table's own event (a clock's, an undo asked) begins no decision: the game's stand between.
    if to_version not in ask.chains or not ask.flags(to_version)[0]:
        return IllegalMove("NotYourDecision", f"seat {seat} was not deciding at version {to_version}")
    at = to_version
    while at < table["version"] and ask.events_after(at):
        step = ask.step(at)
        if step is None:
            return ask.whose(at)
        end, revealed = step
        if revealed:
            return IllegalMove("SomethingRevealed", f"the step to version {end} showed another seat something hidden")
        at = end
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
    """The questions the table asks of its window for one seat, each answer kept by the digest of the log it reads."""

    def __init__(self, table: Table, rules: Rules, seat: int) -> None:
        self.table, self.rules, self.seat = table, rules, seat
        self.window = table[UNDO]
        self.readers: list[int | None] = [other for other in range(len(table["seats"])) if other != seat] + [None]
        base = self.window["bases"][0]
        #: Each version of the window with the digest of the log up to it, oldest first.
        self.versions: list[tuple[int, str]] = [(base[0], base[3])]
        self.versions += [(at, chain) for at, _, chain in self.window["events"]]
        self.chains = dict(self.versions)

    def events_after(self, at: int) -> list[tuple[int, Event]]:
        """The window's game events after version ``at``."""
        return [(version, ev) for version, ev, _ in self.window["events"] if version > at]

    def state(self, version: int) -> State:
        """The game's state at a version of the window (not to be changed): kept, else folded from the nearest kept."""
        key = (self.chains[version], version)
        found = _STATES.get(key)
        if found is not None:
            return found
        if version == self.versions[-1][0]:
            return _remember(_STATES, key, copy_json(self.table["game"]))
        earlier = [at for at, chain in self.versions if at < version and (chain, at) in _STATES]
        if earlier:
            start = earlier[-1]
            game = copy_json(_STATES[(self.chains[start], start)])
        else:
            start, game = self.versions[0][0], copy_json(self.window["bases"][0][2])
        for at, ev, _ in self.window["events"]:
            if start < at <= version:
                game = self.rules.evolve(game, copy_json(ev))
        return _remember(_STATES, key, game)

    def flags(self, version: int) -> tuple[bool, bool]:
        """Whether the state at ``version`` waits for the seat's decision (no system step due first, the game not
        over), and whether it waits for other seats' decisions and not for this one's (nor a system step)."""
        key = (self.chains[version], version)
        acting = _ACTING.get(key)
        if acting is None:
            rules, state = self.rules, self.state(version)
            over = state is None or rules.is_over(state) or any(step["delay"] == 0 for step in rules.automatic(state))
            acting = _remember(_ACTING, key, () if over else tuple(rules.to_act(state)))
        return self.seat in acting, bool(acting) and self.seat not in acting

    def step(self, at: int) -> tuple[int, bool] | None:
        """The seat's move at version ``at`` that gives the window's next events exactly, drawing on nothing: the
        version it ends at and whether it showed another seat or a spectator one of its secrets (None: no such move).
        """
        key = (self.chains[at], at, self.seat)
        if key in _STEPS:
            return _STEPS[key]
        state, after = self.state(at), self.events_after(at)
        wanted = [ev for _, ev in after]
        # A move whose events run past the window's may match once more events are in: only a final answer is kept.
        final = True
        for legal in _likely(_moves(self.rules, state, self.seat), wanted[:1]):
            caused = _reproduce(self.rules, state, self.seat, legal)
            if not caused:
                continue
            if len(caused) > len(wanted):
                final = final and caused[: len(wanted)] != wanted
                continue
            if caused != wanted[: len(caused)]:
                continue
            end = after[len(caused) - 1][0]
            found = end, self.revealed(state, caused)
            return _remember(_STEPS, key, found) if final else found
        return _remember(_STEPS, key, None) if final else None

    def whose(self, at: int) -> IllegalMove:
        """Why the step after version ``at`` is not the seat's own: another seat's (or the system's), or chance."""
        rules, state, after = self.rules, self.state(at), [ev for _, ev in self.events_after(at)]
        due = [step["command"] for step in rules.automatic(state) if step["delay"] == 0]
        others = [other for other in rules.to_act(state) if other != self.seat]
        movers: list[tuple[int | None, Command]] = [(None, command) for command in due] + [
            (other, legal) for other in others for legal in _likely(_moves(rules, state, other), after[:1])
        ]
        if self.seat not in rules.to_act(state) or due:
            return IllegalMove("OtherSeatActed", f"after version {at} another seat or the system acted")
        for mover, command in movers:
            caused = _reproduce(rules, state, mover, command)
            if caused and caused == after[: len(caused)]:
                return IllegalMove("OtherSeatActed", f"after version {at} seat {mover} acted")
        return IllegalMove("ChanceRecorded", f"the decision after version {at} drew on chance")

    def lands(self, version: int) -> bool:
        """Whether some seat's or the system's step, drawing on nothing, ends exactly at ``version`` (from a version of
        the window at most ``LOOKBACK`` versions before it)."""
        key = (self.chains[version], version)
        found = _LANDS.get(key)
        if found is not None:
            return found
        if version == self.window.get("restarted"):
            return _remember(_LANDS, key, True)
        rules = self.rules
        for at, _ in reversed([kept for kept in self.versions if version - LOOKBACK <= kept[0] < version]):
            state = self.state(at)
            if state is None or rules.is_over(state):
                continue
            wanted = [ev for kept, ev in self.events_after(at) if kept <= version]
            movers = [(None, step["command"]) for step in rules.automatic(state)] + [
                (seat, legal)
                for seat in rules.to_act(state)
                for legal in _likely(_moves(rules, state, seat), wanted[:1])
            ]
            if any(_reproduce(rules, state, mover, command) == wanted for mover, command in movers):
                return _remember(_LANDS, key, True)
        return _remember(_LANDS, key, False)

    def revealed(self, before: State, events: list[Event]) -> bool:
        """Whether ``events``, the seat's step from state ``before``, showed any other seat or a spectator one of its
        secrets (in an event as redacted for it, or in its view after)."""
        rules = self.rules
        after = rules.fold(copy_json(events), copy_json(before))
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


def _likely(moves: list[Command], first: list[Event]) -> list[Command]:
    """``moves`` with those first whose values the step's first event repeats most: a move's event names what it
    chose (a card, a space), so the move that caused the step is tried among the first of thousands."""
    if not first:
        return moves
    said = set(_scalars(first[0]["data"]))
    return sorted(moves, key=lambda legal: -sum(1 for value in _scalars(legal) if value in said))


def _scalars(value: Any) -> list[Any]:
    """The strings and numbers in a JSON value (a command's type aside), as hashable items."""
    if isinstance(value, dict):
        return [item for key, inner in value.items() if key != "type" for item in _scalars(inner)]
    if isinstance(value, list):
        return [item for inner in value for item in _scalars(inner)]
    return [value] if isinstance(value, str | int | float) and not isinstance(value, bool) else []


def _reproduce(rules: Rules, state: State, seat: int | None, command: Command) -> list[Event] | None:
    """The events ``command`` causes at ``state`` drawing on nothing, as JSON (None: refused, or it drew)."""
    try:
        return copy_json(rules.decide(state, seat, command, NoDraws()))
    except (Drew, IllegalMove):
        return None
    except Exception:  # noqa: BLE001 (see _moves)
        return None


#: What was found, each by the digest of the log it depends on and its version (and the seat asking): the offers,
#: the state at a version, the seats a version waits for (none: a system step or the end), the seat's step from a
#: version, whether some step ends at a version.
_FOUND: dict[tuple[str, int, int], tuple[Offer, ...]] = {}
_STATES: dict[tuple[str, int], State] = {}
_ACTING: dict[tuple[str, int], tuple[int, ...]] = {}
_STEPS: dict[tuple[str, int, int], tuple[int, bool] | None] = {}
_LANDS: dict[tuple[str, int], bool] = {}
#: How many answers of a kind are kept (states: a tenth); past that the kind starts again empty.
KEPT = 4096


def _remember(kept: dict[Any, Any], key: Any, value: Any) -> Any:
    """Keep ``value`` under ``key`` in one of the caches above, and return it."""
    if len(kept) >= (KEPT // 10 if kept is _STATES else KEPT):
        kept.clear()
    kept[key] = value
    return value


def _offers(ask: _Ask) -> tuple[Offer, ...]:
    """The offers, found backwards: a version is one when the seat's own move there leads to now or to another."""
    now = ask.versions[-1][0]
    # decisions[v]: how many of the seat's decisions lead from version v to now, along steps the seat may take back.
    decisions: dict[int, int] = {now: 0}
    landed: set[int] = set()
    # The search stops below a version where other seats, and not this one, were to decide (a ``barrier``) unless
    # the seat's step from the next version down spans it (a batch's own events may pass such states): a seat's
    # decisions since the barrier are all a safe undo may take back, so the search costs little more than its run.
    barrier: int | None = None
    for version, _ in reversed(ask.versions[:-1]):
        deciding, waiting = ask.flags(version)
        if waiting and barrier is None:
            barrier = version
        if not deciding:
            continue
        step = ask.step(version)
        if step is not None and not step[1] and step[0] in decisions:
            decisions[version] = decisions[step[0]] + 1
            landed.add(step[0])
        if barrier is not None:
            if step is None or step[0] <= barrier:
                break
            barrier = None
    # The first version of a run must end a step too (anyone's, drawing on nothing), or it might fall inside a batch
    # whose first events drew on chance or were another seat's: an undo takes back whole decisions only.
    return tuple(
        Offer(version, count)
        for version, count in sorted(decisions.items(), reverse=True)
        if count and (version in landed or ask.lands(version))
    )
