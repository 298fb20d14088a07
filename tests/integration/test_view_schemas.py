"""Each game's view matches its own schema as /v1/openapi.json publishes it, and those schemas are strict.

Seeded bot games of every game are played in memory and their logs folded again: the views of a spectator and of
each seat after every event of the opening batches (a replay may stop inside one), then at about SAMPLES versions
up to the end, are validated with jsonschema against the game's view schema, references resolved within the
document. Strict means a view with a field renamed, left out or added is refused, in every object the schema
describes field by field, at any depth.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from domain.catalogue import GAMES
from domain.playout import play
from service.core.config import Settings
from service.http.app import create_app

#: Per game: (players, bot, options) of the games played, so that every shape a view takes shows up (solo Spots
#: with Pes, free walk stacks, 2-player DOGS blockers, A Dog's Life's chosen dogs and timed end).
GAMES_PLAYED = {
    "felix": [(3, "random", {}), (5, "greedy", {})],
    "spots": [(1, "greedy", {"tile_set": "free_walk"}), (4, "random", {"tile_set": "random"})],
    "dogs": [(2, "random", {}), (4, "greedy", {})],
    "dogslife": [(2, "easy", {"dog_assignment": "choose", "timed_rounds": 3}), (5, "greedy", {})],
}
#: Views after each of the first events: the opening batches, where a replay may stop halfway.
OPENING = 40
#: Versions sampled after the opening, the last one (the game over) included.
SAMPLES = 30
VIEW_SCHEMA = {"felix": "FelixView", "spots": "SpotsView", "dogs": "DogsView", "dogslife": "DogsLifeView"}

View = tuple[str, Any]


@pytest.fixture(scope="module")
def document(redis_url) -> dict:
    app = create_app(Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"))
    with app.test_client() as client:
        return client.get("/v1/openapi.json").json


def validator(document: dict, schema: dict) -> Draft202012Validator:
    """A validator of ``schema``, its references resolved within the document."""
    return Draft202012Validator({**schema, "components": document["components"]})


def view_validator(document: dict, game: str) -> Draft202012Validator:
    """A validator of the game's view schema as the document publishes it."""
    return validator(document, {"$ref": f"#/components/schemas/{VIEW_SCHEMA[game]}"})


@cache
def views(game: str) -> list[View]:
    """(where, view) for a spectator and every seat at the sampled versions of the game's bot games."""
    rules = GAMES[game]
    out: list[View] = []
    for players, bot, options in GAMES_PLAYED[game]:
        played = play(rules, players, [rules.bots[bot]] * players, f"views-{game}", options)
        # The folds below must not share lists with the playout's state: a state may keep lists it is given.
        events = json.loads(json.dumps(played.events))
        stride = max(1, (len(events) - OPENING) // SAMPLES)
        state = None
        for number, event in enumerate(events, 1):
            state = rules.evolve(state, event)
            if number <= OPENING or number % stride == 0 or number == len(events):
                for seat in (None, *range(players)):
                    where = f"{players} players {options}, after event {number} ({event['type']}), seat {seat}"
                    out.append((where, json.loads(json.dumps(rules.view(state, seat)))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_view_of_the_game_matches_its_schema_in_the_document(document, game):
    check = view_validator(document, game)
    sampled = views(game)

    refused = [
        f"{where}: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}"
        for where, view in sampled
        for error in check.iter_errors(view)
    ]

    assert len(sampled) > 200
    assert refused[:10] == []


def records(document: dict, schema: dict, value: Any, path: tuple = ()) -> Iterator[tuple[tuple, dict, dict]]:
    """(path, object, its schema) for every object in ``value`` that its schema describes field by field.

    Maps (a board's spaces, a seat's pens) are walked into, not yielded: any key is right in a map.
    """
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    for branch in schema.get("anyOf", schema.get("oneOf", [])):
        if validator(document, branch).is_valid(value):
            yield from records(document, branch, value, path)
            return
    if isinstance(value, dict) and "properties" in schema:
        yield path, value, schema
        for name, item in value.items():
            yield from records(document, schema["properties"][name], item, (*path, name))
    elif isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        for name, item in value.items():
            yield from records(document, schema["additionalProperties"], item, (*path, name))
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            yield from records(document, schema["items"], item, (*path, index))


def changed(view: Any, path: tuple, change: Callable[[dict], None]) -> Any:
    """A copy of ``view`` with ``change`` applied to the object at ``path``."""
    copy = json.loads(json.dumps(view))
    target = copy
    for step in path:
        target = target[step]
    change(target)
    return copy


def mutations(record: dict, required: list[str]) -> Iterator[tuple[str, Callable[[dict], None]]]:
    """(what, how) for each way to break an object: add a field, rename any field, drop a required one."""
    yield "add a field", lambda target: target.update(unknown_field=1)
    for name in record:
        yield f"rename {name}", lambda target, name=name: target.update({f"{name}_renamed": target.pop(name)})
        if name in required:
            yield f"drop {name}", lambda target, name=name: target.pop(name)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_with_a_field_renamed_missing_or_unknown_anywhere_is_refused(document, game):
    check = view_validator(document, game)
    sampled = views(game)
    # One view from mid-game and the last one (the game over, everything shown).
    chosen = [sampled[len(sampled) // 2][1], sampled[-1][1]]
    schema = {"$ref": f"#/components/schemas/{VIEW_SCHEMA[game]}"}
    passed = []
    tried = 0
    for view in chosen:
        assert check.is_valid(view)
        for path, record, record_schema in records(document, schema, view):
            for what, how in mutations(record, record_schema.get("required", [])):
                tried += 1
                if check.is_valid(changed(view, path, how)):
                    passed.append(f"{'/'.join(map(str, path))}: {what}")

    assert tried > 100
    assert passed == []
