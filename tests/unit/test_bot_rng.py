"""A built-in bot chooses with an rng from the game's secret seed, its seat and the version: nothing public."""

from __future__ import annotations

import random

import pytest

from domain import table as tables
from domain.catalogue import GAMES
from domain.engine import bot_rng, rng_for
from domain.schedule import next_action

SEED = "a1" * 32
GAME_ID = "0123456789abcdef"


def draws(rng: random.Random) -> list[float]:
    return [rng.random() for _ in range(5)]


def test_a_bots_draws_cannot_be_replayed_from_the_game_id_and_the_version():
    assert all(draws(bot_rng(SEED, v, 1)) != draws(random.Random(f"{GAME_ID}:{v}")) for v in range(1, 50))


def test_a_bots_draws_are_never_the_rules_draws_for_the_same_or_the_next_version():
    for version in range(1, 50):
        bot = draws(bot_rng(SEED, version, 0))
        assert bot != draws(rng_for(SEED, version)) and bot != draws(rng_for(SEED, version + 1))


def test_each_seat_draws_its_own_numbers_and_the_same_seed_seat_and_version_draw_the_same():
    assert draws(bot_rng(SEED, 7, 0)) != draws(bot_rng(SEED, 7, 1))
    assert draws(bot_rng(SEED, 7, 0)) != draws(bot_rng(SEED, 8, 0))
    assert draws(bot_rng(SEED, 7, 0)) != draws(bot_rng("b2" * 32, 7, 0))
    assert draws(bot_rng(SEED, 7, 2)) == draws(bot_rng(SEED, 7, 2))


@pytest.fixture
def peeking_felix(monkeypatch):
    """An all-bot Felix table whose bots are a 'peek' bot that says which number its rng drew first."""
    rules = GAMES["felix"]
    monkeypatch.setitem(rules.bots, "peek", lambda view, legal, rng: {**legal[0], "drew": rng.random()})
    command = tables.create("felix", {}, [{"bot": "peek"}] * 3, SEED)
    _, table = tables.apply(None, None, command, rng_for(SEED, 1), SEED)
    return table


def test_the_bot_due_chooses_with_the_rng_of_the_seed_its_seat_and_the_version(peeking_felix):
    action = next_action(peeking_felix, lambda version: 0.0, 0.0, SEED)

    assert action.actor == {"kind": "bot", "seat": action.seat, "name": "peek"}
    assert action.command["drew"] == bot_rng(SEED, peeking_felix["version"], action.seat).random()
