"""``Rules.apply``, a search's step on a state of its own, gives what ``decide`` then ``fold`` give.

Two copies of each seeded random game are played side by side, one by ``decide`` and ``fold``, one by ``apply``
alone: after every command their states are equal and so are the command's events, and at the end the events
``apply`` returned still read as they did (none shares a list with the state that later commands changed).
"""

from __future__ import annotations

import json
import random

import pytest

from domain.catalogue import GAMES
from domain.engine import rng_for
from domain.playout import due_step

#: (game, players, options, commands): Pes's automatic turns in solo Spots; A Dog's Life's deadlines and timed end,
#: which its system commands handle, and the server's route choice.
PLAYED = [
    ("felix", 4, {}, 400),
    ("spots", 2, {}, 1500),
    ("spots", 1, {}, 1500),
    ("dogs", 2, {}, 400),
    ("dogs", 4, {}, 400),
    ("dogslife", 3, {}, 1500),
    ("dogslife", 2, {"route_deadline_seconds": 20, "action_deadline_seconds": 30, "timed_rounds": 4}, 1500),
    ("dogslife", 4, {"dog_assignment": "choose", "timed_minutes": 5}, 1500),
]


@pytest.mark.parametrize(("game", "players", "options", "commands"), PLAYED, ids=[f"{p[0]}-{p[1]}" for p in PLAYED])
@pytest.mark.parametrize("seed", [1, 2])
def test_apply_gives_the_state_and_events_that_decide_and_fold_give(game, players, options, commands, seed):
    rules = GAMES[game]
    setup = rules.setup(players, rules.normalize_options(options, players), rng_for(f"apply-{seed}", 1))
    decided, applied = rules.fold(setup), rules.fold(setup)
    chooser = random.Random(seed)
    logged, returned = [], []
    for _ in range(commands):
        if rules.result(decided) is not None:
            break
        command = due_step(rules, decided)
        seat = None
        if command is None:
            seat = rules.to_act(decided)[0]
            command = chooser.choice(rules.legal_moves(decided, seat))
        draws = chooser.getrandbits(64)
        events = rules.decide(decided, seat, command, random.Random(draws))
        logged.append(json.dumps(events))
        decided = rules.fold(events, decided)
        events_applied, applied = rules.apply(applied, seat, command, random.Random(draws))
        returned.append(events_applied)
        assert events_applied == events and applied == decided, f"after {command}"

    assert len(logged) > 20
    assert [json.dumps(events) for events in returned] == logged
