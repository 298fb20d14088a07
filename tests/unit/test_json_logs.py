"""JSON log lines (DOGPARK_LOG_FORMAT=json) and the request ids they carry."""

from __future__ import annotations

import json
import logging
import sys

import pytest
from flask import Flask

from service.core import logs
from service.http import request_ids


def record(message: str = "game g1 (felix) started", name: str = "dogpark.games", **extra: object) -> logging.LogRecord:
    """A record as a logger makes it, with ``extra`` fields."""
    made = logging.getLogger(name).makeRecord(name, logging.INFO, __file__, 1, message, (), None, extra=extra)
    made.created = 1_700_000_000.25
    return made


def line(made: logging.LogRecord) -> dict:
    text = logs.JsonFormatter().format(made)
    assert "\n" not in text
    return json.loads(text)


def test_a_record_is_one_json_object_with_its_time_level_logger_process_and_message():
    assert line(record()) == {
        "time": "2023-11-14T22:13:20.250Z",
        "level": "info",
        "logger": "dogpark.games",
        "pid": record().process,
        "message": "game g1 (felix) started",
    }


def test_a_line_logged_while_a_request_is_served_names_the_request():
    with logs.request_id("req-42"):
        inside = line(record())
    outside = line(record())

    assert inside["request_id"] == "req-42"
    assert "request_id" not in outside


def test_extra_fields_are_kept_and_a_traceback_stays_inside_the_one_line():
    made = record("the job failed", game="g7", attempt=2)
    try:
        raise RuntimeError("boom\non two lines")
    except RuntimeError:
        made.exc_info = sys.exc_info()

    written = line(made)

    assert written["game"] == "g7" and written["attempt"] == 2
    assert "RuntimeError: boom\non two lines" in written["exception"]


def test_a_gunicorn_access_line_has_the_request_fields_and_the_id_the_response_carried():
    atoms = {
        "h": "10.0.0.7",
        "m": "POST",
        "U": "/v1/games",
        "q": "",
        "s": "201",
        "B": "512",
        "M": "4",
        "{x-request-id}o": "lb-trace-9",
    }
    made = logging.getLogger("gunicorn.access").makeRecord(
        "gunicorn.access", logging.INFO, __file__, 1, '%(h)s "%(m)s %(U)s" %(s)s', (atoms,), None
    )

    written = line(made)

    assert written["message"] == '10.0.0.7 "POST /v1/games" 201'
    assert {k: written[k] for k in ("remote", "method", "path", "status", "bytes", "ms", "request_id")} == {
        "remote": "10.0.0.7",
        "method": "POST",
        "path": "/v1/games",
        "status": 201,
        "bytes": 512,
        "ms": 4,
        "request_id": "lb-trace-9",
    }


@pytest.mark.parametrize("sent", ["3f2b8c1e-5d4a-4e7b-9c1d-2a3b4c5d6e7f", "Root=1-5759e988-bd862e3fe1be46a9", "x"])
def test_a_short_printable_request_id_from_the_client_is_kept(sent):
    assert request_ids.request_id_from(sent) == sent


@pytest.mark.parametrize("sent", [None, "", "has space", "new\nline", "tab\t", "naïve", "x" * 129])
def test_a_missing_or_unusable_request_id_is_replaced_by_a_fresh_one(sent):
    fresh = request_ids.request_id_from(sent)

    assert fresh != sent and len(fresh) == 32 and int(fresh, 16) >= 0
    assert request_ids.request_id_from(sent) != fresh


def test_the_stacks_own_lines_follow_the_format_of_the_childrens():
    as_json = json.loads(logs.one_line("dogpark.stack", "stopped", json_lines=True))

    assert (as_json["logger"], as_json["message"]) == ("dogpark.stack", "stopped")
    assert logs.one_line("dogpark.stack", "stopped", json_lines=False).endswith(" dogpark.stack: stopped")


def test_an_unknown_log_format_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="DOGPARK_LOG_FORMAT must be one of text, json"):
        logs.line_format({"DOGPARK_LOG_FORMAT": "yaml"})
    assert logs.line_format({}) == "text" and logs.line_format({"DOGPARK_LOG_FORMAT": " JSON "}) == "json"


def test_a_line_logged_after_a_request_was_served_in_the_same_thread_names_no_request():
    app = Flask(__name__)
    request_ids.trace_requests(app)
    app.add_url_rule("/", view_func=lambda: "ok")

    served = app.test_client().get("/", headers={request_ids.REQUEST_ID_HEADER: "req-43"})

    assert served.headers[request_ids.REQUEST_ID_HEADER] == "req-43"
    assert "request_id" not in line(record())
