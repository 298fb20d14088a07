"""Felix in words: a message per event and per move (domain/felix/locales), and the table as a seat sees it.

Cards are named by kind ("cat 15", "the large dog"): a set number is an id, not a word a player uses. Where whose
card it is matters (a card turned over in the row), the owner is named as a player, or as the dummy. Row places
count from 1, as players count them.
"""

from __future__ import annotations

from typing import Any

from domain.engine import Command, Event, Seat, State
from domain.felix.content import DUMMY, ROUNDS, START_MICE, card_kind, card_name, cat_value, name_key
from domain.felix.state import lowest_stocked
from domain.felix.view import view
from domain.language import Message, listed, message, seat, term

#: Each refill that did not happen, by its reason: its own sentence.
REFILL_SKIPPED = {
    "row_discarded": "felix-refill-skipped-row-discarded",
    "bank_short": "felix-refill-skipped-bank-short",
}


def card_term(card: str) -> dict[str, Any]:
    """A card as a display name (its kind's): "cat 15", "rabbit", "large dog"."""
    return term(name_key(card_kind(card)))


def owned_card(card: str, owner: int | str) -> Message:
    """A card with whose it is: "Player 2's cat 15", "the dummy's rabbit"."""
    if owner == DUMMY:
        return message("felix-dummy-card", card=card_term(card))
    return message("felix-owned-card", owner=seat(int(owner)), card=card_term(card))


def describe(event: Event) -> Message:
    """What an event says, as its reader may see it (a card played face down names its card only to its owner)."""
    data = event["data"]
    match event["type"]:
        case "GameStarted":
            return message(
                "felix-game-started",
                players=data["player_count"],
                cards=ROUNDS,
                mice=START_MICE,
                bank=data["bank"],
                first=seat(data["start_seat"]),
            )
        case "RoundStarted":
            key = "felix-round-started" if data["stocked"] else "felix-round-started-unstocked"
            return message(key, round=data["round"], player=seat(data["start_seat"]))
        case "CardPlayed" if "card" in data:
            return message(
                "felix-card-played-seen", player=seat(data["seat"]), card=card_term(data["card"]), place=_place(data)
            )
        case "CardPlayed":
            return message("felix-card-played", player=seat(data["seat"]), place=_place(data))
        case "CardRevealed":
            card = _term(owned_card(data["card"], data["owner"]))
            return message("felix-card-revealed", place=_place(data), card=card)
        case "BidPlaced":
            return message("felix-bid-placed", player=seat(data["seat"]), amount=data["amount"], added=data["added"])
        case "PlayerPassed":
            return message("felix-player-passed", player=seat(data["seat"]), returned=data["returned"])
        case "MiceTaken":
            return message(
                "felix-mice-taken", player=seat(data["seat"]), amount=data["amount"], card=data["mouse_card"]
            )
        case "DogChasedCat":
            cat = data["cat"]
            return message("felix-dog-chased-cat", dog=card_term(data["dog"]), cat=card_term(cat), value=cat_value(cat))
        case "DogsRemoved":
            dogs = data["dogs"]
            return message("felix-dogs-removed", dogs=listed([card_term(dog) for dog in dogs]), count=len(dogs))
        case "SackWon":
            cards = data["cards"]
            return message(
                "felix-sack-won",
                player=seat(data["seat"]),
                price=data["price"],
                cards=listed([card_term(card) for card in cards]),
                count=len(cards),
            )
        case "RowDiscarded":
            cards = listed([card_term(card) for card in data["cards"]])
            return message("felix-row-discarded", player=seat(data["seat"]), cards=cards)
        case "MouseCardsRefilled":
            return message("felix-mouse-cards-refilled", bank=data["bank"])
        case "RefillSkipped":
            return message(REFILL_SKIPPED[data["reason"]], bank=data["bank"])
        case "GameEnded":
            return _game_ended(data)
    raise ValueError(f"felix has no event {event['type']!r}")


def _game_ended(data: dict[str, Any]) -> Message:
    """The winners and their total, then every player's total."""
    winners = data["winners"]
    totals = {score["seat"]: score["total"] for score in data["scores"]}
    scores = [term("felix-score", player=seat(score["seat"]), total=score["total"]) for score in data["scores"]]
    return message(
        "felix-game-ended",
        winners=listed([seat(winner) for winner in winners]),
        count=len(winners),
        total=totals[winners[0]],
        scores=listed(scores),
    )


def _place(data: dict[str, Any]) -> int:
    """A row position as players count it: the first card of the row is 1."""
    return int(data["position"]) + 1


def _term(said: Message) -> dict[str, Any]:
    """A message as the argument of another."""
    return term(said["key"], **said["args"])


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


def label(state: State, mover: int, move: Command) -> Message:
    """A move as a player says it: "Put the large dog face down", "Bid 3 mice", "Pass and take 2 mice"."""
    match move["type"]:
        case "PlayCard":
            return message("felix-play-card", card=card_term(move["card"]))
        case "Bid":
            return message("felix-bid", amount=move["amount"])
        case "Pass":
            return _pass_label(state["table"][mover], lowest_stocked(state))
        case "BuyForOne":
            return message("felix-buy-for-one")
        case "DeclineBuy":
            return message("felix-decline-buy")
    raise ValueError(f"felix has no move {move['type']!r}")


def _pass_label(back: int, payout: dict[str, int] | None) -> Message:
    """Pass, with the bid it takes back and the mouse card it empties, if any."""
    if payout is None:
        return message("felix-pass-back", back=back) if back else message("felix-pass")
    if back:
        return message("felix-pass-back-paid", back=back, amount=payout["mice"], card=payout["value"])
    return message("felix-pass-paid", amount=payout["mice"], card=payout["value"])
