"""Patterns that validate input match the whole value: ``re.match``'s ``$`` also matches before a final newline, which
let ``"greedy\\n"`` register as a bot's name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from marshmallow import ValidationError, validate

from service.http.schemas.base import FullMatch
from service.http.schemas.bots import NAME

ROOT = Path(__file__).resolve().parents[2]
#: The project's own code, where a validating pattern may be.
PACKAGES = ("domain", "events", "service", "workers", "client/dogpark_client", "examples")


def test_marshmallows_regexp_takes_a_final_newline_which_fullmatch_refuses():
    assert validate.Regexp(NAME)("greedy\n") == "greedy\n"
    with pytest.raises(ValidationError):
        FullMatch(NAME)("greedy\n")
    assert FullMatch(NAME)("greedy") == "greedy"


def dollar_ended(node: ast.expr | None) -> bool:
    """A literal pattern whose last character is an unescaped ``$``."""
    if not isinstance(node, ast.Constant) or not isinstance(node.value, str | bytes):
        return False
    text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
    return text.endswith("$") and not text.endswith("\\$")


def partial_matches(tree: ast.Module) -> list[int]:
    """The lines that validate with a pattern able to take a final newline: marshmallow's Regexp (re.match), or
    ``re.match``/``re.search`` (or a compiled pattern's ``match``/``search``) with a pattern ending in ``$``."""
    compiled = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Attribute) and node.value.func.attr == "compile"
        and node.value.args and dollar_ended(node.value.args[0])
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        function, owner = node.func.attr, node.func.value
        if not isinstance(owner, ast.Name):
            continue
        marshmallows = function == "Regexp" and owner.id == "validate"
        anchored = owner.id == "re" and bool(node.args) and dollar_ended(node.args[0]) or owner.id in compiled
        if marshmallows or function in ("match", "search") and anchored:
            found.append(node.lineno)
    return found


def test_the_scan_finds_the_bugs_it_is_for():
    bugs = ast.parse(
        'validate.Regexp(r"^[a-z]+$")\n'
        'KEY = re.compile(r"^[a-z]+$")\n'
        "KEY.match(key)\n"
        're.match(r"^[a-z]+$", key)\n'
        'KEY2 = re.compile(r"[a-z]+")\n'
        "KEY2.fullmatch(key)\n"
    )

    assert partial_matches(bugs) == [1, 3, 4]


def test_no_pattern_of_the_project_validates_with_a_match_that_takes_a_final_newline():
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line in partial_matches(ast.parse(path.read_text(), str(path)))
    }

    assert not found, "use fullmatch (FullMatch for a schema): " + ", ".join(sorted(found))


def test_a_full_match_of_a_pattern_anchored_for_the_openapi_document_still_refuses_a_final_newline():
    # The anchors stay in a schema's pattern: the OpenAPI document's pattern is a search.
    assert re.fullmatch(NAME, "greedy") and not re.fullmatch(NAME, "greedy\n")
