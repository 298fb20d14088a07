"""Spots' printed content (spec 2): the dog cards, the trick tiles with their steps, the tile sets, the counts."""

from __future__ import annotations

from typing import Any, NamedTuple

from domain.language import message, render

MIN_PLAYERS = 1
MAX_PLAYERS = 5
DICE = 40
TREATS = 20
PACK_LIMIT = 6
DOGS_TO_WIN = 6
BUST_OVER = 7
START_CARDS = 2


class Dog(NamedTuple):
    """A dog card: its name, the values of its spaces and its paws."""

    name: str
    spaces: tuple[int, ...]
    paws: int


def _paws(spaces: tuple[int, ...]) -> int:
    """The house paw rule of section 2.4: hard dogs (low values, many spaces) carry paws."""
    total = sum(spaces)
    if len(spaces) == 2:
        return 1 if total <= 5 else 0
    if len(spaces) == 3:
        return 2 if total <= 8 else 1 if total <= 11 else 0
    return 2 if len(spaces) == 4 else 0


_NAMES_AND_SPACES = [
    ("Burt", (1,)),
    ("Bristles", (1, 2)),
    ("Bongo", (1, 3)),
    ("Eloise", (1, 4)),
    ("Ursula", (1, 5)),
    ("Mayor", (1, 6)),
    ("Sundrop", (2, 3)),
    ("Jolene", (2, 4)),
    ("Xerxes", (2, 5)),
    ("Louise", (2, 6)),
    ("Missy", (3, 4)),
    ("Lil Beth", (3, 5)),
    ("Handsome", (3, 6)),
    ("Frankie", (4, 5)),
    ("Bitsy", (4, 6)),
    ("Gretchen", (5, 6)),
    ("Lief", (1, 2, 3)),
    ("Goliath", (1, 2, 5)),
    ("Gumbo", (1, 2, 6)),
    ("Pebble", (1, 3, 4)),
    ("Wilbur", (1, 3, 6)),
    ("Cabbage", (1, 4, 5)),
    ("Honcho", (1, 4, 6)),
    ("Wolfgang", (2, 3, 4)),
    ("Raya", (2, 3, 5)),
    ("Rogue", (2, 4, 5)),
    ("Nutmeg", (2, 4, 6)),
    ("Rupert", (2, 5, 6)),
    ("Mirabelle", (3, 4, 5)),
    ("Momo", (3, 5, 6)),
    ("Zipper", (4, 5, 6)),
    ("Doog", (2, 3, 5, 6)),
]

#: Dog cards by id 1..32.
DOGS: dict[int, Dog] = {i: Dog(name, spaces, _paws(spaces)) for i, (name, spaces) in enumerate(_NAMES_AND_SPACES, 1)}


class Tile(NamedTuple):
    """A trick tile: its English name, colour, and its steps in order (names from tricks.STEPS); its name in every
    language is in the catalogues (``tile_key``)."""

    name: str
    colour: str
    steps: tuple[str, ...]


TILES: dict[str, Tile] = {
    "howl": Tile("Howl", "core", ("draw_dog", "roll_one")),
    "roll_over": Tile("Roll Over", "core", ("roll_yard", "may_roll_one")),
    "walk": Tile("Walk", "yellow", ("roll_two", "may_roll_one")),
    "dig": Tile("Dig", "yellow", ("dig", "roll_two")),
    "retrieve": Tile("Retrieve", "yellow", ("retrieve", "roll_two")),
    "trot": Tile("Trot", "yellow", ("trot", "roll_two")),
    "track": Tile("Track", "yellow", ("track",)),
    "run": Tile("Run", "purple", ("roll_three", "run_on")),
    "chase": Tile("Chase", "purple", ("chase",)),
    "bolt": Tile("Bolt", "purple", ("set_aside", "bolt_roll")),
    "dogpile": Tile("Dogpile", "purple", ("dogpile",)),
    "sprint": Tile("Sprint", "purple", ("sprint",)),
    "fetch": Tile("Fetch", "blue", ("fetch",)),
    "guard": Tile("Guard", "blue", ("name_number", "guard_roll")),
    "hunt": Tile("Hunt", "blue", ("hunt",)),
    "scavenge": Tile("Scavenge", "blue", ("scavenge",)),
    "search": Tile("Search", "blue", ("search",)),
    "beg": Tile("Beg", "green", ("take_one", "beg_paws")),
    "chew": Tile("Chew", "green", ("chew_double", "take_one")),
    "gobble": Tile("Gobble", "green", ("take_seven", "gobble_return")),
    "play_dead": Tile("Play Dead", "green", ("roll_one", "play_dead_treats")),
    "stay": Tile("Stay", "green", ("stay",)),
}

#: The dice a step rolls where its tile prints the number (table 2.2); other steps count paws, dogs, the yard or
#: their repeats (4.6).
STEP_DICE: dict[str, int] = {
    "roll_one": 1,
    "may_roll_one": 1,
    "run_on": 1,
    "roll_two": 2,
    "roll_three": 3,
    "track": 3,
    "guard_roll": 4,
    "scavenge": 4,
    "search": 7,
    "fetch": 8,
}
#: The treats a step takes where its tile prints the number (table 2.2).
STEP_TREATS: dict[str, int] = {"take_one": 1, "take_seven": 7}

#: Positions 3-6 hold one tile of each colour, in this order (positions 1 and 2: howl, roll_over).
COLOURS = ("yellow", "purple", "blue", "green")
CORE = ("howl", "roll_over")
BY_COLOUR: dict[str, tuple[str, ...]] = {c: tuple(t for t, tile in TILES.items() if tile.colour == c) for c in COLOURS}

#: The recommended sets: yellow, purple, blue, green.
TILE_SETS: dict[str, tuple[str, str, str, str]] = {
    "beginner": ("walk", "run", "fetch", "beg"),
    "dog_park": ("dig", "chase", "guard", "chew"),
    "obstacle_course": ("trot", "bolt", "fetch", "gobble"),
    "hunting_grounds": ("retrieve", "sprint", "hunt", "stay"),
    "kennel_club": ("track", "dogpile", "search", "beg"),
    "puppy_pen": ("retrieve", "bolt", "scavenge", "play_dead"),
}
ALIASES = {"new_family": "beginner"}
DRAWN_SETS = ("random", "custom", "free_walk")


def dog_key(card: int) -> str:
    """The catalogue key of a dog card's name."""
    return "spots-dog-" + DOGS[card].name.lower().replace(" ", "-")


def tile_key(tile: str) -> str:
    """The catalogue key of a trick tile's name."""
    return "spots-tile-" + tile.replace("_", "-")


def tile_set_key(tile_set: str) -> str:
    """The catalogue key of a tile set's name: the title of its value of the ``tile_set`` option."""
    return f"spots-option-tile_set-{tile_set}"


def die_target(die: int) -> str:
    """How a choice's target names die ``die`` (a view's ``values[die]``)."""
    return f"die-{die}"


def dog_target(card: int) -> str:
    """How a choice's target names dog card ``card``."""
    return f"dog-{card}"


def space_target(card: int, value: int) -> str:
    """How a choice's target names the space of value ``value`` on dog card ``card``."""
    return f"dog-{card}-{value}"


def yard_target(seat: int) -> str:
    """How a choice's target names the yard of seat ``seat``."""
    return f"yard-{seat}"


def step_key(step: str) -> str:
    """The catalogue key of a tile step's name ("drawing a dog")."""
    return f"spots-step-{step.replace('_', '-')}"


def static_content() -> dict[str, Any]:
    """The dice, the dog cards, the trick tiles, what each of the six positions holds, the recommended tile sets,
    and the yards: with the targets by which a choice names what a player clicks."""
    return {
        "dice": DICE,
        "die_targets": [die_target(die) for die in range(DICE)],
        "treats": TREATS,
        "dog_cards": [
            {
                "id": card,
                "name": dog.name,
                "name_key": dog_key(card),
                "spaces": list(dog.spaces),
                "paws": dog.paws,
                "target": dog_target(card),
                "space_targets": [space_target(card, value) for value in dog.spaces],
            }
            for card, dog in DOGS.items()
        ],
        "tiles": [
            {
                "id": tile_id,
                "name": t.name,
                "name_key": tile_key(tile_id),
                "colour": t.colour,
                "steps": list(t.steps),
                # What the tile does, step by step, in words: a client's tooltip of the tile's rule.
                "step_names": [
                    {"step": step, "name": render(message(step_key(step))), "name_key": step_key(step)}
                    for step in t.steps
                ],
            }
            for tile_id, t in TILES.items()
        ],
        "positions": [*CORE, *COLOURS],
        "tile_sets": [
            {
                "id": name,
                "name": render(message(tile_set_key(name))),
                "name_key": tile_set_key(name),
                "tiles": [*CORE, *tiles],
            }
            for name, tiles in TILE_SETS.items()
        ],
        "yard_targets": [yard_target(seat) for seat in range(MAX_PLAYERS)],
    }
