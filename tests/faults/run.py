"""`make faults`: every fault scenario against a private stack, each printing its figures.

    python -m tests.faults.run            # the full scenarios (several minutes)
    python -m tests.faults.run --fast     # the small versions `make test` also runs
    python -m tests.faults.run --only storm,streams

`defaults` has no small version (its point is the default timeouts, which it outlasts): --fast leaves it out.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from tests.faults import abuse, defaults, failover, scenarios, spectators, streams
from tests.faults.scenarios import Report

#: name -> (the full scenario, the fast one, or None for a scenario with no small version).
SCENARIOS: dict[str, tuple[Callable[[], Report], Callable[[], Report] | None]] = {
    "storm": (lambda: scenarios.command_storm(16, 200, 1), lambda: scenarios.command_storm(4, 25, 1)),
    "storm16": (lambda: scenarios.command_storm(16, 200, 16), lambda: scenarios.command_storm(4, 25, 4)),
    "redis-kill": (lambda: scenarios.redis_killed_mid_storm(16, 200), lambda: scenarios.redis_killed_mid_storm(4, 80)),
    "redis-kill-fsync": (lambda: scenarios.redis_killed_mid_storm(16, 200, durability="fsync"),
                         lambda: scenarios.redis_killed_mid_storm(4, 80, durability="fsync")),
    "cluster-failover": (lambda: failover.scenario(16, 200), lambda: failover.scenario(4, 60)),
    "cluster-failover-2": (lambda: failover.scenario(16, 200, 2), lambda: failover.scenario(4, 60, 2)),
    "workers-kill": (lambda: scenarios.workers_killed(8), lambda: scenarios.workers_killed(3)),
    "gunicorn-kill": (lambda: scenarios.gunicorn_worker_killed(16, 200),
                      lambda: scenarios.gunicorn_worker_killed(4, 40)),
    "redis-down": (lambda: scenarios.redis_outage("down", 10), lambda: scenarios.redis_outage("down", 3, 3)),
    "redis-frozen": (lambda: scenarios.redis_outage("frozen", 10), lambda: scenarios.redis_outage("frozen", 3, 3)),
    "streams": (lambda: streams.scenario(500), lambda: streams.scenario(60)),
    "defaults": (defaults.scenario, None),
    "replays": (abuse.replays, lambda: abuse.replays(parallel=4, seconds=3, moves=2000)),
    "bot-games": (abuse.bot_games, lambda: abuse.bot_games(seconds=8)),
    "slow-bot": (abuse.slow_bot, lambda: abuse.slow_bot(games=20, timeout=1, honest_games=3)),
    "metrics-labels": (abuse.metrics_labels, lambda: abuse.metrics_labels(methods=50)),
    "slow-bodies": (abuse.slow_bodies, lambda: abuse.slow_bodies(count=600, seconds=5)),
    "stream-slots": (spectators.stream_slots, lambda: spectators.stream_slots(streams=100, seconds=3)),
    "spectators": (spectators.spectators, lambda: spectators.spectators(commands=100)),
}


def main() -> int:
    """Run the scenarios asked for; exit 1 if any found a problem."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fast", action="store_true", help="the small versions")
    parser.add_argument("--only", default=",".join(SCENARIOS), help="comma-separated scenario names")
    args = parser.parse_args()
    names = [name for name in args.only.split(",") if not (args.fast and SCENARIOS[name][1] is None)]
    failed = 0
    for name in names:
        full, fast = SCENARIOS[name]
        failed += (fast if args.fast else full)().show()
    print(f"\n{len(names) - failed} scenarios passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
