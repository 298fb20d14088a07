"""Spots' moves as choices (domain/choices.py): a die, a dog card, a space or a trick tile is picked on the table
(``board``, targets from the static content), a number where the options differ by one integer, and buttons for
the rest.

Placing is two clicks: the die, then the dog it goes on (or the yard). Digging and trotting first ask whether to
go on at all, then which die, then how; Hunt's pair and Search's set of 8 are picked die by die, in die order.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.choices import Node, Step, tree
from domain.engine import Command
from domain.language import Message, message
from domain.spots.content import die_target, space_target, yard_target
from domain.spots.moves import legal_moves
from domain.spots.state import State, actor, has_filled_dog
from domain.spots.text import buried_die, die_name, die_on_dog, dog_name, label


def choices(state: State, seat: int) -> Node | None:
    """``seat``'s legal moves, as its phase asks for them (None: it has none)."""
    moves = legal_moves(state, seat)
    return tree(moves, lambda move: _PATHS.get(state["phase"], _buttons)(state, seat, move))


Paths = Callable[[State, int, Command], list[Step]]


def _buttons(state: State, seat: int, move: Command) -> list[Step]:
    """One node of buttons, each labelled as the move is (offers, rerolls, Scavenge's discards)."""
    return [Step(_PROMPTS.get(state["phase"], message("table-choose-move")), label(state, seat, move))]


def _action(state: State, seat: int, move: Command) -> list[Step]:
    """A trick tile clicked on the table; first "trick or complete?" when completing is possible."""
    pick = Step(message("spots-choose-trick"), label(state, seat, move), target=move.get("tile"), shown_as="board")
    if not has_filled_dog(actor(state)):
        return [pick]
    asked = message("spots-choose-action")
    if move["type"] == "CompleteDogs":
        return [Step(asked, label(state, seat, move))]
    return [Step(asked, message("spots-a-trick")), pick]


def _number(state: State, seat: int, move: Command) -> list[Step]:
    """Fetch's number, Retrieve's and Guard's number, Bolt's count: a stepper."""
    return [Step(_PROMPTS[state["phase"]], label(state, seat, move), shown_as="number")]


def _select(state: State, seat: int, move: Command) -> list[Step]:
    """Fetch: a number; Hunt and Search: the dice kept, one by one; Scavenge: buttons of the subsets."""
    if move["type"] == "ChooseNumber":
        return [Step(message("spots-choose-fetch"), label(state, seat, move), shown_as="number")]
    if move["type"] == "DiscardDice":
        return _buttons(state, seat, move)
    pending = state["trick"]["pending"]
    asked = message(f"spots-choose-{state['trick']['step']}")
    return [_die(state, asked, die, pending) for die in move["dice"]]


def _place(state: State, seat: int, move: Command) -> list[Step]:
    """The pending die, then the dog it goes on or the yard."""
    pending = state["trick"]["pending"]
    die = move["die"]
    where = message("spots-choose-where", die=die_name(state, die, pending))
    if move["type"] == "BuryDie":
        second = Step(where, message("spots-in-your-yard"), target=yard_target(seat), shown_as="board")
    else:
        value = state["values"][die]
        second = Step(where, message("spots-on-dog", dog=dog_name(move["card"])),
                      target=space_target(move["card"], value), shown_as="board")
    return [_die(state, message("spots-choose-die"), die, pending), second]


def _dig(state: State, seat: int, move: Command) -> list[Step]:
    """Dig on or stop; which buried die; raise or lower it."""
    asked = message("spots-choose-dig")
    if move["type"] == "SkipStep":
        return [Step(asked, label(state, seat, move))]
    which = Step(message("spots-choose-buried-die"), message("spots-pick", die=buried_die(state, seat, move["die"])),
                 target=die_target(move["die"]), shown_as="board")
    return [Step(asked, message("spots-change-a-buried-die")), which,
            Step(message("spots-choose-dig-how"), label(state, seat, move))]


def _trot(state: State, seat: int, move: Command) -> list[Step]:
    """Move a die or not; which die on a dog; to which empty space."""
    asked = message("spots-choose-trot")
    if move["type"] == "SkipStep":
        return [Step(asked, label(state, seat, move))]
    die = move["die"]
    which = Step(message("spots-choose-die-to-move"), message("spots-pick", die=die_on_dog(state, seat, die)),
                 target=die_target(die), shown_as="board")
    to = Step(message("spots-choose-space"), label(state, seat, move), target=space_target(move["card"], move["value"]),
              shown_as="board")
    return [Step(asked, message("spots-move-a-die")), which, to]


def _take(state: State, seat: int, move: Command) -> list[Step]:
    """Dogpile: the die taken, from the yard or a dog."""
    return [Step(message("spots-choose-take"), label(state, seat, move), target=die_target(move["die"]),
                 shown_as="board")]


def _die(state: State, prompt: Message, die: int, among: list[int]) -> Step:
    """A die picked on the table, named by its value (and its place among ``among`` where values repeat)."""
    return Step(prompt, message("spots-pick", die=die_name(state, die, among)), target=die_target(die),
                shown_as="board")


_PATHS: dict[str, Paths] = {
    "choose_action": _action,
    "select": _select,
    "place": _place,
    "dig": _dig,
    "trot": _trot,
    "set_die": _number,
    "name_number": _number,
    "set_aside": _number,
    "dogpile_take": _take,
}
#: The question of each phase asked as one node.
_PROMPTS: dict[str, Message] = {
    "rolled": message("spots-choose-reroll"),
    "offer": message("spots-choose-offer"),
    "select": message("spots-choose-scavenge"),
    "set_die": message("spots-choose-set-die"),
    "name_number": message("spots-choose-guard"),
    "set_aside": message("spots-choose-set-aside"),
}
