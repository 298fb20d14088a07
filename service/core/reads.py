"""The read side: views and event logs as a given caller may see them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from domain import schedule
from domain import table as tables
from domain.engine import Seat
from events.envelope import Envelope

#: The server times of a game's events at the versions asked.
Times = Callable[[list[int]], dict[int, float]]


def links(game_id: str) -> dict[str, str]:
    """Where to go next from a game."""
    base = f"/v1/games/{game_id}"
    return {
        "self": base,
        "commands": f"{base}/commands",
        "events": f"{base}/events",
        "stream": f"{base}/events/stream",
        "audit": f"{base}/audit",
    }


def game_view(
    game_id: str, table: tables.Table, version: int, seat: Seat, times: Times, playable: bool = True
) -> dict[str, Any]:
    """The game as ``seat`` sees it, with its legal moves as bodies ready to POST (none if not ``playable``).

    Each move has a label for humans ("Bid 3 mice"), so a client can list the moves without knowing the game.
    Its pending deadlines are dated by the times of the events they count from, read with ``times``.
    """
    return {
        "id": game_id,
        "version": version,
        **tables.view(table, seat),
        "you": seat,
        "deadlines": deadlines(table, times),
        # A spectator has none.
        "legal_moves": legal_moves(table, version, seat) if playable and seat is not None else [],
        "links": links(game_id),
    }


def legal_moves(table: tables.Table, version: int, seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves, each a body ready to POST, with its label."""
    rules = tables.rules_of(table)
    return [
        {"command": move, "expected_version": version, "label": rules.label(table["game"], seat, move)}
        for move in tables.legal_moves(table, seat)
    ]


def deadlines(table: tables.Table, times: Times) -> list[dict[str, Any]]:
    """Every pending system step that waits for a time, soonest first: when (RFC 3339, UTC), whom it waits on, what.

    Dated from the logged times of the events they count from (a clock's expiry, ExpireClock, from the deadline its
    ClockStarted fixed), so a version's view is the same at any hour.
    """
    steps = schedule.deadlines(table)
    if not steps:
        return []
    # A clock's deadline is an absolute time already: only the other steps need their events' times.
    versions = sorted({step.since for step in steps if step.at is None and step.since is not None})
    known = times(versions) if versions else {}
    dated = sorted(((schedule.when(step, known.__getitem__), step) for step in steps), key=lambda pair: pair[0])
    return [{"at": rfc3339(at), "seat": step.seat, "what": step.command["type"]} for at, step in dated]


def rfc3339(at: float) -> str:
    """A server time as RFC 3339 in UTC, to the millisecond: 2026-01-01T10:00:20.250Z."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def logged_times(envelopes: list[Envelope], then: Times | None = None) -> Times:
    """Event times as ``envelopes`` hold them; any other version's from ``then`` (None: they hold every one asked)."""
    held = {envelope["version"]: envelope["time"] for envelope in envelopes}

    def times(versions: list[int]) -> dict[int, float]:
        missing = [version for version in versions if version not in held]
        return {**held, **(then(missing) if missing and then is not None else {})}

    return times


def visible_event(game_type: str, envelope: Envelope, seat: Seat) -> dict[str, Any]:
    """An envelope as ``seat`` may see it, with a line of text for humans.

    The hash and command id are left out on purpose: a hash covers the unredacted event, so
    publishing it during play would let a seat test guesses of a hidden card against it. The text is
    written from the redacted event only, so it tells no more than the data beside it.
    """
    shown = tables.redact(game_type, {"type": envelope["type"], "data": envelope["data"]}, seat)
    return {
        "version": envelope["version"],
        "type": shown["type"],
        "data": shown["data"],
        "text": tables.describe(game_type, shown),
        "actor": envelope["actor"],
        "time": envelope["time"],
    }
