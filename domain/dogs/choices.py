"""DOGS' moves as choices (domain/choices.py): small steps instead of one long list per decision.

A Dog Swap is its card, then the first dog, then the second (both on the board); a drive is a space of the board; a
kennel is arranged one dog at a time (which pen, or given away), a cure one sick dog at a time, a feeding one pen at
a time; a Fair deal is the deal, then the dog, then the pen. A question every move answers alike (a dog with only
one place) is not asked: the moves that remain differ in the questions left, so every leaf is still one move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.choices import Command, Node, Path, Step, tree
from domain.dogs.content import BONUS_COINS, GAS_PER_COIN, SUPPLIES_PER_COIN, breed_of, card_kind
from domain.dogs.moves import legal_moves, pending
from domain.dogs.pens import healthy_and_sick
from domain.dogs.state import Kennel, State, fair_price, infirmary_room
from domain.dogs.text import (
    amount,
    board_dog,
    box,
    breed,
    card,
    coins,
    dog_on_space,
    group,
    label,
    pen,
    pen_dog,
    space,
)
from domain.language import Message, listed, message, term
from domain.language import seat as seat_of


def choices(state: State, seat: int) -> Node | None:
    """``seat``'s legal moves as a tree of small steps; None when it has none."""
    moves = legal_moves(state, seat)
    due = pending(state)
    if not moves or due is None:
        return None
    return tree(moves, PATHS[due[0]](state, seat, moves))


# Questions asked of one dog, card or pen at a time.


def _asked(
    moves: list[Command],
    head: Callable[[Command], list[Step]],
    questions: Callable[[Command], list[Step]],
    whole: Callable[[Command], Step],
) -> Path:
    """Each move's ``head``, then only those of its ``questions`` that leave a choice.

    ``questions`` asks the same things, in the same order, of every move with the same head; a question is put to
    the moves that agree on every answer before it only where they answer it differently (a dog with one place
    left is not asked about). Where no question is left, the move's last step says the whole move (``whole``: its
    step when it has no head).
    """
    groups: dict[str, list[Command]] = {}
    for move in moves:
        groups.setdefault(repr(head(move)), []).append(move)
    paths: dict[str, list[Step]] = {}
    for group_moves in groups.values():
        # By key once: looking each key's move up among the group's was quadratic, seconds for a layout's thousands.
        by_key = {repr(move): move for move in group_moves}
        asked = {key: questions(move) for key, move in by_key.items()}
        for key, kept in _open_questions(group_moves, asked, 0).items():
            move = by_key[key]
            start = head(move)
            if not kept:
                told = whole(move)
                kept = [start.pop()._replace(label=told.label)] if start else [told]
            paths[key] = start + kept
    return lambda move: paths[repr(move)]


def _open_questions(moves: list[Command], asked: dict[str, list[Step]], first: int) -> dict[str, list[Step]]:
    """Each move's questions from ``first`` on that its fellows (same answers so far) answer differently."""
    for i in range(first, len(asked[repr(moves[0])])):
        answers: dict[str, list[Command]] = {}
        for move in moves:
            answers.setdefault(repr(asked[repr(move)][i][1:3]), []).append(move)
        if len(answers) > 1:
            return {
                key: [asked[key][i], *rest]
                for alike in answers.values()
                for key, rest in _open_questions(alike, asked, i + 1).items()
            }
    return {repr(move): [] for move in moves}


def _numbered(token: str, alike: list[str]) -> dict[str, Any]:
    """A dog by breed, and which of its breed it is where several stand: Beagle (2 of 3)."""
    same = sorted(other for other in alike if breed_of(other) == breed_of(token))
    if len(same) < 2:
        return breed(token)
    return term("dogs-dog-numbered", dog=breed(token), number=same.index(token) + 1, of=len(same))


def _into(pen_id: str) -> Message:
    return message("dogs-choice-pen", pen=pen(pen_id))


def _placed(token: str, pens: dict[str, list[str]], alike: list[str]) -> Step:
    """Where one dog goes in a layout: a pen, or away (given to another kennel)."""
    home = next((name for name, dogs in pens.items() if token in dogs), None)
    prompt = message("dogs-ask-dog-place", dog=_numbered(token, alike))
    if home is None:
        return Step(prompt, message("dogs-choice-give-away"))
    return Step(prompt, _into(home), target=home)


def _whole(state: State, seat: int, prompt: Message) -> Callable[[Command], Step]:
    return lambda move: Step(prompt, label(state, seat, move))


# Phase 1.


def _refuel(state: State, seat: int, moves: list[Command]) -> Path:
    prompt = message("dogs-ask-gas")
    return lambda move: [
        Step(
            prompt,
            message("dogs-choice-gas", coins=move["coins"], gas=amount(GAS_PER_COIN * move["coins"], "gas")),
            shown_as="number",
        )
    ]


def _trucks(state: State, seat: int, moves: list[Command]) -> Path:
    cards = state["kennels"][seat]["cards"]
    root = message("dogs-ask-truck")

    def path(move: Command) -> list[Step]:
        match move["type"]:
            case "PlayDogSwap":
                first, second = move["space_a"], move["space_b"]
                return [
                    Step(root, message("dogs-choice-play", card=card(move["card"], cards))),
                    Step(message("dogs-ask-swap-first"), _dog_at(state, first), target=first, shown_as="board"),
                    Step(
                        message("dogs-ask-swap-second", first=dog_on_space(state, first)),
                        _dog_at(state, second),
                        target=second,
                        shown_as="board",
                    ),
                ]
            case "PlayReceiveDog":
                return [
                    Step(root, message("dogs-choice-play", card=card(move["card"], cards))),
                    Step(message("dogs-ask-supply"), message("dogs-choice-supply", group=group(move["group"]))),
                ]
            case "MoveTruck":
                return [
                    Step(root, message("dogs-choice-drive")),
                    Step(
                        message("dogs-ask-destination"), label(state, seat, move), target=move["to"], shown_as="board"
                    ),
                ]
            case "ReturnHome" if move["bonus"]:
                return [
                    Step(root, message("dogs-return-home")),
                    Step(message("dogs-ask-bonus"), message("dogs-choice-bonus", bonus=amount(1, move["bonus"]))),
                ]
        return [Step(root, label(state, seat, move))]

    return path


def _dog_at(state: State, node: str) -> Message:
    return message("dogs-choice-dog-on-space", dog=board_dog(state["board"][node]), space=space(node))


def _arrange(state: State, seat: int, moves: list[Command]) -> Path:
    kennel = state["kennels"][seat]
    vets = {move["vet_card"] for move in moves}
    vet_prompt = message("dogs-ask-vet")

    def head(move: Command) -> list[Step]:
        if len(vets) < 2:
            return []
        vet = move["vet_card"]
        chosen = message("dogs-choice-play", card=card(vet, kennel["cards"])) if vet else message("dogs-choice-no-vet")
        return [Step(vet_prompt, chosen)]

    def questions(move: Command) -> list[Step]:
        healthy, sick = healthy_and_sick(kennel, move["vet_card"] is not None)
        placed = [_placed(token, move["pens"], healthy) for token in sorted(healthy)]
        return placed + [_kept(token, move["donate"], sick) for token in sorted(sick)]

    return _asked(moves, head, questions, _whole(state, seat, message("dogs-ask-arrange")))


def _kept(token: str, donate: list[str], sick: list[str]) -> Step:
    """Whether a sick dog stays in the infirmary or is given away (the infirmary holds six)."""
    given = token in donate
    return Step(
        message("dogs-ask-sick-dog", dog=_numbered(token, sick)),
        message("dogs-choice-give-away" if given else "dogs-choice-keep-sick"),
    )


def _donation(state: State, seat: int, moves: list[Command]) -> Path:
    kennel, offer = state["kennels"][seat], state["offer"]
    prompt = message("dogs-ask-donation", donor=seat_of(offer["donor"]), dog=_offered(offer))
    dogs = sorted([token for name in kennel["pens"] for token in kennel["pens"][name]] + [offer["token"]])

    def head(move: Command) -> list[Step]:
        if move["type"] == "DeclineDonation" or move["pens"] is None:
            return [Step(prompt, label(state, seat, move))]
        return [Step(prompt, message("dogs-choice-take-in"))]

    def questions(move: Command) -> list[Step]:
        if move["type"] == "DeclineDonation" or move["pens"] is None:
            return []
        return [_placed(token, move["pens"], dogs) for token in dogs]

    return _asked(moves, head, questions, _whole(state, seat, prompt))


def _offered(offer: dict[str, Any]) -> dict[str, Any]:
    return term("dogs-dog-sick", breed=breed(offer["token"])) if offer["sick"] else breed(offer["token"])


# Phase 2.


def _place(state: State, seat: int, moves: list[Command]) -> Path:
    kennel = state["kennels"][seat]
    root = message("dogs-ask-box")
    per_box: dict[str, int] = {}
    for move in moves:
        per_box[move["box"]] = per_box.get(move["box"], 0) + 1

    def path(move: Command) -> list[Step]:
        where = move["box"]
        if per_box[where] == 1:
            return [Step(root, label(state, seat, move), target=where, shown_as="board")]
        if move["card"]:
            taken = message("dogs-choice-take-card", card=card(move["card"], state["boxes"][where]))
        elif move["free_entry"]:
            taken = message("dogs-choice-free-entry", card=card(move["free_entry"], kennel["cards"]))
        else:
            taken = message("dogs-choice-no-card")
        return [
            Step(root, message("dogs-choice-box", box=box(where)), target=where, shown_as="board"),
            Step(message("dogs-ask-card", box=box(where)), taken),
        ]

    return path


def _action(state: State, seat: int, moves: list[Command]) -> Path:
    kennel = state["kennels"][seat]
    root = message("dogs-ask-action", box=box(state["box"]))

    def simple(move: Command) -> list[Step]:
        return [Step(root, label(state, seat, move))]

    deals: dict[str, Callable[[Command], list[Step]]] = {
        "SkipBoxAction": simple,
        "ActivatePen": simple,
        "SwapResources": lambda move: [
            Step(root, message("dogs-choice-give", give=_resources(move["give"]))),
            Step(
                message("dogs-ask-take", give=_resources(move["give"])),
                message("dogs-choice-take", take=_resources(move["take"])),
            ),
        ],
        "BuySupplies": lambda move: _supplies(root, move),
        "SellDog": lambda move: _sale(root, kennel, move),
        "BuyDog": lambda move: [
            Step(root, message("dogs-choice-buy", coins=coins(fair_price(state)))),
            Step(message("dogs-ask-buy"), _fair_dog(move["token"]), target=move["token"]),
            Step(message("dogs-ask-pen", dog=breed(move["token"])), _into(move["pen"]), move["pen"], "board"),
        ],
        "SwapDogAtFair": lambda move: [
            Step(root, message("dogs-choice-swap-at-fair")),
            Step(
                message("dogs-ask-give-dog"),
                message("dogs-choice-dog", dog=pen_dog(kennel, move["give"])),
                move["give"],
            ),
            Step(message("dogs-ask-take-dog", dog=breed(move["give"])), _fair_dog(move["take"]), move["take"]),
            Step(message("dogs-ask-pen", dog=breed(move["take"])), _into(move["pen"]), move["pen"], "board"),
        ],
    }
    if state["box"] != "VET":
        return lambda move: deals[move["type"]](move)
    cure = [Step(root, message("dogs-choice-cure"))]
    infirmary = sorted(kennel["infirmary"])

    def head(move: Command) -> list[Step]:
        return list(cure) if move["type"] == "CureDogs" else simple(move)

    def questions(move: Command) -> list[Step]:
        if move["type"] != "CureDogs":
            return []
        where = {token: name for token, name in move["cures"]}
        return [_cured(token, where.get(token), infirmary) for token in infirmary]

    return _asked(moves, head, questions, _whole(state, seat, root))


def _cured(token: str, pen_id: str | None, infirmary: list[str]) -> Step:
    prompt = message("dogs-ask-cure", dog=_numbered(token, infirmary))
    if pen_id is None:
        return Step(prompt, message("dogs-choice-keep-sick"))
    return Step(prompt, _into(pen_id), target=pen_id)


def _fair_dog(token: str) -> Message:
    return message("dogs-choice-fair-dog", dog=breed(token))


def _resources(items: list[str]) -> dict[str, list[Any]]:
    return listed([amount(items.count(resource), resource) for resource in dict.fromkeys(items)])


def _supplies(root: Message, move: Command) -> list[Step]:
    spent = (move["food"] + move["medicine"]) // SUPPLIES_PER_COIN
    return [
        Step(root, message("dogs-choice-buy-supplies")),
        Step(message("dogs-ask-supplies-coins"), message("dogs-choice-spend", count=spent), shown_as="number"),
        Step(
            message("dogs-ask-food", coins=coins(spent), tokens=SUPPLIES_PER_COIN * spent),
            message("dogs-choice-food", food=move["food"], medicine=amount(move["medicine"], "medicine")),
            shown_as="number",
        ),
    ]


def _sale(root: Message, kennel: Kennel, move: Command) -> list[Step]:
    bonus = sorted(one for one in kennel["cards"] if card_kind(one) in BONUS_COINS)
    return [
        Step(root, message("dogs-choice-sell")),
        Step(
            message("dogs-ask-sell"),
            message("dogs-choice-dog", dog=pen_dog(kennel, move["token"], told_apart=True)),
            target=move["token"],
        ),
        *(
            Step(
                message(
                    "dogs-ask-bonus-card", card=card(one, kennel["cards"]), coins=coins(BONUS_COINS[card_kind(one)])
                ),
                message("dogs-choice-add-card" if one in move["bonus_cards"] else "dogs-choice-keep-card"),
            )
            for one in bonus
        ),
    ]


# Phase 3.


def _feed(state: State, seat: int, moves: list[Command]) -> Path:
    kennel = state["kennels"][seat]
    occupied = [name for name in kennel["pens"] if kennel["pens"][name]]

    def questions(move: Command) -> list[Step]:
        return [_fed(name, move["unfed"], kennel) for name in sorted(occupied, key=list(kennel["pens"]).index)]

    return _asked(moves, lambda move: [], questions, _whole(state, seat, message("dogs-ask-feeding")))


def _fed(name: str, unfed: list[list[str]], kennel: Kennel) -> Step:
    """One pen's fate in a feeding: fed, or one of its dogs falls sick or goes to the Fair."""
    prompt = message("dogs-ask-feed", pen=pen(name))
    hungry = [i for i, (where, _) in enumerate(unfed) if where == name]
    if not hungry:
        return Step(prompt, message("dogs-choice-feed"), target=name)
    fate = "dogs-choice-unfed-sick" if hungry[0] < infirmary_room(kennel) else "dogs-choice-unfed-fair"
    return Step(prompt, message(fate, dog=breed(unfed[hungry[0]][1])), target=name)


def _salary(state: State, seat: int, moves: list[Command]) -> Path:
    prompt = message("dogs-ask-salary")
    return lambda move: [Step(prompt, label(state, seat, move))]


#: Each kind of decision's steps (moves.pending names the kind).
PATHS: dict[str, Callable[[State, int, list[Command]], Path]] = {
    "refuel": _refuel,
    "trucks": _trucks,
    "arrange": _arrange,
    "donation": _donation,
    "place": _place,
    "action": _action,
    "feed": _feed,
    "salary": _salary,
}
