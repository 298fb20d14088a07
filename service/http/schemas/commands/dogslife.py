"""A Dog's Life's commands (domain/dogslife/moves.py ``SEAT_COMMANDS``, spec section 4.10): the seats' own; the
server's automatic steps (MoveTruck, ExpireTime, TimeOutActions) are no seat's to send."""

from __future__ import annotations

from marshmallow import fields

from domain.dogslife.actions import ITEMS
from domain.dogslife.content import SLOTS
from service.http.schemas.commands.command import Command, of_type


class DogsLifeChooseDog(Command):
    """Setup (dogs chosen): take a dog nobody has."""

    type = of_type("ChooseDog")
    dog = fields.String(metadata={"description": "The dog's id."})


class DogsLifeMove(Command):
    """Move to a neighbouring space."""

    type = of_type("Move")
    to = fields.String(metadata={"description": "The space's id."})


class DogsLifeSearchTrash(Command):
    """Search the trash where you stand."""

    type = of_type("SearchTrash")


class DogsLifeBeg(Command):
    """Beg at the restaurant where you stand."""

    type = of_type("Beg")


class DogsLifeTakeNewspaper(Command):
    """Take a newspaper from the stack."""

    type = of_type("TakeNewspaper")


class DogsLifeDeliverNewspaper(Command):
    """Deliver the newspaper you carry to the house where you stand."""

    type = of_type("DeliverNewspaper")


class DogsLifePickUp(Command):
    """Pick up an item where you stand."""

    type = of_type("PickUp")
    item = fields.String(metadata={"enum": list(ITEMS)})


class DogsLifeDrop(Command):
    """Drop what a carrying space holds."""

    type = of_type("Drop")
    slot = fields.Integer(metadata={"minimum": 0, "maximum": SLOTS - 1})


class DogsLifeBury(Command):
    """Bury a bone in your den."""

    type = of_type("Bury")


class DogsLifeDrink(Command):
    """Drink: fill your bladder."""

    type = of_type("Drink")


class DogsLifePee(Command):
    """Mark the lamppost where you stand."""

    type = of_type("Pee")


class DogsLifeAttack(Command):
    """Attack a dog next to you."""

    type = of_type("Attack")
    target_seat = fields.Integer(metadata={"minimum": 0})


class DogsLifeEndActions(Command):
    """End your action phase."""

    type = of_type("EndActions")


class DogsLifeChooseTruckRoute(Command):
    """At a fork: the truck's route (one the view's routes lists), or null to let the die decide."""

    type = of_type("ChooseTruckRoute")
    route = fields.List(fields.String(), allow_none=True, metadata={"description": "The cells in order, or null."})


#: Every command a seat of A Dog's Life may send.
DOGSLIFE_COMMANDS = (
    DogsLifeChooseDog,
    DogsLifeMove,
    DogsLifeSearchTrash,
    DogsLifeBeg,
    DogsLifeTakeNewspaper,
    DogsLifeDeliverNewspaper,
    DogsLifePickUp,
    DogsLifeDrop,
    DogsLifeBury,
    DogsLifeDrink,
    DogsLifePee,
    DogsLifeAttack,
    DogsLifeEndActions,
    DogsLifeChooseTruckRoute,
)
