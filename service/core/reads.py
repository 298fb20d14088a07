"""The read side: views and event logs as a given caller may see them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from domain import schedule
from domain import table as tables
from domain.choices import Node
from domain.engine import Seat
from domain.language import FALLBACK, Message, render
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
    game_id: str,
    table: tables.Table,
    version: int,
    seat: Seat,
    times: Times,
    playable: bool = True,
    language: str = FALLBACK,
) -> dict[str, Any]:
    """The game as ``seat`` sees it, its words in ``language``, with its legal moves as bodies ready to POST.

    Each move has a label for humans ("Bid 3 mice"), so a client can list the moves without knowing the game, and
    ``choices`` offers the same moves as a tree of small steps (none if not ``playable``). Seats are named as
    players read them (a built-in bot as "Greedy Rex"). Its pending deadlines are dated by the times of the events
    they count from, read with ``times``.
    """
    names = tables.names(table, language)
    shown = tables.view(table, seat)
    for entry, name in zip(shown["seats"], names, strict=True):
        entry["name"] = entry["name"] if entry["kind"] == "human" else name
    # A spectator has none.
    moves = legal_moves(table, version, seat, language, names) if playable and seat is not None else []
    offered = tables.choices(table, seat) if playable else None
    return {
        "id": game_id,
        "version": version,
        **shown,
        "you": seat,
        "deadlines": deadlines(table, times),
        "legal_moves": moves,
        "choices": spoken_choices(offered, language, names),
        "links": links(game_id),
    }


def legal_moves(
    table: tables.Table, version: int, seat: int, language: str = FALLBACK, names: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """The seat's legal moves, each a body ready to POST, with its label in ``language``."""
    return [
        {
            "command": move,
            "expected_version": version,
            **spoken("label", tables.label(table, seat, move), language, names),
        }
        for move in tables.legal_moves(table, seat)
    ]


def spoken(field: str, said: Message, language: str, names: Sequence[str] | None) -> dict[str, Any]:
    """``said`` as ``field`` (its text in ``language``), ``field_key`` and ``field_args``, for a client to show or
    to translate itself."""
    return {field: render(said, language, names), f"{field}_key": said["key"], f"{field}_args": said["args"]}


def spoken_choices(node: Node | None, language: str, names: Sequence[str] | None) -> dict[str, Any] | None:
    """A choice tree with its prompts and labels in ``language`` (each with its key and arguments)."""
    if node is None:
        return None
    options = []
    for option in node["options"]:
        shown = spoken("label", option["label"], language, names)
        if "target" in option:
            shown["target"] = option["target"]
        if "command" in option:
            shown["command"] = option["command"]
        else:
            shown["next"] = spoken_choices(option["next"], language, names)
        options.append(shown)
    return {**spoken("prompt", node["prompt"], language, names), "as": node["as"], "options": options}


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


def visible_event(
    game_type: str, envelope: Envelope, seat: Seat, language: str = FALLBACK, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """An envelope as ``seat`` may see it, with a line of text for humans in ``language``.

    The hash and command id are left out on purpose: a hash covers the unredacted event, so
    publishing it during play would let a seat test guesses of a hidden card against it. The text is
    written from the redacted event only, so it tells no more than the data beside it; its players are called by
    ``names`` (None: "Player 1" and so on).
    """
    shown = tables.redact(game_type, {"type": envelope["type"], "data": envelope["data"]}, seat)
    return {
        "version": envelope["version"],
        "type": shown["type"],
        "data": shown["data"],
        **spoken("text", tables.describe(game_type, shown), language, names),
        "actor": envelope["actor"],
        "time": envelope["time"],
    }
