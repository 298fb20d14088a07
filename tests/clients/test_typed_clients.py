"""A client generated from the OpenAPI document is typed: the document the app serves makes, with openapi-typescript
and openapi-python-client, clients whose types let a small program play a game (play.ts, checked by tsc --strict;
play.py, checked by mypy --strict). Every field an answer always holds is present in those types, a view's state
narrows on its game and a command on its type.

The TypeScript tools come from the npm registry by tests/clients/package-lock.json (npm ci, when node_modules is
missing or older than the lock file), as `make bench-peer` installs boardgame.io; without node the TypeScript check
is skipped. openapi-python-client is one of the test extras (setup.cfg).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from service.core.config import Settings
from service.http.app import create_app

HERE = Path(__file__).parent
BIN = Path(sys.executable).parent
#: The generated Python package's name, as play.py imports it.
PACKAGE = "dogpark_api"


def run(command: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in ``cwd``, its output captured."""
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
        check=False,
    )


@pytest.fixture(scope="module")
def served(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The OpenAPI document the app serves, as a file."""
    path = tmp_path_factory.mktemp("document") / "openapi.json"
    with create_app(Settings(redis_url=redis_url)).test_client() as client:
        path.write_text(json.dumps(client.get("/v1/openapi.json").get_json()))
    return path


@pytest.fixture
def kept(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """A folder kept between runs, in pytest's cache (.pytest_cache), for the type checkers' incremental caches: a
    cold check spends most of its time on what never changes (the standard library, httpx, the DOM's types), and both
    checkers check again whatever did change. The test's own folder when pytest keeps no cache."""
    cache = getattr(request.config, "cache", None)
    return cache.mkdir("typed-clients") if cache is not None else tmp_path


def node_modules() -> Path:
    """tests/clients/node_modules, installed by the lock file when missing or older than it."""
    installed, lock = HERE / "node_modules" / ".package-lock.json", HERE / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        done = run(["npm", "ci", "--silent", "--no-audit", "--no-fund"], HERE)
        assert done.returncode == 0, done.stderr
    return HERE / "node_modules"


@pytest.mark.skipif(shutil.which("node") is None or shutil.which("npm") is None, reason="no node and npm")
def test_a_typescript_program_plays_a_move_through_the_generated_client_and_type_checks(served, kept):
    tools = node_modules() / ".bin"
    generated = run([tools / "openapi-typescript", served, "-o", HERE / "generated" / "dogpark.d.ts"], HERE)
    assert generated.returncode == 0, generated.stderr

    checked = run([tools / "tsc", "-p", "tsconfig.json", "--incremental", "--tsBuildInfoFile", kept / "tsbuildinfo"],
                  HERE)

    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_python_program_plays_a_move_through_the_generated_client_and_type_checks(served, tmp_path, kept):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"package_name_override": PACKAGE, "post_hooks": []}))
    options = ["--meta", "none", "--config", config, "--output-path", tmp_path / PACKAGE]
    generated = run([BIN / "openapi-python-client", "generate", "--path", served, *options], tmp_path)
    assert generated.returncode == 0 and "Warning" not in generated.stdout, generated.stdout + generated.stderr

    checked = run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", os.devnull, "--cache-dir", kept / "mypy",
         HERE / "play.py"],
        tmp_path,
        MYPYPATH=str(tmp_path),
    )

    assert checked.returncode == 0, checked.stdout + checked.stderr
