"""Felix rules, Given events / When a command / Then events: the worked examples E1-E5 and rulings R1-R24."""

from __future__ import annotations

import copy
import random

import jsonschema
import pytest

from domain.engine import BadOptions, Event, IllegalMove, State, event
from domain.felix import RULES
from domain.felix.content import BANK_BEFORE_STOCKING, MOUSE_CARDS, card_points, refill_cost, set_cards, total_mice
from domain.felix.moves import sack_value
from domain.playout import play

# --- Given ----------------------------------------------------------------------------------------


def deal(
    players: int = 4,
    start: int = 0,
    *,
    removed: str = "cat5",
    mice: list[int] | None = None,
    stocked: bool = True,
    round_: int = 1,
    dummy_stack: list[str] | None = None,
) -> list[Event]:
    """GameStarted and RoundStarted, with ``removed`` taken from every hand (and the dummy set's given order)."""
    hands = {str(s): [c for c in set_cards(s) if c != f"{s}/{removed}"] for s in range(players)}
    setup_removed = {str(s): f"{s}/{removed}" for s in range(players)}
    extra = {}
    if players == 3:
        stack = dummy_stack or [c for c in set_cards(3) if c != f"3/{removed}"]
        extra["dummy_stack"] = stack
        setup_removed["3"] = next(c for c in set_cards(3) if c not in stack)
    bank = BANK_BEFORE_STOCKING[players] - (refill_cost(players) if stocked else 0)
    return [
        event(
            "GameStarted",
            player_count=players,
            start_seat=start,
            mice=mice or [15] * players,
            bank=bank,
            mouse_cards={str(v): v if stocked else 0 for v in MOUSE_CARDS[players]},
            total_mice=total_mice(players),
            hands=hands,
            setup_removed=setup_removed,
            **extra,
        ),
        event("RoundStarted", round=round_, start_seat=start, stocked=stocked),
    ]


def placed(players: int, start: int, kinds: list[str], dummy: str | None = None) -> list[Event]:
    """Each seat clockwise from ``start`` puts down its card of ``kinds``; then the auction opens."""
    offset = 1 if players == 3 else 0
    events = []
    for k, kind in enumerate(kinds):
        seat = (start + k) % players
        events.append(event("CardPlayed", seat=seat, position=k + offset, card=f"{seat}/{kind}"))
    if players == 3:
        events.append(event("CardRevealed", position=0, owner="dummy", card=dummy))
    else:
        events.append(event("CardRevealed", position=0, owner=start, card=events[0]["data"]["card"]))
    return events


class Table:
    """A game folded from given events, on which commands are decided and their events applied."""

    def __init__(self, *given: list[Event]) -> None:
        self.events = [e for part in given for e in part]
        self.state: State = RULES.fold(copy.deepcopy(self.events))

    def do(self, seat: int | None, type_: str, **args: object) -> list[Event]:
        """Decide a command, apply its events, and return them."""
        events = RULES.decide(self.state, seat, {"type": type_, **args}, random.Random(0))
        self.state = RULES.fold(copy.deepcopy(events), self.state)
        self.events += events
        return events

    def refuses(self, seat: int | None, command: object) -> str:
        """The reason decide gives for refusing a command (and it must refuse it)."""
        with pytest.raises(IllegalMove) as refused:
            RULES.decide(self.state, seat, command, random.Random(0))  # type: ignore[arg-type]
        return refused.value.reason


def given(*parts: list[Event]) -> Table:
    """The table after the given events."""
    return Table(*parts)


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def play_first_cards(table: Table) -> None:
    """Every seat in turn plays the first card in its hand."""
    while table.state["phase"] == "placing":
        seat = table.state["turn"]
        table.do(seat, "PlayCard", card=table.state["hands"][seat][0])


# --- Setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bank", "cards", "total"), [(3, 12, [3, 6], 66), (4, 15, [2, 4, 6], 87), (5, 18, [2, 3, 4, 6], 108)]
)
def test_setup_deals_nine_cards_and_fifteen_mice_and_stocks_the_mouse_cards(players, bank, cards, total) -> None:
    events = RULES.setup(players, {}, random.Random(1))
    state = RULES.fold(events)
    assert types(events) == ["GameStarted", "RoundStarted"]
    assert events[1]["data"] == {"round": 1, "start_seat": state["start_seat"], "stocked": True}
    assert all(len(hand) == 9 for hand in state["hands"]) and state["mice"] == [15] * players
    assert state["bank"] == bank and [(c["value"], c["mice"]) for c in state["mouse_cards"]] == [(v, v) for v in cards]
    # R23: the mice out of play are not counted in T.
    assert events[0]["data"]["total_mice"] == total == state["bank"] + sum(state["mice"]) + sum(cards)


def test_r1_only_three_to_five_players_may_play() -> None:
    for players in (2, 6):
        with pytest.raises(BadOptions) as refused:
            RULES.normalize_options({}, players)
        assert refused.value.option == "players"
    assert all(RULES.normalize_options({}, players) == {} for players in (3, 4, 5))


def test_felix_has_no_options() -> None:
    with pytest.raises(BadOptions) as refused:
        RULES.normalize_options({"variant": "old"}, 4)
    assert refused.value.option == "variant"
    jsonschema.validate({}, RULES.options_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"variant": "old"}, RULES.options_schema)


def test_r2_each_hand_loses_one_card_that_no_view_shows_until_the_end() -> None:
    events = RULES.setup(4, {}, random.Random(7))
    state = RULES.fold(copy.deepcopy(events))
    removed = events[0]["data"]["setup_removed"]
    assert sorted(removed) == ["0", "1", "2", "3"]
    for seat in range(4):
        assert sorted(state["hands"][seat] + [removed[str(seat)]]) == sorted(set_cards(seat))
        started = RULES.redact(events[0], seat)["data"]
        assert "setup_removed" not in started and list(started["hands"]) == [str(seat)]
        assert RULES.view(state, seat)["setup_removed"] is None


def test_r3_the_first_start_player_is_drawn_at_random_and_is_public() -> None:
    starts = {RULES.setup(4, {}, random.Random(seed))[0]["data"]["start_seat"] for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    table = given(deal(4, start=2))
    assert table.state["turn"] == 2 and RULES.view(table.state, None)["start_seat"] == 2


# --- Placing --------------------------------------------------------------------------------------


def test_r4_cards_are_placed_clockwise_from_the_start_player() -> None:
    table = given(deal(4, start=2))
    assert table.refuses(0, {"type": "PlayCard", "card": "0/cat3"}) == "NotYourTurn"
    played = [table.do(seat, "PlayCard", card=f"{seat}/cat3")[0]["data"] for seat in (2, 3, 0)]
    assert [(d["seat"], d["position"]) for d in played] == [(2, 0), (3, 1), (0, 2)]
    assert table.do(1, "PlayCard", card="1/cat8") == [
        event("CardPlayed", seat=1, position=3, card="1/cat8"),
        event("CardRevealed", position=0, owner=2, card="2/cat3"),
    ]
    assert table.state["phase"] == "auction" and table.state["turn"] == 2


def test_only_a_card_in_hand_may_be_played() -> None:
    table = given(
        deal(4),
        [event("CardPlayed", seat=0, position=0, card="0/cat3")],
        [event("RoundStarted", round=2, start_seat=0, stocked=True)],
    )
    assert table.refuses(0, {"type": "PlayCard", "card": "0/cat3"}) == "CardNotInHand"
    assert table.refuses(0, {"type": "PlayCard", "card": "1/cat8"}) == "CardNotInHand"
    assert table.refuses(0, {"type": "PlayCard", "card": 3}) == "BadArgument"
    assert table.refuses(0, {"type": "Bid", "amount": 3}) == "WrongPhase"


# --- E1 and the auction rulings -------------------------------------------------------------------


def e1_table() -> Table:
    return given(deal(4, start=0), placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"]))


def test_e1_a_full_four_player_auction() -> None:
    table = e1_table()
    assert table.do(0, "Bid", amount=3) == [event("BidPlaced", seat=0, amount=3, added=3)]
    assert table.do(1, "Bid", amount=5) == [event("BidPlaced", seat=1, amount=5, added=5)]
    assert table.do(2, "Pass") == [
        event("PlayerPassed", seat=2, returned=0),
        event("MiceTaken", seat=2, mouse_card=2, amount=2),
        event("CardRevealed", position=1, owner=1, card="1/cat-8"),
    ]
    assert table.do(3, "Bid", amount=6) == [event("BidPlaced", seat=3, amount=6, added=6)]
    assert table.do(0, "Pass") == [
        event("PlayerPassed", seat=0, returned=3),
        event("MiceTaken", seat=0, mouse_card=4, amount=4),
        event("CardRevealed", position=2, owner=2, card="2/rabbit"),
    ]
    assert table.do(1, "Pass") == [
        event("PlayerPassed", seat=1, returned=5),
        event("MiceTaken", seat=1, mouse_card=6, amount=6),
        event("CardRevealed", position=3, owner=3, card="3/smalldog"),
        event("DogChasedCat", dog="3/smalldog", cat="1/cat-8"),
        event("SackWon", seat=3, price=6, cards=["0/cat15", "2/rabbit"]),
        event("MouseCardsRefilled", amounts={"2": 2, "4": 4, "6": 6}, bank=9),
        event("RoundStarted", round=2, start_seat=3, stocked=True),
    ]
    state = table.state
    assert state["mice"] == [19, 21, 17, 9] and state["bank"] == 9
    assert sum(state["mice"]) + state["bank"] + sum(c["mice"] for c in state["mouse_cards"]) == 87
    assert state["won"][3] == ["0/cat15", "2/rabbit"] and state["out_of_play"] == ["3/smalldog", "1/cat-8"]


def test_r5_a_bid_is_a_whole_number_of_mice() -> None:
    table = e1_table()
    for amount in (2.5, True, "3", None):
        assert table.refuses(0, {"type": "Bid", "amount": amount}) == "BadArgument"
    assert table.refuses(0, {"type": "Bid"}) == "BadArgument"
    assert table.refuses(0, {"type": "Bid", "amount": 3, "mice": 3}) == "BadArgument"


def test_r6_mice_in_hand_are_secret_but_bids_and_payouts_are_public() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=3)
    passed = table.do(1, "Pass")
    view = RULES.view(table.state, 2)
    assert view["mice"] == [None, None, 15, None] and view["table"] == [3, 0, 0, 0]
    assert view["bank"] == 15 and [c["mice"] for c in view["mouse_cards"]] == [0, 4, 6]
    assert all(RULES.redact(e, 2) == e for e in passed)


def test_r7_a_bid_is_the_seats_total_and_a_raise_adds_only_the_difference() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=3)
    assert table.refuses(1, {"type": "Bid", "amount": 3}) == "BidTooLow"
    assert table.refuses(1, {"type": "Bid", "amount": 16}) == "BidTooHigh"
    table.do(1, "Bid", amount=5)
    table.do(2, "Pass")
    table.do(3, "Bid", amount=6)
    assert table.refuses(0, {"type": "Bid", "amount": 16}) == "BidTooHigh"
    assert table.do(0, "Bid", amount=15) == [event("BidPlaced", seat=0, amount=15, added=12)]
    assert table.state["mice"][0] == 0 and table.state["table"][0] == 15


def test_r7_the_opening_bid_is_at_least_one() -> None:
    table = e1_table()
    assert table.refuses(0, {"type": "Bid", "amount": 0}) == "BidTooLow"
    assert RULES.legal_moves(table.state, 0) == [{"type": "Pass"}] + [
        {"type": "Bid", "amount": a} for a in range(1, 16)
    ]


def test_r8_a_seat_that_cannot_beat_the_high_bid_may_only_pass_and_is_not_passed_for_it() -> None:
    table = given(deal(4, start=0, mice=[15, 4, 15, 15]), placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"]))
    table.do(0, "Bid", amount=4)
    assert RULES.legal_moves(table.state, 1) == [{"type": "Pass"}]
    assert table.state["turn"] == 1 and RULES.to_act(table.state) == [1]


def test_r9_passed_seats_are_skipped_and_the_high_bidder_never_gets_the_turn() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=1)
    table.do(1, "Pass")
    table.do(2, "Bid", amount=2)
    assert table.state["turn"] == 3
    table.do(3, "Pass")
    assert table.state["turn"] == 0  # seat 1 has passed
    table.do(0, "Pass")
    assert table.events[-3]["type"] == "SackWon" and table.events[-3]["data"]["seat"] == 2


def test_r10_a_passer_takes_back_its_bid_and_the_lowest_stocked_mouse_card() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=7)
    table.do(1, "Pass")
    table.do(2, "Bid", amount=8)
    table.do(3, "Bid", amount=9)
    events = table.do(0, "Pass")
    assert events[:2] == [event("PlayerPassed", seat=0, returned=7), event("MiceTaken", seat=0, mouse_card=4, amount=4)]
    assert table.state["mice"][0] == 19


def test_r10_in_a_round_that_is_not_stocked_passing_pays_nothing() -> None:
    table = given(deal(4, start=0, stocked=False), placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"]))
    table.do(0, "Bid", amount=2)
    assert table.do(1, "Pass") == [
        event("PlayerPassed", seat=1, returned=0),
        event("CardRevealed", position=1, owner=1, card="1/cat-8"),
    ]


def test_r11_each_pass_turns_over_the_leftmost_face_down_card_whoever_passes() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=1)
    table.do(1, "Bid", amount=2)
    table.do(2, "Bid", amount=3)
    assert table.do(3, "Pass")[-1] == event("CardRevealed", position=1, owner=1, card="1/cat-8")


# --- Dogs -----------------------------------------------------------------------------------------

E2_ROWS = [
    # row in position order (position i is seat i's card), the chase or the dogs removed, the winner's points
    (["cat-5", "cat11", "smalldog", "rabbit"], event("DogChasedCat", dog="2/smalldog", cat="0/cat-5"), 11),
    (["cat-5", "cat11", "bigdog", "rabbit"], event("DogChasedCat", dog="2/bigdog", cat="1/cat11"), -5),
    (["cat-8", "cat-5", "smalldog", "cat3"], event("DogChasedCat", dog="2/smalldog", cat="0/cat-8"), -2),
    (["cat-8", "cat-5", "bigdog", "rabbit"], event("DogChasedCat", dog="2/bigdog", cat="1/cat-5"), -8),
    (["cat3", "cat15", "smalldog", "rabbit"], event("DogChasedCat", dog="2/smalldog", cat="0/cat3"), 15),
    (["cat15", "cat-8", "bigdog", "smalldog"], event("DogsRemoved", dogs=["2/bigdog", "3/smalldog"]), 7),
    (["bigdog", "rabbit", "rabbit", "rabbit"], event("DogsRemoved", dogs=["0/bigdog"]), 0),
]


def win_row_for_one(kinds: list[str]) -> Table:
    """Seat 0 bids 1 on the row and the other three pass."""
    table = given(deal(4, start=0), placed(4, 0, kinds))
    table.do(0, "Bid", amount=1)
    table.do(1, "Pass")
    table.do(2, "Pass")
    table.do(3, "Pass")
    return table


@pytest.mark.parametrize(("kinds", "dogs", "points"), E2_ROWS, ids=[" ".join(row[0]) for row in E2_ROWS])
def test_e2_r13_r14_r16_the_dogs_act_before_the_winner_takes_the_sack(kinds, dogs, points) -> None:
    table = win_row_for_one(kinds)
    resolution = table.events[-4:-2]
    assert resolution[0] == dogs and resolution[1]["type"] == "SackWon"
    assert (
        sum(card_points(c) for c in table.state["won"][0])
        == points
        == sack_value([f"{s}/{k}" for s, k in enumerate(kinds)])
    )


def test_r12_the_dummy_card_opens_the_three_player_auction_and_belongs_to_the_row() -> None:
    stack = ["3/bigdog", *[c for c in set_cards(3) if c not in ("3/bigdog", "3/cat5")]]
    table = given(deal(3, start=1, dummy_stack=stack))
    table.do(1, "PlayCard", card="1/cat15")
    table.do(2, "PlayCard", card="2/cat3")
    assert table.do(0, "PlayCard", card="0/rabbit") == [
        event("CardPlayed", seat=0, position=3, card="0/rabbit"),
        event("CardRevealed", position=0, owner="dummy", card="3/bigdog"),
    ]
    assert len(table.state["dummy_stack"]) == 8 and not table.state["row"][1]["face_up"]
    table.do(1, "Bid", amount=1)
    table.do(2, "Pass")
    resolution = table.do(0, "Pass")
    assert event("DogChasedCat", dog="3/bigdog", cat="1/cat15") in resolution
    assert table.state["won"][1] == ["2/cat3", "0/rabbit"]


def test_r15_between_equal_cats_the_leftmost_is_chased() -> None:
    table = given(deal(4, start=0), placed(4, 0, ["cat15", "cat15", "bigdog", "rabbit"]))
    table.do(0, "Bid", amount=1)
    table.do(1, "Pass")
    table.do(2, "Pass")
    assert event("DogChasedCat", dog="2/bigdog", cat="0/cat15") in table.do(3, "Pass")


def test_r16_rabbits_are_never_chased_and_go_to_the_winner() -> None:
    table = win_row_for_one(["rabbit", "smalldog", "bigdog", "rabbit"])
    assert table.state["won"][0] == ["0/rabbit", "3/rabbit"]
    assert sorted(table.state["out_of_play"]) == ["1/smalldog", "2/bigdog"]


# --- E3: the special case -------------------------------------------------------------------------


def e3_table() -> Table:
    """Five players, seat 2 starts; seats 2, 3, 4 and 0 pass without a bid."""
    table = given(deal(5, start=2), placed(5, 2, ["cat3", "cat8", "rabbit", "cat-5", "cat11"]))
    for seat, (payout, position) in zip((2, 3, 4, 0), ((2, 1), (3, 2), (4, 3), (6, 4)), strict=True):
        events = table.do(seat, "Pass")
        assert events[1] == event("MiceTaken", seat=seat, mouse_card=payout, amount=payout)
        assert events[2]["data"]["position"] == position
    return table


def test_e3_the_last_seat_alone_without_a_bid_decides_whether_to_buy() -> None:
    table = e3_table()
    assert table.state["phase"] == "buy_decision" and table.state["turn"] == 1
    assert all(slot["face_up"] for slot in table.state["row"])
    assert RULES.legal_moves(table.state, 1) == [{"type": "BuyForOne"}, {"type": "DeclineBuy"}]
    assert table.refuses(1, {"type": "Pass"}) == "WrongPhase"


def test_e3a_r17_buying_for_one_pays_the_bank_and_makes_the_buyer_start() -> None:
    table = e3_table()
    assert table.do(1, "BuyForOne") == [
        event("BidPlaced", seat=1, amount=1, added=1),
        event("SackWon", seat=1, price=1, cards=["2/cat3", "3/cat8", "4/rabbit", "0/cat-5", "1/cat11"]),
        event("MouseCardsRefilled", amounts={"2": 2, "3": 3, "4": 4, "6": 6}, bank=4),
        event("RoundStarted", round=2, start_seat=1, stocked=True),
    ]


def test_e3b_r18_declining_discards_the_row_and_leaves_the_next_round_unstocked() -> None:
    table = e3_table()
    assert table.do(1, "DeclineBuy") == [
        event("PlayerPassed", seat=1, returned=0),
        event("RowDiscarded", seat=1, cards=["2/cat3", "3/cat8", "4/rabbit", "0/cat-5", "1/cat11"]),
        event("RefillSkipped", reason="row_discarded", bank=18),
        event("RoundStarted", round=2, start_seat=2, stocked=False),
    ]
    assert len(table.state["out_of_play"]) == 5
    # In round 2 passers get nothing; at its end 18 + the price refills the cards.
    play_first_cards(table)
    table.do(2, "Bid", amount=3)
    for seat in (3, 4, 0):
        assert "MiceTaken" not in types(table.do(seat, "Pass"))
    end = table.do(1, "Pass")
    assert "MiceTaken" not in types(end)
    assert event("MouseCardsRefilled", amounts={"2": 2, "3": 3, "4": 4, "6": 6}, bank=6) in end


def test_r17_buying_for_one_takes_a_mouse_in_hand() -> None:
    table = given(deal(4, start=0, mice=[15, 15, 15, 0]), placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"]))
    for seat in (0, 1, 2):
        table.do(seat, "Pass")
    assert RULES.legal_moves(table.state, 3) == [{"type": "DeclineBuy"}]
    assert table.refuses(3, {"type": "BuyForOne"}) == "CannotAfford"


# --- E4: three players, the dummy, a short bank ----------------------------------------------------


def test_e4_three_players_with_the_dummy_and_a_short_bank() -> None:
    stack = ["3/cat15", *[c for c in set_cards(3) if c not in ("3/cat15", "3/cat5")]]
    table = given(deal(3, start=0, dummy_stack=stack), placed(3, 0, ["cat-8", "cat8", "rabbit"], dummy="3/cat15"))
    assert [slot["face_up"] for slot in table.state["row"]] == [True, False, False, False]
    assert RULES.view(table.state, 1)["row"][1]["card"] is None
    table.do(0, "Bid", amount=4)
    assert table.do(1, "Pass")[1:] == [
        event("MiceTaken", seat=1, mouse_card=3, amount=3),
        event("CardRevealed", position=1, owner=0, card="0/cat-8"),
    ]
    table.do(2, "Bid", amount=5)
    assert table.do(0, "Pass") == [
        event("PlayerPassed", seat=0, returned=4),
        event("MiceTaken", seat=0, mouse_card=6, amount=6),
        event("CardRevealed", position=2, owner=1, card="1/cat8"),
        event("CardRevealed", position=3, owner=2, card="2/rabbit"),
        event("SackWon", seat=2, price=5, cards=["3/cat15", "0/cat-8", "1/cat8", "2/rabbit"]),
        event("MouseCardsRefilled", amounts={"3": 3, "6": 6}, bank=8),
        event("RoundStarted", round=2, start_seat=2, stocked=True),
    ]
    assert sum(card_points(c) for c in table.state["won"][2]) == 15

    def round_won_by_seat_2_for(price: int) -> list[Event]:
        play_first_cards(table)
        table.do(2, "Bid", amount=price)
        table.do(0, "Pass")
        return table.do(1, "Pass")

    # R19: an exact bank is enough, and may drop to 0; a short one refills nothing.
    assert event("MouseCardsRefilled", amounts={"3": 3, "6": 6}, bank=0) in round_won_by_seat_2_for(1)
    assert round_won_by_seat_2_for(4)[-2:] == [
        event("RefillSkipped", reason="bank_short", bank=4),
        event("RoundStarted", round=4, start_seat=2, stocked=False),
    ]
    play_first_cards(table)
    table.do(2, "Bid", amount=1)
    assert "MiceTaken" not in types(table.do(0, "Pass"))


# --- E5 and the end -------------------------------------------------------------------------------


def finished(won: list[list[str]], mice: list[int]) -> State:
    """A table at the end of the game with the given won piles and mice."""
    state = RULES.fold(deal(3))
    state.update(phase="ended", won=won, mice=mice, turn=None)
    return state


def test_e5_r22_a_tie_on_total_goes_to_more_cat_points_then_is_shared() -> None:
    a, b, c = ["0/cat15", "1/cat5"], ["0/cat15", "1/cat5", "2/cat-8"], ["0/cat5", "1/cat-8"]  # 20, 12, -3
    result = RULES.result(finished([a, b, c], [10, 18, 25]))
    assert [s["total"] for s in result["scores"]] == [30, 30, 22] and result["winners"] == [0]
    assert RULES.result(finished([a, list(a), c], [10, 10, 25]))["winners"] == [0, 1]


def test_r21_the_game_ends_after_round_nine_even_when_the_row_is_discarded() -> None:
    table = given(deal(4, start=0, round_=9), placed(4, 0, ["cat15", "cat-8", "rabbit", "smalldog"]))
    for seat in (0, 1, 2):
        table.do(seat, "Pass")
    events = table.do(3, "DeclineBuy")
    assert types(events) == ["PlayerPassed", "RowDiscarded", "GameEnded"]
    ended = events[-1]["data"]
    assert ended["setup_removed"] == {str(s): f"{s}/cat5" for s in range(4)}
    assert ended["scores"][0] == {"seat": 0, "cat_points": 0, "mice": 17, "total": 17} and ended["winners"] == [2]
    assert RULES.result(table.state) == {"scores": ended["scores"], "winners": ended["winners"]}
    assert all(RULES.legal_moves(table.state, s) == [] for s in range(4)) and RULES.to_act(table.state) == []


def test_the_end_shows_everything_to_everyone() -> None:
    game = play(RULES, 3, [RULES.bots["random"]] * 3, "audit-view")
    view = RULES.view(game.state, None)
    assert view["mice"] == game.state["mice"] and view["won"] == game.state["won"]
    assert sorted(view["setup_removed"]) == ["0", "1", "2", "3"] and view["result"] == game.result
    assert game.events[-1]["data"]["setup_removed"] == view["setup_removed"]
    assert all(RULES.secrets(game.state, seat) == [] for seat in (None, 0, 1, 2))


def test_r20_opponents_see_only_the_size_of_a_won_pile() -> None:
    table = e1_table()
    table.do(0, "Bid", amount=1)
    won = [table.do(seat, "Pass") for seat in (1, 2, 3)][-1]
    view = RULES.view(table.state, 1)
    assert view["won"] == [None, [], None, None] and view["won_sizes"] == [2, 0, 0, 0]
    assert RULES.view(table.state, 0)["won"][0] == ["0/cat15", "2/rabbit"]
    assert all(RULES.redact(e, 1) == e for e in won)


def test_a_seat_may_not_learn_other_hands_their_face_down_cards_the_removed_cards_or_the_dummy_stack() -> None:
    stack = ["3/bigdog", *[c for c in set_cards(3) if c not in ("3/bigdog", "3/cat5")]]
    table = given(deal(3, start=0, dummy_stack=stack))
    for seat, card in ((0, "0/cat15"), (1, "1/cat3"), (2, "2/rabbit")):
        table.do(seat, "PlayCard", card=card)
    hands, removed, under_the_top = table.state["hands"], [f"{s}/cat5" for s in range(4)], stack[1:]
    assert sorted(RULES.secrets(table.state, 0)) == sorted(
        hands[1] + hands[2] + ["1/cat3", "2/rabbit"] + removed + under_the_top
    )
    assert sorted(RULES.secrets(table.state, None)) == sorted(
        hands[0] + hands[1] + hands[2] + ["0/cat15", "1/cat3", "2/rabbit"] + removed + under_the_top
    )
    table.do(0, "Bid", amount=1)
    table.do(1, "Pass")
    assert "0/cat15" not in RULES.secrets(table.state, None) and "2/rabbit" in RULES.secrets(table.state, 1)


def test_r24_the_game_has_fifty_cards_and_nine_rounds() -> None:
    assert sum(len(set_cards(s)) for s in range(5)) == 50
    game = play(RULES, 5, [RULES.bots["random"]] * 5, "nine-rounds")
    assert types(game.events).count("RoundStarted") == 9


# --- Commands and text ----------------------------------------------------------------------------


def test_malformed_commands_and_the_system_are_refused() -> None:
    table = e1_table()
    assert table.refuses(0, {"type": "Fly"}) == "UnknownCommand"
    assert table.refuses(0, ["Pass"]) == "UnknownCommand"
    assert table.refuses(0, {"type": ["Pass"]}) == "UnknownCommand"
    assert table.refuses(0, {"type": "Pass", "now": True}) == "BadArgument"
    assert table.refuses(None, {"type": "Pass"}) == "NotYourTurn"
    assert table.refuses(1, {"type": "Pass"}) == "NotYourTurn"
    assert RULES.automatic(table.state) == []


def test_other_seats_see_a_placed_card_only_by_its_position() -> None:
    table = given(deal(4, start=0))
    played = table.do(0, "PlayCard", card="0/cat15")[0]
    assert RULES.redact(played, 1)["data"] == {"seat": 0, "position": 0}
    assert RULES.redact(played, 0) == played
    assert RULES.view(table.state, 1)["row"][0]["card"] is None
    assert RULES.view(table.state, 0)["row"][0]["card"] == "0/cat15"


def test_every_event_reads_as_one_line_and_the_table_renders_for_a_seat() -> None:
    game = play(RULES, 3, [RULES.bots["random"]] * 3, "text")
    lines = {e["type"]: RULES.describe(e) for e in game.events}
    assert all(line and "\n" not in line and line != kind for kind, line in lines.items())
    assert "chases" in lines.get("DogChasedCat", "chases")
    state = RULES.fold(game.events[:12])
    picture = RULES.render(state, 0)
    assert "Your hand" in picture and "mice ?" in picture and "Round 1/9" in picture
