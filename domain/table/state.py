"""The table's state: its shape, the table's own events, and ``evolve``, which folds them and the game's.

A table's state holds its game's state (``game``), folded by the game's rules, beside its own: the seats and
their clocks, the settings and limits TableOpened recorded, the seed once revealed, and where the table's seat
events sit among the game's (``inserts``), so that a game event's number still finds its stream version.
"""

from __future__ import annotations

from typing import Any

from domain.catalogue import GAMES
from domain.engine import Event, Rules
from domain.table import undo

#: The table's events about a seat's clock and standing while the game runs.
SEAT_EVENTS = frozenset(
    {
        "ClockStarted",
        "ClockStopped",
        "ClockExpired",
        "SeatAbsent",
        "SeatReturned",
        "SeatResigned",
        "SeatForfeited",
        "VacationStarted",
        "VacationEnded",
    }
)
#: A registered (webhook) bot's seat handed to its fallback bot for the rest of the game (the system's ReplaceBot).
BOT_REPLACED = "BotReplaced"
#: The seat events that end no decision early (a clock's start or stop, a vacation's pause of it): an undo may reach
#: back past them (any other starts its window afresh).
ROUTINE_SEAT_EVENTS = frozenset({"ClockStarted", "ClockStopped", "VacationStarted", "VacationEnded"})
#: Every event of the table's own (the rest of a table's log is its game's).
TABLE_EVENTS = frozenset(
    {"TableOpened", "SeatClaimed", "GameAbandoned", "SeedRevealed", BOT_REPLACED, *SEAT_EVENTS, *undo.EVENTS}
)
#: The table's limits, in CreateGame and TableOpened; None (or absent, in an older log) means none.
LIMITS = ("max_events", "open_seconds")
#: The table's settings, in CreateGame and TableOpened only when given, and their defaults.
SETTINGS: dict[str, Any] = {
    "clock": None,
    "on_timeout": "bot:random",
    "absent_after": 3,
    "hotseat": False,
    "rated": False,
    # None: the default for the table's clock (domain/table/vacations.py).
    "vacation_days": None,
}
#: A private table (TableOpened's ``private``, recorded only when true, and so in the table's state): a seat is
#: claimed only with an invitation, by the table's creator, or by the player it is kept for.
PRIVATE = "private"
#: Spectators may not chat (TableOpened's ``spectator_chat``, recorded only when false, and so in the table's state):
#: the spectators' room is closed (docs/chat.md). Read with ``spectator_chat``, which gives its default.
SPECTATOR_CHAT = "spectator_chat"
#: Spectators read the game this many moves behind it while it runs (TableOpened's ``spectator_delay``, recorded
#: only when above 0, and so in the table's state; docs/streams.md). Read with ``spectator_delay``.
SPECTATOR_DELAY = "spectator_delay"
#: Whether a seat may ask what the ``medium`` bot would play (GET /v1/games/{id}/hint; domain/hints.py):
#: TableOpened's ``hints``, recorded only when it differs from the default (so only false, at an unrated table: a
#: rated one has none and refuses true), and so in the table's state. Read with ``hints``, which gives the default.
HINTS = "hints"
#: The revision of the games' built-in bots, which a new table records in TableOpened (``bots``) so that a replay
#: recomputes its bots' moves as they were made: a table that records none (opened before 1) replays with each game's
#: ``earlier_bots`` (1: A Dog's Life's random bot plays with purpose).
BOTS_REVISION = 1
#: Bump when the table's own shape or fold changes, so stored snapshots are rebuilt (2: the limits, "abandoned";
#: 3: a claim without a name keeps the seat's name; 4: settings, players, per-seat clocks, table events in play;
#: 5: a registered bot's seat may be replaced; 6: rated; 7: vacations). A private table adds ``private`` (and a kept
#: seat ``reserved``), a table whose spectators may not chat ``spectator_chat``, a delayed one ``spectator_delay``,
#: an unrated one without hints ``hints``, and a table with an ``undo`` setting its undo record (domain/table/undo.py),
#: only where recorded, so every other table folds as before.
SHAPE = 7

#: A table's state: JSON-ready, stored in snapshots (``evolve`` builds it).
Table = dict[str, Any]


def spectator_chat(table: Table) -> bool:
    """Whether the table's spectators may chat in their room (true unless the table was opened saying not)."""
    return table.get(SPECTATOR_CHAT) is not False


def spectator_delay(table: Table) -> int:
    """How many moves behind the running game its spectators read it (0: none)."""
    return int(table.get(SPECTATOR_DELAY, 0))


def hints(table: Table) -> bool:
    """Whether the table's seats may ask for hints: at an unrated table unless it was opened saying not."""
    return not table["rated"] and table.get(HINTS) is not False


def rules_of(table: Table) -> Rules:
    """The rules module of the table's game."""
    return GAMES[table["type"]]


def evolve(table: Table | None, ev: Event) -> Table:
    """Apply one event (a table event or the game's own). May update the table in place."""
    kind, data = ev["type"], ev["data"]
    if kind == "TableOpened":
        settings = {name: data.get(name, default) for name, default in SETTINGS.items()}
        return {
            "type": data["game"],
            "options": data["options"],
            "seats": [{**spec, "claimed": spec["kind"] == "bot", "player": None} for spec in data["seats"]],
            "seed_sha256": data["seed_sha256"],
            **{limit: data.get(limit) for limit in LIMITS},
            **settings,
            # Only where recorded, so a table opened before the revisions folds as it always did.
            **({"bots": data["bots"]} if "bots" in data else {}),
            **({PRIVATE: True} if data.get(PRIVATE) else {}),
            **({SPECTATOR_CHAT: False} if data.get(SPECTATOR_CHAT) is False else {}),
            **({SPECTATOR_DELAY: data[SPECTATOR_DELAY]} if data.get(SPECTATOR_DELAY) else {}),
            **({HINTS: False} if data.get(HINTS) is False else {}),
            **({undo.UNDO: undo.opened(data)} if undo.UNDO in data else {}),
            "clocks": [_fresh_clock(settings["clock"]) for _ in data["seats"]],
            # Where the table's seat events sit among the game's: [game events before them, seat events so far].
            "inserts": [],
            "abandoned": None,
            "seed": None,
            "status": "open",
            "version": 1,
            "offset": None,
            "game": None,
        }
    if table is None:
        raise ValueError(f"{kind} before TableOpened")
    table["version"] += 1
    if kind == "SeatClaimed":
        seat = table["seats"][data["seat"]]
        # A claim without a name keeps the name the seat was created with.
        seat.update(
            claimed=True, name=seat["name"] if data["name"] is None else data["name"], player=data.get("player")
        )
    elif kind in SEAT_EVENTS:
        _insert(table)
        _evolve_clock(table["clocks"][data["seat"]], kind, data)
        if kind not in ROUTINE_SEAT_EVENTS:
            undo.restart(table, ev)
    elif kind == BOT_REPLACED:
        _insert(table)
        table["seats"][data["seat"]]["replaced"] = True
        undo.restart(table, ev)
    elif kind in undo.EVENTS:
        _insert(table)
        undo.evolve(table, rules_of(table), ev)
    elif kind == "GameAbandoned":
        table["abandoned"] = data
        table["status"] = "finished"
    elif kind == "SeedRevealed":
        table["seed"] = data["seed"]
    else:
        if table["offset"] is None:
            table["offset"] = table["version"] - 1
            table["status"] = "running"
        rules = rules_of(table)
        undo.note(table, ev)
        table["game"] = rules.evolve(table["game"], ev)
        undo.rebase(table)
        if rules.is_over(table["game"]):
            table["status"] = "finished"
    return table


def _fresh_clock(setting: dict[str, float] | None) -> dict[str, Any]:
    """A seat's clock before its first decision (``remaining`` None: the table has no clock)."""
    remaining = None if setting is None else setting.get("turn_seconds", setting.get("initial_seconds"))
    return {
        "remaining": remaining,
        "deadline": None,
        "expiries": 0,
        "expired": False,
        "absent": False,
        "resigned": False,
        "forfeited": False,
        # A vacation pauses the clock: since and until (server time) while it lasts; seconds paused in all.
        "vacation_since": None,
        "vacation_until": None,
        "vacation_seconds": 0.0,
    }


def _evolve_clock(clock: dict[str, Any], kind: str, data: dict[str, Any]) -> None:
    """Fold one seat event into the seat's clock and standing.

    ``expiries`` counts the seat's decisions in a row that ran out: a decision that ends while its clock still
    runs (a ClockStarted or ClockStopped with a deadline pending) sets it back to 0, as a return does.
    """
    if kind in ("ClockStarted", "ClockStopped"):
        if clock["deadline"] is not None:
            clock["expiries"] = 0
        clock.update(deadline=data.get("deadline"), remaining=data["remaining"], expired=False)
    elif kind == "ClockExpired":
        clock.update(deadline=None, remaining=0, expired=True, expiries=clock["expiries"] + 1)
    elif kind == "SeatReturned":
        clock.update(absent=False, expired=False, expiries=0)
    elif kind == "VacationStarted":
        clock.update(
            deadline=None, remaining=data["remaining"], vacation_since=data["since"], vacation_until=data["until"]
        )
    elif kind == "VacationEnded":
        clock.update(vacation_since=None, vacation_until=None, vacation_seconds=data["paused"])
    else:
        flag = {"SeatAbsent": "absent", "SeatResigned": "resigned", "SeatForfeited": "forfeited"}[kind]
        clock.update(deadline=None, expired=False, **{flag: True})


def _insert(table: Table) -> None:
    """Note a seat event among the game's events, so that the game's event numbers still find their versions."""
    inserts = table["inserts"]
    total = inserts[-1][1] if inserts else 0
    game_events = table["version"] - 1 - table["offset"] - total
    if inserts and inserts[-1][0] == game_events:
        inserts[-1][1] += 1
    else:
        inserts.append([game_events, total + 1])


def fold(events: list[Event], table: Table | None = None) -> Table | None:
    """Apply events in order."""
    for ev in events:
        table = evolve(table, ev)
    return table


def game_version(table: Table, number: int) -> int:
    """The stream version of the game's own event ``number`` (1-based): the seat events before it shift it."""
    for game_events, total in reversed(table["inserts"]):
        if game_events < number:
            return table["offset"] + number + total
    return table["offset"] + number
