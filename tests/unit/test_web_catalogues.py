"""The web client's own words (service/http/web/static/i18n/<language>.json): every key in every language, each
plural in the forms its language needs, the same placeholders as the English, and every key the client's code
names present."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from domain.language import LANGUAGES

STATIC = Path(__file__).resolve().parents[2] / "service" / "http" / "web" / "static"
#: The CLDR plural categories each language's catalogue must give (`other` is the fallback of every one).
PLURAL_FORMS = {
    "en": {"one", "other"},
    "pt": {"one", "other"},
    "it": {"one", "other"},
    "uk": {"one", "few", "many", "other"},
}
#: A key named literally in the client's code: t('lobby.create').
USED = re.compile(r"""\bt\(["']([a-z0-9_.-]+)["']""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(language: str) -> dict[str, Any]:
    """The client's catalogue of ``language``."""
    return json.loads((STATIC / "i18n" / f"{language}.json").read_text(encoding="utf-8"))


def forms(value: str | dict[str, str]) -> list[str]:
    """A catalogue entry's texts: itself, or each of its plural forms."""
    return list(value.values()) if isinstance(value, dict) else [value]


def test_the_client_has_a_catalogue_for_every_language_the_server_speaks() -> None:
    assert sorted(path.stem for path in (STATIC / "i18n").glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_is_in_every_language(language: str) -> None:
    assert sorted(catalogue(language)) == sorted(catalogue("en"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_gives_every_form_its_language_needs(language: str) -> None:
    for key, value in catalogue(language).items():
        if isinstance(value, dict):
            assert set(value) == PLURAL_FORMS[language], (key, sorted(value))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_fills_the_same_placeholders_as_the_english(language: str) -> None:
    english = catalogue("en")
    for key, value in catalogue(language).items():
        wanted = {name for text in forms(english[key]) for name in PLACEHOLDER.findall(text)}
        for text in forms(value):
            # A plural's form may leave out the count it is chosen by ("Winner:"), never another argument.
            assert set(PLACEHOLDER.findall(text)) | {"count"} >= wanted - {"count"}, (key, text)
            assert set(PLACEHOLDER.findall(text)) <= wanted, (key, text)


def test_every_key_the_client_names_is_in_the_catalogue() -> None:
    english = catalogue("en")
    used = {key for path in (STATIC / "js").rglob("*.js") for key in USED.findall(path.read_text(encoding="utf-8"))}
    assert used and sorted(used - set(english)) == []
