"""Felix in words: card names, one English line per event, and the table as a seat sees it."""

from __future__ import annotations

from domain.engine import Command, Event, Seat, State
from domain.felix.content import DUMMY, KIND_NAMES, ROUNDS, START_MICE, card_kind, card_name
from domain.felix.state import lowest_stocked
from domain.felix.view import view


def describe(event: Event) -> str:
    """One English line for an event."""
    data = event["data"]
    match event["type"]:
        case "GameStarted":
            return (
                f"A game for {data['player_count']} starts: {ROUNDS} cards and {START_MICE} mice each, "
                f"bank {data['bank']}, seat {data['start_seat']} starts."
            )
        case "RoundStarted":
            stocked = "the mouse cards are stocked" if data["stocked"] else "the mouse cards are empty"
            return f"Round {data['round']} begins with seat {data['start_seat']}; {stocked}."
        case "CardPlayed":
            card = f": the {card_name(data['card'])}" if "card" in data else ""
            return f"Seat {data['seat']} puts a card face down at position {data['position']}{card}."
        case "CardRevealed":
            owner = "the dummy" if data["owner"] == DUMMY else f"seat {data['owner']}"
            return f"Position {data['position']} is turned over: {card_name(data['card'])} from {owner}."
        case "BidPlaced":
            return f"Seat {data['seat']} bids {data['amount']} (puts in {data['added']})."
        case "PlayerPassed":
            return f"Seat {data['seat']} passes and takes back {data['returned']}."
        case "MiceTaken":
            return f"Seat {data['seat']} takes {data['amount']} mice from the {data['mouse_card']}-card."
        case "DogChasedCat":
            return f"The {card_name(data['dog'])} chases away the {card_name(data['cat'])}."
        case "DogsRemoved":
            return f"The dogs leave the game: {', '.join(map(card_name, data['dogs']))}."
        case "SackWon":
            cards = ", ".join(map(card_name, data["cards"])) or "nothing"
            return f"Seat {data['seat']} pays {data['price']} and wins the sack: {cards}."
        case "RowDiscarded":
            return f"Seat {data['seat']} declines; the row leaves the game: {', '.join(map(card_name, data['cards']))}."
        case "MouseCardsRefilled":
            return f"The mouse cards are refilled; the bank keeps {data['bank']}."
        case "RefillSkipped":
            why = "the row was discarded" if data["reason"] == "row_discarded" else "the bank is short"
            return f"No refill ({why}); the bank holds {data['bank']}."
        case "GameEnded":
            totals = ", ".join(f"seat {score['seat']} {score['total']}" for score in data["scores"])
            return f"Game over: {totals}. Winner(s): {', '.join(map(str, data['winners']))}."
    return event["type"]


def render(state: State, seat: Seat) -> str:
    """The table as ``seat`` sees it."""
    shown = view(state, seat)
    cards = " ".join(f"{card['value']}:{card['mice']}" for card in shown["mouse_cards"])
    lines = [
        f"Round {shown['round']}/{ROUNDS}  phase {shown['phase']}  turn {shown['turn']}  bank {shown['bank']}  "
        f"mouse cards {cards}"
    ]
    row = []
    for slot in shown["row"]:
        card = card_name(slot["card"]) if slot["card"] else "??"
        row.append(f"[{slot['position']} {slot['owner']}: {card}{'' if slot['face_up'] else ' (down)'}]")
    lines.append("Row: " + (" ".join(row) or "empty"))
    for other in range(shown["players"]):
        mark = "*" if other == shown["start_seat"] else " "
        mice = "?" if shown["mice"][other] is None else shown["mice"][other]
        status = "passed" if other in shown["passed"] else f"bid {shown['table'][other]}"
        won = f"{shown['won_sizes'][other]} cards"
        if shown["won"][other] is not None:
            won = ", ".join(map(card_name, shown["won"][other])) or "nothing"
        lines.append(f"{mark}seat {other}: mice {mice}, {status}, hand {shown['hand_sizes'][other]}, won {won}")
    if seat is not None and shown["hands"][seat] is not None:
        lines.append("Your hand: " + ", ".join(map(card_name, shown["hands"][seat])))
    if shown["result"]:
        lines.append("Winners: " + ", ".join(map(str, shown["result"]["winners"])))
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


def _mice(count: int) -> str:
    return f"{count} mouse" if count == 1 else f"{count} mice"
