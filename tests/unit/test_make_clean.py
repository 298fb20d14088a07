"""`make clean` removes what builds and tests leave behind, never the data of `make run` (var/)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def removed_by(target: str) -> list[str]:
    """The paths `make TARGET` would delete (a dry run)."""
    dry = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True)
    return [word for line in dry.stdout.splitlines() if line.startswith("rm ") for word in line.split()[2:]]


def test_make_clean_keeps_the_data_of_make_run():
    assert ".venv" in removed_by("clean") and "var" not in removed_by("clean")


def test_make_clean_data_deletes_it_when_asked():
    assert removed_by("clean-data") == ["var"]
