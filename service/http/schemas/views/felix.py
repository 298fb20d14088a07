"""Felix's view (domain/felix/view.py, spec section 7): the row, the auction, and each seat's hand, mice and won
pile as the viewer may see them."""

from __future__ import annotations

from marshmallow import fields

from service.http.schemas.views.shown import INTEGER, Shown, either, game, you


class FelixMouseCard(Shown):
    """A mouse card and the mice lying on it."""

    value = fields.Integer(metadata={"description": "Its face value (2, 3, 4 or 6): the mice it takes to stock."})
    mice = fields.Integer(metadata={"description": "Mice on it now; the lowest stocked card goes to a passer."})


class FelixRowSlot(Shown):
    """A card in the row (the sack) this round."""

    position = fields.Integer(metadata={"description": "0 (left, under the cat-in-the-sack card) to the row's end."})
    owner = either(
        INTEGER,
        {"enum": ["dummy"]},
        description="The seat that played it, or 'dummy' for the 3-player dummy's card at position 0.",
    )
    card = fields.String(
        allow_none=True,
        metadata={"description": "Its card id (<set>/<kind>); null while face down, except to its owner."},
    )
    face_up = fields.Boolean()


class FelixScore(Shown):
    """A seat's final score: cat points plus mice."""

    seat = fields.Integer()
    cat_points = fields.Integer(metadata={"description": "The values of the cats in its won pile."})
    mice = fields.Integer()
    total = fields.Integer()


class FelixResult(Shown):
    """The final scores and the winners."""

    scores = fields.List(fields.Nested(FelixScore))
    winners = fields.List(fields.Integer(), metadata={"description": "Seats; more than one on a shared win."})


class FelixView(Shown):
    """Felix: the round's row and auction, each seat's hand, mice and won pile as the viewer may see them.

    Another seat's hand, mice and won pile are null (their sizes are public) until the game has ended.
    """

    game = game("felix")
    you = you()
    players = fields.Integer()
    phase = fields.String(metadata={"enum": ["placing", "auction", "buy_decision", "ended"]})
    round = fields.Integer(metadata={"description": "1 to rounds (0 only inside the setup batch)."})
    rounds = fields.Integer()
    start_seat = fields.Integer()
    turn = fields.Integer(allow_none=True, metadata={"description": "The seat on turn; null between turns."})
    stocked = fields.Boolean(metadata={"description": "Whether the mouse cards were stocked this round."})
    bank = fields.Integer(metadata={"description": "Mice in the bank."})
    total_mice = fields.Integer(metadata={"description": "Mice in play, all told."})
    mouse_cards = fields.List(fields.Nested(FelixMouseCard), metadata={"description": "In ascending value."})
    table = fields.List(fields.Integer(), metadata={"description": "Seat -> mice it has bid this round."})
    passed = fields.List(fields.Integer(), metadata={"description": "Seats that passed this round, in order."})
    passes = fields.Integer(metadata={"description": "Passes this round."})
    high = fields.Integer(metadata={"description": "The highest bid this round; 0: none yet."})
    high_bidder = fields.Integer(allow_none=True)
    row = fields.List(fields.Nested(FelixRowSlot))
    hands = fields.List(
        fields.List(fields.String(), allow_none=True),
        metadata={"description": "Seat -> its card ids; null for a hand the viewer may not see."},
    )
    hand_sizes = fields.List(fields.Integer())
    mice = fields.List(
        fields.Integer(allow_none=True), metadata={"description": "Seat -> mice in hand; null: hidden from the viewer."}
    )
    won = fields.List(
        fields.List(fields.String(), allow_none=True),
        metadata={"description": "Seat -> the cards it won; null: hidden from the viewer."},
    )
    won_sizes = fields.List(fields.Integer())
    out_of_play = fields.List(
        fields.String(), metadata={"description": "Cards that left the game in play: chased cats, dogs, lost rows."}
    )
    seen = fields.List(fields.String(), metadata={"description": "Every card that has been face up, sorted."})
    dummy_stack_size = fields.Integer(metadata={"description": "Cards left in the 3-player dummy's stack."})
    setup_removed = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        allow_none=True,
        metadata={"description": "Set -> the card removed from it at setup; null until the game has ended."},
    )
    result = fields.Nested(FelixResult, allow_none=True, metadata={"description": "null until the game has ended."})
