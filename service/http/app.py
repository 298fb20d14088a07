"""The Flask app factory: settings, the app, its errors and its document, the blueprints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface, SessionMixin
from werkzeug.middleware.proxy_fix import ProxyFix

from service.core.config import Settings
from service.http import web
from service.http.blueprints import (
    bots,
    catalogue,
    challenges,
    chat,
    commands,
    docs,
    games,
    health,
    hints,
    history,
    invitations,
    notification_hooks,
    player_stream,
    players,
    problems,
    push,
    quickplay,
    rematch,
    tickets,
)
from service.http.body_deadline import with_body_deadline
from service.http.client_connections import cap_connections
from service.http.context import attach
from service.http.cors import allow_origins
from service.http.document import OPENAPI, document, plugins
from service.http.errors import ProblemApi, register_errors
from service.http.framing import never_framed
from service.http.language import speak_languages
from service.http.metrics import instrument
from service.http.ratelimit import parse_rate
from service.http.request_ids import trace_requests
from service.http.responses import OrjsonProvider


def create_app(settings: Settings | None = None) -> Flask:
    """Build the app; settings default to the environment's."""
    settings = settings or Settings.from_env()
    app = DogparkFlask("dogpark")
    app.config.update(OPENAPI, MAX_CONTENT_LENGTH=settings.max_body_bytes)
    # A bad DOGPARK_CREATE_RATE, REPLAY_RATE, CHAT_RATE or HINT_RATE stops the start, not the first request.
    parse_rate(settings.create_rate)
    parse_rate(settings.replay_rate)
    parse_rate(settings.chat_rate)
    parse_rate(settings.hint_rate)
    # A body's last byte must arrive within DOGPARK_BODY_SECONDS: gunicorn would wait for it for ever.
    app.wsgi_app = with_body_deadline(app.wsgi_app, settings.body_seconds)  # type: ignore[method-assign,assignment]
    if settings.trusted_proxies:
        # The client's address, which the creation rate is counted by, from the trusted proxies' X-Forwarded-For.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    # Bodies keep their documented key order and are written by orjson: both were measurable shares of a command.
    app.json = OrjsonProvider(app)
    app.session_interface = NoSessions()
    # First, so that every request (one another hook refuses too) has its id and is counted.
    trace_requests(app)
    # With DOGPARK_METRICS_BIND, a process of gunicorn's master's serves /metrics on that address; the API's has none.
    instrument(app, serve=settings.metrics_bind is None)
    # After those two, so that a request refused for its address's requests in flight has its id and is counted.
    cap_connections(app, settings.client_connections)
    attach(app, settings)
    register_errors(app)
    api = ProblemApi(app, spec_kwargs={"extra_plugins": plugins()})
    document(api)
    register_blueprints(app, api)
    allow_origins(app, settings.cors_origins)
    never_framed(app)
    speak_languages(app)
    return app


def register_blueprints(app: Flask, api: ProblemApi) -> None:
    """The API's blueprints (documented), then the interactive docs and the web client."""
    for module in (
        catalogue,
        games,
        invitations,
        rematch,
        commands,
        hints,
        history,
        tickets,
        players,
        player_stream,
        notification_hooks,
        push,
        challenges,
        quickplay,
        chat,
        bots,
        problems,
        health,
    ):
        api.register_blueprint(module.blp)
    app.register_blueprint(docs.blp)
    app.register_blueprint(web.blp)


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

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Nothing to save (Flask does not call it for a null session)."""
