"""The kit's typed problems and its reading of Server-Sent Events."""

from __future__ import annotations

import json

import pytest
import requests
from dogpark_client import (
    BadRequest,
    Conflict,
    Forbidden,
    IllegalMove,
    NotYourTurn,
    ProblemError,
    RateLimited,
    Refused,
    SeatTaken,
    ServerError,
    StaleVersion,
    Unauthorized,
    Unavailable,
)
from dogpark_client.problems import KINDS, problem_error
from dogpark_client.sse import Message, Parser, lines

from service.core.problems import KINDS as SERVER_KINDS


def answer(status: int, body: object, headers: dict[str, str] | None = None) -> requests.Response:
    """An HTTP answer as requests gives it."""
    response = requests.Response()
    response.status_code = status
    response.reason = "Reason"
    response._content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response.headers.update({"Content-Type": "application/problem+json", **(headers or {})})
    return response


def problem(slug: str, status: int, **extra: object) -> dict:
    return {"type": f"/v1/problems/{slug}", "title": "T", "status": status, "detail": f"{slug} happened", **extra}


@pytest.mark.parametrize(
    ("slug", "status", "family"),
    [
        ("stale-version", 409, StaleVersion),
        ("seat-taken", 409, SeatTaken),
        ("illegal-move", 422, IllegalMove),
        ("invalid-request", 422, BadRequest),
        ("not-your-turn", 403, NotYourTurn),
        ("not-your-seat", 403, Forbidden),
        ("unauthorized", 401, Unauthorized),
        ("invalid-stream-ticket", 401, Unauthorized),
        ("busy", 503, Unavailable),
        ("redis-unavailable", 503, Unavailable),
        ("rate-limited", 429, RateLimited),
        ("internal-error", 500, ServerError),
    ],
)
def test_each_problem_kind_raises_its_family_carrying_the_document(slug, status, family):
    error = problem_error(answer(status, problem(slug, status, version=7)))
    assert type(error) is family
    assert error.problem["version"] == 7
    assert error.kind == slug
    assert error.status == status
    assert error.detail == f"{slug} happened"


def test_every_kind_the_server_registers_has_a_family_of_its_own():
    assert set(SERVER_KINDS) <= set(KINDS), set(SERVER_KINDS) - set(KINDS)


def test_a_stale_version_is_a_conflict_and_an_illegal_move_a_refusal():
    assert issubclass(StaleVersion, Conflict) and issubclass(IllegalMove, Refused)
    assert all(issubclass(family, ProblemError) for family in KINDS.values())


def test_a_kind_the_kit_does_not_know_falls_back_on_its_status():
    assert type(problem_error(answer(409, problem("some-new-conflict", 409)))) is Conflict
    assert type(problem_error(answer(422, problem("some-new-refusal", 422)))) is Refused


def test_an_answer_that_is_not_a_problem_document_still_raises_with_its_first_line():
    error = problem_error(answer(502, b"<html>Bad Gateway</html>\nmore"))
    assert isinstance(error, ServerError)
    assert error.detail == "<html>Bad Gateway</html>"


def test_retry_after_in_seconds_is_kept_on_the_error():
    error = problem_error(answer(503, problem("busy", 503), {"Retry-After": "2"}))
    assert error.retry_after == 2.0


def test_sse_messages_are_read_across_chunk_boundaries_and_line_endings():
    stream = [
        b"retry: 2000\r\n\r\n: keep-alive\n\nid: 5\nevent: CardPlayed\nda",
        b'ta: {"version": 5}\r',
        b"\n\r\nevent: turn\ndata: {\"view\":\ndata:  1}\n\n",
        b"id: 6\nevent: Odd\ndata: not json\n\n",
    ]
    parser = Parser()
    assert list(parser.messages(lines(stream))) == [
        Message("CardPlayed", {"version": 5}, 5),
        Message("turn", {"view": 1}, None),
        Message("Odd", "not json", 6),
    ]
    assert parser.retry == 2.0
