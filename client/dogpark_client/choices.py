"""A view's ``choices``: the legal moves as a tree of small steps, as a front end offers them (docs/frontends.md).

A node is ``{"prompt", "as", "options"}``; an option has a ``label``, maybe a ``target`` (the id of a thing on the
board) and either ``next`` (the following node) or ``command`` (the finished move, as ``legal_moves`` has it).

>>> node = {"prompt": "Bid or pass?", "as": "buttons", "options": [
...     {"label": "Pass", "command": {"type": "Pass"}},
...     {"label": "Bid", "next": {"prompt": "How many mice?", "as": "number", "options": [
...         {"label": "1 mouse", "command": {"type": "Bid", "amount": 1}},
...         {"label": "2 mice", "command": {"type": "Bid", "amount": 2}}]}}]}
>>> [labels for labels, _ in paths(node)]
[['Pass'], ['Bid', '1 mouse'], ['Bid', '2 mice']]
>>> pick(node, ["Bid", "2 mice"])
{'type': 'Bid', 'amount': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

Node = dict[str, Any]
Command = dict[str, Any]


def paths(node: Node | None) -> Iterator[tuple[list[str], Command]]:
    """Every finished move of a tree with the labels chosen on the way to it, in the tree's order."""
    if node is None:
        return
    for option in node["options"]:
        if "command" in option:
            yield [option["label"]], option["command"]
        else:
            for labels, command in paths(option["next"]):
                yield [option["label"], *labels], command


def pick(node: Node, answers: list[str]) -> Command:
    """The move that ``answers`` (each option's label or target, one per step) lead to; KeyError if one is no option."""
    for depth, answer in enumerate(answers):
        option = next((o for o in node["options"] if answer in (o["label"], o.get("target"))), None)
        if option is None:
            raise KeyError(f"no option {answer!r} at {node['prompt']!r}")
        if "command" in option:
            if depth != len(answers) - 1:
                raise KeyError(f"{answer!r} finishes the move before {answers[depth + 1:]}")
            return dict(option["command"])
        node = option["next"]
    raise KeyError(f"the move is not finished: {node['prompt']!r} is still to answer")


def walk(node: Node, choose: Callable[[Node], dict[str, Any]]) -> Command:
    """The move reached by letting ``choose`` pick one option of each node, from the root down."""
    while True:
        option = choose(node)
        if "command" in option:
            return dict(option["command"])
        node = option["next"]
