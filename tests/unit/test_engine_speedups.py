"""The engine's fast paths give exactly what the slow ones gave: the rules' rng draws, and JSON copies."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import copy_json, rng_for
from domain.playout import play

SEED = "c3" * 32


def every_draw(rng: random.Random) -> list:
    """One of each draw the rules make (and a state), in one sequence."""
    deck = list(range(40))
    rng.shuffle(deck)
    return [
        rng.gauss(),
        deck,
        rng.choice("abcdefgh"),
        rng.sample(range(100), 7),
        rng.randint(1, 6),
        rng.randrange(3, 90, 3),
        rng.random(),
        rng.getrandbits(90),
        rng.getstate(),
        rng.choices(range(10), k=4),
    ]


@pytest.mark.parametrize("version", [1, 2, 17, 250, 10_001])
def test_the_rules_rng_draws_what_a_random_seeded_with_the_digest_draws(version):
    digest = hashlib.sha256(f"{SEED}:{version}".encode()).digest()
    assert every_draw(rng_for(SEED, version)) == every_draw(random.Random(int.from_bytes(digest, "big")))


def test_the_rules_rng_gives_the_seeded_state_or_a_gauss_as_its_first_draw_and_can_be_reseeded():
    digest = hashlib.sha256(f"{SEED}:3".encode()).digest()
    assert rng_for(SEED, 3).getstate() == random.Random(int.from_bytes(digest, "big")).getstate()
    assert rng_for(SEED, 3).gauss() == random.Random(int.from_bytes(digest, "big")).gauss()
    reseeded = rng_for(SEED, 3)
    reseeded.seed(42)
    assert every_draw(reseeded) == every_draw(random.Random(42))


@pytest.mark.parametrize("game", ["felix", "spots", "dogs", "dogslife"])
def test_a_json_copy_equals_a_json_round_trip_on_every_state_and_event_of_a_game(game):
    rules = GAMES[game]
    played = play(rules, rules.min_players + 1, [rules.bots["greedy"]] * (rules.min_players + 1), f"copy-{game}")
    state = None
    for event in played.events:
        state = rules.evolve(state, event)
        for value in (event, state, rules.view(state, 0)):
            copied = copy_json(value)
            assert copied == json.loads(json.dumps(value)) and copied is not value


def test_a_json_copy_takes_what_orjson_refuses_as_the_standard_library_does():
    for value in ({1: "one", "two": (2, 2)}, [2**70, -(2**65)], {"text": "lone \udc80 surrogate"}):
        assert copy_json(value) == json.loads(json.dumps(value))


def test_a_json_copy_shares_nothing_with_its_original():
    table = tables.fold(
        tables.apply(None, None, tables.create("spots", {}, [{"bot": "greedy"}], SEED), rng_for(SEED, 1), SEED)[0]
    )
    copied = copy_json(table)
    copied["seats"][0]["name"] = "changed"
    copied["options"]["extra"] = True
    assert table["seats"][0]["name"] != "changed" and "extra" not in table["options"]
