"""The log a seat's bot reads from the store (Repository.history): enough to draw a state the seat could be in,
and nothing the seat may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain import table as tables
from domain.secrecy import find_leaks
from events.store import GAME_KEYS, key
from service.core.config import Settings
from service.core.wiring import Services, build
from workers import jobs

#: All-bot games of the two games whose samplers read the log (Felix counts mice, DOGS its decks' cards).
LINEUPS = {"felix": [{"bot": "greedy"}] * 3, "dogs": [{"bot": "greedy"}] * 2}
#: Moves played before each look: past the deal and a few turns.
MOVES = 25


@pytest.fixture
def svc(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    """Services whose steps this test performs itself, in order."""
    built = build(Settings(redis_url=redis_url))
    built.handler.enqueue = lambda *step: None
    monkeypatch.setattr(jobs, "services", lambda: built)
    yield built
    built.redis.close()


@pytest.mark.parametrize("game_type", sorted(LINEUPS))
def test_a_state_drawn_from_a_seats_stored_history_shows_the_seat_its_view_and_the_history_hides_its_secrets(
    svc: Services, game_type: str
) -> None:
    game_id = svc.handler.create(game_type, {}, LINEUPS[game_type]).game_id
    try:
        for _ in range(MOVES):
            jobs.advance(game_id, None)
        loaded = svc.repo.load(game_id)
        rules = tables.rules_of(loaded.table)
        state = loaded.table["game"]
        for seat in range(len(LINEUPS[game_type])):
            view = rules.view(state, seat)

            history = svc.repo.history(loaded, seat)

            drawn = rules.sample(view, history, random.Random(seat))
            assert rules.view(drawn, seat) == view
            assert rules.legal_moves(drawn, seat) == rules.legal_moves(state, seat)
            assert find_leaks(history, rules.secrets(state, seat)) == []
    finally:
        svc.redis.delete(*(key(game_id, suffix) for suffix in GAME_KEYS))
        svc.lobby.remove(game_id, game_type)
