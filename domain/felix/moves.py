"""Felix's play (spec sections 4.2-4.10): who acts, the legal moves, and ``decide`` with every step it brings.

Each round every seat adds one card face down to a row (with 3 players a dummy card joins it), the row is
auctioned, and every seat that drops out is paid from the lowest stocked mouse card while one more card is
turned over. The last seat in pays its bid to the bank and takes the row, after a lone dog has chased a cat
(the dog rule, 4.8). R-numbers cite the spec's rulings (shared/rules/felix.md).

Everything automatic (reveals, resolution, round end) happens inside the ``decide`` that triggers it, so
``automatic`` is always empty.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from domain.engine import (
    Automatic,
    Command,
    Event,
    IllegalMove,
    Seat,
    State,
    arg,
    event,
    reject_unknown_fields,
    require,
)
from domain.felix.content import (
    CATS,
    DUMMY,
    MOUSE_CARDS,
    card_kind,
    card_points,
    cat_value,
    has_dummy,
    is_dog,
    refill_cost,
    row_length,
)
from domain.felix.scoring import final_result, is_last_round, setup_removed_by_set
from domain.felix.state import active_seats, copy_state, evolve, lowest_stocked

# --- Who acts, and what they may do ------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    """The seat on turn, if any."""
    return [] if state["turn"] is None or state["phase"] == "ended" else [state["turn"]]


def automatic(state: State) -> list[Automatic]:
    """None: reveals, resolution and round ends happen inside the decide that triggers them."""
    return []


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every command the seat on turn may issue; nothing for anyone else (4.10)."""
    if seat != state["turn"] or state["phase"] == "ended":
        return []
    if state["phase"] == "placing":
        return [{"type": "PlayCard", "card": card} for card in state["hands"][seat]]
    if state["phase"] == "auction":
        low, high = bid_range(state, seat)
        return [{"type": "Pass"}] + [{"type": "Bid", "amount": amount} for amount in range(low, high + 1)]
    return ([{"type": "BuyForOne"}] if state["mice"][seat] >= 1 else []) + [{"type": "DeclineBuy"}]


def bid_range(state: State, seat: int) -> tuple[int, int]:
    """The lowest and highest total a seat may bid now (R7)."""
    return max(1, state["high"] + 1), state["mice"][seat] + state["table"][seat]


def decide(state: State, seat: Seat, command: Command) -> list[Event]:
    """Check a command from ``seat`` and return every event it causes, up to the next decision (``COMMANDS``)."""
    kind = command.get("type") if isinstance(command, dict) else None
    if not isinstance(kind, str) or kind not in COMMANDS:
        raise IllegalMove("UnknownCommand", f"unknown command {kind!r}")
    phase, fields, handle = COMMANDS[kind]
    reject_unknown_fields(command, fields)
    require(state["phase"] == phase, "WrongPhase", f"{kind} is for the {phase} phase, not {state['phase']}")
    if seat is None or seat != state["turn"]:
        raise IllegalMove("NotYourTurn", f"it is seat {state['turn']}'s turn")
    script = _Script(state)
    handle(script, seat, command)
    return script.events


class _Script:
    """The events of one decide, folded onto a private copy of the state so each step sees the last."""

    def __init__(self, state: State) -> None:
        self.state = copy_state(state)
        self.events: list[Event] = []

    def emit(self, type_: str, **data: Any) -> None:
        ev = event(type_, **data)
        self.events.append(ev)
        evolve(self.state, ev)


# --- The commands (4.3, 4.5, 4.7) ------------------------------------------------------------------


def _play_card(script: _Script, seat: int, command: Command) -> None:
    card = arg(command, "card", str)
    state = script.state
    require(card in state["hands"][seat], "CardNotInHand", f"{card} is not in seat {seat}'s hand")
    placed = len(state["row"])
    # With a dummy, its card takes position 0 once the auction opens.
    position = placed + 1 if has_dummy(state["players"]) else placed
    script.emit("CardPlayed", seat=seat, position=position, card=card)
    if len(state["row"]) == state["players"]:
        _open_auction(script)


def _bid(script: _Script, seat: int, command: Command) -> None:
    amount = arg(command, "amount", int)
    state = script.state
    low, high = bid_range(state, seat)
    require(amount >= low, "BidTooLow", f"a bid must be at least {low}")
    require(amount <= high, "BidTooHigh", f"seat {seat} can bid at most {high}")
    script.emit("BidPlaced", seat=seat, amount=amount, added=amount - state["table"][seat])


def _pass(script: _Script, seat: int, command: Command) -> None:
    state = script.state
    script.emit("PlayerPassed", seat=seat, returned=state["table"][seat])
    payout = lowest_stocked(state)
    if payout is not None:
        script.emit("MiceTaken", seat=seat, mouse_card=payout["value"], amount=payout["mice"])
    _reveal_after_pass(script)
    if state["phase"] == "auction" and state["turn"] is None:
        _resolve(script)


def _buy_for_one(script: _Script, seat: int, command: Command) -> None:
    require(script.state["mice"][seat] >= 1, "CannotAfford", "buying the row takes 1 mouse")
    script.emit("BidPlaced", seat=seat, amount=1, added=1)
    _resolve(script)


def _decline_buy(script: _Script, seat: int, command: Command) -> None:
    state = script.state
    script.emit("PlayerPassed", seat=seat, returned=0)
    script.emit("RowDiscarded", seat=seat, cards=[slot["card"] for slot in state["row"]])
    _end_round(script, discarded=True)


#: Command type -> (the phase it belongs to, the fields it takes, what it does).
COMMANDS: dict[str, tuple[str, tuple[str, ...], Callable[[_Script, int, Command], None]]] = {
    "PlayCard": ("placing", ("card",), _play_card),
    "Bid": ("auction", ("amount",), _bid),
    "Pass": ("auction", (), _pass),
    "BuyForOne": ("buy_decision", (), _buy_for_one),
    "DeclineBuy": ("buy_decision", (), _decline_buy),
}

# --- The steps a command brings about (4.4, 4.6, 4.8, 4.9) -----------------------------------------


def _open_auction(script: _Script) -> None:
    """Turn over the row's first card: the dummy's top card with 3 players, else the start seat's (4.4)."""
    state = script.state
    if has_dummy(state["players"]):
        script.emit("CardRevealed", position=0, owner=DUMMY, card=state["dummy_stack"][0])
    else:
        # The start seat placed first, at position 0.
        script.emit("CardRevealed", position=0, owner=state["start_seat"], card=state["row"][0]["card"])


def face_up_target(players: int, passes: int) -> int:
    """How many row cards are face up after ``passes`` passes (table 4.6)."""
    if passes >= players - 1:
        return row_length(players)
    return 1 + passes


def _reveal_after_pass(script: _Script) -> None:
    """Turn over the leftmost face-down card (R11), and the whole rest once one seat is left."""
    state = script.state
    target = face_up_target(state["players"], state["passes"])
    for slot in state["row"][:target]:
        if not slot["face_up"]:
            script.emit("CardRevealed", position=slot["position"], owner=slot["owner"], card=slot["card"])


def _resolve(script: _Script) -> None:
    """Dogs, then the last seat in takes the sack for its bid (4.8)."""
    state = script.state
    cards = [slot["card"] for slot in state["row"]]
    chased, dogs = chase(cards)
    if chased is not None:
        script.emit("DogChasedCat", dog=dogs[0], cat=chased)
    elif dogs:
        script.emit("DogsRemoved", dogs=dogs)
    (winner,) = active_seats(state)
    script.emit("SackWon", seat=winner, price=state["table"][winner], cards=[slot["card"] for slot in state["row"]])
    _end_round(script, discarded=False)


def _end_round(script: _Script, discarded: bool) -> None:
    """Game end after round 9, else the all-or-nothing refill (R19) and the next round (4.9)."""
    state = script.state
    players = state["players"]
    if is_last_round(state):
        script.emit("GameEnded", **final_result(state), setup_removed=setup_removed_by_set(state))
        return
    if discarded:
        script.emit("RefillSkipped", reason="row_discarded", bank=state["bank"])
    elif state["bank"] >= refill_cost(players):
        amounts = {str(value): value for value in MOUSE_CARDS[players]}
        script.emit("MouseCardsRefilled", amounts=amounts, bank=state["bank"] - refill_cost(players))
    else:
        script.emit("RefillSkipped", reason="bank_short", bank=state["bank"])
    stocked = lowest_stocked(state) is not None
    script.emit("RoundStarted", round=state["round"] + 1, start_seat=state["start_seat"], stocked=stocked)


# --- The dog rule (4.8) ----------------------------------------------------------------------------


def chase(cards: list[str]) -> tuple[str | None, list[str]]:
    """Apply the dog rule to a row in position order: (the chased cat or None, the dogs that leave).

    One dog chases the highest cat (large) or the lowest (small), the leftmost among equals (R13, R15);
    a lone dog with no cat, or two or more dogs, just leave (R14, R16).
    """
    dogs = [card for card in cards if is_dog(card)]
    cats = [card for card in cards if cat_value(card) is not None]
    if len(dogs) != 1 or not cats:
        return None, dogs
    sign = 1 if card_kind(dogs[0]) == "bigdog" else -1
    # max() keeps the first of equal keys, which is the leftmost cat.
    return max(cats, key=lambda cat: sign * CATS[card_kind(cat)]), dogs


def sack_value(cards: list[str]) -> int:
    """The cat points a row is worth to its winner once the dogs have acted."""
    return _kinds_value(tuple(card_kind(card) for card in cards))


@cache
def _kinds_value(kinds: tuple[str, ...]) -> int:
    """The cat points of a row of cards of these kinds, in order: only the kinds count, so bots' many estimates of
    a row's worth are computed once per row of kinds (each card named by its place, so equal kinds stay apart)."""
    cards = [f"{place}/{kind}" for place, kind in enumerate(kinds)]
    chased, dogs = chase(cards)
    return sum(card_points(card) for card in cards if card != chased and card not in dogs)
