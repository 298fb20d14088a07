"""The log a seat's bot reads beside its view: the game's own events that stand, redacted for the seat."""

from __future__ import annotations

from domain.catalogue import GAMES
from domain.engine import Event
from domain.playout import play
from domain.table.view import game_history

RULES = GAMES["felix"]
PLAYED = play(RULES, 3, [RULES.bots["greedy"]] * 3, "history-felix", max_events=80).events


def test_table_events_are_left_out_and_an_undo_takes_back_the_game_events_after_its_version() -> None:
    opened: Event = {"type": "TableOpened", "data": {"game": "felix"}}
    undone: Event = {"type": "Undone", "data": {"seat": 1, "to_version": 6}}
    logged = [(1, opened), *enumerate(PLAYED[:10], start=2), (12, undone), *enumerate(PLAYED[10:16], start=13)]

    history = game_history("felix", logged, 0)

    assert history == [RULES.redact(ev, 0) for ev in PLAYED[:5] + PLAYED[10:16]]


def test_each_game_event_is_redacted_for_the_seat_as_its_rules_redact_it() -> None:
    history = game_history("felix", enumerate(PLAYED, start=2), 1)

    assert history == [RULES.redact(ev, 1) for ev in PLAYED]
    assert history != PLAYED, "the seed's log hides something from seat 1"
