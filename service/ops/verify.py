"""Checking a finished game's audit independently: the hash chain, the seed, every event and bot move recomputed.

A built-in bot chooses with an rng derived from the secret seed (domain.engine.bot_rng), so once the seed is
revealed its every move can be recomputed from its view at that version. A fallback bot playing a person's seat
(timed out, absent, resigned or forfeited) moves by the system's PlayFor, whose move the table itself chooses:
replaying the command recomputes it, and its actor must name the bot and why it played. Every ExpireClock is
replayed at the time its events were sealed with, and the table refuses one before its deadline, so an expiry
logged early fails the replay. A registered (webhook) bot chooses where the server cannot see how, so its moves
are only checked to be legal; its fallback's moves are recomputed like a built-in bot's. So are the moves of a level
that thinks (``medium``, ``hard``: a search whose budget is partly a time, domain/table/bots.py), in a bot seat of its
own or brought by a PlayFor with ``move`` for a person's seat: the replay checks they are legal, and their actor must
name the level (and why it played a person's seat), but they are not recomputed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from domain import table as tables
from domain.engine import IllegalMove, rng_for
from domain.schedule import controller_actor
from events.envelope import Actor, canonical_json, verify_chain


@dataclass
class Verdict:
    """What verify found: problems (empty if the game checks out), the recomputed result, the bot moves checked."""

    problems: list[str] = field(default_factory=list)
    events: int = 0
    #: Moves of built-in bots recomputed from their view and their rng.
    bot_moves: int = 0
    result: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems


def verify(audit: dict[str, Any]) -> Verdict:
    """Check an audit document as served by GET /v1/games/{id}/audit."""
    verdict = Verdict(events=len(audit.get("events", [])))
    envelopes, seed, commands = audit.get("events", []), audit.get("seed", ""), audit.get("commands", {})
    broken = verify_chain(envelopes)
    if broken is not None:
        verdict.problems.append(f"the hash chain breaks at version {broken}")
    if not envelopes or envelopes[0]["type"] != "TableOpened":
        verdict.problems.append("the log does not open with TableOpened")
        return verdict
    if tables.seed_digest(seed) != envelopes[0]["data"]["seed_sha256"]:
        verdict.problems.append("the revealed seed does not match the commitment in TableOpened")
    table = None
    for command_id, group in groupby(envelopes, key=lambda e: e["command_id"]):
        batch = list(group)
        first = batch[0]["version"]
        recorded = commands.get(command_id)
        if recorded is None:
            verdict.problems.append(f"version {first}: no command recorded for {command_id!r}")
            return verdict
        if table is not None:
            problem, recomputed = _check_actor(table, recorded, batch[0].get("actor"), seed)
            verdict.bot_moves += recomputed
            verdict.problems += [problem] if problem else []
        try:
            # The command was decided at the time its events were sealed with.
            rng, now = rng_for(seed, first), batch[0]["time"]
            expected, table = tables.apply(table, recorded["seat"], recorded["command"], rng, seed, now)
        except (IllegalMove, KeyError, TypeError) as refused:
            verdict.problems.append(f"version {first}: the rules refuse the recorded command: {refused}")
            return verdict
        got = [{"type": e["type"], "data": e["data"]} for e in batch]
        if canonical_json(expected) != canonical_json(got):
            verdict.problems.append(f"versions {first}-{batch[-1]['version']}: the events differ from the rules'")
            return verdict
    if table is None or table["status"] != "finished":
        verdict.problems.append("the log does not reach the end of the game")
    else:
        verdict.result = tables.result(table)
    return verdict


def _check_actor(table: tables.Table, recorded: dict[str, Any], actor: Actor, seed: str) -> tuple[str | None, bool]:
    """What is wrong with who made the recorded move (None: nothing), and whether it was a built-in bot's, recomputed.

    Which seats are bots comes from TableOpened, and which bot plays a person's seat from the table's own events,
    not from the envelope's actor, so relabelling a bot's move as a person's (or the reverse) does not escape the
    check.
    """
    seat, seats, version = recorded.get("seat"), table["seats"], table["version"] + 1
    command = recorded.get("command")
    if seat is None and isinstance(command, dict) and command.get("type") == "PlayFor":
        return _check_fallback(table, command.get("seat"), actor, version)
    if not isinstance(seat, int) or not 0 <= seat < len(seats) or seats[seat]["kind"] != "bot":
        if isinstance(actor, dict) and actor.get("kind") == "bot":
            return f"version {version}: the log names a bot as the actor, but no bot played seat {seat}", False
        return None, False
    spec = seats[seat]
    if "webhook" in spec:
        return _check_registered(table, seat, spec, actor, recorded, seed)
    name = spec["bot"]
    if actor != {"kind": "bot", "seat": seat, "name": name}:
        return f"version {version}: seat {seat} is the {name!r} bot's, but the log names {actor} as the actor", False
    if name not in tables.builtin_bots(tables.rules_of(table)):
        return None, False
    return _recompute(table, seat, name, recorded, seed)


def _check_registered(
    table: tables.Table, seat: int, spec: dict[str, Any], actor: Actor, recorded: dict[str, Any], seed: str
) -> tuple[str | None, bool]:
    """A registered bot's seat: its own moves are only checked to be legal (the replay refuses any other), and only
    until BotReplaced; its fallback's name the bot they play for and a reason ("replaced" exactly after BotReplaced),
    and are recomputed like a built-in bot's."""
    version = table["version"] + 1
    own = {"kind": "bot", "seat": seat, "name": spec["bot"]}
    if actor == own:
        if spec.get("replaced"):
            return f"version {version}: seat {seat}'s bot {spec['bot']!r} moved after it was replaced", False
        return None, False
    reason = actor.get("reason") if isinstance(actor, dict) else None
    fallback = {**own, "name": spec["fallback"], "for": spec["bot"], "reason": reason}
    if not isinstance(reason, str) or actor != fallback or bool(spec.get("replaced")) != (reason == "replaced"):
        return (
            f"version {version}: seat {seat} is played by the registered bot {spec['bot']!r} or its fallback "
            f"{spec['fallback']!r}, but the log names {actor} as the actor",
            False,
        )
    return _recompute(table, seat, spec["fallback"], recorded, seed)


def _recompute(
    table: tables.Table, seat: int, name: str, recorded: dict[str, Any], seed: str
) -> tuple[str | None, bool]:
    """Whether the built-in bot ``name`` in ``seat`` chooses the recorded move (a finished game's moves: no check)."""
    if table["status"] != "running":
        return None, False
    expected = tables.bot_move(table, seat, name, seed)
    if canonical_json(expected) != canonical_json(recorded["command"]):
        played = recorded["command"]
        version = table["version"] + 1
        return f"version {version}: the {name!r} bot in seat {seat} chooses {expected}, the log has {played}", True
    return None, True


def _check_fallback(table: tables.Table, seat: Any, actor: Actor, version: int) -> tuple[str | None, bool]:
    """A PlayFor's actor must be the fallback bot playing ``seat`` then; the replay recomputes its move (a thinking
    level's, which the PlayFor brings, it only checks to be legal).

    A PlayFor the table refuses (no bot played the seat) is the replay's to report.
    """
    if not isinstance(seat, int) or not 0 <= seat < len(table["seats"]) or tables.standing(table, seat) is None:
        return None, False
    expected = controller_actor(table, seat)
    if actor != expected:
        return f"version {version}: the {expected['name']!r} bot played seat {seat}, but the log names {actor}", False
    return None, tables.thinker(table, seat) is None

