"""Spots' rules run compiled by mypyc where `make install` built them, never stale, and play as their source does.

The guard (domain/compiled.py) is tried on packages of its own in a temporary folder, whose modules are compiled
from a few lines of C: what the guard looks at is an extension beside a source and the manifest's hash of that
source, whatever compiled it.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from domain import compiled
from domain.playout import play
from domain.spots import RULES
from domain.spots.bots import random_bot

ROOT = Path(__file__).resolve().parents[2]
SPOTS = ROOT / "domain" / "spots"
#: Seeded random games per player count compared compiled and from source (their views made at every decision).
GAMES = 3
#: The player counts compared: solo (Pes's turns), and the two and three seats of most games.
PLAYERS = (1, 2, 3)
#: A module in C that says it was compiled; its source twin says ``source``.
EXTENSION = """
#include <Python.h>
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "%(name)s", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_%(name)s(void) {
    PyObject *made = PyModule_Create(&module);
    if (made != NULL) PyModule_AddStringConstant(made, "BUILD", "compiled");
    return made;
}
"""
COMPILER = shlex.split(sysconfig.get_config_var("CC") or "cc")
needs_compiler = pytest.mark.skipif(
    shutil.which(COMPILER[0]) is None or not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists(),
    reason="no C compiler or Python headers",
)


@pytest.fixture
def package(tmp_path, monkeypatch, request):
    """A package in a temporary folder, guarded as domain/spots is; its finders and modules forgotten after."""
    name = f"guarded_{request.node.name.replace('[', '_').replace(']', '').replace('-', '_')}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("from domain.compiled import guard\n\nguard(__name__, __path__)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.delenv(compiled.SWITCH, raising=False)
    yield name, folder
    for loaded in [module for module in sys.modules if module == name or module.startswith(f"{name}.")]:
        del sys.modules[loaded]


def module(folder: Path, name: str) -> None:
    """A module twice over: its source (``BUILD = "source"``) and its extension compiled from C beside it."""
    (folder / f"{name}.py").write_text('BUILD = "source"\n')
    (folder / f"{name}.c").write_text(EXTENSION % {"name": name})
    subprocess.run(
        [*COMPILER, "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}", str(folder / f"{name}.c"),
         "-o", str(folder / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}")],
        check=True,
    )


def manifest(folder: Path, *names: str) -> None:
    """The build's manifest of the modules' sources as they are now, as `make install` writes it."""
    lines = [f"{hashlib.sha256((folder / f'{name}.py').read_bytes()).hexdigest()}  {name}.py\n" for name in names]
    (folder / compiled.MANIFEST).write_text("".join(lines))


def built(package: str, name: str) -> str:
    """What the package's module says it is, imported as the package's code would import it."""
    return importlib.import_module(f"{package}.{name}").BUILD


def spots_digest(games: int) -> str:
    """The sha256 of the events of seeded random games of Spots, ``games`` for each count in PLAYERS."""
    digest = hashlib.sha256()
    for players in PLAYERS:
        for game in range(games):
            events = play(RULES, players, [random_bot] * players, f"compiled-{players}-{game}").events
            digest.update(json.dumps(events, sort_keys=True).encode())
    return digest.hexdigest()


@needs_compiler
def test_a_module_compiled_from_its_source_as_it_is_runs_compiled(package, recwarn):
    name, folder = package
    module(folder, "fast")
    manifest(folder, "fast")
    assert built(name, "fast") == "compiled"
    assert compiled.build(name) == "compiled"
    assert not [warning for warning in recwarn if warning.category is RuntimeWarning]


@needs_compiler
def test_a_module_whose_source_changed_since_it_was_compiled_runs_from_source_with_a_warning(package):
    name, folder = package
    module(folder, "fast")
    manifest(folder, "fast")
    (folder / "fast.py").write_text('BUILD = "source"  # edited\n')
    with pytest.warns(RuntimeWarning, match=r"fast changed since compiled.*`make install`"):
        assert built(name, "fast") == "source"
    assert compiled.build(name) == "source"


@needs_compiler
def test_one_stale_module_sends_every_module_compiled_with_it_to_source(package):
    name, folder = package
    module(folder, "fast")
    module(folder, "quick")
    manifest(folder, "fast", "quick")
    (folder / "quick.py").write_text('BUILD = "source"  # edited\n')
    with pytest.warns(RuntimeWarning, match=r"quick changed since compiled.*\(fast, quick\)"):
        assert (built(name, "fast"), built(name, "quick")) == ("source", "source")


@needs_compiler
def test_an_extension_without_a_manifest_runs_from_source(package):
    name, folder = package
    module(folder, "fast")
    with pytest.warns(RuntimeWarning, match="fast changed since compiled"):
        assert built(name, "fast") == "source"


@needs_compiler
def test_dogpark_compiled_0_runs_a_current_build_from_source_without_a_warning(package, monkeypatch, recwarn):
    name, folder = package
    module(folder, "fast")
    manifest(folder, "fast")
    monkeypatch.setenv(compiled.SWITCH, "0")
    assert built(name, "fast") == "source"
    assert not [warning for warning in recwarn if warning.category is RuntimeWarning]


def test_where_make_install_compiled_spots_every_module_of_the_build_runs_compiled():
    if not (SPOTS / compiled.MANIFEST).exists():
        pytest.skip("no compiled build of Spots (make install found no C compiler)")
    if os.environ.get(compiled.SWITCH) == "0":
        pytest.skip(f"{compiled.SWITCH}=0 runs Spots from source")
    names = [line.split()[1].removesuffix(".py") for line in (SPOTS / compiled.MANIFEST).read_text().splitlines()]
    source = [
        name for name in names
        if not importlib.import_module(f"domain.spots.{name}").__file__.endswith(tuple(EXTENSION_SUFFIXES))
    ]
    assert source == [], "these Spots modules run from source: their build is stale (`make install` compiles them)"


def test_spots_random_games_give_the_same_events_compiled_as_from_source():
    if compiled.build("domain.spots") != "compiled":
        pytest.skip("Spots runs from source here: nothing to compare")
    from_source = subprocess.run(
        [sys.executable, "-c", "from domain.compiled import build; from tests.unit.test_compiled import spots_digest;"
         f"print(build('domain.spots'), spots_digest({GAMES}))"],
        cwd=ROOT, env={**os.environ, compiled.SWITCH: "0"}, capture_output=True, text=True, check=True,
    ).stdout.split()
    assert from_source == ["source", spots_digest(GAMES)]
