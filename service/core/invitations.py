"""Invitations to a game's seats: who may make them, what a claim with one does, and the link that carries one.

The game's creator (who created it with a player token) and any player seated in it invite to its open seats. An
invitation is a code for one seat (for one named player, if the invitation names one: that player is notified, and
may claim without the code). A claim spends it (events/invitations.py), and the claim's SeatClaimed records that
the seat was claimed by invitation, never the code; a claim the table refuses puts it back.
"""

from __future__ import annotations

from typing import Any

from domain.engine import BadOptions, IllegalMove
from domain.table import Table
from service.core.handler import Outcome
from service.core.player_entries import held_seats
from service.core.problems import NOT_AT_TABLE, NOT_INVITED, SEAT_TAKEN, Problem, not_found
from service.core.repository import Loaded
from service.core.wiring import Services


def invitation_url(game_id: str, code: str) -> str:
    """The web client's link that claims the invited seat: the code is in the fragment, which no request sends."""
    return f"/#/games/{game_id}?invitation={code}"


def expires_at(loaded: Loaded) -> float | None:
    """When an open game's invitations expire: when the open game does (None: the table never expires)."""
    seconds = loaded.table["open_seconds"]
    return None if seconds is None else float(loaded.secret["created"]) + seconds


def may_invite(svc: Services, game_id: str, table: Table, player: str) -> None:
    """Refuse (403 not-at-table) a player who neither created the game nor holds a seat of it."""
    if player not in held_seats(table) and svc.store.read_field(game_id, "meta", "creator") != player:
        raise Problem(NOT_AT_TABLE, f"player {player!r} neither created game {game_id!r} nor holds a seat of it")


def invite(svc: Services, game_id: str, seat: int, by: str, player: str | None) -> dict[str, Any]:
    """Make an invitation to ``seat`` for player ``by`` (``player``: for that player only, who is notified): its
    code (shown this once), seat, player and link."""
    loaded = svc.repo.load(game_id)
    table = loaded.table
    may_invite(svc, game_id, table, by)
    if not 0 <= seat < len(table["seats"]):
        raise not_found(f"seat {seat} of game {game_id!r}")
    spec = table["seats"][seat]
    if table["status"] != "open" or spec["kind"] != "human" or spec["claimed"]:
        raise Problem(SEAT_TAKEN, f"seat {seat} is taken, or is a bot's", rule="SeatTaken")
    if spec.get("reserved") is not None:
        raise Problem(SEAT_TAKEN, f"seat {seat} is kept for player {spec['reserved']!r}", rule="SeatReserved")
    inviter = svc.players.get(by)
    if player is not None and svc.players.get(player) is None:
        raise not_found(f"player {player!r}")
    code, _ = svc.invitations.create(game_id, seat, player, by, expires_at(loaded))
    if player is not None:
        name = inviter["name"] if inviter is not None else None
        svc.notifications.send(player, "invited", game_id, None, seat=seat, by=name, type=table["type"])
    return {"code": code, "seat": seat, "player": player, "url": invitation_url(game_id, code)}


def known_players(svc: Services, seats: list[dict[str, Any]]) -> None:
    """Refuse (422 bad-options) a new game's seat kept for a player nobody knows."""
    for index, spec in enumerate(seats):
        if spec.get("player") is not None and svc.players.get(spec["player"]) is None:
            raise BadOptions(f"seats[{index}].player", f"no player {spec['player']!r}")


def tell_kept_seats(svc: Services, game_id: str, table: Table, creator: str | None) -> None:
    """Notify each player a new game's seat is kept for ("invited"), but its creator."""
    known = svc.players.get(creator) if creator is not None else None
    by = known["name"] if known is not None else None
    for seat, spec in enumerate(table["seats"]):
        if spec.get("reserved") not in (None, creator):
            svc.notifications.send(spec["reserved"], "invited", game_id, None, seat=seat, by=by, type=table["type"])


def claim(
    svc: Services, game_id: str, seat: int, name: str | None, player: str | None, code: str | None
) -> tuple[str | None, Outcome]:
    """Claim a seat, spending the invitation ``code`` if given; at a private table, a player's claim without a code
    is its creator's, or spends an invitation of the seat that names the player. Refused by the table: the
    invitation is put back."""
    loaded = svc.repo.load(game_id)
    invitation, creator = None, False
    if code is not None:
        invitation = svc.invitations.spend(game_id, code, seat, player)
        if invitation is None:
            raise Problem(
                NOT_INVITED,
                f"the invitation is no unspent invitation to seat {seat} (for this player): it is unknown, spent, "
                "revoked or expired, or another seat's or another player's",
            )
    elif player is not None and loaded.table.get("private"):
        creator = svc.store.read_field(game_id, "meta", "creator") == player
        invitation = None if creator else svc.invitations.spend_named(game_id, seat, player)
    try:
        return svc.handler.claim(game_id, seat, name, player, invited=invitation is not None, creator=creator)
    except (Problem, IllegalMove):
        if invitation is not None:
            svc.invitations.restore(game_id, invitation, expires_at(loaded))
        raise
