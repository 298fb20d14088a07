"""Every error answered as a problem document (application/problem+json, service/core/problems.py)."""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, Response, has_request_context, json
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from domain.engine import BadOptions, IllegalMove
from domain.language import FALLBACK
from service.core.problems import (
    BAD_OPTIONS,
    ILLEGAL_MOVE,
    INTERNAL_ERROR,
    PROBLEM,
    Problem,
    http_kind,
    redis_unavailable,
)
from service.http.language import asked_language
from service.http.schemas.problems import Problem as ProblemSchema

log = logging.getLogger("dogpark.api")


def problem_response(problem: Problem) -> Response:
    """The problem as an HTTP response, its title in the request's language."""
    body = problem.body(asked_language() if has_request_context() else FALLBACK)
    return Response(json.dumps(body), status=problem.status, headers=problem.headers, mimetype=PROBLEM)


def http_problem(error: HTTPException) -> Response:
    """An HTTP error (a validation failure included) as a problem document, with the error's own headers."""
    data = getattr(error, "data", None) or {}
    extra: dict[str, Any] = {}
    if "messages" in data:
        extra["errors"] = data["messages"]
    detail = error.description or error.name
    if extra.get("errors"):
        detail = "the request does not match the schema: see 'errors'"
    response = problem_response(Problem(http_kind(error.code or 500, error.name), detail, **extra))
    # The error's own headers too: a 405 must say which methods are allowed (RFC 9110).
    for name, value in [*error.get_headers(), *(data.get("headers") or {}).items()]:
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


class ProblemApi(Api):
    """flask-smorest's Api, answering every HTTP error as a problem document."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        """An HTTP error (a validation failure included) as application/problem+json."""
        return http_problem(error)


def register_errors(app: Flask) -> None:
    """Answer the errors a request may end in: a problem, an illegal move, bad options, Redis away, anything else."""

    @app.errorhandler(Problem)
    def _problem(problem: Problem) -> Response:
        return problem_response(problem)

    @app.errorhandler(IllegalMove)
    def _illegal(refused: IllegalMove) -> Response:
        return problem_response(Problem(ILLEGAL_MOVE, refused.detail, rule=refused.reason))

    @app.errorhandler(BadOptions)
    def _bad_options(bad: BadOptions) -> Response:
        return problem_response(Problem(BAD_OPTIONS, f"{bad.option}: {bad.reason}", option=bad.option))

    @app.errorhandler(redis.ConnectionError)
    @app.errorhandler(redis.TimeoutError)
    def _redis_unavailable(error: redis.RedisError) -> Response:
        log.warning("Redis is unavailable: %s: %s", type(error).__name__, error)
        return problem_response(redis_unavailable(error))

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            return http_problem(error)
        log.exception("unhandled error")
        return problem_response(Problem(INTERNAL_ERROR, "the server failed; the error is logged"))
