"""Words a player reads, in English, Portuguese, Ukrainian and Italian: messages kept as keys and rendered late.

Stored events hold no words. The rules say what happened as a ``Message``: a key of the Fluent catalogues
(``domain/<game>/locales/<language>.ftl``, ``domain/table/locales/<language>.ftl``) and its arguments. A reader
renders it in the language they asked for, with the names of the table's players. Plural forms follow each
language's own rules (Fluent selects by CLDR's categories: Ukrainian's one, few and many).

An argument is one of:

- a number or a string, shown as it is (a number in the language's digits and grouping);
- ``{"seat": n}``: a player, shown by name (``names[n]``), or as "Player n+1" when no names are given;
- ``{"term": key, "args": {...}}``: another message, rendered in the same language: a card's, space's or
  option's display name (``args`` optional);
- ``{"list": [argument, ...]}``: several arguments, joined as the language joins a list ("a, b and c").

Every key's id starts with its owner's id and a hyphen (``felix-bid-placed``, ``table-seat-claimed``), so that
all catalogues of one language form one bundle without clashes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypedDict

import orjson
from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource

#: The languages a reader may ask for; English first, the fallback for anything else.
LANGUAGES = ("en", "pt", "uk", "it")
FALLBACK = "en"
#: Each language's name in itself, for a language menu.
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "uk": "Українська", "it": "Italiano"}
#: Where the catalogues are: every folder named ``locales`` in the domain's packages.
ROOT = Path(__file__).parent


class Message(TypedDict):
    """A sentence or a name, as a key of the catalogues and its arguments (JSON-ready)."""

    key: str
    args: dict[str, Any]


def message(key: str, **args: Any) -> Message:
    """A message of ``key`` with ``args``."""
    return {"key": key, "args": args}


def seat(number: int) -> dict[str, int]:
    """The argument that names the player of seat ``number``."""
    return {"seat": number}


def term(key: str, **args: Any) -> dict[str, Any]:
    """The argument that renders the message ``key`` (a display name) in the reader's language."""
    return {"term": key, "args": args} if args else {"term": key}


def listed(items: Sequence[Any]) -> dict[str, list[Any]]:
    """The argument that joins ``items`` (arguments themselves) as the reader's language joins a list."""
    return {"list": list(items)}


def catalogue_files(language: str, root: Path = ROOT) -> list[Path]:
    """Every catalogue file of ``language`` under ``root`` (the domain's by default), in a fixed order."""
    return sorted(root.glob(f"*/locales/{language}.ftl"))


@cache
def bundle(language: str, root: Path = ROOT) -> FluentBundle:
    """All catalogues of ``language`` under ``root`` as one Fluent bundle (built once per process)."""
    # Without isolation marks: the texts go into JSON and terminals, not into mixed-direction HTML.
    loaded = FluentBundle([language], use_isolating=False)
    for path in catalogue_files(language, root):
        loaded.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return loaded


def supported(tag: str) -> str | None:
    """The supported language a tag such as ``pt-BR`` or ``uk`` names, by its primary subtag; None for another."""
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def language_of(asked: str | None) -> str:
    """The supported language that ``asked`` names; English for none or another."""
    return (supported(asked) if asked else None) or FALLBACK


def has(key: str, language: str, root: Path = ROOT) -> bool:
    """True if ``language``'s catalogues under ``root`` hold ``key``."""
    return bundle(language, root).has_message(key)


def render(said: Message, language: str = FALLBACK, names: Sequence[str] | None = None, root: Path = ROOT) -> str:
    """``said`` in ``language`` (English where that language lacks its key), with players called by ``names``.

    ``root`` holds the catalogues (the domain's by default; the service keeps its own for its problems).
    """
    # As text: orjson's bytes keep a buffer of about 4 KB each, which a remembered key would hold on to.
    written = orjson.dumps(said["args"], option=orjson.OPT_SORT_KEYS).decode()
    return _remembered(said["key"], written, language, None if names is None else tuple(names), root)


#: Renderings kept: a view says the same few hundred things over and over (labels, prompts), and Fluent's
#: resolver, its plural rules and number formatting, cost about 0.1 ms a message (tests/bench/views.py).
REMEMBERED = 65_536


@lru_cache(maxsize=REMEMBERED)
def _remembered(key: str, args: str, language: str, names: tuple[str, ...] | None, root: Path) -> str:
    return _format(key, orjson.loads(args), language, names, root)


def _format(key: str, args: Mapping[str, Any], language: str, names: Sequence[str] | None, root: Path = ROOT) -> str:
    chosen = language if has(key, language, root) else FALLBACK
    found = bundle(chosen, root)
    if not found.has_message(key):
        raise KeyError(f"no message {key!r} in any language")
    values = {name: _value(value, chosen, names, root) for name, value in args.items()}
    pattern = found.get_message(key).value
    if pattern is None:
        raise KeyError(f"message {key!r} has attributes only")
    text, errors = found.format_pattern(pattern, values)
    if errors:
        raise ValueError(f"message {key!r} in {chosen}: {errors[0]}")
    return str(text)


def _value(value: Any, language: str, names: Sequence[str] | None, root: Path) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float | str):
        return value
    if "seat" in value:
        number = value["seat"]
        if names is not None and 0 <= number < len(names) and names[number]:
            return names[number]
        return _format("table-player-number", {"number": number + 1}, language, None)
    if "term" in value:
        return _format(value["term"], value.get("args", {}), language, names, root)
    if "list" in value:
        return format_list([str(_value(item, language, names, root)) for item in value["list"]], locale=language)
    raise ValueError(f"not a message argument: {value!r}")
