"""DOGS bots (§10): the greedy bot foresees a kennel as the rules leave it, with the rules' own numbers.

The greedy bot scores a move by the kennel it would leave behind. Its forecast keeps no copy of the rules:
prices, the pen order and the infirmary's size come from the content and the rules' functions, so a change
to kennel.yaml moves the bot and the rules together.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.dogs import RULES, content
from domain.dogs.bots import greedy_bot, kennel_after, random_bot
from domain.dogs.moves import command_events
from domain.engine import Command, rng_for
from tests.unit.dogs_given import first, table, when

State = dict[str, Any]
#: The moves whose kennel the greedy bot forecasts (it scores the others another way).
FORECAST = ("ArrangeKennel", "AcceptDonation", "ActivatePen", "SwapResources", "BuySupplies", "CureDogs", "SellDog",
            "BuyDog", "SwapDogAtFair", "FeedDogs")


def decisions(players: int, seed: str) -> Iterator[tuple[State, int]]:
    """Every decision of a game greedy bots (even seats) and random ones (odd seats, who forget to feed) play."""
    state = RULES.fold(RULES.setup(players, RULES.normalize_options({}, players), rng_for(seed, 1)))
    bot_rng = random.Random(seed)
    while not RULES.is_over(state):
        (seat,) = RULES.to_act(state)
        yield state, seat
        bot = greedy_bot if seat % 2 == 0 else random_bot
        move = bot(RULES.view(state, seat), RULES.legal_moves(state, seat), bot_rng)
        state = RULES.fold(RULES.decide(state, seat, move, bot_rng), state)


def as_the_rules_leave_it(state: State, seat: int, move: Command) -> dict[str, Any]:
    """The seat's kennel after the move's own events (not the automatic steps after them)."""
    kennel = RULES.fold(command_events(state, seat, move, random.Random(0)), copy.deepcopy(state))["kennels"][seat]
    # The full-pen bonus is a surprise the forecast leaves out (R9).
    return {**kennel, "coins": kennel["coins"] - (kennel["bonus_coins"] - state["kennels"][seat]["bonus_coins"])}


def foreseen_parts(kennel: dict[str, Any], move: Command) -> dict[str, Any]:
    """What the forecast models of a kennel: all but the cards a move plays and the food the fed pens eat."""
    parts: dict[str, Any] = {
        "coins": kennel["coins"], "medicine": kennel["medicine"], "gas": kennel["gas"], "load": sorted(kennel["load"]),
        "pens": {pen: sorted(dogs) for pen, dogs in kennel["pens"].items()}, "infirmary": sorted(kennel["infirmary"]),
    }
    if move["type"] != "FeedDogs":
        parts["food"] = kennel["food"]
    if move["type"] not in ("ArrangeKennel", "ActivatePen"):
        parts["cards"] = sorted(kennel["cards"])
    return parts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_greedy_bot_foresees_every_kennel_move_as_the_rules_play_it(players: int) -> None:
    foreseen: set[str] = set()
    for state, seat in decisions(players, f"forecast-{players}"):
        view = RULES.view(state, seat)
        for move in RULES.legal_moves(state, seat):
            if move["type"] in FORECAST:
                forecast = kennel_after(view, seat, move)
                assert foreseen_parts(forecast, move) == foreseen_parts(as_the_rules_leave_it(state, seat, move), move)
                foreseen.add(move["type"])
    assert {"ArrangeKennel", "BuySupplies", "SwapResources", "FeedDogs"} <= foreseen


def at_box(box: str, **kennel: Any) -> State:
    """Four players at phase 2; seat 0 stands on ``box`` (its card taken) with these kennel fields."""
    state = table()
    state.update(step="action", actor=0, box=box, phase=2, fair=["MUTT#4", "GOLDEN#4", "BULLDOG#4"])
    state["fair_deck"] = ["FAIR_2", "FAIR_1", "FAIR_3", "FAIR_4"]
    state["kennels"][0].update(kennel)
    return state


def coins_spent(state: State, move: Command) -> tuple[int, int]:
    """The coins the move costs seat 0, as the bot foresees it and as the rules play it."""
    before = state["kennels"][0]["coins"]
    foreseen = kennel_after(RULES.view(state, 0), 0, move)["coins"]
    played = RULES.fold(when(state, 0, move), copy.deepcopy(state))["kennels"][0]["coins"]
    return before - foreseen, before - played


def test_a_dearer_pen_in_the_content_is_dearer_for_the_bot_and_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_box("CITY_HALL", coins=5, cards=["DISCOUNT_1"])
    assert coins_spent(state, {"type": "ActivatePen", "discount": None}) == (2, 2)
    assert coins_spent(state, {"type": "ActivatePen", "discount": "DISCOUNT_1"}) == (1, 1)
    monkeypatch.setattr(content, "PEN_PRICE", 4)
    monkeypatch.setattr(content, "PEN_DISCOUNT", 2)
    assert coins_spent(state, {"type": "ActivatePen", "discount": None}) == (4, 4)
    assert coins_spent(state, {"type": "ActivatePen", "discount": "DISCOUNT_1"}) == (2, 2)


def test_a_richer_sale_in_the_content_pays_the_bot_and_the_rules_more(monkeypatch: pytest.MonkeyPatch) -> None:
    state = at_box("FAIR", coins=0, cards=["TRAINED_DOG_1", "PRIZE_DOG_1"], pens={"B1": ["POODLE#4"], "B2": []})
    sale = {"type": "SellDog", "token": "POODLE#4", "bonus_cards": ["PRIZE_DOG_1", "TRAINED_DOG_1"]}
    assert coins_spent(state, sale) == (-5, -5)
    monkeypatch.setattr(content, "FAIR_SALE_COINS", 3)
    monkeypatch.setitem(content.BONUS_COINS, "PRIZE_DOG", 4)
    assert coins_spent(state, sale) == (-8, -8)


def test_another_pen_order_in_the_content_is_the_order_the_bot_and_the_rules_build_in() -> None:
    state = at_box("CITY_HALL", coins=5)
    build = {"type": "ActivatePen", "discount": None}
    assert set(kennel_after(RULES.view(state, 0), 0, build)["pens"]) - set(state["kennels"][0]["pens"]) == {"A2"}
    content.ADDITIONAL_PENS.reverse()
    try:
        assert set(kennel_after(RULES.view(state, 0), 0, build)["pens"]) - set(state["kennels"][0]["pens"]) == {"A5"}
        assert first(when(state, 0, build), "PenActivated")["pen"] == "A5"
    finally:
        content.ADDITIONAL_PENS.reverse()
