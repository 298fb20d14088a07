"""Felix bots: a uniform random one and a greedy one that follows the spec's bot notes (section 10).

A bot sees only its seat's view: its hand, mice and row card, the public table, and ``seen``, every card
that has been face up so far (what a player at the table remembers).
"""

from __future__ import annotations

import random

from domain.engine import Bot, Command, State, View
from domain.felix.content import CATS, card_kind, set_cards
from domain.felix.moves import sack_value
from domain.felix.scoring import final_result
from domain.search import contest, levels

#: Samples of the face-down cards when estimating a row's worth.
SAMPLES = 48
#: Mice kept back until the last round, so the bot is not forced to pass first, for the smallest payout.
RESERVE = 3
#: A seat expects to win a row only with this many times the average rival's mice: early on, rivals outbid it.
RICH_FACTOR = 3
#: How good a card is to whoever wins the row it lies in; a dog by the cat it usually chases.
PLACEMENT_WORTH = {**CATS, "rabbit": 0, "smalldog": 5, "bigdog": -7}


def random_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Any legal move, uniformly."""
    return rng.choice(legal)


def greedy_bot(view: View, legal: list[Command], rng: random.Random) -> Command:
    """Place for the row it expects to win or lose; bid up to the row's worth less the payout for passing."""
    types = {move["type"] for move in legal}
    if "PlayCard" in types:
        return _place(view, legal)
    if "DeclineBuy" in types:
        worth = sack_value([slot["card"] for slot in view["row"]])
        return {"type": "BuyForOne"} if "BuyForOne" in types and worth > 1 else {"type": "DeclineBuy"}
    return _bid_or_pass(view, legal, rng)


def expected_worth(view: View, rng: random.Random) -> float:
    """The row's expected cat points for its winner, dogs applied, face-down cards sampled from the unseen."""
    seen = set(view["seen"])
    known = [slot["card"] for slot in view["row"] if slot["card"] is not None]
    # Each face-down card belongs to its owner's set: one of that set's cards nobody has seen yet.
    unseen = [
        [card for card in set_cards(slot["owner"]) if card not in seen] for slot in view["row"] if slot["card"] is None
    ]
    if not unseen:
        return float(sack_value(known))
    return sum(sack_value(known + [rng.choice(cards) for cards in unseen]) for _ in range(SAMPLES)) / SAMPLES


def _bid_or_pass(view: View, legal: list[Command], rng: random.Random) -> Command:
    me = view["you"]
    payout = next((card["mice"] for card in view["mouse_cards"] if card["mice"] > 0), 0)
    purse = view["mice"][me] + view["table"][me]
    reserve = min(purse, RESERVE) if view["round"] < view["rounds"] else 0
    limit = min(expected_worth(view, rng) - payout, purse - reserve)
    lowest = next((move for move in legal if move["type"] == "Bid"), None)
    return lowest if lowest is not None and lowest["amount"] <= limit else {"type": "Pass"}


def _place(view: View, legal: list[Command]) -> Command:
    """A good card when this seat can afford to win the row, else a bad one for the rival who will."""
    me = view["you"]
    mine = view["mice"][me]
    rivals = view["total_mice"] - view["bank"] - sum(card["mice"] for card in view["mouse_cards"]) - mine
    rivals -= sum(view["table"])
    pick = max if mine * (view["players"] - 1) >= RICH_FACTOR * rivals else min
    return pick(legal, key=lambda move: PLACEMENT_WORTH[card_kind(move["card"])])


#: Points of a lead that make a win about three times as likely as a loss, for a search's evaluation (scores reach 60: a
#: small scale saturates once a seat is behind, and every move then looks alike).
LEAD_SCALE = 15.0
#: Decisions a search's playout makes with greedy before it evaluates (greedy samples each row: whole games cost).
PLIES = 8
#: Iterations of a decision per level (hard: within 1 s p95 on one core).
ITERATIONS = {"easy": 8, "medium": 32, "hard": 80}


def standing(state: State) -> list[float]:
    """Each seat's chance of winning from its points so far: cats won and mice as the end counts them, with the mice
    of its bid on the table, which stay its own until it wins the sack (a pass takes them back)."""
    totals = [score["total"] + state["table"][score["seat"]] for score in final_result(state)["scores"]]
    return contest(totals, LEAD_SCALE)


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    **levels("felix", standing, greedy_bot, PLIES, ITERATIONS),
}
