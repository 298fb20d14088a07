"""DOGS' view (domain/dogs/view.py, spec section 7): the board, the action board, the Fair and every kennel; what
§7.2 hides shows as counts until the game is over."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.views.shown import INTEGER, STRINGS, Shown, either, game, you

#: A supply during play: how many tokens it holds, blockers among them.
SUPPLY_COUNT = {
    "type": "object",
    "properties": {"tokens": INTEGER, "blockers": INTEGER},
    "required": ["tokens", "blockers"],
    "additionalProperties": False,
}
#: The Fair pile during play: its face-up top card and its size.
FAIR_TOP = {
    "type": "object",
    "properties": {"top": {"type": ["string", "null"]}, "cards": INTEGER},
    "required": ["top", "cards"],
    "additionalProperties": False,
}


class DogsKennel(Shown):
    """A seat's kennel: resources, pens, infirmary, cards, helper and truck."""

    colour = fields.String()
    coins = fields.Integer()
    food = fields.Integer()
    medicine = fields.Integer()
    gas = fields.Integer()
    pens = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Each built pen (B1, B2, then A2, A3, A5) -> its dog tokens."},
    )
    flags = fields.Dict(
        keys=fields.String(),
        values=fields.Boolean(),
        metadata={"description": "Pen -> whether its full-pen bonus was paid."},
    )
    infirmary = fields.List(fields.String(), metadata={"description": "Its sick dogs (at most 6)."})
    cards = fields.List(fields.String(), metadata={"description": "The special cards it holds."})
    helper = fields.Boolean(metadata={"description": "Whether the helper is hired."})
    helper_paid = fields.Integer(allow_none=True, metadata={"description": "The round the helper was last paid."})
    meeples = fields.Integer(metadata={"description": "Meeples it places this round (2 with the helper)."})
    truck = fields.String(metadata={"description": "Its truck's space (CENTER or a paw space), or HOME."})
    moved = fields.Boolean(metadata={"description": "Whether its truck moved this phase."})
    # Named apart from Schema.load, which a field called load would hide.
    load_ = fields.List(
        fields.String(), data_key="load", attribute="load", metadata={"description": "Dogs on its truck token."}
    )
    bonus_coins = fields.Integer(metadata={"description": "Coins it got from full-pen bonuses."})


class DogsOffer(Shown):
    """A donated dog being offered."""

    donor = fields.Integer()
    token = fields.String()
    sick = fields.Boolean()
    to = fields.Integer(metadata={"description": "The seat it is offered to."})
    open = fields.Boolean(metadata={"description": "Whether that seat is deciding (it could place the dog)."})


class DogsPending(Shown):
    """The decision due now."""

    step = fields.String(
        metadata={"description": "refuel, trucks, arrange, donation, place, action, feed or salary."}
    )
    seat = fields.Integer(metadata={"description": "The seat that decides."})


class DogsScore(Shown):
    """A seat's final score, part by part."""

    seat = fields.Integer()
    pens = fields.Integer()
    additional_pens = fields.Integer()
    diversity = fields.Integer()
    helper = fields.Integer()
    resources = fields.Integer()
    sick = fields.Integer(metadata={"description": "Negative: -2 per dog in the infirmary."})
    groups = fields.Integer(metadata={"description": "2 players: -5 without a healthy city and country dog."})
    total = fields.Integer()
    healthy = fields.Integer(metadata={"description": "Dogs in pens: the tie-break."})


class DogsView(Shown):
    """DOGS: the board, the action board, the Fair and every kennel; the supplies, the card pile, the Fair pile below
    its top and the removed lost dogs show as counts until the game is over, then in full."""

    game = game("dogs")
    you = you()
    players = fields.Integer()
    round = fields.Integer()
    last_round = fields.Integer(allow_none=True, metadata={"description": "The last round, once declared."})
    phase = fields.Integer(metadata={"description": "1, 2 or 3 (0 during setup)."})
    step = fields.String(
        metadata={
            "description": "What comes next: setup, round_start, refuel, trucks, arrange, donate, place, action, "
            "feed, salary, refresh, final or over."
        }
    )
    start = fields.Integer(metadata={"description": "The start player."})
    queue = fields.List(fields.Integer(), metadata={"description": "Seats still to decide in this step, in order."})
    turn = fields.Integer(allow_none=True, metadata={"description": "The seat whose truck turn it is."})
    actor = fields.Integer(allow_none=True, metadata={"description": "The seat doing a box action."})
    box = fields.String(allow_none=True, metadata={"description": "The box of that action."})
    pending = fields.Nested(DogsPending, allow_none=True, metadata={"description": "null while the system acts."})
    board = fields.Dict(
        keys=fields.String(),
        values=fields.String(allow_none=True),
        metadata={"description": "Paw space -> the dog token or blocker on it, null: empty."},
    )
    supply = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(metadata={"anyOf": [SUPPLY_COUNT, STRINGS]}),
        metadata={"description": "city and country -> the supply's counts; its tokens in order once the game is over."},
    )
    breeds = fields.List(fields.String(), metadata={"description": "The breeds in play."})
    removed = either(INTEGER, STRINGS, description="Lost dogs removed at setup (2 players): a count, then the tokens.")
    fair = fields.List(fields.String(), metadata={"description": "The dogs at the Fair."})
    fair_deck = either(FAIR_TOP, STRINGS, description="The Fair pile: its top card and size; every card once over.")
    fair_price = fields.Integer(metadata={"description": "What a dog at the Fair costs now."})
    deck = either(INTEGER, STRINGS, description="The action card pile: its size; every card in order once over.")
    discard = fields.List(fields.String())
    boxes = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "Box -> the cards above it."},
    )
    meeples = fields.Dict(
        keys=fields.String(),
        values=fields.List(
            fields.Raw(metadata={"type": "array", "items": {"type": ["integer", "boolean"]}, "minItems": 2})
        ),
        metadata={"description": "Box -> its meeples, each [seat, entered with a Free entry card]."},
    )
    donations = fields.List(
        fields.Raw(metadata={"type": "array", "items": {"type": ["integer", "string", "boolean"]}, "minItems": 3}),
        metadata={"description": "Donated dogs still to be offered, each [donor seat, token, sick]."},
    )
    offer = fields.Nested(DogsOffer, allow_none=True)
    returned = fields.List(fields.Integer(), metadata={"description": "Seats whose trucks came home, in order."})
    hand = fields.List(fields.String(), metadata={"description": "A token or card between pick-up and delivery."})
    kennels = fields.List(fields.Nested(DogsKennel), metadata={"description": "Seat -> its kennel."})
    scores = fields.List(fields.Nested(DogsScore), allow_none=True, metadata={"description": "null until the end."})
    winners = fields.List(fields.Integer(), allow_none=True, metadata={"description": "null until the end."})
