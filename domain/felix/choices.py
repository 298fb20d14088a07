"""Felix's moves as choices (domain/choices.py): a card clicked in the hand, a bid on a stepper, buy or decline.

Placing, the seat clicks one of its cards (the static content's card ids). In the auction it first passes or
bids, then picks the amount from the ascending range it may bid (R7). Left alone with no bid, it buys the row for
one mouse or declines it (4.7).
"""

from __future__ import annotations

from domain.choices import Node, Step, tree
from domain.engine import Command, State
from domain.felix.moves import legal_moves
from domain.felix.text import label
from domain.language import message


def choices(state: State, seat: int) -> Node | None:
    """``seat``'s legal moves as a tree of steps; None when it has none."""

    def path(move: Command) -> list[Step]:
        said = label(state, seat, move)
        match move["type"]:
            case "PlayCard":
                return [Step(message("felix-which-card"), said, target=move["card"], shown_as="board")]
            case "Pass":
                return [Step(message("felix-pass-or-bid"), said)]
            case "Bid":
                return [
                    Step(message("felix-pass-or-bid"), message("felix-choose-bid")),
                    Step(message("felix-how-much"), said, shown_as="number"),
                ]
        return [Step(message("felix-buy-or-decline"), said)]

    return tree(legal_moves(state, seat), path)
