"""Logging for the stack's processes: a readable log by default, the libraries' chatter on demand.

``DOGPARK_LOG_LEVEL`` (default ``info``) is dogpark's own level: at ``info``, one line per game created, started
or finished, and the warnings and errors of every process; ``debug`` adds the libraries' own lines (RQ's per job,
gunicorn's); ``warning`` leaves out the games' lines. ``DOGPARK_ACCESS_LOG`` (see gunicorn_conf) is apart.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import Any

from domain import table as tables

#: The format of every line a worker, the sweeper or the web server logs; the process id tells workers apart.
FORMAT = "%(asctime)s %(name)s[%(process)d]: %(message)s"
LEVELS = ("debug", "info", "warning", "error")

games_log = logging.getLogger("dogpark.games")


def level() -> int:
    """dogpark's log level, from DOGPARK_LOG_LEVEL."""
    name = os.environ.get("DOGPARK_LOG_LEVEL", "info").strip().lower()
    if name not in LEVELS:
        raise ValueError(f"DOGPARK_LOG_LEVEL must be one of {', '.join(LEVELS)}, not {name!r}")
    return logging.getLevelNamesMapping()[name.upper()]


def library_level() -> int:
    """The libraries' level: their warnings and errors, and everything only when dogpark's level is debug."""
    own = level()
    return own if own == logging.DEBUG else max(own, logging.WARNING)


def configure() -> None:
    """Send this process's log lines to stderr: dogpark's at its level, the libraries' at theirs."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    # A filter on the handler, not levels on the libraries' loggers: RQ sets its loggers to INFO itself.
    floor = library_level()
    handler.addFilter(lambda record: record.name.partition(".")[0] == "dogpark" or record.levelno >= floor)
    logging.basicConfig(level=level(), handlers=[handler])


def game_changed(game_id: str, before: str | None, table: tables.Table) -> None:
    """Log one line for a game whose status changed: created, started, or finished (the winners, or why not)."""
    name = f"game {game_id} ({table['type']})"
    status = table["status"]
    if before is None:
        unclaimed = sum(not seat["claimed"] for seat in table["seats"])
        waiting = f"waiting for {unclaimed} to be claimed" if status == "open" else "started"
        games_log.info("%s created with %d seats, %s", name, len(table["seats"]), waiting)
    elif status == "running":
        games_log.info("%s started", name)
    if status == "finished":
        games_log.info("%s %s", name, _ending(table))


def _ending(table: tables.Table) -> str:
    result: dict[str, Any] = tables.result(table) or {}
    if "abandoned" in result:
        return f"abandoned ({result['abandoned']['reason']})"
    return "finished; winners: " + (", ".join(winners(result, lambda seat: _seat(table, seat))) or "none")


def winners(result: dict[str, Any], seat_name: Callable[[int], str]) -> list[str]:
    """A result's winners, each seat named by ``seat_name``; Pes, when it won a solo game of Spots (no seat won)."""
    named = [seat_name(seat) for seat in result["winners"]]
    if not named and "pes" in result and "abandoned" not in result:
        return ["Pes"]
    return named


def _seat(table: tables.Table, seat: int) -> str:
    about = table["seats"][seat]
    who = about.get("name") or about.get("bot") or about["kind"]
    return f"seat {seat} ({who})"
