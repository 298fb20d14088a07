"""A Dog's Life's view (domain/dogslife/view.py, spec section 7): the city, every dog and the truck; shuffle orders
and the newspapers a seat does not carry stay hidden until the game is over."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.views.shown import INTEGER, INTEGERS, STRINGS, Shown, either, game, you


class DogsLifeOptions(Shown):
    """The game's options, defaults filled in."""

    bone_target = fields.Integer()
    timed_minutes = fields.Integer()
    timed_rounds = fields.Integer()
    route_deadline_seconds = fields.Integer()
    action_deadline_seconds = fields.Integer()
    dog_assignment = fields.String()
    first_seat = fields.Integer(allow_none=True)


class DogsLifeSeat(Shown):
    """A seat's dog: where it is, its tracks, what it carries, its deck and discard pile."""

    dog = fields.String(allow_none=True, metadata={"description": "The dog's id; null until assigned."})
    den = fields.String(allow_none=True, metadata={"description": "Its den space; null until assigned."})
    space = fields.String(allow_none=True, metadata={"description": "Where it stands; null in the pound."})
    pound = fields.Integer(metadata={"description": "Its pound track space (1 to 3); 0: not in the pound."})
    hunger = fields.Integer(metadata={"description": "0 to 4."})
    bladder = fields.Integer(metadata={"description": "Pee tokens in the bladder (0 to 2)."})
    reserve = fields.Integer(metadata={"description": "Pee tokens in reserve."})
    buried = fields.Integer(metadata={"description": "Bones buried in its den."})
    carrying = fields.List(
        fields.Raw(
            metadata={
                "anyOf": [
                    {"type": "null"},
                    {"enum": ["bone", "newspaper"]},
                    {
                        "type": "object",
                        "properties": {"item": {"enum": ["newspaper"]}, "address": INTEGER},
                        "required": ["item", "address"],
                        "additionalProperties": False,
                    },
                ]
            }
        ),
        metadata={
            "description": "Its two carrying spaces: null (empty), 'bone', or a newspaper: {item, address} to its "
            "carrier (and to all once the game is over), 'newspaper' to anyone else."
        },
    )
    deck = either(INTEGER, STRINGS, description="Cards left in its deck: a count; the cards in order once over.")
    discard = fields.List(fields.String(), metadata={"description": "Its drawn cards."})


class DogsLifeGround(Shown):
    """What lies on a space."""

    bones = fields.Integer()
    newspapers = either(INTEGER, INTEGERS, description="Newspapers: a count; their addresses once the game is over.")


class DogsLifeTruck(Shown):
    """The dogcatcher truck."""

    cell = fields.String()
    rear = fields.String(allow_none=True, metadata={"description": "The cell it came from (its facing); null: none."})


class DogsLifeView(Shown):
    """A Dog's Life: the city, every dog and the truck; deck and stack orders, and the newspapers a seat does not
    carry, stay hidden until the game is over."""

    game = game("dogslife")
    you = you()
    players = fields.Integer()
    options = fields.Nested(DogsLifeOptions)
    phase = fields.String(metadata={"description": "setup, start, actions, truck, between or over."})
    round = fields.Integer()
    first = fields.Integer(allow_none=True, metadata={"description": "The first seat; null until chosen."})
    active = fields.Integer(allow_none=True, metadata={"description": "The seat whose turn it is."})
    ap = fields.Integer(metadata={"description": "Action points left in the action phase."})
    seats = fields.List(fields.Nested(DogsLifeSeat))
    bones = fields.Integer(metadata={"description": "Bones left in the supply."})
    tokens = fields.Integer(metadata={"description": "Trash-search tokens left in the supply."})
    searched = fields.List(fields.String(), metadata={"description": "Trash cells searched (holding a token)."})
    ground = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(DogsLifeGround),
        metadata={"description": "Space -> the bones and newspapers on it (spaces with none are left out)."},
    )
    marks = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={"description": "Cell -> the seat whose pee mark is on it."},
    )
    stack = either(INTEGER, INTEGERS, description="The newspaper stack: its size; the addresses once over.")
    begged = fields.List(fields.String(), metadata={"description": "Restaurants begged at this turn."})
    truck = fields.Nested(DogsLifeTruck)
    routes = fields.List(
        fields.List(fields.String()),
        metadata={"description": "At a fork: the routes the active seat may choose, each the cells in order."},
    )
    time_up = fields.Boolean(metadata={"description": "Timed variant: the time or the rounds have run out."})
    sudden_death = fields.List(fields.Integer(), metadata={"description": "The tied seats playing on, if any."})
    winner = fields.Integer(allow_none=True)
    win_reason = fields.String(allow_none=True, metadata={"description": "target, tiebreak or time."})
