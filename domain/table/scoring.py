"""A table's result: its game's, or an abandoned game's reason; seats that resigned or forfeited rank lower."""

from __future__ import annotations

from typing import Any

from domain.table.state import Table, rules_of


def result(table: Table) -> dict[str, Any] | None:
    """The game's result once it is over; an abandoned game's has no scores or winners and says why.

    With seats that resigned or forfeited, the result lists them (``resigned``, ``forfeited``) and the winners
    change: a seat in good standing always ranks above a resigned one, and a forfeited one is out of the ranking.
    The winners are the game's winners of the best tier that holds any (good standing, then resigned); when the
    game's winners all stand lower, the tier's seats with the highest ``total`` score win (every game's scores
    have one), ties sharing. A game with no winners (solo Spots lost to Pes) keeps none.
    """
    if table["abandoned"] is not None:
        return abandoned(table["abandoned"])
    if table["status"] != "finished":
        return None
    out = rules_of(table).result(table["game"])
    resigned = [seat for seat, clock in enumerate(table["clocks"]) if clock["resigned"]]
    forfeited = [seat for seat, clock in enumerate(table["clocks"]) if clock["forfeited"]]
    if not resigned and not forfeited or out is None:
        return out
    good = [seat for seat in range(len(table["seats"])) if seat not in resigned and seat not in forfeited]
    return {**out, "winners": _winners(out, [good, resigned]), "resigned": resigned, "forfeited": forfeited}


def abandoned(why: dict[str, Any]) -> dict[str, Any]:
    """The result of a game the table abandoned: no scores, no winners, and why (its GameAbandoned's data)."""
    return {"abandoned": why, "scores": [], "winners": []}


def _winners(out: dict[str, Any], tiers: list[list[int]]) -> list[int]:
    """The winners of the best tier that holds a seat (see ``result``)."""
    tier = next(filter(None, tiers), None)
    if not out["winners"] or tier is None:
        return []
    kept = [seat for seat in out["winners"] if seat in tier]
    if kept:
        return kept
    totals = {score["seat"]: score["total"] for score in out["scores"] if score["seat"] in tier}
    best = max(totals.values())
    return [seat for seat, total in totals.items() if total == best]
