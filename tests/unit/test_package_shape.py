"""Every game package has the same modules with the same meaning, and only those (docs/architecture.md).

A reader who knows one game knows where everything is in all of them. A module a game needs beyond the shape is
named for the rule it implements and listed here, so that a new one is a decision, not an accident.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.catalogue import EXTRA_GAMES, GAMES
from domain.engine import Rules

DOMAIN = Path(__file__).resolve().parents[2] / "domain"

#: Every game's modules: the engine contract's adapter, then its parts in the order of the specs' sections.
SHAPE = ("__init__", "rules", "content", "setup", "state", "moves", "choices", "scoring", "view", "text", "bots")
#: What each command does, where a game's handlers would make moves.py long.
OPTIONAL = ("commands",)
#: Each game's own modules, named for the spec sections they implement.
EXTRAS: dict[str, set[str]] = {
    "counter": set(),
    # A search's sampler: a state drawn among those a seat's view and log allow (every game but counter).
    "felix": {"sample"},
    # §4.2 turns, §4.3-4.4 the dice procedures, §4.5-4.6 tricks, §4.8 Pes; §10's solo race model for the bots;
    # the sampler.
    "spots": {"turns", "procedures", "tricks", "pes", "lookahead", "sample"},
    # §2.4 the board and truck routes, §2.5/§4.4 the pens, §4.0-4.3 the system's steps in a round; the sampler.
    "dogs": {"board", "pens", "rounds", "sample"},
    # §2.2 the board, §4.1-4.2 turns, §4.3 actions, §4.4-4.5 cards and finds, §4.6 the pound, §4.7 the truck; the
    # sampler; the streetwise bot the levels play over (§10's advice carried further, as Spots' lookahead is its §10's).
    "dogslife": {"board", "turns", "actions", "cards", "pound", "truck", "sample", "policy"},
}
#: The game classes, one name each, as the rules.py of each package defines it.
CLASSES = {"counter": "Counter", "felix": "Felix", "spots": "Spots", "dogs": "Dogs", "dogslife": "DogsLife"}


def modules(game: str) -> set[str]:
    """The module names of a game package (a folder with an __init__.py counts as a module)."""
    folder = DOMAIN / game
    files = {path.stem for path in folder.glob("*.py")}
    packages = {path.parent.name for path in folder.glob("*/__init__.py")}
    return files | packages


@pytest.mark.parametrize("game", sorted(EXTRAS))
def test_every_game_package_has_every_module_of_the_shape(game):
    assert set(SHAPE) - modules(game) == set()


@pytest.mark.parametrize("game", sorted(EXTRAS))
def test_no_game_package_grows_a_module_the_shape_does_not_list(game):
    assert modules(game) - set(SHAPE) - set(OPTIONAL) - EXTRAS[game] == set()


def test_every_game_the_server_offers_is_held_to_the_shape():
    assert set(EXTRAS) == {*GAMES, *EXTRA_GAMES}


@pytest.mark.parametrize("game", sorted(EXTRAS))
def test_a_games_rules_module_holds_its_rules_class_and_nothing_else(game):
    tree = ast.parse((DOMAIN / game / "rules.py").read_text())
    defined = [node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)]
    assigned = [node for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)]

    assert defined == [CLASSES[game]] and assigned == []
    assert isinstance({**GAMES, **EXTRA_GAMES}[game], Rules)
    assert type({**GAMES, **EXTRA_GAMES}[game]).__module__ == f"domain.{game}.rules"


@pytest.mark.parametrize("game", sorted(EXTRAS))
def test_no_game_module_dispatches_by_scanning_its_own_names(game):
    for path in (DOMAIN / game).glob("*.py"):
        names = {node.id for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Name)}
        assert not names & {"globals", "locals", "vars"}, f"{path.name} looks its functions up by name"
