"""What the integration tests do as a player: the header of a token, a new player's id and token, the services."""

from __future__ import annotations

from flask.testing import FlaskClient

from service.core.wiring import Services


def auth(token: str) -> dict[str, str]:
    """The Authorization header of a player's token."""
    return {"Authorization": f"Bearer {token}"}


def new_player(client: FlaskClient, name: str) -> tuple[str, str]:
    """A new player's id and token."""
    made = client.post("/v1/players", json={"name": name})
    assert made.status_code == 201, made.json
    return made.json["id"], made.json["token"]


def services(client: FlaskClient) -> Services:
    """The services of the client's app."""
    return client.application.extensions["dogpark"]
