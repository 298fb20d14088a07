"""Felix in words: card names, one English line per event, and the table as a seat sees it."""

from __future__ import annotations

from domain.engine import Command, Event, State, View
from domain.felix.content import DUMMY, KIND_NAMES, ROUNDS, START_MICE, card_kind, card_name
from domain.felix.rules import lowest_stocked


def describe(event: Event) -> str:
    """One English line for an event."""
    d = event["data"]
    match event["type"]:
        case "GameStarted":
            return (
                f"A game for {d['player_count']} starts: 9 cards and {START_MICE} mice each, bank {d['bank']}, "
                f"seat {d['start_seat']} starts."
            )
        case "RoundStarted":
            stocked = "the mouse cards are stocked" if d["stocked"] else "the mouse cards are empty"
            return f"Round {d['round']} begins with seat {d['start_seat']}; {stocked}."
        case "CardPlayed":
            card = f": the {card_name(d['card'])}" if "card" in d else ""
            return f"Seat {d['seat']} puts a card face down at position {d['position']}{card}."
        case "CardRevealed":
            owner = "the dummy" if d["owner"] == DUMMY else f"seat {d['owner']}"
            return f"Position {d['position']} is turned over: {card_name(d['card'])} from {owner}."
        case "BidPlaced":
            return f"Seat {d['seat']} bids {d['amount']} (puts in {d['added']})."
        case "PlayerPassed":
            return f"Seat {d['seat']} passes and takes back {d['returned']}."
        case "MiceTaken":
            return f"Seat {d['seat']} takes {d['amount']} mice from the {d['mouse_card']}-card."
        case "DogChasedCat":
            return f"The {card_name(d['dog'])} chases away the {card_name(d['cat'])}."
        case "DogsRemoved":
            return f"The dogs leave the game: {', '.join(map(card_name, d['dogs']))}."
        case "SackWon":
            cards = ", ".join(map(card_name, d["cards"])) or "nothing"
            return f"Seat {d['seat']} pays {d['price']} and wins the sack: {cards}."
        case "RowDiscarded":
            return f"Seat {d['seat']} declines; the row leaves the game: {', '.join(map(card_name, d['cards']))}."
        case "MouseCardsRefilled":
            return f"The mouse cards are refilled; the bank keeps {d['bank']}."
        case "RefillSkipped":
            why = "the row was discarded" if d["reason"] == "row_discarded" else "the bank is short"
            return f"No refill ({why}); the bank holds {d['bank']}."
        case "GameEnded":
            totals = ", ".join(f"seat {s['seat']} {s['total']}" for s in d["scores"])
            return f"Game over: {totals}. Winner(s): {', '.join(map(str, d['winners']))}."
    return event["type"]


def render(v: View) -> str:
    """The table as the view's seat sees it."""
    seat = v["you"]
    cards = " ".join(f"{c['value']}:{c['mice']}" for c in v["mouse_cards"])
    lines = [
        f"Round {v['round']}/{ROUNDS}  phase {v['phase']}  turn {v['turn']}  bank {v['bank']}  mouse cards {cards}"
    ]
    row = []
    for slot in v["row"]:
        shown = card_name(slot["card"]) if slot["card"] else "??"
        row.append(f"[{slot['position']} {slot['owner']}: {shown}{'' if slot['face_up'] else ' (down)'}]")
    lines.append("Row: " + (" ".join(row) or "empty"))
    for s in range(v["players"]):
        mark = "*" if s == v["start_seat"] else " "
        mice = "?" if v["mice"][s] is None else v["mice"][s]
        status = "passed" if s in v["passed"] else f"bid {v['table'][s]}"
        won = f"{v['won_sizes'][s]} cards"
        if v["won"][s] is not None:
            won = ", ".join(map(card_name, v["won"][s])) or "nothing"
        lines.append(f"{mark}seat {s}: mice {mice}, {status}, hand {v['hand_sizes'][s]}, won {won}")
    if seat is not None and v["hands"][seat] is not None:
        lines.append("Your hand: " + ", ".join(map(card_name, v["hands"][seat])))
    if v["result"]:
        lines.append("Winners: " + ", ".join(map(str, v["result"]["winners"])))
    return "\n".join(lines)


def label(state: State, seat: int, move: Command) -> str:
    """A move as a player says it: "Play the large dog face down", "Bid 3 mice", "Pass"."""
    match move["type"]:
        case "PlayCard":
            return f"Play the {KIND_NAMES[card_kind(move['card'])]} face down"
        case "Bid":
            return f"Bid {_mice(move['amount'])}"
        case "Pass":
            back, payout = state["table"][seat], lowest_stocked(state)
            taken = [f"take back {_mice(back)}"] if back else []
            taken += [f"take {_mice(payout['mice'])} from the {payout['value']}-card"] if payout else []
            return ", ".join(["Pass", *taken])
        case "BuyForOne":
            return "Buy the row for 1 mouse"
        case "DeclineBuy":
            return "Decline the row (it leaves the game)"
    return move["type"]


def _mice(n: int) -> str:
    return f"{n} mouse" if n == 1 else f"{n} mice"
