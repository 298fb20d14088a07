"""Each game's view (a GameView's ``state``) as the OpenAPI document describes it: a module per game, named as its
package in domain/ is (domain/felix/view.py makes the view that ``felix`` here describes).

A view is what a seat (or a spectator) may see of the game's state now; once the game is over it shows
everything. Ids are the ones the game's static content names (GET /v1/game-types/{id}). Every field listed here
is always there unless its description says when it is, and a view has no other field.

- ``shown``: what every view schema is made of (``Shown``, ``either``, ``you``, the JSON Schema pieces).
- ``felix``, ``spots``, ``dogs``, ``dogslife``: each game's view schema (``FelixView`` ...) and its parts.
- ``table``: the table's part of every view, each seat's clock (``SeatClock``).

The schemas' class names are the OpenAPI document's component names.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema

from service.http.schemas.views.dogs import DogsView
from service.http.schemas.views.dogslife import DogsLifeView
from service.http.schemas.views.felix import FelixView
from service.http.schemas.views.spots import SpotsView

#: Each game's view schema, by game id (the order of the document's oneOf).
VIEW_SCHEMAS: dict[str, type[Schema]] = {
    "felix": FelixView,
    "spots": SpotsView,
    "dogs": DogsView,
    "dogslife": DogsLifeView,
}
#: The component name of a game's view of any game: one of VIEW_SCHEMAS, told apart by ``game``.
GAME_STATE = "GameState"


def state_union() -> dict[str, Any]:
    """One of the games' views, told apart by ``game`` (an OpenAPI discriminator): a generated client narrows on it."""
    refs = {game: f"#/components/schemas/{schema.__name__}" for game, schema in VIEW_SCHEMAS.items()}
    return {
        "description": "A game's view, by its game: " + ", ".join(f"{schema.__name__} ({game})" for game, schema in
                                                               VIEW_SCHEMAS.items()) + ".",
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "game", "mapping": refs},
    }
