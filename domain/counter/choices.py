"""Counter's moves as choices (domain/choices.py): one node of its two increments, shown as a stepper."""

from __future__ import annotations

from domain.choices import Node, Step, tree
from domain.counter.moves import legal_moves
from domain.engine import State
from domain.language import message


def choices(state: State, seat: int) -> Node | None:
    """Add 1 or Add 2, in order: the options differ by one integer."""
    prompt = message("counter-how-much")
    return tree(
        legal_moves(state, seat), lambda move: [Step(prompt, message("counter-add", by=move["by"]), shown_as="number")]
    )
