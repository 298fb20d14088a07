"""Text for the terminal: one line per event and an ASCII picture of the table."""

from __future__ import annotations

from typing import Any

from domain.dogs.content import ADJACENT, BOXES, FAIR_CARDS, NODES, PAW_SPACES, PENS, REWARD, breed_of
from domain.dogs.state import State

CELL = 17

_LINES = {
    "GasBought": "{who} buys {gas} gas for {coins} coins",
    "TruckMoved": "{who} drives {from} -> {to} for {cost} gas",
    "DogCollected": "{who} collects {token} at {space}",
    "LostDogDeliveredToFair": "{who} delivers lost dog {token} to the Fair (+{reward} coins)",
    "DogLoadedOnTruck": "{who} loads {token} on the truck",
    "TruckReturned": "{who} drives home (return #{order})",
    "ReturnBonusTaken": "{who} takes 1 {resource} as return bonus",
    "PlayerStayedHome": "{who} stays home",
    "KennelArranged": "{who} arranges the kennel {pens}, infirmary {infirmary}, donating {donate}",
    "DonationOffered": "{token} is offered to seat {to}",
    "DonationAccepted": "seat {to} accepts {token}",
    "DogDonatedToFair": "{token} goes to the Fair",
    "MeeplePlaced": "{who} places a meeple on {box}",
    "CardTaken": "{who} takes {card}",
    "PenActivated": "{who} builds pen {pen} for {paid} coins",
    "DogSold": "{who} sells {token} for {coins} coins",
    "DogBought": "{who} buys {token} for {price} coins into {pen}",
    "DogCured": "{who} cures {token} into {pen}",
    "FullPenBonusPaid": "{who} gets the full-pen bonus for {pen}",
    "LastRoundDeclared": "round {round} will be the last ({reason})",
    "RoundStarted": "=== round {round} ===",
    "GameEnded": "game over; winners: {winners}",
}


def describe(event: dict[str, Any]) -> str:
    """One readable English line for an event."""
    data = dict(event["data"])
    if "seat" in data:
        data["who"] = f"seat {data['seat']}"
    line = _LINES.get(event["type"])
    if line is None:
        args = ", ".join(f"{k}={v}" for k, v in event["data"].items() if v not in (None, [], {}))
        return f"{event['type']}({args})"
    return line.format(**data)


def _short(token: str | None) -> str:
    if token is None:
        return "."
    if token.startswith("BLOCKER_"):
        return "BLOCK"
    breed, n = token.split("#")
    return f"{breed[:4]}#{n}"


def _board(state: State) -> list[str]:
    trucks = {k["truck"]: k["colour"][0].upper() for k in state["kennels"]}
    grid: dict[tuple[int, int], str] = {(spec[2], spec[3]): node for node, spec in NODES.items()}
    rows = 1 + max(r for r, _ in grid)
    cols = 1 + max(c for _, c in grid)
    lines = []
    for r in range(rows):
        cells, links = [], []
        for c in range(cols):
            node = grid.get((r, c))
            if node is None:  # the grid has holes where the board has no space
                cells.append(" " * (CELL + 2))
                links.append(" " * (CELL + 2))
                continue
            token = state["board"].get(node) if node in PAW_SPACES else None
            label = f"{node}({REWARD.get(node, '-')}){_short(token) if node in PAW_SPACES else ''}"
            truck = "".join(sorted(v for n, v in trucks.items() if n == node))
            text = f"{label}{'[' + truck + ']' if truck else ''}"
            right = grid.get((r, c + 1))
            cells.append(text.ljust(CELL) + ("--" if right in ADJACENT.get(node, []) else "  "))
            below = grid.get((r + 1, c))
            links.append(("|" if below in ADJACENT.get(node, []) else " ").ljust(CELL + 2))
        lines.append("  " + "".join(cells).rstrip(" -"))
        if r < rows - 1:
            lines.append("  " + "".join(links).rstrip())
    return lines


def _kennel(seat: int, k: dict[str, Any]) -> list[str]:
    pens = "  ".join(f"{p}:{','.join(breed_of(t)[:4] for t in k['pens'][p]) or '-'}" for p in PENS if p in k["pens"])
    return [
        f"seat {seat} ({k['colour']}): coins {k['coins']} food {k['food']} medicine {k['medicine']} gas {k['gas']}"
        f" helper {'yes' if k['helper'] else 'no'} truck {k['truck']} load {[_short(t) for t in k['load']]}",
        f"    pens {pens}",
        f"    infirmary {[_short(t) for t in k['infirmary']]} cards {k['cards']}",
    ]


def render(state: State, seat: int | None = None) -> str:
    """The board, the action board with the Dog Fair, and every kennel (the viewer's marked)."""
    top = state["fair_deck"][0] if isinstance(state["fair_deck"], list) else state["fair_deck"]["top"]
    lines = [f"DOGS round {state['round']} phase {state['phase']} (last round: {state['last_round']})", ""]
    lines += _board(state) + ["", "Action board:"]
    for box in BOXES:
        meeples = [f"{state['kennels'][s]['colour']}{'*' if free else ''}" for s, free in state["meeples"].get(box, [])]
        lines.append(f"  {box:<10} cards {state['boxes'].get(box, [])} meeples {meeples}")
    lines.append(f"  Dog Fair card {top} {FAIR_CARDS[top]}; pool {[_short(t) for t in state['fair']]}")
    lines.append("")
    for s, k in enumerate(state["kennels"]):
        block = _kennel(s, k)
        if s == seat:
            block[0] = "> " + block[0]
        lines += block
    return "\n".join(lines)
