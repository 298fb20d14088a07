"""A package's modules compiled by mypyc run compiled only while their sources are the ones compiled.

``make install`` compiles some modules of a package in place (an extension beside each source: Spots' rules, see the
Makefile) and writes a manifest of their sources' hashes (``native.sha256``). An editable install would otherwise run
the extension after any edit of its source, silently. ``guard``, called by the package's ``__init__`` before any of
its modules is imported, compares the hashes with the sources on disk: when one differs, or the manifest is missing,
every compiled module of the package is loaded from its source, with one warning. All of them, not the changed one
alone: mypyc's modules of one build import and call one another natively, so a compiled module beside a changed one
would still run the changed one's compiled, stale code. ``DOGPARK_COMPILED=0`` loads them all from source too.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

#: The manifest beside the compiled modules: ``sha256sum``'s lines, "<hash>  <module>.py", written by the build.
MANIFEST = "native.sha256"
#: ``0``: the compiled modules are loaded from source even when their build is current.
SWITCH = "DOGPARK_COMPILED"


class FromSource(MetaPathFinder):
    """Finds the named modules of one package at their sources, ahead of the finders that would take the extension."""

    def __init__(self, package: str, directory: Path, modules: Sequence[str]) -> None:
        self.package, self.directory, self.modules = package, directory, frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The source's spec for a module of the package's compiled build; None leaves every other to the rest."""
        package, _, name = fullname.rpartition(".")
        if package != self.package or name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, self.directory / f"{name}.py")


def compiled(directory: Path) -> list[str]:
    """The modules in a package's directory that have an extension beside their source."""
    return sorted(
        source.stem for source in directory.glob("*.py")
        if any((directory / f"{source.stem}{suffix}").exists() for suffix in EXTENSION_SUFFIXES)
    )


def stale(directory: Path, modules: list[str]) -> list[str]:
    """The modules whose source is not the one the manifest says was compiled (all of them without a manifest)."""
    manifest = directory / MANIFEST
    if not manifest.exists():
        return modules
    built = {source: digest for digest, source in (line.split() for line in manifest.read_text().splitlines())}
    return [
        name for name in modules
        if built.get(f"{name}.py") != hashlib.sha256((directory / f"{name}.py").read_bytes()).hexdigest()
    ]


def guard(package: str, path: Sequence[str]) -> FromSource | None:
    """Load the package's compiled modules from source when one is stale (with a warning) or ``DOGPARK_COMPILED=0``:
    the finder installed first on ``sys.meta_path``, or None when the compiled build is used (or there is none)."""
    directory = Path(path[0])
    modules = compiled(directory)
    if not modules:
        return None
    if os.environ.get(SWITCH) != "0":
        changed = stale(directory, modules)
        if not changed:
            return None
        warnings.warn(
            f"{package}: {', '.join(changed)} changed since compiled, so its compiled modules ({', '.join(modules)}) "
            "run from source, slower, until `make install` compiles them again",
            RuntimeWarning,
            stacklevel=2,
        )
    finder = FromSource(package, directory, modules)
    sys.meta_path.insert(0, finder)
    return finder


def build(package: str) -> str:
    """``compiled`` when modules of the package run compiled in this process, else ``source``."""
    return "compiled" if any(
        name.startswith(f"{package}.") and str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
        for name, module in list(sys.modules.items())
    ) else "source"
