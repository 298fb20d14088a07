"""Every word a player reads exists in every language, and none of it is an internal id or left in English.

Seeded games of every game (tests/unit/readable.py) are played, and every event (as a spectator and as each seat
sees it), every prompt and label of every seat's choices, and the catalogue's strings (the game's name, its
options, its content's names) are rendered in each language.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast

from domain import choices, language
from domain.catalogue import EXTRA_GAMES, game_name, spoken_content, spoken_options, static_content
from domain.catalogue import GAMES as PUBLIC_GAMES
from domain.engine import Command, Event, State, View
from domain.language import LANGUAGES, Message, render
from domain.playout import play
from domain.table.state import TABLE_EVENTS
from tests.unit.readable import GAMES, IDS

RULES = {**PUBLIC_GAMES, **EXTRA_GAMES}
OTHER_LANGUAGES = [code for code in LANGUAGES if code != language.FALLBACK]

#: What an internal id looks like in a sentence: MEDICINE_2B, DEN6, C1, CENTER (but not DOGS, a game's name), cat15,
#: dog_park, "set 1", "position 0", and event type names (any CamelCase word: TableOpened, BidPlaced).
ID_SHAPES = [
    re.compile(pattern)
    for pattern in (
        r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b",
        r"\b[A-Z]+\d+[A-Z]?\b",
        r"\b(?!DOGS\b)[A-Z]{4,}\b",
        r"\b[a-z]+\d+\b",
        r"\b[a-z]+_[a-z_]+\b",
        r"\bset \d+\b",
        r"\bposition \d+\b",
        r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b",
    )
]
#: Three Latin words in a row: an English phrase in a Ukrainian text.
LATIN_PHRASE = re.compile(r"\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}\b")


def keys(path: Any) -> set[str]:
    """The message ids of one catalogue file."""
    parsed = FluentParser().parse(path.read_text(encoding="utf-8"))
    junk = [entry for entry in parsed.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{path}: unparsable {junk[0].content!r}"
    return {entry.id.name for entry in parsed.body if isinstance(entry, ast.Message)}


def test_every_key_is_in_every_language_and_only_once_anywhere():
    owners: dict[str, str] = {}
    for path in language.catalogue_files(language.FALLBACK):
        english = keys(path)
        for key in english:
            assert key not in owners, f"{key} is in {owners.get(key)} and {path}"
            owners[key] = str(path)
        for code in OTHER_LANGUAGES:
            other = keys(path.with_name(f"{code}.ftl"))
            lacks, adds = sorted(english - other), sorted(other - english)
            assert other == english, f"{path.parent}/{code}.ftl lacks {lacks}, adds {adds}"


def test_ukrainian_counts_follow_its_three_plural_forms():
    said = language.message("table-abandoned-unfilled", seconds=0)

    forms = [render({**said, "args": {"seconds": count}}, "uk") for count in (1, 3, 5, 21, 22, 25, 11)]

    assert [form.split(" за ")[1].split(":")[0] for form in forms] == [
        "1 секунду", "3 секунди", "5 секунд", "21 секунду", "22 секунди", "25 секунд", "11 секунд",
    ]


def seen_messages(game: str, players: int, options: dict[str, Any]) -> Iterator[Message]:
    """Every message a seeded game shows anyone: its events as each reader sees them, every seat's choices."""
    rules = RULES[game]
    now: list[State] = []
    shown: list[Message] = []

    def follow(ev: Event, state: State) -> None:
        now[:] = [state]
        if ev["type"] not in TABLE_EVENTS:
            shown.extend(rules.message(rules.redact(ev, reader)) for reader in [None, *range(players)])

    def bot(view: View, legal: list[Command], rng: random.Random) -> Command:
        for node in choices.nodes(rules.choices(now[0], view["you"])):
            shown.append(node["prompt"])
            shown.extend(option["label"] for option in node["options"])
        return rules.bots[next(iter(rules.bots))](view, legal, rng)

    play(rules, players, [bot] * players, f"languages-{game}-{players}", options, follow)
    unique = {repr(said): said for said in shown}
    return iter(unique.values())


def catalogue_strings(game: str, code: str) -> list[str]:
    """The catalogue's words for ``game`` in ``code``: its name, its options' titles, its content's names."""
    found = [game_name(game, code)]
    for spec in spoken_options(game, code)["properties"].values():
        found += [spec.get("title", ""), spec.get("description", ""), *spec.get("x-enum-titles", {}).values()]
    found += names_in(spoken_content(game, code))
    return [text for text in found if text]


def names_in(value: Any) -> list[str]:
    """Every word of a game's content that comes from a key beside it (a ``name`` from its ``name_key``...)."""
    if isinstance(value, dict):
        own = [value[key[:-4]] for key in value if key.endswith("_key") and isinstance(value.get(key[:-4]), str)]
        return own + [n for v in value.values() for n in names_in(v)]
    if isinstance(value, list):
        return [n for item in value for n in names_in(item)]
    return []


def content_id_words(game: str) -> list[re.Pattern[str]]:
    """The content's ids that differ from their English names ("bigdog" for the large dog), as whole words."""
    pairs: list[tuple[str, str]] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
                pairs.append((value["id"], value["name"]))
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(static_content(game))
    odd = [id_ for id_, name in pairs if len(id_) >= 4 and id_.lower() not in name.lower()]
    return [re.compile(rf"\b{re.escape(id_)}\b") for id_ in odd]


def id_tokens(text: str, extra: list[re.Pattern[str]]) -> list[str]:
    """The id-shaped tokens in ``text``."""
    return [match.group(0) for pattern in [*ID_SHAPES, *extra] for match in pattern.finditer(text)]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_no_text_a_player_reads_holds_an_id_or_an_untranslated_sentence(game, players, options):
    said = list(seen_messages(game, players, options))
    extra = content_id_words(game)
    problems: list[str] = []
    for message in said:
        english = render(message)
        problems += [f"en {message['key']}: {token} in {english!r}" for token in id_tokens(english, extra)]
        for code in OTHER_LANGUAGES:
            text = render(message, code)
            problems += [f"{code} {message['key']}: {token} in {text!r}" for token in id_tokens(text, extra)]
            if text == english and len(re.findall(r"[A-Za-z]{3,}", english)) >= 2:
                problems.append(f"{code} {message['key']}: left in English: {text!r}")
            if code == "uk" and LATIN_PHRASE.search(text):
                problems.append(f"uk {message['key']}: English words in {text!r}")
    for code in LANGUAGES:
        for text in catalogue_strings(game, code):
            problems += [f"{code} catalogue: {token} in {text!r}" for token in id_tokens(text, extra)]
            if code == "uk" and LATIN_PHRASE.search(text):
                problems.append(f"uk catalogue: English words in {text!r}")

    assert said and not problems, "\n".join(sorted(set(problems))[:40])
