"""A Dog's Life's moves as choices (domain/choices.py): an action, then its details step by step.

The dog's moves are clicks on the city board (the space to go to), an attack a click on the dog attacked; an item
to pick up or drop is chosen by name; the truck's route at a fork is chosen where it turns, on the board.
"""

from __future__ import annotations

from domain.choices import Node, Step, tree
from domain.dogslife.moves import legal_moves
from domain.dogslife.state import State
from domain.dogslife.text import cell, label
from domain.engine import Command
from domain.language import message

#: The actions whose details are a second step, with that step's prompt and how it shows.
_DETAILED = {
    "Move": ("dogslife-where-to", "board"),
    "Attack": ("dogslife-whom-to-attack", "board"),
    "PickUp": ("dogslife-what-to-pick-up", "buttons"),
    "Drop": ("dogslife-what-to-drop", "buttons"),
}


def choices(state: State, seat: int) -> Node | None:
    """``seat``'s legal moves as a tree: a dog to play, a route for the truck, or an action and its details."""
    moves = legal_moves(state, seat)
    if state["phase"] == "truck":
        routes = [move["route"] for move in moves if move["route"] is not None]
        return tree(moves, lambda move: _route_steps(state, seat, move, routes))
    return tree(moves, lambda move: _steps(state, seat, move))


def _steps(state: State, seat: int, move: Command) -> list[Step]:
    """A dog chosen by its breed; an action by its name, then where, whom or what."""
    if move["type"] == "ChooseDog":
        return [Step(message("dogslife-which-dog"), label(state, seat, move), target=move["dog"])]
    prompt = message("dogslife-what-to-do")
    if move["type"] not in _DETAILED:
        return [Step(prompt, label(state, seat, move))]
    asked, shown_as = _DETAILED[move["type"]]
    action = Step(prompt, message(f"dogslife-action-{move['type'].lower()}"))
    return [action, Step(message(asked), label(state, seat, move), _target(state, move), shown_as)]


def _target(state: State, move: Command) -> str | None:
    """The board space a move or an attack points at; None for an item."""
    if move["type"] == "Move":
        return str(move["to"])
    if move["type"] == "Attack":
        return str(state["seats"][move["target_seat"]]["space"])
    return None


def _route_steps(state: State, seat: int, move: Command, routes: list[list[str]]) -> list[Step]:
    """Leave the route to the server, or choose it: at each fork on the way, the street the truck turns into."""
    prompt = message("dogslife-truck-where")
    if move["route"] is None:
        return [Step(prompt, label(state, seat, move))]
    steps = [Step(prompt, message("dogslife-route-choose"))]
    route: list[str] = move["route"]
    for at, street in enumerate(route):
        alike = [other for other in routes if other[:at] == route[:at]]
        if len({other[at] for other in alike}) > 1:
            steps.append(Step(message("dogslife-truck-turns"), message("dogslife-via", street=cell(street)), street,
                              "board"))
    return steps
