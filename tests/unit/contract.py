"""The contract every game's rules module must keep, checked over random playouts.

Each game's test module calls ``check_playout`` for its seeds and player counts,
passing a function that asserts the game's own invariants on a state.

No view of any seat or of a spectator, and no event as redacted for them, may reveal what the game declares
secret from them (``Rules.secrets``), at any version of the log: a replay may stop anywhere.

"legal_moves is exact" is checked as: every listed move is accepted, and a command
that is not listed is refused unless it is another form of a listed move, one that
decide turns into the very same events (DOGS lists one dog per breed and place, and
accepts any of them). A listed move with a field no command takes is refused all the same: it would be
stored as sent.
"""

from __future__ import annotations

import copy
import os
import random
from collections.abc import Callable
from typing import Any

import orjson

from domain.engine import Command, Event, IllegalMove, Rules, Secret, State, rng_for
from domain.playout import MAX_COMMANDS, next_actor
from domain.secrecy import find_leaks

Invariants = Callable[[State], None]


def no_invariants(state: State) -> None:
    """For a playout that checks the contract alone (each game's own invariants are its playout tests' business)."""


def playout_games(default: int) -> int:
    """Random games per player count: ``default`` in `make test`, DOGPARK_PLAYOUTS (200 in `make soak`) if set."""
    return int(os.environ.get("DOGPARK_PLAYOUTS", default))

#: Commands of every malformed shape a client might send; decide must refuse each with IllegalMove.
MALFORMED: list[Command] = [{}, {"type": None}, {"type": 7}, {"type": "NoSuchCommand"}]


def _rejects(rules: Rules, state: State, seat: int | None, command: Any, legal: list[Command], seed: str) -> None:
    """An unlisted command is refused, unless it is an equivalent form of a listed one (the same events)."""
    try:
        events = rules.decide(state, seat, command, rng_for(seed, 0))
    except IllegalMove:
        return
    if any(rules.decide(state, seat, move, rng_for(seed, 0)) == events for move in legal):
        return
    raise AssertionError(f"seat {seat} may not {command!r}, yet decide gave {events!r}")


def _refuses_unknown_fields(rules: Rules, state: State, seat: int, move: Command, seed: str) -> None:
    """A listed move with a field no command has is refused, not stored as sent (a padded command would be)."""
    padded = {**move, "padding": "x" * 64}
    try:
        events = rules.decide(state, seat, padded, rng_for(seed, 0))
    except IllegalMove:
        return
    raise AssertionError(f"seat {seat} sent {padded!r}, an unknown field, yet decide gave {events!r}")


def _malformed_variants(move: Command) -> list[Any]:
    """The same command with each argument dropped or given a value of the wrong type."""
    out: list[Any] = []
    for key in move:
        if key == "type":
            continue
        out.append({k: v for k, v in move.items() if k != key})
        for junk in (None, "x", -1, 10**9, [], {}, True, 1.5):
            if type(junk) is not type(move[key]):
                out.append({**move, key: junk})
    return out


def check_playout(
    rules: Rules,
    players: int,
    seed: str,
    invariants: Invariants,
    options: dict[str, Any] | None = None,
    bot: str = "random",
    samples: int = 2,
) -> list[dict]:
    """Play one random game checking the contract at every step; return its events."""
    options = rules.normalize_options(options or {}, players)
    pick = random.Random(f"check:{seed}")
    events = rules.setup(players, options, rng_for(seed, 1))
    state = None
    for version, ev in enumerate(copy.deepcopy(events), start=1):
        state = rules.evolve(state, ev)
        _check_shown(rules, state, players, version, ev)
    invariants(state)
    recent: list[Command] = []
    for step in range(MAX_COMMANDS):
        # One dump per step serves both checks: the JSON round trip, and that no decide below mutates the state.
        # orjson's (several times quicker): it refuses what the standard library would not round-trip either, and an
        # int past 64 bits, which no game holds.
        before = orjson.dumps(state)
        assert orjson.loads(before) == state, "state does not survive a JSON round trip"
        if rules.is_over(state):
            assert rules.to_act(state) == [] and rules.automatic(state) == []
            assert all(rules.legal_moves(state, s) == [] for s in range(players))
            assert rules.fold(copy.deepcopy(events)) == state, "folding the log differs from the live state"
            return events
        acting = rules.to_act(state)
        listed = {seat: rules.legal_moves(state, seat) for seat in range(players)}
        for seat, legal in listed.items():
            assert (seat in acting) == bool(legal), f"seat {seat}: to_act and legal_moves disagree"
            # Listed moves are accepted (a sample of them, on the untouched state).
            for move in pick.sample(legal, min(samples, len(legal))):
                rules.decide(state, seat, move, rng_for(seed, step))
            # Unlisted moves are rejected: other seats' moves, recent moves, malformed ones.
            others = [m for s in acting if s != seat for m in listed[s]]
            pool = pick.sample(others, min(samples, len(others))) + pick.sample(recent, min(samples, len(recent)))
            if legal:
                sampled = pick.choice(legal)
                _refuses_unknown_fields(rules, state, seat, sampled, seed)
                variants = _malformed_variants(sampled)
                pool += pick.sample(variants, min(2, len(variants))) + MALFORMED
            for move in pool:
                if move not in legal:
                    _rejects(rules, state, seat, move, legal, seed)
        assert orjson.dumps(state) == before, f"a decide at step {step} mutated the state"
        seat, command = next_actor(rules, state)
        if command is None:
            command = rules.bots[bot](rules.view(state, seat), listed[seat], pick)
            recent = (recent + listed[seat])[-50:]
            # A view may share its parts with the state (views are read, never changed): neither making it nor the
            # bot reading it may change the state.
            assert orjson.dumps(state) == before, f"the view at step {step}, or the bot reading it, changed the state"
        for ev in rules.decide(state, seat, command, rng_for(seed, len(events) + 1)):
            orjson.dumps(ev)
            events.append(ev)
            state = rules.evolve(state, ev)
            invariants(state)
            _check_shown(rules, state, players, len(events), ev)
    raise AssertionError(f"game {seed} did not end")


def _check_shown(rules: Rules, state: State, players: int, version: int, last: Event) -> None:
    """A replay stopped at ``version`` can be shown, and shows nobody a secret.

    A replay may stop between any two events, even inside the setup or one command's batch, so who acts and every
    view (the spectator's and each seat's) must be computable on every prefix of the log, and neither the view
    nor ``last``, the event that made this version, as redacted for the same seat, may reveal what the game
    declares secret from that seat now. Each event is checked against the state right after it: an earlier
    event may show what becomes secret later (cards shuffled back into a deck).
    """
    rules.to_act(state)
    checked: list[tuple[Any, list[Secret]]] = []
    for seat in (None, *range(players)):
        secrets = rules.secrets(state, seat)
        for shown, what in ((rules.view(state, seat), "view"), (rules.redact(last, seat), last["type"])):
            if (shown, secrets) in checked:  # seats are often shown the same: look once
                continue
            checked.append((shown, secrets))
            leaked = find_leaks(shown, secrets)
            assert not leaked, f"version {version}: the {what} shown to seat {seat} reveals {leaked}"
