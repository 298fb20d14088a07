"""Logging for the stack's processes: a readable log by default, JSON lines on demand, the libraries' chatter too.

``DOGPARK_LOG_LEVEL`` (default ``info``) is dogpark's own level: at ``info``, one line per game created, started
or finished, and the warnings and errors of every process; ``debug`` adds the libraries' own lines (RQ's per job,
gunicorn's); ``warning`` leaves out the games' lines. ``DOGPARK_ACCESS_LOG`` (see service/gunicorn/conf.py) is apart.

A message never spans lines or hides what it says: every character ``str.isprintable`` refuses in it (a newline, a
carriage return, ESC, NUL, a bidi override, a zero-width character) is written as its escape (``\\n``,
``\\x1b``, ``\\u202e``), in the readable log and in the JSON one, so a name or a path a client chose cannot forge
a line or turn the log into binary. A traceback keeps its own lines.

``DOGPARK_LOG_FORMAT=json`` writes each line as one JSON object (``JsonFormatter``), for a log collector. Every
request has an id (service/http/request_ids.py); the lines logged while the request is served, and by the worker
jobs it caused (the id travels in the job's meta), carry it as ``request_id``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from domain import table as tables

#: The format of every line a worker, the sweeper or the web server logs; the process id tells workers apart.
FORMAT = "%(asctime)s %(name)s[%(process)d]: %(message)s"
LEVELS = ("debug", "info", "warning", "error")
LINE_FORMATS = ("text", "json")
#: The id of the request this greenlet or job serves (None: none, e.g. the sweeper's own work).
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)

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


def line_format(env: Mapping[str, str] = os.environ) -> str:
    """``text`` or ``json``, from DOGPARK_LOG_FORMAT in ``env`` (default text)."""
    name = env.get("DOGPARK_LOG_FORMAT", "text").strip().lower()
    if name not in LINE_FORMATS:
        raise ValueError(f"DOGPARK_LOG_FORMAT must be one of {', '.join(LINE_FORMATS)}, not {name!r}")
    return name


def formatter(text_format: str = FORMAT, date_format: str | None = None) -> logging.Formatter:
    """The formatter DOGPARK_LOG_FORMAT asks for; a readable line in ``text_format`` (and ``date_format``)."""
    return JsonFormatter() if line_format() == "json" else TextFormatter(text_format, date_format)


def escaped(text: str) -> str:
    """``text`` with each character that is not printable (see the module's doc) written as its escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def configure() -> None:
    """Send this process's log lines to stderr: dogpark's at its level, the libraries' at theirs."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter())
    # A filter on the handler, not levels on the libraries' loggers: RQ sets its loggers to INFO itself.
    floor = library_level()
    handler.addFilter(lambda record: record.name.partition(".")[0] == "dogpark" or record.levelno >= floor)
    logging.basicConfig(level=level(), handlers=[handler])
    # Python's warnings (a library's, gevent's) become lines of the log too, in its format.
    logging.captureWarnings(True)


#: What every LogRecord has; anything else on a record came from ``extra=`` and goes into its JSON line.
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
#: gunicorn's access line atoms worth a field of their own in a JSON line.
_ACCESS_ATOMS = {"h": "remote", "m": "method", "U": "path", "q": "query", "s": "status", "B": "bytes", "M": "ms"}


class TextFormatter(logging.Formatter):
    """logging's formatter, with the message escaped (see the module's doc)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        """The line before any traceback, its message escaped."""
        record.message = escaped(record.message)
        return super().formatMessage(record)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, RFC 3339), level, logger, pid, message, request_id, and the rest.

    A record's ``extra=`` fields are added as they are; an exception's traceback goes in ``exception``. gunicorn's
    access lines also get their request's fields (method, path, status, ms...) and the response's request id. The
    message and every other text field are escaped (see the module's doc): a collector that decodes the line shows
    them on one line too.
    """

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        stamp = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        line: dict[str, Any] = {
            "time": stamp.replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "pid": record.process,
            "message": record.getMessage(),
        }
        request_id = REQUEST_ID.get()
        if record.name == "gunicorn.access" and isinstance(record.args, Mapping):
            line.update(_access_fields(record.args))
            answered = record.args.get("{x-request-id}o")
            request_id = str(answered) if answered else request_id
        if request_id and request_id != "-":
            line["request_id"] = request_id
        line.update({k: v for k, v in vars(record).items() if k not in _RECORD_FIELDS and k not in line})
        line = {k: escaped(v) if isinstance(v, str) else v for k, v in line.items()}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str)


def _access_fields(atoms: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a gunicorn access line, numbers as numbers."""
    fields = {name: atoms.get(atom) for atom, name in _ACCESS_ATOMS.items()}
    for name in ("status", "bytes", "ms"):
        value = fields[name]
        fields[name] = int(value) if isinstance(value, str) and value.isdigit() else value
    return fields


def one_line(name: str, message: str, json_lines: bool) -> str:
    """A line logged by ``name`` outside the logging system (the stack's own), as text or as JSON."""
    if json_lines:
        record = logging.makeLogRecord({"name": name, "msg": message, "levelname": "INFO", "levelno": logging.INFO})
        return JsonFormatter().format(record)
    return f"{time.strftime('%Y-%m-%d %H:%M:%S')} {name}: {escaped(message)}"


@contextmanager
def request_id(value: str | None) -> Iterator[None]:
    """Lines logged inside carry ``value`` as their request id (a worker's job, under its request's id)."""
    token = REQUEST_ID.set(value)
    try:
        yield
    finally:
        REQUEST_ID.reset(token)


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
    """A result's winners, each seat named by ``seat_name``; Pes, when it won a solo game of Spots (``pes.won``)."""
    named = [seat_name(seat) for seat in result["winners"]]
    return [*named, "Pes"] if result.get("pes", {}).get("won") else named


def _seat(table: tables.Table, seat: int) -> str:
    about = table["seats"][seat]
    who = about.get("name") or about.get("bot") or about["kind"]
    return f"seat {seat} ({who})"
