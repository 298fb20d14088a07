"""docs/configuration.md lists every environment variable the code reads, only those, and the settings' defaults.

The code is read, not run: its Python files are parsed for reads of the environment, wherever a module lives, so the
check follows the code through any move. The Makefile's variables are those a caller may set: used and never
assigned, or assigned with ``?=``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "docs" / "configuration.md"
MAKEFILE = ROOT / "Makefile"
#: The server, its tools, the bot kit and the examples: every variable named here is read somewhere in them.
PRODUCT = ("domain", "events", "service", "workers", "client", "api_spec", "examples")
#: The tests also name the server's variables to set them for the stacks they start; only their reads count.
TESTS = ("tests",)
#: The server's own variables, however a module reads them (a constant such as the stack's, a helper of its own).
OWN = re.compile(r"DOGPARK_[A-Z0-9_]*[A-Z0-9]")
#: Words without which a file reads no variable.
CLUES = ("environ", "getenv", "env.get", "DOGPARK_")
#: A row of the table: the variable in backticks, its default, what it does.
ROW = re.compile(r"^\| `([A-Z][A-Z0-9_]*)` \| (.*?) \| .* \|$")


def python_files(folders: tuple[str, ...]) -> Iterator[Path]:
    """Every Python file under ``folders`` of the repository."""
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "node_modules" not in path.parts:
                yield path


def literal(node: ast.AST | None) -> str | None:
    """The text of a string constant, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def is_os_environ(node: ast.AST) -> bool:
    """``os.environ`` itself (not a request's WSGI environ)."""
    return isinstance(node, ast.Attribute) and node.attr == "environ" and getattr(node.value, "id", None) == "os"


def environment_reads(tree: ast.AST) -> Iterator[str]:
    """The variables ``tree`` reads: ``os.environ.get(NAME)``, ``os.environ[NAME]``, ``os.getenv(NAME)``, and
    ``env.get(NAME)`` on a mapping of the environment passed in as ``env``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and is_os_environ(node.value) and literal(node.slice):
            yield literal(node.slice)
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args):
            continue
        name, receiver, method = literal(node.args[0]), node.func.value, node.func.attr
        if name is None:
            continue
        if method == "get" and (is_os_environ(receiver) or getattr(receiver, "id", None) == "env"):
            yield name
        if method == "getenv" and getattr(receiver, "id", None) == "os":
            yield name


def own_names(tree: ast.AST) -> Iterator[str]:
    """The string constants of ``tree`` that are a DOGPARK_ variable's name and nothing else."""
    for node in ast.walk(tree):
        text = literal(node)
        if text is not None and OWN.fullmatch(text):
            yield text


def makefile_variables(text: str) -> set[str]:
    """The Makefile's variables a caller may set: used but never assigned, or assigned only as a default (?=)."""
    used = set(re.findall(r"\$\(([A-Z][A-Z0-9_]*)\)", text))
    assigned = set(re.findall(r"^([A-Z][A-Z0-9_]*)\s*:?=", text, re.MULTILINE))
    defaults = set(re.findall(r"^([A-Z][A-Z0-9_]*)\s*\?=", text, re.MULTILINE))
    return (used - assigned) | defaults


@cache
def read_by_the_code() -> frozenset[str]:
    """Every variable the code reads (parsed once: the code is about 2 MB)."""
    names = makefile_variables(MAKEFILE.read_text())
    for folders, finds in ((PRODUCT, (environment_reads, own_names)), (TESTS, (environment_reads,))):
        for path in python_files(folders):
            text = path.read_text()
            if any(word in text for word in CLUES):  # the rest cannot read one: not worth parsing
                tree = ast.parse(text, str(path))
                names |= {name for find in finds for name in find(tree)}
    return frozenset(names)


def table() -> dict[str, str]:
    """The table's variables, each with its default as written."""
    rows = (ROW.match(line) for line in TABLE.read_text().splitlines())
    return {row.group(1): row.group(2) for row in rows if row}


def settings_defaults() -> dict[str, object]:
    """Each setting's environment variable, with the default of its field in the ``Settings`` class."""
    for path in python_files(PRODUCT):
        text = path.read_text()
        if "class Settings" not in text:
            continue
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.ClassDef) and node.name == "Settings":
                return variables_of_fields(node)
    raise AssertionError("no Settings class in the code")


def variables_of_fields(settings: ast.ClassDef) -> dict[str, object]:
    """{variable: the default of the field it sets} from the class's fields and its ``from_env``."""
    defaults = {
        field.target.id: ast.literal_eval(field.value)
        for field in settings.body
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name) and field.value is not None
    }
    from_env = next(f for f in settings.body if isinstance(f, ast.FunctionDef) and f.name == "from_env")
    build = next(n for n in ast.walk(from_env) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "cls")
    found = {}
    for keyword in build.keywords:
        names = list(environment_reads(keyword.value))
        assert len(names) == 1, f"Settings.{keyword.arg} reads {names}: one variable each"
        found[names[0]] = defaults[keyword.arg]
    return found


def test_the_table_lists_every_variable_the_code_reads():
    missing = read_by_the_code() - set(table())
    assert not missing, f"read by the code, missing from docs/configuration.md: {sorted(missing)}"


def test_the_table_lists_no_variable_the_code_does_not_read():
    stale = set(table()) - read_by_the_code()
    assert not stale, f"in docs/configuration.md, read nowhere in the code: {sorted(stale)}"


def test_every_settings_default_in_the_table_is_the_codes():
    documented = table()
    for variable, default in settings_defaults().items():
        assert variable in documented, f"{variable} sets a field of Settings and is not in the table"
        written = documented[variable]
        if isinstance(default, bool) or default in (None, ()):
            continue  # "none" and the like: said in words
        if isinstance(default, tuple):
            listed = ",".join(map(str, default))
            assert f"`{listed}`" in written, f"{variable}: the code's default is {listed}, the table's {written}"
        elif isinstance(default, int | float):
            number = re.match(r"`?([0-9.]+)", written)
            assert number and float(number.group(1)) == default, f"{variable}: the code's default is {default}"
        else:
            assert f"`{default}`" in written, f"{variable}: the code's default is {default!r}, the table's {written}"


def test_the_scan_finds_reads_of_every_kind():
    """The parser sees each way the code reads a variable, and not a request's WSGI environ."""
    code = """
import os
os.environ.get("A_VAR"); os.environ["B_VAR"]; os.getenv("C_VAR"); env.get("D_VAR", 1)
request.environ.get("HTTP_AUTHORIZATION"); extra_env.get("E_VAR")
NAME = "DOGPARK_CONSTANT"
"""
    tree = ast.parse(code)
    assert sorted(environment_reads(tree)) == ["A_VAR", "B_VAR", "C_VAR", "D_VAR"]
    assert list(own_names(tree)) == ["DOGPARK_CONSTANT"]
    assert makefile_variables("A := 1\nB ?= 2\nrun:\n\techo $(A) $(B) $(C)\n") == {"B", "C"}
