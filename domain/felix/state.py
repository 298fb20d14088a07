"""Felix's state (spec section 4.1): its shape (a JSON-ready dict), the queries on it, and ``evolve``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.engine import Event, State
from domain.felix.content import DUMMY

# --- Queries ---------------------------------------------------------------------------------------


def active_seats(state: State) -> list[int]:
    """The seats that have not passed this round, in seat order."""
    return [seat for seat in range(state["players"]) if seat not in state["passed"]]


def next_active(state: State, seat: int) -> int | None:
    """The next seat clockwise after ``seat`` that has not passed, None if there is no other."""
    players = state["players"]
    for step in range(1, players):
        other = (seat + step) % players
        if other not in state["passed"]:
            return other
    return None


def slot_at(state: State, position: int) -> dict[str, Any] | None:
    """The row slot at ``position``, None while nothing lies there."""
    return next((slot for slot in state["row"] if slot["position"] == position), None)


def lowest_stocked(state: State) -> dict[str, int] | None:
    """The lowest-valued mouse card that still holds mice (the next pass's payout), if any."""
    return next((card for card in state["mouse_cards"] if card["mice"] > 0), None)


def copy_state(state: State) -> State:
    """A private copy of a state, much faster than deepcopy or a JSON round trip."""
    copied = dict(state)
    for key in ("hands", "won"):
        copied[key] = [list(cards) for cards in state[key]]
    for key in ("mice", "table", "passed", "out_of_play", "setup_removed", "dummy_stack"):
        copied[key] = list(state[key])
    copied["mouse_cards"] = [dict(card) for card in state["mouse_cards"]]
    copied["row"] = [dict(slot) for slot in state["row"]]
    return copied


# --- Evolve ----------------------------------------------------------------------------------------


def evolve(state: State | None, event: Event) -> State:
    """Apply one event to the state (in place)."""
    data = event["data"]
    if event["type"] == "GameStarted":
        return _started(data)
    if state is None:
        raise ValueError(f"{event['type']} before GameStarted")
    _HANDLERS[event["type"]](state, data)
    return state


def _started(data: dict[str, Any]) -> State:
    players = data["player_count"]
    return {
        "players": players,
        "phase": "placing",
        "round": 0,
        "start_seat": data["start_seat"],
        "turn": None,
        "stocked": True,
        "hands": [list(data["hands"][str(seat)]) for seat in range(players)],
        "mice": list(data["mice"]),
        "table": [0] * players,
        "bank": data["bank"],
        "mouse_cards": [
            {"value": int(value), "mice": mice}
            for value, mice in sorted(data["mouse_cards"].items(), key=lambda item: int(item[0]))
        ],
        "total_mice": data["total_mice"],
        "row": [],
        "passed": [],
        "passes": 0,
        "high": 0,
        "high_bidder": None,
        "won": [[] for _ in range(players)],
        "out_of_play": [],
        "setup_removed": [data["setup_removed"][key] for key in sorted(data["setup_removed"], key=int)],
        "dummy_stack": list(data.get("dummy_stack", [])),
    }


def _round_started(state: State, data: dict[str, Any]) -> None:
    state.update(
        round=data["round"],
        start_seat=data["start_seat"],
        stocked=data["stocked"],
        phase="placing",
        turn=data["start_seat"],
        row=[],
        table=[0] * state["players"],
        passed=[],
        passes=0,
        high=0,
        high_bidder=None,
    )


def _card_played(state: State, data: dict[str, Any]) -> None:
    seat = data["seat"]
    state["hands"][seat].remove(data["card"])
    state["row"].append({"position": data["position"], "owner": seat, "card": data["card"], "face_up": False})
    # The turn goes round the table once; after the last card the reveal opens the auction.
    state["turn"] = (seat + 1) % state["players"] if len(state["row"]) < state["players"] else None


def _card_revealed(state: State, data: dict[str, Any]) -> None:
    slot = slot_at(state, data["position"])
    if slot is None:  # the dummy's card comes off the top of its stack (R12)
        state["dummy_stack"].pop(0)
        slot = {"position": data["position"], "owner": DUMMY, "card": data["card"], "face_up": False}
        state["row"].insert(0, slot)
    slot["face_up"] = True
    if state["phase"] == "placing":
        state.update(phase="auction", turn=state["start_seat"], high=0)


def _bid_placed(state: State, data: dict[str, Any]) -> None:
    seat = data["seat"]
    state["mice"][seat] -= data["added"]
    state["table"][seat] = data["amount"]
    state.update(high=data["amount"], high_bidder=seat, turn=next_active(state, seat))


def _player_passed(state: State, data: dict[str, Any]) -> None:
    seat = data["seat"]
    state["mice"][seat] += data["returned"]
    state["table"][seat] = 0
    state["passed"] = sorted([*state["passed"], seat])
    state["passes"] += 1
    left = active_seats(state)
    if len(left) >= 2:
        state["turn"] = next_active(state, seat)
    elif len(left) == 1 and state["high"] == 0:
        state.update(phase="buy_decision", turn=left[0])  # the special case (4.7)
    else:
        state["turn"] = None  # resolution follows in the same decide


def _mice_taken(state: State, data: dict[str, Any]) -> None:
    for card in state["mouse_cards"]:
        if card["value"] == data["mouse_card"]:
            card["mice"] -= data["amount"]
    state["mice"][data["seat"]] += data["amount"]


def _leave_row(state: State, cards: list[str]) -> None:
    state["row"] = [slot for slot in state["row"] if slot["card"] not in cards]
    state["out_of_play"].extend(cards)


def _dog_chased_cat(state: State, data: dict[str, Any]) -> None:
    _leave_row(state, [data["dog"], data["cat"]])


def _dogs_removed(state: State, data: dict[str, Any]) -> None:
    _leave_row(state, data["dogs"])


def _sack_won(state: State, data: dict[str, Any]) -> None:
    seat = data["seat"]
    state["table"][seat] -= data["price"]
    state["bank"] += data["price"]
    state["won"][seat].extend(data["cards"])
    state.update(start_seat=seat, row=[], high=0, high_bidder=None, turn=None)


def _row_discarded(state: State, data: dict[str, Any]) -> None:
    _leave_row(state, data["cards"])
    state["turn"] = None


def _mouse_cards_refilled(state: State, data: dict[str, Any]) -> None:
    for card in state["mouse_cards"]:
        card["mice"] += data["amounts"][str(card["value"])]
    state["bank"] -= sum(data["amounts"].values())


def _refill_skipped(state: State, data: dict[str, Any]) -> None:
    """Nothing moves: the next RoundStarted says the round is not stocked."""


def _game_ended(state: State, data: dict[str, Any]) -> None:
    state.update(phase="ended", turn=None)


#: Event type -> how it changes the state (GameStarted makes a new one: ``_started``).
_HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "RoundStarted": _round_started,
    "CardPlayed": _card_played,
    "CardRevealed": _card_revealed,
    "BidPlaced": _bid_placed,
    "PlayerPassed": _player_passed,
    "MiceTaken": _mice_taken,
    "DogChasedCat": _dog_chased_cat,
    "DogsRemoved": _dogs_removed,
    "SackWon": _sack_won,
    "RowDiscarded": _row_discarded,
    "MouseCardsRefilled": _mouse_cards_refilled,
    "RefillSkipped": _refill_skipped,
    "GameEnded": _game_ended,
}
