"""Each game's commands match their own schemas as /v1/openapi.json publishes them, and those schemas are strict;
the choice trees match ChoiceNode.

Seeded bot games of every game (the games test_view_schemas plays) are played in memory: at every STRIDE-th decision,
each legal move is validated against the game's command union (exactly one of its commands, by type), and the seat's
choice tree, spoken as the API speaks it, against ChoiceNode. A move with a field added or an argument left out is
refused.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from domain.catalogue import GAMES
from domain.engine import Bot, Command, Event, State
from domain.playout import play
from service.core.config import Settings
from service.core.reads import spoken_choices
from service.http.app import create_app
from service.http.schemas.commands import GAME_COMMANDS
from tests.integration.test_view_schemas import GAMES_PLAYED

#: Every STRIDE-th decision of a game is checked.
STRIDE = 7

Offer = tuple[list[Command], dict[str, Any] | None]


@pytest.fixture(scope="module")
def document(redis_url) -> dict:
    app = create_app(Settings(redis_url=redis_url, queue=f"test-{uuid.uuid4().hex[:8]}", create_rate="off"))
    with app.test_client() as client:
        return client.get("/v1/openapi.json").json


def validator(document: dict, name: str) -> Draft202012Validator:
    """A validator of the document's schema ``name``, its references resolved within the document."""
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": document["components"]})


@cache
def offers(game: str) -> list[Offer]:
    """(legal moves, spoken choice tree) at every STRIDE-th decision of the game's bot games."""
    rules = GAMES[game]
    found: list[Offer] = []
    latest: dict[str, State] = {}
    decisions = [0]

    def seen(event: Event, state: State) -> None:
        latest["state"] = state

    def recording(bot: Bot) -> Callable[[Any, list[Command], Any], Command]:
        def decide(view: Any, legal: list[Command], rng: Any) -> Command:
            decisions[0] += 1
            if decisions[0] % STRIDE == 0:
                tree = spoken_choices(rules.choices(latest["state"], view["you"]), "en", None)
                found.append((json.loads(json.dumps(legal)), json.loads(json.dumps(tree))))
            return bot(view, legal, rng)

        return decide

    for players, bot, options in GAMES_PLAYED[game]:
        play(rules, players, [recording(rules.bots[bot])] * players, f"commands-{game}", options, on_event=seen)
    return found


def distinct(values: Iterable[Any]) -> list[Any]:
    """Each JSON value once (the same move is offered at many decisions): validating it again proves nothing more."""
    return list({json.dumps(value, sort_keys=True): value for value in values}.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_matches_its_games_command_schema_and_every_choice_tree_its_schema(document, game):
    commands, tree = validator(document, GAME_COMMANDS[game][0]), validator(document, "ChoiceNode")
    sampled = offers(game)

    refused = [f"{move}: {error.message[:200]}" for move in distinct(move for moves, _ in sampled for move in moves)
               for error in commands.iter_errors(move)]
    misshapen = [error.message[:200] for choices in distinct(choices for _, choices in sampled)
                 for error in tree.iter_errors(choices)]

    assert len(sampled) > 20
    assert refused[:10] == []
    assert misshapen[:10] == []


@pytest.mark.parametrize("game", GAMES)
def test_a_move_with_a_field_added_or_an_argument_left_out_is_refused(document, game):
    commands = validator(document, GAME_COMMANDS[game][0])
    moves = distinct(move for legal, _ in offers(game) for move in legal[:3])

    added = [move for move in moves if commands.is_valid({**move, "unknown_field": 1})]
    left_out = [
        (move, name)
        for move in moves
        for name in move
        if commands.is_valid({key: value for key, value in move.items() if key != name})
    ]

    assert moves
    assert added == []
    assert left_out == []
