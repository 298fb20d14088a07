"""DOGS' commands (domain/dogs/commands.py ``ARGS``, spec sections 4.1-4.3), all by the pending seat. Tokens, cards,
spaces, pens and boxes are named by the static content's ids; every argument is present, null where allowed."""

from __future__ import annotations

from typing import Any

from marshmallow import fields

from domain.dogs.content import BOXES, GROUPS, PENS, RESOURCES
from service.http.schemas.commands.command import Command, of_type


def _nullable(description: str) -> fields.String:
    return fields.String(allow_none=True, metadata={"description": description})


def _layout(**kwargs: Any) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(metadata={"enum": PENS}),
        values=fields.List(fields.String()),
        metadata={"description": "Every built pen -> the dog tokens in it."},
        **kwargs,
    )


def _resources(description: str) -> fields.List:
    return fields.List(fields.String(metadata={"enum": list(RESOURCES)}), metadata={"description": description})


def _pairs(description: str) -> fields.List:
    return fields.List(
        fields.List(fields.String(), metadata={"minItems": 2, "maxItems": 2}), metadata={"description": description}
    )


class DogsBuyGas(Command):
    """Refuel: buy gas for ``coins`` coins (maybe none)."""

    type = of_type("BuyGas")
    coins = fields.Integer(metadata={"minimum": 0})


class DogsPlayDogSwap(Command):
    """Trucks: play a Dog Swap card to swap the dogs on two paw spaces."""

    type = of_type("PlayDogSwap")
    card = fields.String()
    space_a = fields.String()
    space_b = fields.String()


class DogsPlayReceiveDog(Command):
    """Trucks: play a Receive Dog card to take a dog from a supply."""

    type = of_type("PlayReceiveDog")
    card = fields.String()
    group = fields.String(metadata={"enum": list(GROUPS)})


class DogsMoveTruck(Command):
    """Trucks: move your truck to a space."""

    type = of_type("MoveTruck")
    to = fields.String()


class DogsReturnHome(Command):
    """Trucks: bring your truck home, taking the return bonus (a resource) when you earn it."""

    type = of_type("ReturnHome")
    bonus = fields.String(allow_none=True, metadata={"enum": [*RESOURCES, None]})


class DogsStayHome(Command):
    """Trucks: leave your truck at home this round."""

    type = of_type("StayHome")


class DogsArrangeKennel(Command):
    """Arrange: lay out your pens, donating the dogs left out."""

    type = of_type("ArrangeKennel")
    pens = _layout()
    donate = fields.List(fields.String(), metadata={"description": "The dog tokens donated."})
    vet_card = _nullable("A Vet card played, or null.")


class DogsAcceptDonation(Command):
    """Donation: take the offered dog, laying out your pens again (null for a sick dog, which goes to the
    infirmary)."""

    type = of_type("AcceptDonation")
    token = fields.String()
    pens = _layout(allow_none=True)


class DogsDeclineDonation(Command):
    """Donation: refuse the offered dog."""

    type = of_type("DeclineDonation")
    token = fields.String()


class DogsPlaceMeeple(Command):
    """Place: put a meeple in a box, taking a card above it (or none), or entering a full box with a Free Entry."""

    type = of_type("PlaceMeeple")
    box = fields.String(metadata={"enum": BOXES})
    card = _nullable("The card above the box taken, or null.")
    free_entry = _nullable("A Free Entry card played, or null.")


class DogsSkipBoxAction(Command):
    """Action: do nothing in this box."""

    type = of_type("SkipBoxAction")


class DogsActivatePen(Command):
    """City Hall: build your next pen, maybe with a discount card."""

    type = of_type("ActivatePen")
    discount = _nullable("A Discount card played, or null.")


class DogsSwapResources(Command):
    """Warehouse: swap one or two resources for as many others."""

    type = of_type("SwapResources")
    give = _resources("The resources given.")
    take = _resources("The resources taken.")


class DogsBuySupplies(Command):
    """Pet Shop: buy food and medicine."""

    type = of_type("BuySupplies")
    food = fields.Integer(metadata={"minimum": 0})
    medicine = fields.Integer(metadata={"minimum": 0})


class DogsCureDogs(Command):
    """Vet: cure sick dogs, each into a pen."""

    type = of_type("CureDogs")
    cures = _pairs("Each cure: [the sick dog's token, the pen it goes to].")


class DogsSellDog(Command):
    """Fair: sell a dog, adding Trained and Prize cards."""

    type = of_type("SellDog")
    token = fields.String()
    bonus_cards = fields.List(fields.String())


class DogsBuyDog(Command):
    """Fair: buy a dog into a pen."""

    type = of_type("BuyDog")
    token = fields.String()
    pen = fields.String(metadata={"enum": PENS})


class DogsSwapDogAtFair(Command):
    """Fair: swap one of your dogs for one at the Fair."""

    type = of_type("SwapDogAtFair")
    give = fields.String()
    take = fields.String()
    pen = fields.String(metadata={"enum": PENS})


class DogsFeedDogs(Command):
    """Feed: the dogs left unfed (one per pen your food does not cover), the first to the infirmary first."""

    type = of_type("FeedDogs")
    unfed = _pairs("Each unfed dog: [its pen, its token].")


class DogsPaySalary(Command):
    """Salary: pay your helper with a coin or a Helper card, or not at all."""

    type = of_type("PaySalary")
    method = fields.String(metadata={"enum": ["coin", "card", "none"]})
    card = _nullable("The Helper card, with method card; else null.")


#: Every command of DOGS.
DOGS_COMMANDS = (
    DogsBuyGas,
    DogsPlayDogSwap,
    DogsPlayReceiveDog,
    DogsMoveTruck,
    DogsReturnHome,
    DogsStayHome,
    DogsArrangeKennel,
    DogsAcceptDonation,
    DogsDeclineDonation,
    DogsPlaceMeeple,
    DogsSkipBoxAction,
    DogsActivatePen,
    DogsSwapResources,
    DogsBuySupplies,
    DogsCureDogs,
    DogsSellDog,
    DogsBuyDog,
    DogsSwapDogAtFair,
    DogsFeedDogs,
    DogsPaySalary,
)
