"""Setup (spec §3): the options (their published JSON schema and ``normalize_options``) and the events that start a
game, every chance outcome recorded in them."""

from __future__ import annotations

import random
from typing import Any

from domain.dogslife.board import ADDRESSES, DENS
from domain.dogslife.cards import shuffle_deck
from domain.dogslife.content import BONES, DOGS
from domain.dogslife.state import Play
from domain.dogslife.turns import next_turn
from domain.engine import BadOptions, Event

DEFAULT_OPTIONS: dict[str, Any] = {
    "bone_target": 4,
    "timed_minutes": 0,
    "timed_rounds": 0,
    "route_deadline_seconds": 20,
    "action_deadline_seconds": 120,
    "dog_assignment": "random",
    "first_seat": None,
}
OPTIONS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "bone_target": {
            "type": "integer", "minimum": 2, "maximum": 6, "default": 4,
            "description": "How many bones a dog must bury in its den to win. With many players, fewer bones are "
            "allowed, so that the supply of 30 is enough.",
            "x-rule": "R2: players x (bone_target - 1) must stay below 30, the bone supply",
        },
        "timed_minutes": {
            "type": "integer", "minimum": 0, "maximum": 1440, "default": 0,
            "description": "Timed game: after this many minutes, the dog with the most buried bones wins. Leave at 0 "
            "for no time limit.",
            "x-rule": "§4.9 timed variant; 0 = off; not together with timed_rounds",
        },
        "timed_rounds": {
            "type": "integer", "minimum": 0, "maximum": 1000, "default": 0,
            "description": "Timed game: after this many full rounds, the dog with the most buried bones wins. Leave "
            "at 0 for no round limit.",
            "x-rule": "§4.9 timed variant; 0 = off; not together with timed_minutes",
        },
        "route_deadline_seconds": {
            "type": "integer", "minimum": 0, "maximum": 3600, "default": 20,
            "description": "How long a player has to choose where the dogcatcher's truck turns at a crossroads; then "
            "the route is drawn at random. At 0 it is always drawn at once.",
            "x-rule": "R28: the active seat's deadline at a fork; 0 = the server picks at once",
        },
        "action_deadline_seconds": {
            "type": "integer", "minimum": 0, "maximum": 3600, "default": 120,
            "description": "How long a player has for their dog's actions; then their actions end. At 0 there is no "
            "limit.",
            "x-rule": "R32 and §4.3.13: the action phase's deadline; 0 = off",
        },
        "dog_assignment": {
            "enum": ["random", "choose"], "default": "random",
            "description": "Whether each player gets a dog at random or chooses one, in turn.",
            "x-rule": "§3.2: choose = ChooseDog in seat order",
        },
        "first_seat": {
            "type": ["integer", "null"], "minimum": 0, "maximum": 5, "default": None,
            "description": "The seat that plays first, counted from 0; leave empty to draw it at random.",
            "x-rule": "R1 and §3 step 8: null = uniformly random",
        },
    },
    # §4.9: the variant is timed by the clock or by rounds, not both.
    "not": {
        "required": ["timed_minutes", "timed_rounds"],
        "properties": {"timed_minutes": {"minimum": 1}, "timed_rounds": {"minimum": 1}},
    },
}


def _whole(options: dict[str, Any], name: str, low: int, high: int) -> int:
    """The option ``name``, an integer from ``low`` to ``high``; BadOptions otherwise."""
    value = options[name]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOptions(name, f"must be an integer from {low} to {high}")
    return value


def normalize_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """Defaults filled in; BadOptions for an unknown option or a value out of range."""
    if not isinstance(options, dict):
        raise BadOptions("options", "must be an object")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise BadOptions(unknown[0], "unknown option")
    out = {**DEFAULT_OPTIONS, **options}
    target = _whole(out, "bone_target", 2, 6)
    if players * (target - 1) >= BONES:
        raise BadOptions("bone_target", f"{players} players x ({target} - 1) bones must stay below {BONES} (R2)")
    minutes = _whole(out, "timed_minutes", 0, 1440)
    if _whole(out, "timed_rounds", 0, 1000) and minutes:
        raise BadOptions("timed_rounds", "the game is timed by minutes or by rounds, not both (§4.9)")
    _whole(out, "route_deadline_seconds", 0, 3600)
    _whole(out, "action_deadline_seconds", 0, 3600)
    if out["dog_assignment"] not in ("random", "choose"):
        raise BadOptions("dog_assignment", "must be random or choose")
    if out["first_seat"] is not None:
        _whole(out, "first_seat", 0, players - 1)
    return out


def setup_events(players: int, options: dict[str, Any], rng: random.Random) -> list[Event]:
    """§3: seat the dogs, deal the dens, shuffle decks and newspapers, pick the first seat, start the first turn."""
    play = Play.opening(rng, players, options)
    chosen = options["dog_assignment"] == "choose"
    if not chosen:
        for seat, dog in enumerate(rng.sample(sorted(DOGS), players)):
            play.emit("DogAssigned", seat=seat, dog=dog)
    for seat, den in enumerate(rng.sample(DENS, players)):
        play.emit("DenAssigned", seat=seat, den=den)
    if not chosen:
        for seat in range(players):
            shuffle_deck(play, seat)
    play.emit("NewspaperStackShuffled", order=rng.sample(ADDRESSES, len(ADDRESSES)))
    first = options["first_seat"]
    play.emit("FirstPlayerChosen", seat=rng.randrange(players) if first is None else first)
    if not chosen:  # with dog_assignment = choose, the last ChooseDog starts it (§3.2)
        next_turn(play)
    return play.events
