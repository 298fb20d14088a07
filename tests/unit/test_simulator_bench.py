"""make bench's simulator part prints a row of figures for every game it plays (no time is asserted)."""

from __future__ import annotations

import gc

from tests.bench import simulator


def test_the_simulator_prints_a_full_row_per_game_and_unfreezes_the_collector(capsys):
    simulator.main(["--playouts", "1"])

    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[0].split("  "), lines[2:]
    # A row's game is three words ("spots 2p (compiled)"), each other column one.
    assert [(row.split()[0], row.split()[3]) for row in rows] == [(game, moves) for game, _, moves in simulator.PLAYED]
    assert all(row.split()[2] in ("(compiled)", "(source)") for row in rows)
    assert all(len(row.split()) == len([name for name in header if name.strip()]) + 2 for row in rows)
    assert gc.get_freeze_count() == 0
