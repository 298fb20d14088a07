"""Checking a finished game's audit independently: the hash chain, the seed, every event recomputed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from domain import table as tables
from domain.engine import IllegalMove, rng_for
from events.envelope import verify_chain


@dataclass
class Verdict:
    """What verify found: problems (empty if the game checks out) and the recomputed result."""

    problems: list[str] = field(default_factory=list)
    events: int = 0
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
        try:
            expected, table = tables.apply(table, recorded["seat"], recorded["command"], rng_for(seed, first), seed)
        except (IllegalMove, KeyError, TypeError) as refused:
            verdict.problems.append(f"version {first}: the rules refuse the recorded command: {refused}")
            return verdict
        got = [{"type": e["type"], "data": e["data"]} for e in batch]
        if _canonical(expected) != _canonical(got):
            verdict.problems.append(f"versions {first}-{batch[-1]['version']}: the events differ from the rules'")
            return verdict
    if table is None or table["status"] != "finished":
        verdict.problems.append("the log does not reach the end of the game")
    else:
        verdict.result = tables.result(table)
    return verdict


def _canonical(events: list[dict[str, Any]]) -> str:
    return json.dumps(events, sort_keys=True)
