"""A Felix bot: place good cats when it can afford the row, bid up to half the row's known worth.

Run it: dogpark bot play examples.bots.felix:FelixBot --game <id> --seat <n>
"""

from __future__ import annotations

from typing import Any

from dogpark_client import Bot

#: What a card is worth to whoever wins the row it lies in ("0/cat-8" is set 0's cat worth -8).
SPECIAL = {"rabbit": 0, "smalldog": 3, "bigdog": -5}
#: A face-down card nobody has seen, on average.
UNKNOWN = 2


def worth(card: str | None) -> int:
    """A card's points; a face-down one (None) its average."""
    if card is None:
        return UNKNOWN
    kind = card.split("/", 1)[1]
    return int(kind.removeprefix("cat")) if kind.startswith("cat") else SPECIAL[kind]


class FelixBot(Bot):
    """Reads the view's state: its hand, its mice, the row's face-up cards."""

    def choose(self, view: dict[str, Any], legal_moves: list[dict[str, Any]]) -> dict[str, Any]:
        state = view["state"]
        me = state["you"]
        types = {move["type"] for move in legal_moves}
        row_worth = sum(worth(slot["card"]) for slot in state["row"])
        if "PlayCard" in types:
            # Rich enough to win the row: feed it good cats; else spoil it for whoever will.
            known = [mice for mice in state["mice"] if mice is not None]
            rich = state["mice"][me] >= sum(known) / len(known)
            pick = max if rich else min
            return pick(legal_moves, key=lambda move: worth(move["card"]))
        if "DeclineBuy" in types:
            buy = {"type": "BuyForOne"}
            return buy if buy in legal_moves and row_worth > 1 else {"type": "DeclineBuy"}
        bids = [move for move in legal_moves if move["type"] == "Bid"]
        affordable = [bid for bid in bids if bid["amount"] <= min(row_worth / 2, state["mice"][me] - 2)]
        return min(affordable, key=lambda bid: bid["amount"]) if affordable else {"type": "Pass"}
