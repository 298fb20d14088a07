"""The system's steps in a round (§4.0): the trucks set out and income (§4.1 step 1), the last-round checks
(§4.1 step 4, §5.1), donations offered (§4.1 step 6), the end of the placements (§4.2 step 4), feeding that
needs no choice (§4.3 step 1), the cards, the board and the start player at the round's end (§4.3 steps 3-5)
and final scoring (§5).

``moves.advance`` runs them right after the command that makes them due, until a seat must decide.
"""

from __future__ import annotations

import random

from domain.dogs.board import deal_boxes, fill_board
from domain.dogs.content import AREA, BLOCKERS_PER_GROUP, BOXES, CARDS_PER_BOX, GROUPS, PAW_SPACES, is_blocker
from domain.dogs.pens import can_take_donation, occupied_pens
from domain.dogs.scoring import final_events
from domain.dogs.state import State
from domain.engine import Event, event


def _last_round_checks(state: State) -> list[Event]:
    if not any(kennel["moved"] for kennel in state["kennels"]):
        return [event("LastRoundDeclared", round=state["round"], reason="all_stayed_home")]
    for area in GROUPS:
        spaces = [node for node in PAW_SPACES if AREA[node] == area]
        blockers = sum(1 for node in spaces if state["board"][node] and is_blocker(state["board"][node]))
        needed = sum(1 for node in spaces if state["board"][node] is None) + blockers
        if len(state["supply"][area]) + blockers < needed:
            return [event("LastRoundDeclared", round=state["round"], reason="supply_short", area=area)]
    return []


def _donation_step(state: State) -> list[Event]:
    if not state["donations"]:
        return [event("PhaseEnded", phase=1)]
    donor, token, sick = state["donations"][0]
    offer = state["offer"]
    if offer and offer["open"]:
        if can_take_donation(state["kennels"][offer["to"]], token, sick):
            return []
        return [event("DonationDeclined", token=token, seat=offer["to"], automatic=True)]
    to = ((offer["to"] if offer else donor) + 1) % state["players"]
    if to == donor:
        return [event("DogDonatedToFair", donor=donor, token=token)]
    return [event("DonationOffered", donor=donor, token=token, sick=sick, to=to)]


def _automatic_feeding(state: State) -> list[Event]:
    seat = state["queue"][0]
    pens = occupied_pens(state["kennels"][seat])
    return [event("PensFed", seat=seat, pens=pens)] if state["kennels"][seat]["food"] >= len(pens) else []


def _end_of_round(state: State, rng: random.Random) -> list[Event]:
    players = state["players"]
    leftover = [card for box in BOXES for card in state["boxes"][box]]
    events = [event("BoxCardsDiscarded", cards=leftover)]
    deck = list(state["deck"])
    if len(deck) < CARDS_PER_BOX * len(BOXES):
        fresh = state["discard"] + leftover
        rng.shuffle(fresh)
        deck += fresh
        events.append(event("CardDeckReshuffled", order=list(deck)))
    events.append(event("BoxCardsDealt", cards=deal_boxes(deck)))
    events.append(event("FairCardRotated", old=state["fair_deck"][0], new=state["fair_deck"][1]))
    board = dict(state["board"])
    supply = {group: list(tokens) for group, tokens in state["supply"].items()}
    if players == 2:
        collected = {node: token for node, token in board.items() if token and is_blocker(token)}
        events.append(event("BlockersCollected", tokens=collected))
        for node, token in collected.items():
            board[node] = None
            supply[AREA[node]].append(token)
        for group in GROUPS:
            rng.shuffle(supply[group])
            events.append(event("DogSupplyShuffled", group=group, order=list(supply[group])))
    placements = fill_board(board, supply)
    events.append(event("BoardRefilled", placements=placements))
    board.update(placements)
    blockers_out = sum(1 for token in board.values() if token and is_blocker(token))
    if players == 2 and state["last_round"] is None and blockers_out == BLOCKERS_PER_GROUP * len(GROUPS):
        events.append(event("LastRoundDeclared", round=state["round"] + 1, reason="all_blockers_out"))
    return events + [
        event("StartPlayerPassed", seat=(state["start"] + 1) % players),
        event("RoundEnded", round=state["round"]),
        event("RoundStarted", round=state["round"] + 1),
    ]


def automatic_events(state: State, rng: random.Random) -> list[Event]:
    """The next batch of system events due now; empty when a seat must decide or the game is over."""
    step = state["step"]
    if step == "round_start":
        income = [event("IncomePaid", amount=1)] if state["round"] > 1 else []
        return [event("TrucksPlacedAtCenter"), *income]
    if step == "arrange" and state["last_round"] is None:
        return _last_round_checks(state)
    if step == "donate":
        return _donation_step(state)
    if step == "place" and not state["queue"]:
        return [event("MeeplesReturned"), event("PhaseEnded", phase=2)]
    if step == "feed":
        return _automatic_feeding(state)
    if step == "refresh":
        return _end_of_round(state, rng)
    if step == "final":
        return final_events(state)
    return []
