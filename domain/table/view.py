"""What a seat sees of a table: the table's view, with its game's, and each event as redacted for the seat."""

from __future__ import annotations

from collections.abc import Iterable

from domain.catalogue import GAMES
from domain.engine import Event, Seat, View
from domain.table import undo
from domain.table.scoring import result
from domain.table.seats import to_act
from domain.table.state import TABLE_EVENTS, Table, hints, rules_of, spectator_chat, spectator_delay

#: What a view shows of each seat's clock (at a table with a clock, or where a seat resigned).
CLOCK_FIELDS = ("remaining", "deadline", "expiries", "absent", "resigned", "forfeited", "vacation_until")


def view(table: Table, seat: Seat) -> View:
    """The table as ``seat`` may see it (None: a spectator).

    ``clocks`` (only at a table with a clock, or where a seat resigned) holds each seat's clock: ``remaining``
    seconds as of its last event, ``deadline`` (server time, seconds since the epoch) while its clock runs,
    ``expiries`` in a row, whether it is ``absent``, ``resigned`` or ``forfeited``, and until when its player is on
    vacation (``vacation_until``, server time; None: not on vacation, or the game is over). ``rated`` is there
    (true) only at a rated table; ``hints`` (false) only at a table that gives none (a rated one, or one opened
    without); ``undo`` (its setting, and the undo asked now) only at a table with an undo setting.
    """
    rules = rules_of(table)
    shown = {
        "type": table["type"],
        "status": table["status"],
        "options": table["options"],
        "seats": public_seats(table),
        "seed_sha256": table["seed_sha256"],
        "seed": table["seed"],
        "to_act": to_act(table),
        "state": rules.view(table["game"], seat) if table["game"] is not None else None,
        "result": result(table),
    }
    if table["rated"]:
        shown["rated"] = True
    if table.get("private"):
        shown["private"] = True
    if not spectator_chat(table):
        shown["spectator_chat"] = False
    if spectator_delay(table):
        shown["spectator_delay"] = spectator_delay(table)
    if not hints(table):
        shown["hints"] = False
    if "undo" in table:
        shown["undo"] = {"setting": table["undo"]["setting"], "pending": table["undo"].get("pending")}
    if table["clock"] is not None or any(clock["resigned"] for clock in table["clocks"]):
        shown["clocks"] = [
            {"seat": index, **{field: clock[field] for field in CLOCK_FIELDS}}
            for index, clock in enumerate(table["clocks"])
        ]
        if table["status"] == "finished":
            # A vacation pauses a running game's clock: a finished game has none to pause (its VacationStarted
            # stays in the log, and nothing ends it there).
            for clock in shown["clocks"]:
                clock["vacation_until"] = None
    return shown


def public_seats(table: Table) -> list[dict]:
    """The table's seats as anyone may see them: kind, bot, name, claimed (the lobby lists them too)."""
    return [
        {
            "seat": index,
            "kind": spec["kind"],
            "bot": spec.get("bot"),
            "name": spec.get("name"),
            "claimed": spec["claimed"],
            # A registered bot's seat: the built-in bot that plays it for good since BotReplaced (None: not yet).
            **({"replaced_by": spec["fallback"] if spec.get("replaced") else None} if "webhook" in spec else {}),
            # A seat kept for a named player: only that player claims it.
            **({"reserved": spec["reserved"]} if "reserved" in spec else {}),
        }
        for index, spec in enumerate(table["seats"])
    ]


def redact(table_type: str, ev: Event, seat: Seat) -> Event:
    """An event as ``seat`` may see it."""
    return ev if ev["type"] in TABLE_EVENTS else GAMES[table_type].redact(ev, seat)


def game_history(table_type: str, logged: Iterable[tuple[int, Event]], seat: Seat) -> list[Event]:
    """The game's own events that stand, in order, as ``seat`` may see them: the log a seat's bot reads beside its
    view (``logged``: the table's events with their versions; an undo takes back the game's events after the
    version it returns to)."""
    kept: list[tuple[int, Event]] = []
    for version, ev in logged:
        if ev["type"] == undo.UNDONE:
            kept = [pair for pair in kept if pair[0] <= ev["data"]["to_version"]]
        elif ev["type"] not in TABLE_EVENTS:
            kept.append((version, ev))
    rules = GAMES[table_type]
    return [rules.redact(ev, seat) for _, ev in kept]
