"""Felix's moves as choices, its words in four languages: a card clicked, a bid on a stepper, the rulebook's terms."""

from __future__ import annotations

from domain import choices
from domain.catalogue import game_name, spoken_content
from domain.engine import event
from domain.felix import RULES
from domain.language import render
from tests.unit.test_felix_rules import deal, e1_table, e3_table, given, placed

NAMES = ["Ana", "Bea", "Caio", "Dina", "Eva"]


def rendered(node: choices.Node, language: str = "en") -> list[str]:
    """A node's option labels as a player reads them."""
    return [render(option["label"], language, NAMES) for option in node["options"]]


def test_a_card_is_played_by_clicking_it_in_the_hand():
    # Given seat 0 starts round 1 with its nine cards
    table = given(deal(4, start=0))

    # When its choices are offered
    node = RULES.choices(table.state, 0)

    # Then one board node asks for a card, each option the card itself as its target
    assert node is not None and node["as"] == "board"
    assert render(node["prompt"]) == "Which card do you put face down?"
    assert [option["target"] for option in node["options"]] == table.state["hands"][0]
    assert [option["command"] for option in node["options"]] == [
        {"type": "PlayCard", "card": card} for card in table.state["hands"][0]
    ]
    assert rendered(node)[-1] == "Put the small dog face down"


def test_a_bid_is_chosen_on_a_stepper_of_ascending_amounts():
    # Given E1: seat 0 opens the auction with 15 mice
    table = e1_table()

    # When its choices are offered
    node = RULES.choices(table.state, 0)

    # Then it passes or bids, and a bid's amount is a number from 1 to all its mice, in order
    assert node is not None and node["as"] == "buttons"
    assert render(node["prompt"]) == "Do you bid or pass?"
    assert rendered(node) == ["Pass and take 2 mice from the 2 mouse card", "Bid"]
    amounts = node["options"][1]["next"]
    assert amounts["as"] == "number" and render(amounts["prompt"]) == "How many mice do you bid in all?"
    assert [option["command"] for option in amounts["options"]] == [
        {"type": "Bid", "amount": amount} for amount in range(1, 16)
    ]
    assert rendered(amounts)[:2] == ["Bid 1 mouse", "Bid 2 mice"]


def test_a_raise_starts_above_the_high_bid_and_a_pass_says_the_bid_it_takes_back():
    # Given E1: seat 0 bid 3, seat 1 bid 5, seat 2 passed and seat 3 bid 6
    table = e1_table()
    table.do(0, "Bid", amount=3)
    table.do(1, "Bid", amount=5)
    table.do(2, "Pass")
    table.do(3, "Bid", amount=6)

    # When seat 0 is offered its choices
    node = RULES.choices(table.state, 0)

    # Then its pass returns its 3 and pays the 4 card, and its bids run from 7 to its 15 mice
    assert node is not None
    assert rendered(node)[0] == "Pass, take back 3 mice and take 4 mice from the 4 mouse card"
    amounts = [option["command"]["amount"] for option in node["options"][1]["next"]["options"]]
    assert amounts == list(range(7, 16))


def test_a_seat_that_cannot_beat_the_high_bid_may_only_pass():
    # Given E1 where seat 0 bid all its 15 mice
    table = e1_table()
    table.do(0, "Bid", amount=15)

    # When seat 1, with 15 mice, is offered its choices
    node = RULES.choices(table.state, 1)

    # Then passing is all there is
    assert node is not None and choices.leaves(node) == [{"type": "Pass"}]


def test_the_last_seat_without_a_bid_buys_or_declines_the_row_on_buttons():
    # Given E3: every seat but seat 1 passed without a bid
    table = e3_table()

    # When seat 1 is offered its choices
    node = RULES.choices(table.state, 1)

    # Then it buys the row for one mouse or declines it
    assert node is not None and node["as"] == "buttons"
    assert rendered(node) == ["Buy the row for 1 mouse", "Decline the row (it leaves the game)"]
    assert rendered(node, "pt") == [
        "Comprar os gatos por 1 rato",
        "Passar também (as cartas da fila são removidas de jogo)",
    ]


def test_a_seat_not_on_turn_has_no_choices():
    assert RULES.choices(e1_table().state, 1) is None


def test_a_portuguese_rendering_uses_the_rulebook_s_words():
    # The rulebook's example: "o cão pequeno afugenta o gato -5", the pass pays "a carta de 2 moedas"
    chased = RULES.message(event("DogChasedCat", dog="3/smalldog", cat="1/cat-5"))
    passed = RULES.label(e1_table().state, 0, {"type": "Pass"})
    won = RULES.message(event("SackWon", seat=3, price=6, cards=["0/cat15", "2/rabbit"]))

    assert render(chased, "pt") == "O cão pequeno afugenta o gato -5."
    assert render(passed, "pt") == "Passar e receber 2 ratos da carta de 2 moedas"
    assert render(won, "pt", NAMES) == "Dina paga 6 ratos ao banco e recebe o saco: gato 15 e coelho."
    assert game_name("felix", "pt") == "Felix: The Cat in the Sack"


def test_a_card_turned_over_names_its_owner_and_its_place_in_the_row_never_its_set():
    # Given the 4-player row of E1 and a 3-player row with the dummy's card first
    mine = placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"])[-1]
    dummy = placed(3, 0, ["cat3", "cat5", "cat8"], dummy="3/bigdog")[-1]

    # Then each reads as the card of its owner, in the place counted from 1
    assert render(RULES.message(mine), "en", NAMES) == "The first card of the row is turned over: Ana's cat 15."
    assert RULES.describe(dummy) == "The first card of the row is turned over: the dummy's large dog."
    assert render(RULES.message(dummy), "pt") == "Vira-se a primeira carta da fila: o cão grande do jogador virtual."
    assert render(RULES.message(mine), "uk", NAMES) == "Відкрито першу карту ряду: кіт 15 гравця Ana."


def test_ukrainian_mice_take_the_one_few_and_many_forms():
    bids = [RULES.label(e1_table().state, 0, {"type": "Bid", "amount": amount}) for amount in (1, 3, 5, 11, 21)]

    assert [render(bid, "uk") for bid in bids] == [
        "Ставка: 1 миша", "Ставка: 3 миші", "Ставка: 5 мишей", "Ставка: 11 мишей", "Ставка: 21 миша",
    ]


def test_the_result_names_the_winners_and_their_totals():
    # Given E5's tie: A and B both end with 20 cat points and 10 mice
    scores = [
        {"seat": 0, "cat_points": 20, "mice": 10, "total": 30},
        {"seat": 1, "cat_points": 20, "mice": 10, "total": 30},
        {"seat": 2, "cat_points": -3, "mice": 25, "total": 22},
    ]
    ended = event("GameEnded", scores=scores, winners=[0, 1], setup_removed={})

    # Then the line names both winners, their total and everyone's
    assert render(RULES.message(ended), "en", NAMES) == (
        "Game over. The winners are Ana and Bea with 30 points. Totals: Ana (30), Bea (30), and Caio (22)."
    )
    assert render(RULES.message(ended), "it", NAMES) == (
        "Partita finita. Vincono Ana e Bea con 30 punti. Totali: Ana (30), Bea (30) e Caio (22)."
    )


def test_every_card_of_the_content_is_named_by_its_kind_in_each_language():
    for language, rabbit, big in [("en", "rabbit", "large dog"), ("pt", "coelho", "cão grande"),
                                  ("uk", "кролик", "великий пес"), ("it", "coniglio", "cane grande")]:
        content = spoken_content("felix", language)
        names = {card["id"]: card["name"] for card in content["cards"]}

        assert names["2/rabbit"] == names["0/rabbit"] == rabbit and names["4/bigdog"] == big
        assert {kind["id"]: kind["name"] for kind in content["kinds"]}["rabbit"] == rabbit
