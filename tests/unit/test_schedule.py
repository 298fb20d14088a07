"""When the system must act: automatic steps first, then bots; deadlines counted from their event."""

from __future__ import annotations

import random

import pytest

from domain import catalogue
from domain import table as tables
from domain.engine import Rules, event
from domain.language import message
from domain.schedule import due_at, next_action


class Deadline(Rules):
    """A one-step game: seat 0 may 'Choose' until a deadline, then the system chooses."""

    id, name, min_players, max_players, options_schema = "deadline", "Deadline", 2, 2, {}
    bots = {"first": lambda view, legal, rng: legal[0]}

    def normalize_options(self, options, players):
        return options

    def setup(self, players, options, rng):
        return [event("Started"), event("ForkReached")]

    def evolve(self, state, ev):
        state = state or {"n": 0, "over": False, "immediate": False}
        state["n"] += 1
        state["over"] = state["over"] or ev["type"] == "Chosen"
        return state

    def decide(self, state, seat, command, rng):
        return [event("Chosen", by=seat)]

    def legal_moves(self, state, seat):
        return [{"type": "Choose"}] if seat == 0 and not state["over"] else []

    def to_act(self, state):
        return [] if state["over"] else [0]

    def automatic(self, state):
        return [] if state["over"] else [{"command": {"type": "Choose"}, "delay": 20.0, "since": 2}]

    def result(self, state):
        return {"scores": [], "winners": []} if state["over"] else None

    def view(self, state, seat):
        return dict(state)

    def redact(self, ev, seat):
        return ev

    def secrets(self, state, seat):
        return []

    def message(self, ev):
        return message("table-seed-revealed")

    def label(self, state, seat, move):
        return message("table-choose-move")


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setitem(catalogue.GAMES, "deadline", Deadline())
    seats = [{"human": True}, {"human": True}]
    command = tables.create("deadline", {}, seats, "seed")
    t = tables.fold(tables.decide(None, None, command, random.Random(0), "seed"))
    for seat in (0, 1):
        t = tables.fold(tables.decide(t, seat, {"type": "ClaimSeat", "seat": seat}, random.Random(0), "seed"), t)
    return t


def times(fork_time: float):
    return lambda version: {4: 0.0, 5: fork_time}[version]


def test_a_deadline_is_due_its_delay_after_the_event_that_set_it(table):
    assert table["offset"] == 3  # TableOpened and two claims come before the game's own events
    assert due_at(table, times(100.0)) == 120.0


def test_nothing_is_done_before_the_deadline_and_the_systems_choice_after_it(table):
    early = next_action(table, times(100.0), 119.9, "seed")
    late = next_action(table, times(100.0), 120.0, "seed")

    assert early is None
    assert late.seat is None and late.actor == {"kind": "system"} and late.command == {"type": "Choose"}


def test_a_bot_seat_acts_at_once(table):
    table["seats"][0] = {"kind": "bot", "bot": "first", "name": "first", "claimed": True}

    action = next_action(table, times(100.0), 0.0, "seed")

    assert due_at(table, times(100.0)) == 0.0
    assert action.actor == {"kind": "bot", "seat": 0, "name": "first"} and action.command == {"type": "Choose"}


def test_a_deadline_that_has_passed_comes_before_a_bots_turn(table):
    table["seats"][0] = {"kind": "bot", "bot": "first", "name": "first", "claimed": True}

    before = next_action(table, times(100.0), 119.0, "seed")
    after = next_action(table, times(100.0), 121.0, "seed")

    assert before.actor["kind"] == "bot"
    assert after.actor == {"kind": "system"}


def test_two_bots_due_at_once_give_one_action(table, monkeypatch):
    table["seats"] = [{"kind": "bot", "bot": "first", "name": "first", "claimed": True}] * 2
    monkeypatch.setattr(Deadline, "to_act", lambda self, state: [0, 1])

    action = next_action(table, times(100.0), 0.0, "seed")

    assert action.actor == {"kind": "bot", "seat": 0, "name": "first"}
