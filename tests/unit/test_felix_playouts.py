"""Felix over whole random games: the engine contract, which shows no seat a secret at any version, and the
spec's invariants I1-I14 after every event."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from domain.engine import Event, State
from domain.felix import RULES
from domain.felix.content import (
    DUMMY_SET,
    MOUSE_CARDS,
    ROUNDS,
    card_points,
    cat_value,
    is_dog,
    refill_cost,
    set_cards,
    total_mice,
)
from domain.felix.moves import face_up_target
from domain.felix.rules import Felix
from domain.felix.state import copy_state
from domain.playout import play
from tests.unit.contract import check_playout, playout_games

GAMES_PER_COUNT = playout_games(20)
#: Events with which a seat's command begins; the state before one is a state a seat decided on.
COMMAND_EVENTS = {"CardPlayed", "BidPlaced", "PlayerPassed"}


def sets_in_use(players: int) -> list[int]:
    """The card sets of a game: one per seat, plus the dummy's with 3 players."""
    return [*range(players), DUMMY_SET] if players == 3 else list(range(players))


@functools.cache
def deck(players: int) -> list[str]:
    """Every card of the sets in use, sorted."""
    return sorted(card for s in sets_in_use(players) for card in set_cards(s))


def check_state(state: State) -> None:
    """The invariants that hold after every event: I1-I3, I5, I8, I9, I14."""
    n = state["players"]
    cards = state["mouse_cards"]
    # I1, I2: mice are conserved and never negative.
    counts = [state["bank"], *state["mice"], *state["table"], *(c["mice"] for c in cards)]
    assert sum(counts) == total_mice(n) and min(counts) >= 0
    # I3: each mouse card is empty or full, and the full ones are the highest-valued end.
    full = [c["mice"] == c["value"] for c in cards]
    assert all(c["mice"] in (0, c["value"]) for c in cards)
    assert full == sorted(full)
    # I5: passers have nothing on the table, bids are distinct, the high bidder alone holds the high bid.
    assert all(state["table"][s] == 0 for s in state["passed"])
    bids = [b for b in state["table"] if b > 0]
    assert len(bids) == len(set(bids)) and state["high"] == max(state["table"])
    assert (state["high_bidder"] is None) == (state["high"] == 0)
    if state["high_bidder"] is not None:
        assert state["table"][state["high_bidder"]] == state["high"]
    # I8: every card of every set in use is in exactly one place.
    places = [*state["hands"], [slot["card"] for slot in state["row"]], *state["won"], state["out_of_play"]]
    located = [card for place in places for card in place] + state["setup_removed"] + state["dummy_stack"]
    assert sorted(located) == deck(n)
    # I9: a won pile never holds a dog.
    assert not any(is_dog(card) for pile in state["won"] for card in pile)
    # I14: at the end every cat is accounted for, and all the mice are in hands or the bank.
    if state["phase"] == "ended":
        result = RULES.result(state)
        gone = state["out_of_play"] + state["setup_removed"]
        assert sum(s["cat_points"] for s in result["scores"]) + sum(cat_value(c) or 0 for c in gone) == 29 * len(
            sets_in_use(n)
        )
        assert sum(state["mice"]) + state["bank"] == total_mice(n)


def check_decision_state(state: State) -> None:
    """The invariants of a state a seat acts on (mid-command states are half-way by design): I4, I6, I7."""
    n = state["players"]
    empty = sum(c["mice"] == 0 for c in state["mouse_cards"])
    # I4: a stocked round has one empty card per pass so far; an unstocked one has none full.
    assert empty == (min(state["passes"], n - 1) if state["stocked"] else n - 1)
    left = [s for s in range(n) if s not in state["passed"]]
    if state["phase"] == "auction":
        # I6: the seat on turn is in, is not the high bidder, and at least one rival is in too.
        assert len(left) >= 2 and state["turn"] in left and state["turn"] != state["high_bidder"]
    if state["phase"] in ("auction", "buy_decision"):
        # I7: the face-up cards are the leftmost ones, as many as table 4.6 says.
        up, target = [slot["face_up"] for slot in state["row"]], face_up_target(n, state["passes"])
        assert up == [True] * target + [False] * (len(up) - target)


class Audit:
    """I1-I14 after every event: state invariants, plus those about what one event may change (I4, I10-I13)."""

    def __init__(self) -> None:
        self.before: State | None = None
        self.event: Event | None = None
        self.outcomes: Counter[int] = Counter()
        self.rounds_started = 0
        self.auction_bid = False

    def saw(self, state: State | None, ev: Event) -> None:
        """Remember the state an event is about to change, and the event."""
        self.before = copy_state(state) if state is not None else None
        self.event = ev

    def __call__(self, state: State) -> None:
        check_state(state)
        if self.event is None or self.before is None:
            return
        before, kind, data = self.before, self.event["type"], self.event["data"]
        n = state["players"]
        if kind in COMMAND_EVENTS:
            check_decision_state(before)
        # I13: the bank moves only with a won sack or a refill, a hand only with a bid, a pass or a payout.
        bank_change = {"SackWon": data.get("price"), "MouseCardsRefilled": -refill_cost(n)}.get(kind, 0)
        assert state["bank"] - before["bank"] == bank_change
        hand_change = {
            "BidPlaced": -data.get("added", 0),
            "PlayerPassed": data.get("returned"),
            "MiceTaken": data.get("amount"),
        }
        for seat in range(n):
            expected = hand_change.get(kind, 0) if seat == data.get("seat") else 0
            assert state["mice"][seat] - before["mice"][seat] == expected
        if kind == "BidPlaced" and before["phase"] == "auction":
            self.auction_bid = True
        if kind in ("SackWon", "RowDiscarded"):
            # I4: every mouse card is empty when a round ends; I11: one outcome per round, after n-1 or n passes.
            assert all(c["mice"] == 0 for c in before["mouse_cards"])
            self.outcomes[before["round"]] += 1
            assert before["passes"] == (n - 1 if kind == "SackWon" else n)
            # I12: the winner starts next; a discarded row keeps the start seat; a sack for 1 without a bid is bought.
            assert state["start_seat"] == (data["seat"] if kind == "SackWon" else before["start_seat"])
            if kind == "SackWon" and not self.auction_bid:
                assert data["price"] == 1 and before["phase"] == "buy_decision"
        if kind == "RoundStarted":
            # I10: a round starts with hands of 10 - r cards, an empty row, no bids and no passes.
            self.rounds_started += 1
            self.auction_bid = False
            r = state["round"]
            assert r == self.rounds_started and all(len(hand) == 10 - r for hand in state["hands"])
            assert n != 3 or len(state["dummy_stack"]) == 10 - r
            assert state["row"] == [] and state["table"] == [0] * n and state["passes"] == 0
            assert state["stocked"] == all(c["mice"] == c["value"] for c in state["mouse_cards"])
        if kind == "GameEnded":
            # I11: nine rounds, each with exactly one outcome, the last one just before the end.
            assert self.rounds_started == ROUNDS and self.outcomes == Counter(range(1, ROUNDS + 1))
            assert before["row"] == [] and before["round"] == ROUNDS


class AuditedFelix(Felix):
    """Felix that shows the audit each event before folding it, for the invariants about single events."""

    def __init__(self, audit: Audit) -> None:
        self.audit = audit

    def evolve(self, state: State | None, event: Event) -> State:
        self.audit.saw(state, event)
        return super().evolve(state, event)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_the_contract_and_every_invariant(players: int) -> None:
    for game in range(GAMES_PER_COUNT):
        audit = Audit()
        events = check_playout(AuditedFelix(audit), players, f"felix-{players}-{game}", audit, samples=1)
        assert events[-1]["type"] == "GameEnded"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_view_shows_another_seats_mice_before_the_end(players: int) -> None:
    """R6. The contract checks the cards each seat may not learn; a count of mice cannot be named that way."""

    def look(ev: Event, state: State) -> None:
        over = state["phase"] == "ended"
        for seat in (None, *range(players)):
            shown = RULES.view(state, seat)["mice"]
            assert shown == [mice if over or s == seat else None for s, mice in enumerate(state["mice"])], (seat, ev)

    for game in range(15):
        play(RULES, players, [RULES.bots["random"]] * players, f"mice-{players}-{game}", on_event=look)


def test_the_same_seed_replays_the_same_game() -> None:
    bots = [RULES.bots["random"]] * 4
    assert play(RULES, 4, bots, "replay").events == play(RULES, 4, bots, "replay").events


def test_every_payout_and_price_is_counted_in_the_mice() -> None:
    """Across games the mouse cards pay only their face values (a cross-check of table 4.6's payouts)."""
    for players in (3, 4, 5):
        game = play(RULES, players, [RULES.bots["random"]] * players, f"payouts-{players}")
        taken = {e["data"]["mouse_card"]: e["data"]["amount"] for e in game.events if e["type"] == "MiceTaken"}
        assert all(value in MOUSE_CARDS[players] and amount == value for value, amount in taken.items())
        assert sum(card_points(c) for pile in game.state["won"] for c in pile) == sum(
            s["cat_points"] for s in game.result["scores"]
        )


def test_a_state_copy_is_equal_and_shares_nothing() -> None:
    game = play(RULES, 3, [RULES.bots["random"]] * 3, "copy")
    state = RULES.fold(game.events[:40])
    copied = copy_state(state)
    assert copied == state
    RULES.evolve(copied, game.events[40])
    assert state == RULES.fold(game.events[:40])
