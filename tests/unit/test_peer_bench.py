"""The peer bench's own arithmetic: who holds a connection, and the ratios paired within a round."""

from __future__ import annotations

import os
import socket

from tests.bench.peer import CPUS, SYSTEMS, Run, connection_owners, summary


def run(system: str, round_: int, moves: int, cpu: float) -> Run:
    """A 10-second run at 8 matches with these moves and server CPU seconds."""
    return Run(system, 8, round_, moves, 10.0, {}, cpu, 0.0, 0.0, 1.0, 2.0)


def test_a_connection_is_found_held_by_the_process_that_accepted_it():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port)) as client:
            accepted, _ = listener.accept()
            with accepted:
                owners = connection_owners([os.getpid()], port)
                assert owners == {client.getsockname()[1]: os.getpid()}
                assert connection_owners([], port) == {}


def test_ratios_pair_the_runs_of_one_round_and_take_their_median():
    runs = [
        run("dogpark", 1, 1000, 2.0),
        run("bgio-memory", 1, 1500, 0.6),
        run("bgio-flatfile", 1, 400, 1.0),
        run("dogpark", 2, 900, 2.0),
        run("bgio-memory", 2, 1500, 0.6),
    ]
    lines = "\n".join(summary(runs, [8], list(SYSTEMS)))
    assert "dogpark / boardgame.io FlatFile: 2.50x (rounds: 2.50; target >= 2.0x) ok" in lines
    assert "dogpark / boardgame.io in memory: 0.63x (rounds: 0.67, 0.60; target >= 0.5x) ok" in lines
    # CPU alone: dogpark on every CPU, 1000 then 900 moves for 2 s of CPU; boardgame.io on one, 1500 for 0.6 s.
    rounds = [CPUS * 1000 / 2 / 2500, CPUS * 900 / 2 / 2500]
    assert f"bound: {sum(rounds) / 2:.2f}x (rounds: {rounds[0]:.2f}, {rounds[1]:.2f})" in lines
