"""Felix's rules: setup, the dog rule, ``decide``, the legal moves, who acts, and the final result.

Each round every seat adds one card face down to a row (with 3 players a dummy card joins it), the row is
auctioned, and every seat that drops out is paid from the lowest stocked mouse card while one more card is
turned over. The last seat in pays its bid to the bank and takes the row, after a lone dog has chased a cat.
Final score: the cats won plus the mice left. The spec is shared/rules/felix.md; R-numbers cite its rulings.

Everything automatic (reveals, resolution, round end) happens inside the ``decide`` that triggers it, so
``automatic`` is always empty.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.engine import Automatic, BadOptions, Command, Event, Seat, State, arg, event, reject_unknown_fields, require
from domain.felix.content import (
    BANK_BEFORE_STOCKING,
    CATS,
    DUMMY,
    DUMMY_SET,
    MOUSE_CARDS,
    ROUNDS,
    START_MICE,
    card_kind,
    card_points,
    cat_value,
    is_dog,
    refill_cost,
    row_length,
    set_cards,
    total_mice,
)
from domain.felix.state import active_seats, copy_state, evolve, slot_at

# --- The dog rule ----------------------------------------------------------------------------------


def chase(cards: list[str]) -> tuple[str | None, list[str]]:
    """Apply the dog rule to a row in position order: (the chased cat or None, the dogs that leave).

    One dog chases the highest cat (large) or the lowest (small), the leftmost among equals (R13, R15);
    a lone dog with no cat, or two or more dogs, just leave (R14, R16).
    """
    dogs = [c for c in cards if is_dog(c)]
    cats = [c for c in cards if cat_value(c) is not None]
    if len(dogs) != 1 or not cats:
        return None, dogs
    sign = 1 if card_kind(dogs[0]) == "bigdog" else -1
    # max() keeps the first of equal keys, which is the leftmost cat.
    return max(cats, key=lambda c: sign * CATS[card_kind(c)]), dogs


def sack_value(cards: list[str]) -> int:
    """The cat points a row is worth to its winner once the dogs have acted."""
    chased, dogs = chase(cards)
    return sum(card_points(c) for c in cards if c != chased and c not in dogs)


# --- The auction -----------------------------------------------------------------------------------


def lowest_stocked(state: State) -> dict[str, int] | None:
    """The lowest-valued mouse card that still holds mice (the next pass's payout), if any."""
    return next((card for card in state["mouse_cards"] if card["mice"] > 0), None)


def face_up_target(players: int, passes: int) -> int:
    """How many row cards are face up after ``passes`` passes (table 4.6)."""
    if passes >= players - 1:
        return row_length(players)
    return 1 + passes


def bid_range(state: State, seat: int) -> tuple[int, int]:
    """The lowest and highest total a seat may bid now (R7)."""
    return max(1, state["high"] + 1), state["mice"][seat] + state["table"][seat]


# --- Scoring ---------------------------------------------------------------------------------------


def final_result(state: State) -> dict[str, Any]:
    """Scores and winners: highest total, then most cat points; a remaining tie shares the win (R22)."""
    scores = []
    for seat in range(state["players"]):
        cats = sum(card_points(c) for c in state["won"][seat])
        scores.append(
            {"seat": seat, "cat_points": cats, "mice": state["mice"][seat], "total": cats + state["mice"][seat]}
        )
    best = max((s["total"], s["cat_points"]) for s in scores)
    return {"scores": scores, "winners": [s["seat"] for s in scores if (s["total"], s["cat_points"]) == best]}


def setup_removed_by_set(state: State) -> dict[str, str]:
    """The card removed from each set at setup, keyed by set: shown only once the game has ended."""
    return {str(set_): card for set_, card in enumerate(state["setup_removed"])}


# --- Setup -----------------------------------------------------------------------------------------


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Felix has no options; only 3 to 5 players (R1)."""
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 5:
        raise BadOptions("players", "Felix is for 3 to 5 players")
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    if options:
        raise BadOptions(str(next(iter(options))), "Felix has no options")
    return {}


def setup(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """Deal the sets, remove one card from each blind (R2), stock the mouse cards, pick the start seat (R3)."""
    normalize_options(options, players)
    hands, removed = {}, {}
    for seat in range(players):
        cards = set_cards(seat)
        removed[str(seat)] = cards.pop(rng.randrange(len(cards)))
        hands[str(seat)] = cards
    extra: dict[str, Any] = {}
    if players == 3:
        stack = set_cards(DUMMY_SET)
        rng.shuffle(stack)
        removed[str(DUMMY_SET)] = stack.pop(0)
        extra["dummy_stack"] = stack
    start_seat = rng.randrange(players)
    return [
        event(
            "GameStarted",
            player_count=players,
            start_seat=start_seat,
            mice=[START_MICE] * players,
            bank=BANK_BEFORE_STOCKING[players] - refill_cost(players),
            mouse_cards={str(value): value for value in MOUSE_CARDS[players]},
            total_mice=total_mice(players),
            hands=hands,
            setup_removed=removed,
            **extra,
        ),
        event("RoundStarted", round=1, start_seat=start_seat, stocked=True),
    ]


# --- One decide's events ---------------------------------------------------------------------------


class _Script:
    """The events of one decide, folded onto a private copy of the state so each step sees the last."""

    def __init__(self, state: State) -> None:
        self.state = copy_state(state)
        self.events: list[Event] = []

    def emit(self, type_: str, **data: Any) -> None:
        ev = event(type_, **data)
        self.events.append(ev)
        evolve(self.state, ev)


def _open_auction(script: _Script) -> None:
    state = script.state
    if state["players"] == 3:
        script.emit("CardRevealed", position=0, owner=DUMMY, card=state["dummy_stack"][0])
    else:
        script.emit("CardRevealed", position=0, owner=state["start_seat"], card=slot_at(state, 0)["card"])


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
    script.emit("SackWon", seat=winner, price=state["table"][winner], cards=[s["card"] for s in state["row"]])
    _end_round(script, discarded=False)


def _end_round(script: _Script, discarded: bool) -> None:
    """Game end after round 9, else the all-or-nothing refill (R19) and the next round (4.9)."""
    state = script.state
    n = state["players"]
    if state["round"] == ROUNDS:
        script.emit("GameEnded", **final_result(state), setup_removed=setup_removed_by_set(state))
        return
    if discarded:
        script.emit("RefillSkipped", reason="row_discarded", bank=state["bank"])
    elif state["bank"] >= refill_cost(n):
        amounts = {str(value): value for value in MOUSE_CARDS[n]}
        script.emit("MouseCardsRefilled", amounts=amounts, bank=state["bank"] - refill_cost(n))
    else:
        script.emit("RefillSkipped", reason="bank_short", bank=state["bank"])
    stocked = lowest_stocked(state) is not None
    script.emit("RoundStarted", round=state["round"] + 1, start_seat=state["start_seat"], stocked=stocked)


# --- The commands ----------------------------------------------------------------------------------


def _play_card(script: _Script, seat: int, command: Command) -> None:
    card = arg(command, "card", str)
    state = script.state
    require(card in state["hands"][seat], "CardNotInHand", f"{card} is not in seat {seat}'s hand")
    placed = len(state["row"])
    position = placed + 1 if state["players"] == 3 else placed
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


#: Command type -> (the phase it belongs to, the arguments it takes, what it does).
COMMANDS: dict[str, tuple[str, tuple[str, ...], Callable[[_Script, int, Command], None]]] = {
    "PlayCard": ("placing", ("card",), _play_card),
    "Bid": ("auction", ("amount",), _bid),
    "Pass": ("auction", (), _pass),
    "BuyForOne": ("buy_decision", (), _buy_for_one),
    "DeclineBuy": ("buy_decision", (), _decline_buy),
}


def decide(state: State, seat: Seat, command: Command) -> list[Event]:
    """Check a command from ``seat`` and return every event it causes, up to the next decision."""
    kind = command.get("type") if isinstance(command, dict) else None
    require(isinstance(kind, str) and kind in COMMANDS, "UnknownCommand", f"unknown command {kind!r}")
    phase, args, handle = COMMANDS[kind]
    reject_unknown_fields(command, args)
    require(state["phase"] == phase, "WrongPhase", f"{kind} is for the {phase} phase, not {state['phase']}")
    require(seat is not None and seat == state["turn"], "NotYourTurn", f"it is seat {state['turn']}'s turn")
    script = _Script(state)
    handle(script, seat, command)
    return script.events


# --- Queries ---------------------------------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[Command]:
    """Every command the seat on turn may issue; nothing for anyone else."""
    if seat != state["turn"] or state["phase"] == "ended":
        return []
    if state["phase"] == "placing":
        return [{"type": "PlayCard", "card": card} for card in state["hands"][seat]]
    if state["phase"] == "auction":
        low, high = bid_range(state, seat)
        return [{"type": "Pass"}] + [{"type": "Bid", "amount": amount} for amount in range(low, high + 1)]
    return ([{"type": "BuyForOne"}] if state["mice"][seat] >= 1 else []) + [{"type": "DeclineBuy"}]


def to_act(state: State) -> list[int]:
    """The seat on turn, if any."""
    return [] if state["turn"] is None or state["phase"] == "ended" else [state["turn"]]


def automatic(state: State) -> list[Automatic]:
    """None: reveals, resolution and round ends happen inside the decide that triggers them."""
    return []


def result(state: State) -> dict[str, Any] | None:
    """The scores and winners once round 9 is over."""
    return final_result(state) if state["phase"] == "ended" else None
