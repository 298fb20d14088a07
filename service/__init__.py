"""The dogpark service: the Flask app, its command handler and read side, the CLI."""

from service.app import create_app

__all__ = ["create_app"]
