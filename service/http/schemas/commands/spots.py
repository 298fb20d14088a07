"""Spots' commands (domain/spots/moves.py ``HANDLERS``, spec section 4.9), all by the active seat. Dice are named by
their die ids, lists in ascending order; dog cards by their ids; tiles by their ids (the static content's)."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.commands.command import Command, of_type


def _dice(description: str) -> fields.List:
    return fields.List(fields.Integer(), metadata={"description": description + " (die ids, ascending)."})


def _die(description: str = "A die id.") -> fields.Integer:
    return fields.Integer(metadata={"description": description})


def _number(description: str) -> fields.Integer:
    return fields.Integer(metadata={"minimum": 1, "maximum": 6, "description": description})


class SpotsChooseTrick(Command):
    """Choose an action: play the trick of a face-up tile."""

    type = of_type("ChooseTrick")
    tile = fields.String(metadata={"description": "The tile's id."})


class SpotsCompleteDogs(Command):
    """Choose an action: complete your filled dogs."""

    type = of_type("CompleteDogs")


class SpotsSpendTreat(Command):
    """Rolled: spend a treat to roll again (the whole roll; on the Track any of its dice)."""

    type = of_type("SpendTreat")
    dice = _dice("The dice to roll again")


class SpotsAcceptRoll(Command):
    """Rolled: keep the roll."""

    type = of_type("AcceptRoll")


class SpotsChooseNumber(Command):
    """Name a number (Guard), take a pending value (Fetch) or set a die on the top dog card (Retrieve)."""

    type = of_type("ChooseNumber")
    n = _number("The number.")


class SpotsKeepDice(Command):
    """Select (Hunt, Search): the dice to keep."""

    type = of_type("KeepDice")
    dice = _dice("The dice kept")


class SpotsDiscardDice(Command):
    """Select (Scavenge): the dice to discard (maybe none)."""

    type = of_type("DiscardDice")
    dice = _dice("The dice discarded")


class SpotsPlaceDie(Command):
    """Place: put a pending die on the space of its value of one of your open dogs."""

    type = of_type("PlaceDie")
    die = _die("A pending die's id.")
    card = fields.Integer(metadata={"description": "Your open dog card's id."})


class SpotsBuryDie(Command):
    """Place: bury a pending die in your yard."""

    type = of_type("BuryDie")
    die = _die("A pending die's id.")


class SpotsDoStep(Command):
    """Offer: take the offered optional step."""

    type = of_type("DoStep")


class SpotsSkipStep(Command):
    """Offer, Trot, Dig: skip the step."""

    type = of_type("SkipStep")


class SpotsMoveDie(Command):
    """Trot: move a die of your open dogs to an empty space of one of them."""

    type = of_type("MoveDie")
    die = _die()
    card = fields.Integer(metadata={"description": "The open dog card's id."})
    value = _number("The empty space's value.")


class SpotsAdjustBuriedDie(Command):
    """Dig: turn a buried die one down or one up."""

    type = of_type("AdjustBuriedDie")
    die = _die("A buried die's id.")
    delta = fields.Integer(metadata={"enum": [-1, 1]})


class SpotsSetAside(Command):
    """Set aside: how many dice of the supply to set aside (3 to 12, at most the supply)."""

    type = of_type("SetAside")
    n = fields.Integer(metadata={"minimum": 3, "maximum": 12})


class SpotsTakeDie(Command):
    """Dogpile: take a die from your yard or from one of your open dogs."""

    type = of_type("TakeDie")
    die = _die()


#: Every command of Spots.
SPOTS_COMMANDS = (
    SpotsChooseTrick,
    SpotsCompleteDogs,
    SpotsSpendTreat,
    SpotsAcceptRoll,
    SpotsChooseNumber,
    SpotsKeepDice,
    SpotsDiscardDice,
    SpotsPlaceDie,
    SpotsBuryDie,
    SpotsDoStep,
    SpotsSkipStep,
    SpotsMoveDie,
    SpotsAdjustBuriedDie,
    SpotsSetAside,
    SpotsTakeDie,
)
