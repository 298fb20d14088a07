"""Each game's view (a GameView's ``state``) as the OpenAPI document describes it.

A view is what a seat (or a spectator) may see of the game's state now; once the game is over it shows
everything. Ids are the ones the game's static content names (GET /v1/game-types/{id}). Every field listed here
is always there unless its description says when it is, and a view has no other field.
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import RAISE, Schema, fields


class Shown(Schema):
    """A part of a view: every field is required but those named in ``OPTIONAL``, and no other field is allowed."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    class Meta:
        unknown = RAISE

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        """Mark the field required unless it is one of the optional ones."""
        field_obj.required = field_name not in self.OPTIONAL


def either(*schemas: dict[str, Any], description: str) -> fields.Raw:
    """A field whose value matches one of ``schemas`` (JSON Schema), e.g. a count during play and a list at the end."""
    return fields.Raw(metadata={"description": description, "anyOf": list(schemas)})


INTEGER = {"type": "integer"}
STRINGS = {"type": "array", "items": {"type": "string"}}
INTEGERS = {"type": "array", "items": {"type": "integer"}}


def you() -> fields.Integer:
    """The viewer's seat, the same field in every game's view."""
    return fields.Integer(allow_none=True, metadata={"description": "The seat this view is for; null: a spectator."})


# --- Felix -----------------------------------------------------------------------------------------------------


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

    game = fields.String(metadata={"enum": ["felix"]})
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


# --- Spots -----------------------------------------------------------------------------------------------------


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


# --- DOGS ------------------------------------------------------------------------------------------------------

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


# --- A Dog's Life ----------------------------------------------------------------------------------------------


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


# --- The table's clocks (every game) ------------------------------------------------------------------------------


class SeatClock(Shown):
    """A seat's clock and standing at a table with a clock (or where a seat resigned): the view's ``clocks``."""

    seat = fields.Integer()
    remaining = fields.Float(
        allow_none=True,
        metadata={
            "description": "Seconds the seat had as of its clock's last event: the time given for the decision "
            "under way (deadline set), else what it keeps for its next one; null at a table without a clock."
        },
    )
    deadline = fields.Float(
        allow_none=True,
        metadata={
            "description": "While its clock runs: when it runs out, in server time (seconds since the epoch, as "
            "events' time); the view's deadlines show it as ExpireClock in RFC 3339. null otherwise."
        },
    )
    expiries = fields.Integer(metadata={"description": "Its decisions in a row whose time ran out."})
    absent = fields.Boolean(metadata={"description": "Its bot plays at once until it sends any command."})
    resigned = fields.Boolean(metadata={"description": "It resigned: its bot plays on, and it ranks last."})
    forfeited = fields.Boolean(metadata={"description": "It forfeited on time: its bot plays on; it cannot win."})


#: Each game's view schema, by game id.
VIEW_SCHEMAS: dict[str, type[Schema]] = {
    "felix": FelixView,
    "spots": SpotsView,
    "dogs": DogsView,
    "dogslife": DogsLifeView,
}
