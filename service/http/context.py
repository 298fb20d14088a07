"""The app's services (service/core/wiring.py) and its streams' fan-out (service/streams/), as its requests reach
them."""

from __future__ import annotations

from flask import Flask, current_app

from service.core.config import Settings
from service.core.wiring import Services, build
from service.streams.fanout import EXTENSION as FANOUT
from service.streams.fanout import Fanout

#: Where the app keeps its services.
SERVICES = "dogpark"


def attach(app: Flask, settings: Settings) -> None:
    """Wire the app's services, and the fan-out its event streams share; count the requests the fan-out waits for."""
    built = build(settings)
    app.extensions[SERVICES] = built
    # Nothing connects until the first stream: the reader starts in the process that serves it.
    app.extensions[FANOUT] = Fanout(settings, built.redis, built.store, built.repo)
    # Outermost, so that a crowd's hand-out lets a request finish whatever part of it is running.
    app.wsgi_app = app.extensions[FANOUT].answering.wrap(app.wsgi_app)  # type: ignore[method-assign]


def services() -> Services:
    """The current app's services."""
    return current_app.extensions[SERVICES]


def fanout() -> Fanout:
    """The current app's fan-out: the process's one reader of Redis and the registry of its open streams."""
    return current_app.extensions[FANOUT]
