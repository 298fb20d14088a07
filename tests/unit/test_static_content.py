"""Each game's static content names every id its views and events use, and the package carries each game's rules.

Games are played by the bots (a few player counts per game); every event as a spectator gets it, and the views
of a spectator and of each seat along the way, are searched for ids, which must all be in the content
GET /v1/game-types/{id} serves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from domain.catalogue import GAMES, RULES_DIR, rules_text, static_content
from domain.engine import Rules
from domain.playout import play

#: The specifications beside the project, which the package's copies must equal (absent from a deployed clone).
SHARED_RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"

#: Per game: (players, bot, options) of the games searched for ids.
GAMES_PLAYED = {
    "felix": [(3, "greedy", {}), (5, "random", {})],
    "spots": [(1, "greedy", {"tile_set": "free_walk"}), (3, "greedy", {"tile_set": "free_walk"})],
    "dogs": [(2, "greedy", {}), (4, "random", {})],
    "dogslife": [(2, "greedy", {}), (6, "greedy", {})],
}


@cache
def everything_seen(game: str) -> list[Any]:
    """Every event as a spectator gets it, the spectator's view after each, and each seat's after every tenth."""
    rules = GAMES[game]
    seen: list[Any] = []
    for players, bot, options in GAMES_PLAYED[game]:
        bots = [rules.bots[bot]] * players
        played = play(rules, players, bots, f"static-{game}", options, on_event=watch(rules, players, seen))
        seen.extend(rules.view(played.state, seat) for seat in range(players))
    return seen


def watch(rules: Rules, players: int, seen: list[Any]) -> Callable[[dict, Any], None]:
    """An on_event for a playout that adds what a spectator and the seats see to ``seen``."""
    counted = count(1)

    def look(event: dict, state: Any) -> None:
        seen.extend([rules.redact(event, None)["data"], rules.view(state, None)])
        if next(counted) % 10 == 0:
            seen.extend(rules.view(state, seat) for seat in range(players))

    return look


def words(value: Any) -> Iterator[str]:
    """Every string in a JSON value, dict keys included."""
    if isinstance(value, dict):
        for name, item in value.items():
            yield name
            yield from words(item)
    elif isinstance(value, list):
        for item in value:
            yield from words(item)
    elif isinstance(value, str):
        yield value


def named(value: Any, names: set[str]) -> Iterator[Any]:
    """The values of every field called one of ``names``, anywhere in a JSON value (a list's items one by one)."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name in names:
                yield from item if isinstance(item, list) else [item]
            yield from named(item, names)
    elif isinstance(value, list):
        for item in value:
            yield from named(item, names)


def ids(items: list[dict]) -> set:
    return {item["id"] for item in items}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_package_carries_the_rules_of_every_game(game):
    title = rules_text(game).splitlines()[0]

    assert title.startswith("# ") and f"`{game}`" in title


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no ../shared/rules beside this clone")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_packaged_rules_are_copies_of_the_shared_specifications(game):
    assert (RULES_DIR / f"{game}.md").read_bytes() == (SHARED_RULES / f"{game}.md").read_bytes(), (
        f"copy ../shared/rules/{game}.md to domain/rules/"
    )


def test_every_felix_card_a_game_names_is_in_the_catalogue():
    content = static_content("felix")
    cards = ids(content["cards"])
    named_cards = {word for seen in everything_seen("felix") for word in words(seen) if "/" in word}

    assert named_cards and named_cards <= cards
    assert {card.split("/")[1] for card in cards} == ids(content["kinds"])
    assert len(cards) == 50


def test_the_felix_dummy_is_named_as_the_views_name_it():
    owners = {owner for seen in everything_seen("felix") for owner in named(seen, {"owner"}) if isinstance(owner, str)}

    assert owners == {static_content("felix")["dummy"]["owner"]}


def test_every_spots_tile_card_step_and_die_a_game_names_is_in_the_catalogue():
    content = static_content("spots")
    seen = everything_seen("spots")
    tiles = {t for s in seen for t in named(s, {"tile", "stack", "revealed", "positions", "top"}) if type(t) is str}
    cards = {c for s in seen for c in named(s, {"card", "cards", "pile", "order", "top", "deck_top"}) if type(c) is int}
    steps = {step for s in seen for step in named(s, {"step"}) if step is not None}
    dice = {d for s in seen for d in named(s, {"die", "returned"})}
    dice_in_views = {len(s["values"]) for s in seen if "values" in s}

    assert tiles == ids(content["tiles"])
    assert cards == ids(content["dog_cards"])
    assert steps <= {step for tile in content["tiles"] for step in tile["steps"]}
    assert dice <= set(range(content["dice"])) and dice_in_views == {content["dice"]}


def test_every_dogs_space_token_card_breed_box_and_pen_a_game_names_is_in_the_catalogue():
    content = static_content("dogs")
    catalogue = set().union(
        ids(content["board"]["spaces"]),
        ids(content["tokens"]),
        ids(content["cards"]),
        ids(content["fair_cards"]),
        ids(content["breeds"]),
        ids(content["boxes"]),
        ids(content["pens"]),
    )
    # Ids are upper case, the rest of a view's words (phases, steps, colours, groups) lower case; HOME is the garage.
    named_ids = {word for seen in everything_seen("dogs") for word in words(seen) if word[:1].isupper()} - {"HOME"}

    assert named_ids <= catalogue
    assert {token for token in named_ids if token.startswith("BLOCKER_")} <= ids(content["tokens"])
    assert ids(content["board"]["spaces"]) - {"CENTER"} <= named_ids


def test_every_dogs_life_space_card_dog_and_newspaper_a_game_names_is_in_the_catalogue():
    content = static_content("dogslife")
    spaces, cards = ids(content["board"]["spaces"]), ids(content["cards"])
    seen = everything_seen("dogslife")
    # Ids are upper case, other words lower case; a card's "B" is a bone it finds.
    named_ids = {word for s in seen for word in words(s) if word[:1].isupper() and word != "B"}
    dogs = {dog for s in seen for dog in named(s, {"dog"}) if dog is not None}
    on_the_ground = [place["newspapers"] for s in seen for place in s.get("ground", {}).values()]
    # A spectator sees how many newspapers lie on a space while the game runs, their addresses once it is over.
    addresses = [n for papers in on_the_ground if isinstance(papers, list) for n in papers]
    newspapers = set(addresses) | set(named(seen, {"address"}))

    assert named_ids <= spaces | cards
    assert named_ids & cards and named_ids & spaces
    assert dogs == ids(content["dogs"])
    assert newspapers <= {paper["address"] for paper in content["newspapers"]}


@pytest.mark.parametrize("game", ["dogs", "dogslife"])
def test_a_board_is_a_graph_of_its_own_spaces_drawn_inside_its_frame(game):
    board = static_content(game)["board"]
    spaces = {space["id"]: space for space in board["spaces"]}

    for space in spaces.values():
        assert 0 < space["x"] < board["width"] and 0 < space["y"] < board["height"]
        assert set(space["adjacent"]) <= set(spaces)
        assert all(space["id"] in spaces[other]["adjacent"] for other in space["adjacent"])
