"""A game created with every seat taken at once: its bots seated by the table, its people by claims made for them.

Quick play and rematches start games this way. A seat of a player (``{"player": <id>, "name"}``) is claimed for the
player, whose token then acts for it; a seat of somebody without a player (``{"token": True, "name"}``) is claimed
with a fresh seat token, which the caller hands over; a bot's seat (``{"bot", ...}``) is the table's, as in
POST /v1/games. The game starts with the last claim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.core.handler import CommandHandler


@dataclass
class Seated:
    """A game created with everyone seated: its id, its version, and the seat token of each seat claimed with one."""

    game_id: str
    version: int
    tokens: dict[int, str]


def seat_everyone(
    handler: CommandHandler,
    game_type: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    max_events: int | None = None,
    **table_settings: Any,
) -> Seated:
    """Create a game of ``seats`` and claim each seat of a person; raises BadOptions as POST /v1/games would.

    At a private table a player's seat is kept for its player, and a seat of no player is claimed as if invited: the
    seats are those of the people it was made for."""
    private = bool(table_settings.get("private"))
    specs = [_spec(spec, private) for spec in seats]
    outcome = handler.create(game_type, options, specs, max_events, **table_settings)
    tokens: dict[int, str] = {}
    version = outcome.loaded.version
    for seat, spec in enumerate(seats):
        if "bot" in spec:
            continue
        player = spec.get("player")
        token, claimed = handler.claim(outcome.game_id, seat, spec.get("name"), player, private and player is None)
        version = claimed.loaded.version
        if token is not None:
            tokens[seat] = token
    return Seated(outcome.game_id, version, tokens)


def _spec(seat: dict[str, Any], private: bool) -> dict[str, Any]:
    """A seat as POST /v1/games takes it: a bot's, a person's, at a private table one kept for its player."""
    if "bot" in seat:
        return {name: seat[name] for name in ("bot", "name", "fallback") if seat.get(name) is not None}
    kept = {"human": True, "player": seat["player"]} if private and seat.get("player") else {}
    return {"name": seat.get("name"), **kept}
