"""The fast versions of `make faults`: each scenario runs a private stack on a redis-server of its own."""

from __future__ import annotations

from tests.faults import scenarios


def _passes(report: scenarios.Report) -> None:
    print(f"\n{report.name}\n  " + "\n  ".join(report.lines))
    assert report.problems == []


def test_a_storm_of_retries_and_stale_commands_loses_nothing_and_applies_nothing_twice():
    _passes(scenarios.command_storm(clients=4, commands=25, games=1))


def test_redis_killed_mid_storm_in_fsync_mode_keeps_every_acknowledged_command_and_the_games_go_on():
    _passes(scenarios.redis_killed_mid_storm(clients=4, commands=80, durability="fsync"))


def test_while_redis_is_frozen_every_answer_is_a_prompt_503_problem_and_everything_moves_again_after():
    _passes(scenarios.redis_outage("frozen", seconds=3, games=3))
