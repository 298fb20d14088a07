"""Every problem can be told in every language: each kind's detail, and each rule a game may refuse a move by.

The rules are found by reading the source of domain/ (ast): every reason given to ``IllegalMove`` or ``require``,
followed through a local variable or a helper of the same module that returns it. A new rule without a
``problem-rule-<Reason>`` key in the service's catalogues (service/core/locales) fails here, and so does a reason
given in a way this reading cannot follow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fluent

from domain.language import FALLBACK, LANGUAGES, catalogue_files, has, message, render
from service.core.problems import (
    BLANK,
    ILLEGAL_MOVE,
    KINDS,
    NOT_FOUND,
    SEAT_TAKEN,
    WORDS,
    Problem,
    http_kind,
    kind_detail_key,
    rule_key,
)

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
#: The callables that refuse a move, and the position of their reason among their arguments.
REFUSERS = {"IllegalMove": 0, "require": 1}


class Unfollowed(Exception):
    """A reason given in a way the reading of the source cannot follow to its rule names."""


def called_name(call: ast.Call) -> str | None:
    """The name a call calls: ``f`` of ``f(...)`` and of ``module.f(...)``."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def reason_of(call: ast.Call) -> ast.expr | None:
    """The reason argument of a refusing call (positional or by keyword)."""
    position = REFUSERS[called_name(call) or ""]
    if len(call.args) > position:
        return call.args[position]
    return next((keyword.value for keyword in call.keywords if keyword.arg == "reason"), None)


class Module:
    """One module's functions and module-level dicts, to follow a reason through them."""

    def __init__(self, tree: ast.Module) -> None:
        self.functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
        self.tables = {
            target.id: node.value
            for node in tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }

    def names(self, expr: ast.expr | None, within: ast.FunctionDef | None) -> set[str]:
        """The rule names ``expr`` may be, inside the function ``within``."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.Constant) and expr.value is None:
            return set()
        if isinstance(expr, ast.IfExp):
            return self.names(expr.body, within) | self.names(expr.orelse, within)
        if isinstance(expr, ast.Name) and within is not None:
            if within.name in REFUSERS and expr.id in {arg.arg for arg in within.args.args}:
                return set()  # a refuser handing its own reason on: its callers are read instead
            assigned = [
                node.value
                for node in ast.walk(within)
                if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == expr.id for t in node.targets)
            ]
            if assigned:
                return {name for value in assigned for name in self.names(value, within)}
        if isinstance(expr, ast.Call) and called_name(expr) in self.functions:
            helper = self.functions[str(called_name(expr))]
            returned = [node.value for node in ast.walk(helper) if isinstance(node, ast.Return)]
            return {name for value in returned for name in self.names(value, helper)}
        if isinstance(expr, ast.Call) and called_name(expr) == "get" and isinstance(expr.func, ast.Attribute):
            table = self.tables.get(getattr(expr.func.value, "id", ""))
            if table is not None:
                values = [*table.values, *expr.args[1:2]]
                return {name for value in values for name in self.names(value, within)}
        raise Unfollowed(ast.unparse(expr) if expr is not None else "no reason")


def refusals(tree: ast.Module) -> list[tuple[ast.Call, ast.FunctionDef | None]]:
    """Every call of a refuser in the module, with the innermost function it is made in."""
    found: list[tuple[ast.Call, ast.FunctionDef | None]] = []

    def visit(node: ast.AST, function: ast.FunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call) and called_name(child) in REFUSERS:
                found.append((child, function))
            visit(child, child if isinstance(child, ast.FunctionDef) else function)

    visit(tree, None)
    return found


def raised_rules() -> tuple[dict[str, str], list[str]]:
    """Every rule name the domain may refuse a move by (with one place it is given), and what could not be read."""
    rules: dict[str, str] = {}
    unfollowed: list[str] = []
    for path in sorted(DOMAIN.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = Module(tree)
        for call, function in refusals(tree):
            place = f"{path.relative_to(DOMAIN.parent)}:{call.lineno}"
            try:
                rules.update({name: place for name in module.names(reason_of(call), function)})
            except Unfollowed as error:
                unfollowed.append(f"{place}: {error}")
    return rules, unfollowed


RULES, UNFOLLOWED = raised_rules()


def catalogue_keys(language: str) -> list[str]:
    """The message ids of the service's catalogues in ``language``, each parsed cleanly."""
    found: list[str] = []
    for path in catalogue_files(language, WORDS):
        parsed = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [entry.content for entry in parsed.body if isinstance(entry, fluent.Junk)]
        assert not junk, f"{path}: unparsable {junk[0]!r}"
        found += [entry.id.name for entry in parsed.body if isinstance(entry, fluent.Message)]
    return found


SAMPLE = """
REFUSALS = {"Bury": "NotPending"}


def why(kind, empty):
    if empty:
        return "NoTreats" if kind == "Spend" else "MustRerollAll"
    return REFUSALS.get(kind, "BadArgument")


def decide(kind, empty, seat):
    require(seat == 0, "NotYourTurn")
    problem = why(kind, empty)
    if problem:
        raise engine.IllegalMove(problem, "not now")


def vague(reason):
    raise IllegalMove(reason)
"""


def test_a_reason_is_followed_through_a_variable_a_helper_its_branches_and_a_table_of_the_module():
    tree = ast.parse(SAMPLE)
    module = Module(tree)
    given = [(call, function) for call, function in refusals(tree) if function is not None]

    followed = [module.names(reason_of(call), function) for call, function in given if function.name == "decide"]

    assert followed == [{"NotYourTurn"}, {"NoTreats", "MustRerollAll", "NotPending", "BadArgument"}]
    call, function = next((call, function) for call, function in given if function.name == "vague")
    with pytest.raises(Unfollowed):
        module.names(reason_of(call), function)


def test_every_reason_given_in_the_domain_is_followed_to_its_rule_names():
    assert RULES and not UNFOLLOWED, "reasons this test cannot follow (give a literal, or teach Module.names):\n" + (
        "\n".join(UNFOLLOWED)
    )


def test_every_rule_a_move_may_break_has_a_sentence_in_the_service_catalogues():
    missing = [
        f"{rule_key(rule)} (raised at {place})"
        for rule, place in sorted(RULES.items())
        if not has(rule_key(rule), FALLBACK, WORDS)
    ]

    assert not missing, "no words for these rules in service/core/locales/en.ftl:\n" + "\n".join(missing)


def test_no_sentence_is_kept_for_a_rule_no_game_raises():
    stale = [key for key in catalogue_keys(FALLBACK) if key.startswith("problem-rule-")]

    assert [key for key in stale if key.removeprefix("problem-rule-") not in RULES] == []


def test_every_kind_of_problem_has_a_detail_in_the_service_catalogues():
    assert [kind_detail_key(kind) for kind in KINDS.values() if not has(kind_detail_key(kind), FALLBACK, WORDS)] == []


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != FALLBACK])
def test_every_key_of_the_service_catalogues_is_in_every_language_once(language: str):
    english, other = catalogue_keys(FALLBACK), catalogue_keys(language)

    assert len(set(other)) == len(other), f"{language}: a key given twice"
    assert sorted(set(other) ^ set(english)) == [], f"{language} lacks or adds these keys"


#: The arguments the notifications' sentences take (workers/notifications.py), for them to render here.
NOTICE_ARGS = {"game": "Spots", "count": 3, "seconds": 30, "by": "Ana"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_of_the_service_catalogues_renders(language: str):
    rendered = {
        key: render(message(key, **(NOTICE_ARGS if key.startswith("notify-") else {})), language, root=WORDS)
        for key in catalogue_keys(language)
    }

    assert all(text.strip() for text in rendered.values())


def test_an_english_problem_keeps_its_specific_detail_and_has_no_detail_en():
    refused = Problem(ILLEGAL_MOVE, "it is seat 2's turn", rule="NotYourTurn")

    assert refused.body("en") == {
        "type": ILLEGAL_MOVE.type,
        "title": "Illegal Move",
        "status": 422,
        "detail": "it is seat 2's turn",
        "rule": "NotYourTurn",
    }


def test_an_illegal_move_in_ukrainian_says_its_rule_s_sentence_and_keeps_the_english_detail():
    body = Problem(ILLEGAL_MOVE, "it is seat 2's turn", rule="NotYourTurn").body("uk")

    assert body["detail"] == render(message(rule_key("NotYourTurn")), "uk", root=WORDS) != body["detail_en"]
    assert body["detail_en"] == "it is seat 2's turn" and body["rule"] == "NotYourTurn"
    assert body["title"] == render(message("problem-illegal-move"), "uk", root=WORDS)


def test_a_taken_seat_in_italian_says_its_rule_s_sentence():
    body = Problem(SEAT_TAKEN, "seat 1 is taken", rule="SeatTaken").body("it")

    assert body["detail"] == render(message(rule_key("SeatTaken")), "it", root=WORDS)
    assert body["detail_en"] == "seat 1 is taken"


def test_a_problem_without_a_rule_in_portuguese_says_its_kind_s_sentence():
    body = Problem(NOT_FOUND, "game 'x' does not exist").body("pt")

    assert body["detail"] == render(message(kind_detail_key(NOT_FOUND)), "pt", root=WORDS)
    assert body["detail_en"] == "game 'x' does not exist"


def test_a_rule_without_words_falls_back_to_its_kind_s_sentence():
    body = Problem(ILLEGAL_MOVE, "something new", rule="SomethingNew").body("uk")

    assert body["detail"] == render(message(kind_detail_key(ILLEGAL_MOVE)), "uk", root=WORDS)
    assert body["detail_en"] == "something new" and body["rule"] == "SomethingNew"


def test_an_http_error_of_no_kind_keeps_its_english_detail_in_any_language():
    blank = http_kind(418, "I'm a Teapot")

    body = Problem(blank, "short and stout").body("uk")

    assert body["type"] == BLANK and body["detail"] == "short and stout" and "detail_en" not in body
