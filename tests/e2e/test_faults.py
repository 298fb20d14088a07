"""The fast versions of `make faults`: each scenario runs a private stack on a redis-server of its own."""

from __future__ import annotations

from tests.faults import scenarios


def _passes(report: scenarios.Report) -> None:
    print(f"\n{report.name}\n  " + "\n  ".join(report.lines))
    assert report.problems == []


def test_a_storm_of_retries_and_stale_commands_loses_nothing_and_applies_nothing_twice():
    _passes(scenarios.command_storm(clients=4, commands=25, games=1))


def test_redis_killed_mid_storm_keeps_every_acknowledged_command():
    _passes(scenarios.redis_killed_mid_storm(clients=4, commands=80))


def test_bot_games_move_again_after_redis_was_frozen():
    _passes(scenarios.redis_outage("frozen", seconds=3, games=3))
