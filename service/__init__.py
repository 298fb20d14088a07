"""The dogpark service: the Flask app, its command handler and read side, the CLI."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """``create_app``, imported when first asked for.

    gunicorn's master reads its settings (service.config, service.logs) from this package; importing the app there
    would import ssl before gevent patches it in the workers, and each worker would warn about it.
    """
    if name == "create_app":
        from service.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
