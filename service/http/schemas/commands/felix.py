"""Felix's commands (domain/felix/moves.py ``COMMANDS``, spec section 4.10), all by the seat on turn."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.commands.command import Command, of_type


class FelixPlayCard(Command):
    """Placing: put a card of your hand face down at the end of the row."""

    type = of_type("PlayCard")
    card = fields.String(metadata={"description": "A card id of your hand (<set>/<kind>).", "example": "0/cat15"})


class FelixBid(Command):
    """Auction: raise your bid to ``amount`` mice in all (what you bid this round included)."""

    type = of_type("Bid")
    amount = fields.Integer(metadata={"minimum": 1, "description": "Your new total bid this round."})


class FelixPass(Command):
    """Auction: pass; you take your bid back, and the lowest stocked mouse card's mice."""

    type = of_type("Pass")


class FelixBuyForOne(Command):
    """Buy decision: buy the whole row for one mouse."""

    type = of_type("BuyForOne")


class FelixDeclineBuy(Command):
    """Buy decision: decline; the row is discarded."""

    type = of_type("DeclineBuy")


#: Every command of Felix.
FELIX_COMMANDS = (FelixPlayCard, FelixBid, FelixPass, FelixBuyForOne, FelixDeclineBuy)
