"""Every game's play log reads as prose: each event's line, raw and as each seat and a spectator get the event.

The lines are checked over seeded playouts of every game: plain sentences, never a raw structure or an id, never
a trade of nothing; a line is empty only for an event another line already tells (and the CLI prints no empty
line). The API's event texts and the CLI's log both come from these describes of redacted events.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from domain.catalogue import GAMES
from domain.engine import Event, event
from domain.playout import play

#: Game, bots (one per seat): greedy ones end every game, random ones reach moves greedy ones never make.
PLAYOUTS = [
    ("felix", ("greedy", "random", "random")),
    ("spots", ("greedy",)),
    ("spots", ("greedy", "random", "random")),
    ("dogs", ("greedy", "random")),
    ("dogs", ("greedy", "random", "random", "greedy")),
    ("dogslife", ("greedy", "greedy")),
    ("dogslife", ("greedy", "greedy", "greedy")),
]
SEEDS = ("text-1", "text-2")

#: Events whose line may be empty: bookkeeping that another line of the log already tells (some only at times).
MAY_BE_SILENT = {
    "felix": set(),
    "spots": {"RollAccepted", "StepOffered", "StepPerformed", "TileFlipped", "TrickEnded", "DiceDiscarded"},
    "dogs": {
        "BlockersCollected", "BoxCardsDiscarded", "CardDiscarded", "CardTaken", "DogLoadedOnTruck", "GasBought",
        "LostDogsRemoved", "MeeplesReturned", "PensFed", "RoundEnded", "SuppliesBought", "BoardRefilled",
    },
    "dogslife": {"ActionPhaseEnded", "Begged", "NothingFound", "TrashSearched"},
}

#: What no line may hold: a dataclass-like repr, a raw list or dict, an id or a snake_case name, a null.
RAW = re.compile(r"\w\([^)]*=|[{}\[\]_#=]|\bNone\b")
#: A trade of nothing: "buys 0 gas for 0 coins", "feeds 0 pens".
NOTHING_TRADED = re.compile(r"\b0 \w+ for 0\b|\b(buys|sells|gains|takes|feeds|pays|swaps|drops) 0\b")


@cache
def played(game: str, bots: tuple[str, ...], seed: str) -> tuple[Event, ...]:
    rules = GAMES[game]
    return tuple(play(rules, len(bots), [rules.bots[b] for b in bots], seed).events)


def as_read(game: str, bots: tuple[str, ...], ev: Event) -> list[tuple[str, Event]]:
    """The event raw, and as each seat and a spectator get it."""
    rules = GAMES[game]
    return [("raw", ev)] + [(f"viewer {v}", rules.redact(ev, v)) for v in (None, *range(len(bots)))]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "bots"), PLAYOUTS, ids=lambda p: p if isinstance(p, str) else len(p))
def test_every_event_of_a_played_game_reads_as_a_plain_sentence(game, bots, seed):
    rules = GAMES[game]
    for ev in played(game, bots, seed):
        for reader, seen in as_read(game, bots, ev):
            line = rules.describe(seen)
            where = f"{ev['type']} as {reader}: {line!r}"
            if not line:
                assert ev["type"] in MAY_BE_SILENT[game], f"{where} says nothing"
                continue
            assert line != ev["type"], f"{where} has no line of its own"
            assert not RAW.search(line), f"{where} shows a raw structure or an id"
            assert not NOTHING_TRADED.search(line), f"{where} trades nothing"
            assert (line[0].isupper() or line[0].isdigit()) and line.endswith("."), f"{where} is not a sentence"


def test_the_cards_others_placed_face_down_in_felix_stay_unnamed():
    rules = GAMES["felix"]
    placed = event("CardPlayed", seat=1, position=2, card="1/cat8")
    assert rules.describe(rules.redact(placed, 0)) == "Player 2 puts a card face down as the third card of the row."
    assert rules.describe(rules.redact(placed, None)) == "Player 2 puts a card face down as the third card of the row."
    assert rules.describe(rules.redact(placed, 1)) == "Player 2 puts the cat 8 face down as the third card of the row."
