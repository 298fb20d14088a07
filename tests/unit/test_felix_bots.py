"""Felix bots: they choose legal moves from a seat's view, and the greedy one follows the bot notes."""

from __future__ import annotations

import random

from domain.engine import Bot, Command, View
from domain.felix import RULES
from domain.felix.bots import expected_worth, greedy_bot, random_bot
from domain.playout import play, win_rates
from tests.unit.test_felix_rules import Table, deal, given, placed


def greedy_move(table: Table) -> Command:
    """What the greedy bot chooses for the seat on turn, from that seat's view."""
    seat = table.state["turn"]
    return greedy_bot(RULES.view(table.state, seat), RULES.legal_moves(table.state, seat), random.Random(3))


def test_greedy_wins_most_four_player_games_against_three_random_bots() -> None:
    rates = win_rates(RULES, 4, ["greedy", "random", "random", "random"], 200)
    assert rates[0] >= 0.5


def checked(bot: Bot) -> Bot:
    """The bot, asserting that every move it makes is one of the legal moves it was offered."""

    def move(view: View, legal: list[Command], rng: random.Random) -> Command:
        chosen = bot(view, legal, rng)
        assert chosen in legal, (view["you"], chosen)
        return chosen

    return move


def test_every_bot_move_is_legal_in_games_of_every_size() -> None:
    for players in (3, 4, 5):
        bots = [checked(greedy_bot), checked(random_bot)] * 3
        for game in range(5):
            assert play(RULES, players, bots[:players], f"bots-{players}-{game}").result is not None


def test_random_bot_picks_among_all_legal_moves() -> None:
    legal = [{"type": "Pass"}, {"type": "Bid", "amount": 1}, {"type": "Bid", "amount": 2}]
    rng = random.Random(0)
    picks = [random_bot({}, legal, rng) for _ in range(60)]
    assert all(pick in legal for pick in picks) and all(move in picks for move in legal)


def test_greedy_values_a_row_by_its_known_cards_and_the_unseen_ones() -> None:
    table = given(deal(4, start=0), placed(4, 0, ["cat15", "bigdog", "cat11", "rabbit"]))
    view = RULES.view(table.state, 1)
    # Seat 1 knows its own large dog: with one dog the 15 goes, unless a hidden card is another dog.
    worth = expected_worth(view, random.Random(0))
    assert 5 < worth < 20 and worth != 15 + 11


def test_greedy_bids_the_minimum_on_a_row_worth_more_than_the_payout() -> None:
    table = given(deal(4, start=0), placed(4, 0, ["cat15", "cat11", "cat8", "rabbit"]))
    assert greedy_move(table) == {"type": "Bid", "amount": 1}


def test_greedy_passes_on_a_row_worth_less_than_the_payout() -> None:
    table = given(deal(4, start=0), placed(4, 0, ["cat-8", "cat-5", "rabbit", "rabbit"]))
    assert greedy_move(table) == {"type": "Pass"}


def test_greedy_keeps_a_reserve_for_the_rounds_to_come_but_not_in_the_last() -> None:
    for round_, move in ((1, {"type": "Pass"}), (9, {"type": "Bid", "amount": 13})):
        table = given(deal(4, start=0, round_=round_), placed(4, 0, ["cat15", "cat15", "cat11", "smalldog"]))
        table.do(0, "Bid", amount=12)
        assert greedy_move(table) == move, round_


def test_greedy_buys_a_good_row_for_one_and_declines_a_bad_one() -> None:
    for kinds, move in (
        (["cat8", "rabbit", "cat3", "cat-5"], "BuyForOne"),
        (["cat-8", "rabbit", "cat3", "cat-5"], "DeclineBuy"),
    ):
        table = given(deal(4, start=0), placed(4, 0, kinds))
        for seat in (0, 1, 2):
            table.do(seat, "Pass")
        assert greedy_move(table) == {"type": move}


def test_greedy_places_a_good_card_when_rich_and_a_bad_one_when_poor() -> None:
    rich = given(deal(4, start=0, mice=[45, 5, 5, 5]))
    assert greedy_move(rich) == {"type": "PlayCard", "card": "0/cat15"}
    poor = given(deal(4, start=0, mice=[5, 15, 20, 20]))
    assert greedy_move(poor) == {"type": "PlayCard", "card": "0/cat-8"}
