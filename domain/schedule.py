"""What the system must do next for a game, and when: bot turns, automatic steps, clocks, an open table's expiry,
the calls of registered (webhook) bots, and the searches of the levels that think (``Think``).

One place decides this for the command handler (which records when the next
step is due and enqueues it), the RQ job (which performs it), the sweeper
(which re-enqueues a step a killed worker lost), `dogpark verify` (which
recomputes every built-in bot's choice once the seed is revealed) and the views
(which show each pending deadline).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from domain import table as tables
from domain.engine import Command, Seat

#: The stream version -> server time of that event.
EventTime = Callable[[int], float]


@dataclass(frozen=True)
class Action:
    """A command the system issues for a game: a bot's move or an automatic step."""

    seat: Seat
    actor: dict[str, Any]
    command: Command


@dataclass(frozen=True)
class Call:
    """A registered bot's turn: the webhook worker calls it (workers/webhooks.py), and appends its answer or its
    fallback's move; the seat's record in TableOpened gives the rest."""

    seat: int
    #: The bot's name and id, as the seat records them.
    bot: str
    webhook: str
    fallback: str
    replace_after: int


@dataclass(frozen=True)
class Think:
    """A thinking level's turn in ``seat`` (domain/table/bots.py): its search takes up to a second or so, so the
    search worker runs it (workers/search.py) and appends its move with ``actor``, as ``action`` makes it."""

    seat: int
    level: str
    actor: dict[str, Any]

    def action(self, move: Command) -> Action:
        """The command that plays ``move``: a bot seat's own, or the system's PlayFor for a person's seat (whose
        actor says why the bot plays it), which leaves the seat as it stands."""
        if "for" in self.actor:
            return Action(None, self.actor, {"type": "PlayFor", "seat": self.seat, "move": move})
        return Action(self.seat, self.actor, move)


@dataclass(frozen=True)
class Step:
    """A system step pending now: ``command``, due ``delay`` seconds (0: at once) after the event at stream
    version ``since``; ``seat`` is the seat it waits on (None: no seat in particular).

    A clock's expiry is due at ``at``, the absolute server time its ClockStarted fixed (``delay``: the seconds
    that clock was given; ``since``: None).
    """

    command: Command
    delay: float
    since: int | None
    seat: Seat
    at: float | None = None

    @property
    def waits(self) -> bool:
        """True for a deadline (a time to wait for), False for a step due at once."""
        return self.at is not None or self.delay > 0


def when(step: Step, event_time: EventTime) -> float:
    """The server time a step that waits falls due."""
    if step.at is not None:
        return step.at
    assert step.since is not None
    return event_time(step.since) + step.delay


#: What goes first among actions due at the same moment: a deadline that has passed is late already,
#: then a step due at once (as in domain.playout.next_actor), then a built-in bot's turn, then a registered bot's
#: call and a thinking level's turn (either may take seconds: the built-in bots acting beside them in a simultaneous
#: step go first).
OVERDUE, IMMEDIATE, BOT, CALL, THINK = 0, 1, 2, 3, 4

#: What the system does next: a command it issues now, a registered bot's call, a thinking level's search.
Next = Action | Call | Think
#: When an action is due, its rank, and how to make it given the game's secret seed (a bot's choice needs it).
Pending = tuple[float, int, Callable[[str], Next]]


def due_at(table: tables.Table, event_time: EventTime) -> float | None:
    """When the next system action is due (0.0 = at once), or None if only humans can move it on."""
    due = next_due(table, event_time, 0.0)
    return None if due is None else due[0]


def next_due(table: tables.Table, event_time: EventTime, now: float) -> tuple[float, bool] | None:
    """When the next system action is due (as ``due_at``), and whether the action due at ``now`` is a registered
    bot's call (``next_action`` would give a Call); None if only humans can move the game on. One look at what is
    pending, for the command handler, which needs both after every command."""
    pending = _pending(table, event_time)
    if not pending:
        return None
    due_now = [(rank, at) for at, rank, _ in pending if at <= now]
    return min(at for at, _, _ in pending), bool(due_now) and min(due_now)[0] == CALL


def next_action(table: tables.Table, event_time: EventTime, now: float, seed: str) -> Next | None:
    """The system action due at ``now``, if any; a built-in bot's choice is made here, with its rng from ``seed``; a
    registered bot's turn is a Call, for the webhook worker to make; a thinking level's a Think, for the search
    worker."""
    due = [(at, rank, make) for at, rank, make in _pending(table, event_time) if at <= now]
    if not due:
        return None
    _, _, make = min(due, key=lambda pending: (pending[1], pending[0]))
    return make(seed)


def system_steps(table: tables.Table) -> list[Step]:
    """The system steps pending now: an open table's expiry, or the running game's automatic steps and clocks."""
    if table["status"] == "open":
        return _expiry(table)
    if table["status"] != "running":
        return []
    automatic = [
        Step(step["command"], step["delay"], tables.game_version(table, step["since"]), step.get("seat"))
        for step in tables.rules_of(table).automatic(table["game"])
    ]
    return automatic + _clocks(table) + _vacations(table)


def deadlines(table: tables.Table) -> list[Step]:
    """The pending system steps that wait for a time: a seat's deadline or clock, a timed end, an open table's
    expiry."""
    return [step for step in system_steps(table) if step.waits]


def _pending(table: tables.Table, event_time: EventTime) -> list[Pending]:
    out: list[Pending] = []
    for step in system_steps(table):
        make = _system_action(step.command)
        if step.waits:
            out.append((when(step, event_time), OVERDUE, make))
        else:
            out.append((0.0, IMMEDIATE, make))
    if table["status"] == "running":
        for seat in tables.to_act(table):
            level = tables.thinker(table, seat)
            if level is not None:
                out.append((0.0, THINK, _think(table, seat, level)))
            elif tables.controller(table, seat) is not None:
                out.append((0.0, BOT, partial(controller_action, table, seat)))
            elif "webhook" in table["seats"][seat]:
                out.append((0.0, CALL, _webhook_call(table, seat)))
    return out


def call(table: tables.Table, seat: int) -> Call:
    """The call of the registered bot in ``seat``."""
    spec = table["seats"][seat]
    return Call(seat, spec["bot"], spec["webhook"], spec["fallback"], spec["replace_after"])


def _clocks(table: tables.Table) -> list[Step]:
    """Each running clock's expiry, at the deadline its ClockStarted fixed."""
    return [
        Step({"type": "ExpireClock", "seat": seat}, clock["remaining"], None, seat, clock["deadline"])
        for seat, clock in enumerate(table["clocks"])
        if clock["deadline"] is not None
    ]


def _vacations(table: tables.Table) -> list[Step]:
    """Each vacation's end, at the time its VacationStarted fixed: the seat's clock runs again then."""
    return [
        Step({"type": "EndVacation", "seat": seat}, clock["vacation_until"] - clock["vacation_since"], None, seat,
             clock["vacation_until"])
        for seat, clock in enumerate(table["clocks"])
        if clock["vacation_until"] is not None
    ]


def _expiry(table: tables.Table) -> list[Step]:
    """An open table's deadline counts from TableOpened (version 1): claims do not move it, only the start ends it."""
    seconds = table["open_seconds"]
    return [] if seconds is None else [Step(dict(tables.EXPIRE), seconds, 1, None)]


def _system_action(command: Command) -> Callable[[str], Action]:
    return lambda _seed: Action(None, {"kind": "system"}, command)


def _webhook_call(table: tables.Table, seat: int) -> Callable[[str], Call]:
    # The seed has no part in it: the registered bot chooses its move itself.
    return lambda _seed: call(table, seat)


def _think(table: tables.Table, seat: int, level: str) -> Callable[[str], Think]:
    # The seed has no part in it here: the search worker draws the search's rng from it.
    actor = {"kind": "bot", "seat": seat, "name": level}
    if table["seats"][seat]["kind"] != "bot":
        actor = controller_actor(table, seat)
    return lambda _seed: Think(seat, level, actor)


def controller_action(table: tables.Table, seat: int, seed: str) -> Action:
    """The move of the built-in bot that plays ``seat`` now (``tables.controller``).

    A bot seat's bot moves as the seat; a registered bot's fallback, which plays its seat since BotReplaced, too, its
    actor naming the bot it plays for. A fallback bot playing a person's seat moves by the system's PlayFor, in
    which the table chooses the bot's move itself; its actor names the bot and why it plays ("for").
    """
    name = tables.controller(table, seat)
    assert name is not None
    spec = table["seats"][seat]
    if "webhook" in spec:
        action = bot_action(table, seat, name, seed)
        return Action(seat, {**action.actor, "for": spec["bot"], "reason": "replaced"}, action.command)
    if spec["kind"] == "bot":
        return bot_action(table, seat, name, seed)
    return Action(None, controller_actor(table, seat), {"type": "PlayFor", "seat": seat})


def controller_actor(table: tables.Table, seat: int) -> dict[str, Any]:
    """The actor of a fallback bot's move for a person's seat: the seat, the bot, and why it plays."""
    return {"kind": "bot", "seat": seat, "name": tables.controller(table, seat), "for": tables.standing(table, seat)}


def bot_action(table: tables.Table, seat: int, name: str, seed: str) -> Action:
    """The built-in bot ``name``'s move in ``seat``: from its view, its legal moves and its rng, nothing else."""
    return Action(seat, {"kind": "bot", "seat": seat, "name": name}, tables.bot_move(table, seat, name, seed))
