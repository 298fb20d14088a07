"""One blueprint per resource, and the helpers they document their problem responses with.

- ``catalogue``: the game types; ``games``: create, list, view, claim; ``commands``: a seat's move;
  ``history``: the log, its stream, replays, the audit; ``tickets``: a seat's stream tickets.
- ``players``: players and their games; ``player_stream``: a player's games, live.
- ``invitations``: invitations to a game's seats; ``challenges``: challenges between players (private tables).
- ``bots``: registered webhook bots; ``problems``: the problem kinds' pages; ``health``: health checks.
- ``docs``: Swagger UI.
"""

from __future__ import annotations

from collections.abc import Callable

from flask_smorest import Blueprint

from service.core.problems import PROBLEM, Kind
from service.http.schemas.problems import Problem


def type_links(*kinds: Kind) -> str:
    """A sentence linking the pages of problem types, for a description in the OpenAPI document."""
    return " Types: " + ", ".join(f"[{kind.slug}]({kind.type})" for kind in kinds) + "."


def problem(blp: Blueprint, status: int, description: str, *kinds: Kind) -> Callable:
    """Document an error response of an endpoint as application/problem+json, linking the problem types it has."""
    if kinds:
        description += type_links(*kinds)
    return blp.alt_response(status, schema=Problem, content_type=PROBLEM, description=description)
