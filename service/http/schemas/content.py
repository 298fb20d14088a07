"""The static content of each game (GET /v1/game-types/{id}) as the OpenAPI document describes it.

Ids are the ones the game's views and events use. Board coordinates are in grid units: ``x`` and ``y`` give a
space's centre, the origin is the board's top left corner and ``y`` grows downwards, as in SVG, so a client
draws the board in a ``viewBox`` of ``0 0 width height``.
"""

from __future__ import annotations

from marshmallow import Schema, fields

# --- Felix -----------------------------------------------------------------------------------------------------


class FelixKind(Schema):
    """A card kind: the part of a card id after the slash."""

    id = fields.String(metadata={"description": "cat-8 to cat15 (a cat and its value), rabbit, bigdog or smalldog."})
    name = fields.String()
    name_key = fields.String(metadata={"description": "The catalogue key of the name, e.g. felix-card-cat15."})
    value = fields.Integer(allow_none=True, metadata={"description": "A cat's value; the rabbit 0; null for a dog."})
    dog = fields.Boolean(metadata={"description": "true for the large and the small dog, which chase cats."})


class FelixCard(Schema):
    """One card of one set, by the id the views use."""

    id = fields.String(metadata={"description": "<set>/<kind>, e.g. 2/cat15."})
    set = fields.Integer(metadata={"description": "The set: seat i owns set i; the 3-player dummy plays set 3."})
    kind = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The catalogue key of the name, e.g. felix-card-cat15."})


class FelixDummy(Schema):
    """The 3-player game's dummy: a row slot's owner and the set it plays."""

    owner = fields.String()
    set = fields.Integer()


class FelixContent(Schema):
    """Felix: the card kinds, every card, the dummy, and the mouse cards per player count."""

    kinds = fields.List(fields.Nested(FelixKind))
    cards = fields.List(fields.Nested(FelixCard), metadata={"description": "All 50 cards (5 sets of 10)."})
    dummy = fields.Nested(FelixDummy)
    mouse_cards = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.Integer()),
        metadata={"description": "Player count -> the face values of the mouse cards in use, ascending."},
    )
    rounds = fields.Integer()
    start_mice = fields.Integer(metadata={"description": "Mice each seat starts with."})


# --- Spots -----------------------------------------------------------------------------------------------------


class SpotsDogCard(Schema):
    """A dog card: the values of its spaces and its paws."""

    id = fields.Integer(metadata={"description": "1..32, as views name a card in a pack or the deck."})
    name = fields.String(metadata={"description": "Its name in English; in the language asked for, by name_key."})
    name_key = fields.String(metadata={"description": "The catalogue key of its name (a message without args)."})
    spaces = fields.List(fields.Integer(), metadata={"description": "The die values it needs, one space each."})
    paws = fields.Integer()
    target = fields.String(metadata={"description": "How a choice's target names this card: dog-<id>."})
    space_targets = fields.List(
        fields.String(),
        metadata={"description": "How a choice's target names each space, as spaces lists them: dog-<id>-<value>."},
    )


class SpotsTileStep(Schema):
    """A step of a trick tile, named: what the tile does at that step, in words (a tooltip's rule)."""

    step = fields.String(metadata={"description": "The step, as the tile's steps name it."})
    name = fields.String(metadata={"description": "Its name in English; in the language asked for, by name_key."})
    name_key = fields.String(metadata={"description": "The catalogue key of its name (a message without args)."})


class SpotsTile(Schema):
    """A trick tile and its steps, in order (the views' trick.step names one); a choice's target names it by id."""

    id = fields.String()
    name = fields.String(metadata={"description": "Its name in English; in the language asked for, by name_key."})
    name_key = fields.String(metadata={"description": "The catalogue key of its name (a message without args)."})
    colour = fields.String(metadata={"description": "core, yellow, purple, blue or green"})
    steps = fields.List(fields.String())
    step_names = fields.List(fields.Nested(SpotsTileStep), metadata={"description": "Its steps, named, in order."})


class SpotsTileSet(Schema):
    """A recommended tile set: the six tiles of positions 1 to 6."""

    id = fields.String()
    name = fields.String(metadata={"description": "Its name in English; in the language asked for, by name_key."})
    name_key = fields.String(metadata={"description": "The catalogue key of its name (a message without args)."})
    tiles = fields.List(fields.String())


class SpotsContent(Schema):
    """Spots: the dice and treats, the dog cards, the trick tiles, the recommended tile sets and the yards."""

    dice = fields.Integer(metadata={"description": "Dice in the game, ids 0 to dice-1 (a view's values[id])."})
    die_targets = fields.List(
        fields.String(), metadata={"description": "How a choice's target names die i: die_targets[i] (die-<i>)."}
    )
    treats = fields.Integer()
    dog_cards = fields.List(fields.Nested(SpotsDogCard))
    tiles = fields.List(fields.Nested(SpotsTile))
    positions = fields.List(
        fields.String(), metadata={"description": "What positions 1 to 6 hold: a core tile's id, or a colour."}
    )
    tile_sets = fields.List(fields.Nested(SpotsTileSet))
    yard_targets = fields.List(
        fields.String(), metadata={"description": "How a choice's target names seat i's yard: yard_targets[i]."}
    )


# --- DOGS ------------------------------------------------------------------------------------------------------


class DogsSpace(Schema):
    """A space of the board: CENTER or a paw space."""

    id = fields.String()
    name = fields.String(metadata={"description": "In English; name_key gives it in a reader's language."})
    name_key = fields.String(metadata={"description": "The key of the name in the catalogues."})
    area = fields.String(metadata={"description": "center, city or country"})
    reward = fields.Integer(allow_none=True, metadata={"description": "Coins for a lost dog found here."})
    paw_space = fields.Boolean()
    x = fields.Float()
    y = fields.Float()
    adjacent = fields.List(fields.String())


class DogsBoard(Schema):
    """The board graph: spaces with coordinates, and the roads between them."""

    width = fields.Integer()
    height = fields.Integer()
    spaces = fields.List(fields.Nested(DogsSpace))
    roads = fields.List(fields.List(fields.String()), metadata={"description": "Each road: its two spaces."})


class DogsBreed(Schema):
    """A breed and the player counts that leave it out."""

    id = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The key of the name in the catalogues."})
    group = fields.String(metadata={"description": "city or country"})
    removed_with_players = fields.List(fields.Integer())


class DogsToken(Schema):
    """A dog token (<BREED>#<n>) or a 2-player blocker, with the symbol it shows."""

    id = fields.String()
    breed = fields.String(allow_none=True, metadata={"description": "null for a blocker."})
    group = fields.String()
    symbol = fields.String(metadata={"description": "healthy, sick, lost or blocker"})


class DogsCard(Schema):
    """An action card: a resource card (kind food, medicine, gas or coins, and an amount) or a special card."""

    id = fields.String()
    kind = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The key of the name in the catalogues."})
    amount = fields.Integer(metadata={"description": "Resource cards only."})
    when = fields.String(metadata={"description": "Special cards only: when it may be played, in the language asked."})
    when_key = fields.String(metadata={"description": "Special cards only: the key of 'when' in the catalogues."})
    effect = fields.String(metadata={"description": "Special cards only: what it does, in the asker's language."})
    effect_key = fields.String(metadata={"description": "Special cards only: the key of 'effect' in the catalogues."})


class DogsFairCard(Schema):
    """A Dog Fair card: the breeds the Fair buys while it is on top."""

    id = fields.String()
    breeds = fields.List(fields.String())


class DogsBox(Schema):
    """A box of the action board."""

    id = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The key of the name in the catalogues."})


class DogsPen(Schema):
    """A pen of a kennel."""

    id = fields.String()
    name = fields.String(metadata={"description": "In English; name_key gives it in a reader's language."})
    name_key = fields.String(metadata={"description": "The key of the name in the catalogues."})
    points = fields.Integer(allow_none=True, metadata={"description": "An additional pen's points; null: built."})
    starting = fields.Boolean()


class DogsContent(Schema):
    """DOGS: the board graph, the breeds and tokens, the action and Fair cards, the boxes, pens and colours."""

    board = fields.Nested(DogsBoard)
    breeds = fields.List(fields.Nested(DogsBreed))
    tokens = fields.List(fields.Nested(DogsToken))
    cards = fields.List(fields.Nested(DogsCard))
    fair_cards = fields.List(fields.Nested(DogsFairCard))
    boxes = fields.List(fields.Nested(DogsBox), metadata={"description": "In dealing order."})
    pens = fields.List(fields.Nested(DogsPen))
    colours = fields.List(fields.String(), metadata={"description": "Seat i's colour."})


# --- A Dog's Life ----------------------------------------------------------------------------------------------


class DogsLifeSpace(Schema):
    """A space: a street cell (id = column letter + row) or a building, which is one space whatever its size."""

    id = fields.String()
    kind = fields.String(metadata={"description": "street, den, pound, kiosk, restaurant or house"})
    feature = fields.String(allow_none=True, metadata={"description": "Streets: trash, lamppost, fountain or null."})
    footprint = fields.List(fields.String(), metadata={"description": "Buildings: the cells drawn as the building."})
    entrances = fields.List(fields.String(), metadata={"description": "Buildings: the street cells next to it."})
    x = fields.Float()
    y = fields.Float()
    adjacent = fields.List(fields.String())


class DogsLifeBoard(Schema):
    """The city: every space with coordinates and adjacency, the truck's start and the pound's exit."""

    width = fields.Integer()
    height = fields.Integer()
    columns = fields.String(metadata={"description": "The column letters, left to right."})
    spaces = fields.List(fields.Nested(DogsLifeSpace))
    truck_start = fields.String()
    pound_exit = fields.String()


class DogsLifeNewspaper(Schema):
    """A newspaper's address and the house it is delivered to."""

    address = fields.Integer()
    house = fields.String()


class DogsLifeDog(Schema):
    """A dog: its actions per turn and its deck of card ids."""

    id = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The key of its name in the game's catalogues."})
    ap = fields.Integer()
    deck = fields.List(fields.String())


class DogsLifeCard(Schema):
    """A dog's card: the shuffle card, or a result card with one result per section."""

    id = fields.String()
    dog = fields.String()
    name = fields.String()
    name_key = fields.String(metadata={"description": "The key of its name in the game's catalogues."})
    shuffle = fields.Boolean()
    trash = fields.Raw(allow_none=True, metadata={"description": "'B' a bone, 1 to 3 days of food, null nothing."})
    restaurant = fields.Raw(allow_none=True)
    newspaper = fields.Raw(allow_none=True)
    attack = fields.Integer()
    escape = fields.String(metadata={"description": "escaped or caught"})
    pound = fields.String(metadata={"description": "leave or stay"})


class DogsLifeContent(Schema):
    """A Dog's Life: the city board, the newspaper addresses, the dogs and their cards."""

    board = fields.Nested(DogsLifeBoard)
    newspapers = fields.List(fields.Nested(DogsLifeNewspaper))
    dogs = fields.List(fields.Nested(DogsLifeDog))
    cards = fields.List(fields.Nested(DogsLifeCard))


#: Each game's content schema, by game id.
CONTENT_SCHEMAS: dict[str, type[Schema]] = {
    "felix": FelixContent,
    "spots": SpotsContent,
    "dogs": DogsContent,
    "dogslife": DogsLifeContent,
}
