"""The Flask app factory: settings, services, the API blueprints, problem+json errors, the docs."""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

import redis
from apispec import BasePlugin
from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface
from flask_smorest import Api
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from domain.engine import BadOptions, IllegalMove
from service import logs, metrics
from service.api import type_links
from service.api.docs import Examples
from service.config import Settings
from service.cors import allow_origins
from service.json_bodies import OrjsonProvider
from service.problems import (
    BAD_OPTIONS,
    ILLEGAL_MOVE,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PROBLEM,
    Problem,
    http_kind,
    redis_unavailable,
)
from service.problems import REDIS_UNAVAILABLE as REDIS_UNAVAILABLE_KIND
from service.ratelimit import parse_rate
from service.schemas import Problem as ProblemSchema
from service.wiring import build

log = logging.getLogger("dogpark.api")

API_INFO = {
    "description": (
        "dogpark: an event-sourced server for turn-based board games. Every command is appended as an "
        "event to the game's log; views and logs are redacted per seat. Seat tokens are bearer tokens, "
        "returned once when a seat is claimed. Errors are application/problem+json; each kind of error has its "
        "own `type`, a path under /v1/problems that answers with what it means and what to do (GET /v1/problems "
        "lists them).\n\n"
        "Except these, which the HTTP server (gunicorn) answers itself, before the API sees the request, with "
        "a short text/html page and `Connection: close`: a malformed request line or header, or a header "
        "holding bytes HTTP does not allow (400); a request line longer than 4094 bytes, such as a very long "
        "URL (414); more than 100 header fields, or one longer than 8190 bytes (431); a transfer coding it "
        "does not support (501). A body larger than DOGPARK_MAX_BODY_BYTES (64 KiB by default) is the API's "
        "413, a problem document.\n\n"
        "Every response carries `X-Request-ID`: the request's own, when it sent 1 to 128 printable ASCII characters "
        "without spaces, else a fresh id. The server's log lines for the request, and for the bot moves it set "
        "off, name it: quote it when reporting a problem."
    ),
}


#: The 503 every operation on games may answer: each reads or writes Redis, which may be down or frozen.
REDIS_UNAVAILABLE = {
    "description": "Redis is down or does not answer within DOGPARK_REDIS_TIMEOUT; try again after Retry-After."
    + type_links(REDIS_UNAVAILABLE_KIND),
    "headers": {"Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}},
    "content": {PROBLEM: {"schema": ProblemSchema}},
}


class RedisOutages(BasePlugin):
    """Documents REDIS_UNAVAILABLE on each operation under /v1/games and /v1/players unless it has its own 503."""

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        """Add the 503 to each of the path's operations."""
        if path and path.startswith(("/v1/games", "/v1/players")):
            for operation in (operations or {}).values():
                operation.setdefault("responses", {}).setdefault("503", "REDIS_UNAVAILABLE")


class DogparkFlask(Flask):
    """Flask, asking once per function, not at every call, whether a hook or a view is a coroutine function."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plain: set[Callable[..., Any]] = set()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """``func`` itself when it is a plain function (Flask's answer, remembered); else Flask's wrapper."""
        # Flask asks for each hook and the view of every request; the answer never changes for a function.
        if func in self._plain:
            return func
        wrapped = super().ensure_sync(func)
        if wrapped is func:
            self._plain.add(func)
        return wrapped


class NoSessions(SessionInterface):
    """The API keeps no sessions (its callers bear tokens, never cookies): every request gets the one null session,
    without Flask's cookie session interface looking for a secret key and a cookie on each."""

    null = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        """The null session, whose every write is an error, as Flask's own is without a secret key."""
        return self.null

    def save_session(self, app: Flask, session: NullSession, response: Response) -> None:
        """Nothing to save (Flask does not call it for a null session)."""


class ProblemApi(Api):
    """flask-smorest's Api, answering every HTTP error as a problem document."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        """An HTTP error (a validation failure included) as application/problem+json."""
        data = getattr(error, "data", None) or {}
        extra: dict[str, Any] = {}
        if "messages" in data:
            extra["errors"] = data["messages"]
        detail = error.description or error.name
        if extra.get("errors"):
            detail = "the request does not match the schema: see 'errors'"
        response = Problem(http_kind(error.code or 500, error.name), detail, **extra).response()
        # The error's own headers too: a 405 must say which methods are allowed (RFC 9110).
        for name, value in [*error.get_headers(), *(data.get("headers") or {}).items()]:
            if name.lower() != "content-type":
                response.headers[name] = value
        return response


def create_app(settings: Settings | None = None) -> Flask:
    """Build the app; settings default to the environment's."""
    settings = settings or Settings.from_env()
    app = DogparkFlask("dogpark")
    app.config.update(
        API_TITLE="dogpark",
        # The package's version (setup.cfg), so the document says which release it describes.
        API_VERSION=version("dogpark"),
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/v1",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={"info": API_INFO},
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
    )
    # A bad DOGPARK_CREATE_RATE stops the start, rather than the first creation.
    parse_rate(settings.create_rate)
    if settings.trusted_proxies:
        # The client's address, which the creation rate is counted by, from the trusted proxies' X-Forwarded-For.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)
    # Bodies keep their documented key order and are written by orjson: both were measurable shares of a command.
    app.json = OrjsonProvider(app)
    app.session_interface = NoSessions()
    # First, so that every request (one another hook refuses too) has its id and is counted.
    logs.trace_requests(app)
    metrics.instrument(app)
    app.extensions["dogpark"] = build(settings)
    # Outermost, so that a crowd's hand-out lets a request finish whatever part of it is running.
    app.wsgi_app = app.extensions["dogpark"].fanout.answering.wrap(app.wsgi_app)  # type: ignore[method-assign]
    api = ProblemApi(app, spec_kwargs={"extra_plugins": [RedisOutages(), Examples()]})
    api.spec.components.response("REDIS_UNAVAILABLE", REDIS_UNAVAILABLE, lazy=True)
    # flask-smorest declares its shared error responses as application/json; they are sent as problem documents.
    unprocessable = "The body or query does not match its schema." + type_links(INVALID_REQUEST)
    for name, description in (("UNPROCESSABLE_ENTITY", unprocessable), ("DEFAULT_ERROR", "An error")):
        document = {"description": description, "content": {PROBLEM: {"schema": ProblemSchema}}}
        api.spec.components.response(name, document, lazy=True)
    tokens = {
        "seatToken": "A seat token (from claiming a seat), or the token of a player holding a seat of the game, which "
        "speaks for that seat; in a hotseat game, where a player may hold several, add ?seat=<n> to say which.",
        "playerToken": "A player's token (POST /v1/players): it claims seats for the player and acts for them.",
        "botKey": "A registered bot's key (POST /v1/bots returns it once): it retires the bot.",
    }
    for name, description in tokens.items():
        api.spec.components.security_scheme(name, {"type": "http", "scheme": "bearer", "description": description})

    from service import web
    from service.api import (
        bots,
        catalogue,
        commands,
        docs,
        games,
        health,
        history,
        player_stream,
        players,
        problems,
        tickets,
    )

    for module in (catalogue, games, commands, history, tickets, players, player_stream, bots, problems, health):
        api.register_blueprint(module.blp)
    app.register_blueprint(docs.blp)
    app.register_blueprint(web.blp)
    allow_origins(app, settings.cors_origins)

    @app.errorhandler(Problem)
    def _problem(problem: Problem) -> Response:
        return problem.response()

    @app.errorhandler(IllegalMove)
    def _illegal(refused: IllegalMove) -> Response:
        return Problem(ILLEGAL_MOVE, refused.detail, rule=refused.reason).response()

    @app.errorhandler(BadOptions)
    def _bad_options(bad: BadOptions) -> Response:
        return Problem(BAD_OPTIONS, f"{bad.option}: {bad.reason}", option=bad.option).response()

    @app.errorhandler(redis.ConnectionError)
    @app.errorhandler(redis.TimeoutError)
    def _redis_unavailable(error: redis.RedisError) -> Response:
        log.warning("Redis is unavailable: %s: %s", type(error).__name__, error)
        return redis_unavailable(error).response()

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            return api.handle_http_exception(error)
        log.exception("unhandled error")
        return Problem(INTERNAL_ERROR, "the server failed; the error is logged").response()

    return app
