"""Spots' view (domain/spots/view.py, spec section 7): the whole table but the deck order and the free-walk
stack orders, which show once the game has ended."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.views.shown import INTEGER, Shown, either, game, you


class SpotsDeck(Shown):
    """The dog deck: its size and its top card; its order only once the game has ended."""

    OPTIONAL = frozenset({"order"})

    size = fields.Integer()
    top = fields.Integer(allow_none=True, metadata={"description": "The top dog card's id; null: the deck is empty."})
    order = fields.List(fields.Integer(), metadata={"description": "Every card, top first; only after the end."})


class SpotsPosition(Shown):
    """A trick position (1 to 6, in order): its top tile, whether it is face up, and the treats on it."""

    OPTIONAL = frozenset({"stack"})

    tile = fields.String(metadata={"description": "The top tile's id."})
    size = fields.Integer(metadata={"description": "Tiles in its stack (free walk: more than one)."})
    face_up = fields.Boolean()
    treats = fields.Integer()
    stack = fields.List(fields.String(), metadata={"description": "Every tile, top first; only after the end."})


class SpotsStack(Shown):
    """A shuffled free-walk stack before it is laid out."""

    OPTIONAL = frozenset({"stack"})

    tile = fields.String(metadata={"description": "Its top tile."})
    size = fields.Integer()
    stack = fields.List(fields.String(), metadata={"description": "Every tile, top first; only after the end."})


class SpotsPackCard(Shown):
    """A dog card in a seat's pack."""

    card = fields.Integer(metadata={"description": "The dog card's id."})
    done = fields.Boolean(metadata={"description": "Completed (it holds no dice then)."})
    spaces = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(allow_none=True),
        metadata={"description": "Space value ('1' to '6') -> the die on it, null: empty."},
    )


class SpotsSeat(Shown):
    """A seat's treats, yard and pack."""

    treats = fields.Integer()
    yard = fields.List(fields.Integer(), metadata={"description": "The dice buried in its yard (die ids)."})
    pack = fields.List(fields.Nested(SpotsPackCard), metadata={"description": "In the order it got them."})


class SpotsPes(Shown):
    """Pes, the solo opponent."""

    treats = fields.Integer()
    pile = fields.List(fields.Integer(), metadata={"description": "The dog cards it took."})


class SpotsTrick(Shown):
    """The trick being done: its tile, the step reached and the dice in play."""

    tile = fields.String()
    step = fields.String(allow_none=True, metadata={"description": "The current step's name; null before the first."})
    at = fields.Integer(metadata={"description": "The current step's index in the tile's steps; -1 before the first."})
    count = fields.Integer(metadata={"description": "Times the current step was performed (Chase: k)."})
    closed = fields.Boolean(metadata={"description": "The current step may not be repeated."})
    pending = fields.List(fields.Integer(), metadata={"description": "Dice rolled or set that await placing."})
    roll = fields.List(fields.Integer(), metadata={"description": "The dice of the last roll."})
    set_aside = fields.List(fields.Integer())
    taken = fields.List(fields.Integer())
    number = fields.Integer(allow_none=True, metadata={"description": "The number named (Guard), if any."})
    uses = fields.Integer(metadata={"description": "Dig: adjustments left."})


class SpotsView(Shown):
    """Spots: the whole table but the deck order and the free-walk stack orders, which show once the game has ended.

    Dice are ids 0 to 39; ``values`` gives each die's face.
    """

    OPTIONAL = frozenset({"stacks"})

    game = game("spots")
    you = you()
    players = fields.Integer()
    tile_set = fields.String(metadata={"description": "The tile_set option the game was created with."})
    pes_treats = fields.Integer(allow_none=True, metadata={"description": "Solo: Pes's starting treats; else null."})
    since = fields.Integer(metadata={"description": "Bookkeeping: how many events the game has had."})
    phase = fields.String(
        metadata={
            "description": "The decision awaited: choose_action, rolled, place, offer, name_number, select, set_die, "
            "trot, dig, set_aside or dogpile_take; pes (Pes's turn is due), ended; setup, busy, turn_over and "
            "pes_turn only inside a batch of events (a replay may stop there)."
        }
    )
    active = either(
        INTEGER, {"enum": ["pes"]}, {"type": "null"}, description="The seat on turn, 'pes' (solo), or null."
    )
    winner = either(
        INTEGER, {"enum": ["pes"]}, {"type": "null"}, description="The winning seat, or 'pes'; null until the end."
    )
    positions = fields.List(fields.Nested(SpotsPosition), metadata={"description": "Positions 1 to 6, in order."})
    stacks = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(SpotsStack),
        metadata={"description": "Free walk, only between the shuffle and the layout: top tile -> its stack."},
    )
    deck = fields.Nested(SpotsDeck)
    values = fields.List(fields.Integer(), metadata={"description": "Die id -> its face (0 while in the supply)."})
    supply = fields.List(fields.Integer(), metadata={"description": "The dice in the supply."})
    supply_treats = fields.Integer()
    seats = fields.List(fields.Nested(SpotsSeat))
    pes = fields.Nested(SpotsPes, allow_none=True, metadata={"description": "Solo only; else null."})
    trick = fields.Nested(SpotsTrick, allow_none=True, metadata={"description": "null outside a trick."})
