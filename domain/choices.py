"""Moves as a front end offers them: a tree of small choices, built from the legal moves and each move's steps.

A game says, for each of its legal moves, the steps a player takes to make it: play this card, then choose this
dog, then that one. ``tree`` folds those paths into nodes ``{"prompt", "as", "options"}``: each option has a
``label``, maybe a ``target`` (the id of a space, card, die or token in the game's static content, which a front
end makes clickable) and either ``next`` (the node of the following step) or ``command`` (the finished move, as
``legal_moves`` lists it). So every leaf is exactly one legal move and every legal move exactly one leaf.

A node says how a screen should show it: ``buttons`` (the default), ``board`` (every option has a target: the
player clicks the board) or ``number`` (the options differ by one integer, in order: a stepper).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from domain.language import Message

Node = dict[str, Any]
#: A legal move: a command body (domain.engine.Command, which imports this module).
Command = dict[str, Any]
#: The ways a node may be shown.
SHOWN_AS = ("buttons", "board", "number")
#: The most options a ``buttons`` node may offer: more is a list no phone screen or player can use.
MOST_BUTTONS = 20


class Step(NamedTuple):
    """One choice on the way to a move: the question (``prompt``, how it shows) and this move's answer."""

    prompt: Message
    label: Message
    target: str | None = None
    shown_as: str = "buttons"


#: A game's steps for one legal move.
Path = Callable[[Command], list[Step]]


def tree(moves: Iterable[Command], path: Path) -> Node | None:
    """The choice tree of ``moves`` whose steps ``path`` gives (None: no moves).

    Raises ValueError when two moves share all their steps, when one move's steps begin another's, or when the
    moves at one node disagree on its prompt or how it shows: each is a game's path that cannot be offered.
    """
    paths = [(move, path(move)) for move in moves]
    return _node(paths, 0) if paths else None


def _node(paths: list[tuple[Command, list[Step]]], depth: int) -> Node:
    first = paths[0][1]
    if depth >= len(first):
        raise ValueError(f"the steps of {paths[0][0]} end before they tell it from {paths[1][0]}")
    prompt, shown_as = first[depth].prompt, first[depth].shown_as
    groups: dict[str, list[tuple[Command, list[Step]]]] = {}
    options: dict[str, dict[str, Any]] = {}
    for move, steps in paths:
        if depth >= len(steps):
            raise ValueError(f"the steps of {move} end before they tell it from the others")
        step = steps[depth]
        if (step.prompt, step.shown_as) != (prompt, shown_as):
            raise ValueError(f"moves disagree at one node: {step.prompt} ({step.shown_as}) and {prompt} ({shown_as})")
        if shown_as == "board" and step.target is None:
            raise ValueError(f"a board option without a target: {step.label}")
        key = repr((step.label, step.target))
        if key not in options:
            options[key] = {"label": step.label, **({"target": step.target} if step.target is not None else {})}
        groups.setdefault(key, []).append((move, steps))
    for key, group in groups.items():
        move, steps = group[0]
        if len(group) == 1 and depth == len(steps) - 1:
            options[key]["command"] = move
        else:
            options[key]["next"] = _node(group, depth + 1)
    return {"prompt": prompt, "as": shown_as, "options": list(options.values())}


def leaves(node: Node | None) -> list[Command]:
    """Every finished move of a tree, in order."""
    if node is None:
        return []
    found: list[Command] = []
    for option in node["options"]:
        found.extend([option["command"]] if "command" in option else leaves(option["next"]))
    return found


def nodes(node: Node | None) -> list[Node]:
    """Every node of a tree, the root first."""
    if node is None:
        return []
    found = [node]
    for option in node["options"]:
        found.extend(nodes(option.get("next")))
    return found
