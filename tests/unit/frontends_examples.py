"""docs/frontends.md's worked examples: one seat's choices in a seeded game of each game, as a view gives them.

Each game is played by its greedy bots from a fixed seed, up to the first decision whose choices show what the
example is for (Felix's stepper of bids, DOGS' swap of two dogs...); the choices are rendered in English as
GET /v1/games/{id} renders them, and shortened to fit a page: each node keeps its first three options and the
first option that leads on. tests/unit/test_docs_frontends.py checks the document against them;
`python -m tests.unit.frontends_examples` writes them into the document afresh.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domain import choices
from domain.catalogue import GAMES
from domain.engine import Command, Event, State, View
from domain.playout import play
from service.core.reads import spoken_choices

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "frontends.md"
#: The players' names in the examples.
NAMES = ["Ana", "Bruno", "Carla", "Dmytro", "Elena"]


def leads_on(node: choices.Node) -> bool:
    """True when one of the node's options leads to another node."""
    return any("next" in option for option in node["options"])


def depth(node: choices.Node | None) -> int:
    """The most steps to a move in a tree."""
    if node is None:
        return 0
    return 1 + max(depth(option.get("next")) for option in node["options"])


def offers(command_type: str) -> Callable[[choices.Node], bool]:
    """Whether a tree offers a move of ``command_type`` that takes more than one step."""
    return lambda node: depth(node) > 1 and any(leaf["type"] == command_type for leaf in choices.leaves(node))


#: game -> (players, options, what the example's tree shows).
EXAMPLES: dict[str, tuple[int, dict[str, Any], Callable[[choices.Node], bool]]] = {
    "felix": (3, {}, leads_on),
    "spots": (2, {"tile_set": "beginner"}, offers("PlaceDie")),
    "dogs": (3, {}, offers("PlayDogSwap")),
    "dogslife": (3, {}, offers("Move")),
}


def example(game: str) -> dict[str, Any]:
    """The game's example: the seat, what it chooses from (shortened), and the move count behind it."""
    players, options, wanted = EXAMPLES[game]
    rules = GAMES[game]
    now: list[State] = []
    found: list[dict[str, Any]] = []

    def follow(ev: Event, state: State) -> None:
        now[:] = [state]

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        tree = rules.choices(now[0], view["you"])
        if not found and tree is not None and wanted(tree):
            shown = spoken_choices(tree, "en", NAMES[:players])
            found.append({"game": game, "you": view["you"], "legal_moves": len(legal), "choices": shortened(shown)})
        return rules.bots["greedy"](view, legal, rng)

    play(rules, players, [bot] * players, f"frontends-{game}", options, follow)
    assert found, f"no decision of the seeded {game} game shows its example"
    return found[0]


def shortened(node: dict[str, Any]) -> dict[str, Any]:
    """A rendered node with its first three options and its first that leads on, each shortened in turn."""
    options = node["options"]
    kept = options[:3]
    onward = next((option for option in options if "next" in option), None)
    if onward is not None and onward not in kept:
        kept = [*kept, onward]
    return {**node, "options": [{**o, "next": shortened(o["next"])} if "next" in o else o for o in kept]}


def headed(shown: dict[str, Any]) -> str:
    """An example as the page shows it: its game, seat and count on its first line, then its choices."""
    head = ", ".join(f"{json.dumps(key)}: {json.dumps(shown[key])}" for key in ("game", "you", "legal_moves"))
    return f"{{{head},\n  \"choices\": {written(shown['choices'], '  ')}\n}}"


def written(value: Any, indent: str = "") -> str:
    """JSON for a page: a node's fields a line each, an option that ends a move on one line."""
    if isinstance(value, dict) and ("options" in value or "next" in value):
        inner = indent + "  "
        fields = [f"{inner}{json.dumps(key)}: {written(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(fields) + f"\n{indent}}}"
    if isinstance(value, list) and any(isinstance(item, dict) for item in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + written(item, inner) for item in value) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


#: A worked example in the document: its marker, then its JSON block.
BLOCK = re.compile(r"<!-- example: (\w+) -->\n```json\n(.*?)```", re.S)


def blocks(text: str) -> dict[str, str]:
    """The document's examples: game -> its JSON block."""
    return {game: body for game, body in BLOCK.findall(text)}


def main() -> None:
    """Write every example into docs/frontends.md, in place of what its block held."""
    text = DOCUMENT.read_text(encoding="utf-8")
    fresh = BLOCK.sub(lambda found: f"<!-- example: {found[1]} -->\n```json\n{headed(example(found[1]))}\n```", text)
    DOCUMENT.write_text(fresh, encoding="utf-8")


if __name__ == "__main__":
    main()
